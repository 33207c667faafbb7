import type { UiFileAccess } from '../../shared/bridge/bridge-spec.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { SceneService } from '../runtime/scene-service.js';
import type { SimulationHost } from '../runtime/simulation-host.js';
import { isLoopbackHost, uiFileAccessFor } from '../runtime/ui-file-access.js';
import { jsonTextAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { CONTROL_PREFIX, type ControlSurface } from '../server/control-surface.js';
import { newAccessToken } from '../net/access-token.js';
import { controlAccess } from './control-access.js';
import type { ControlDeps } from './control-deps.js';
import { DEFAULT_JOURNAL_ENTRIES, RequestJournal } from '../journal/request-journal.js';
import { ChaosRules, type ChaosRule } from '../../shared/api/chaos-rules.js';
import { chaosRoutes } from './chaos-routes.js';
import { clockRoutes } from './clock-routes.js';
import { driverRoutes } from './driver-routes.js';
import { journalRoutes } from './journal-routes.js';
import { openApiDocument } from './openapi.js';
import { stationRoutes } from './station-routes.js';

/** How a host wants the control API (docs/control-api.md). */
export interface ControlOptions {
  /** TagSim's version, shown in the status. */
  version?: string;
  /** The bearer token (default: a new random one at each start). */
  token?: string;
  /** No token even on a non-loopback host (`--control-open`). */
  open?: boolean;
  /** The token even on a loopback host: a lab station's control API is the instructor's (docs/lab.md). */
  tokenAlways?: boolean;
  /** Refuse every request with this (403): a lab station whose control API is off. */
  off?: string;
  /** Whether scene files may be opened by path (default: on a loopback host only; `--ui-files`). */
  fileAccess?: UiFileAccess;
  /** Requests the journal keeps (default 10,000; 0 turns it off), or the journal to use (a lab's). */
  journal?: number | RequestJournal;
  /** Chaos rules in force from the start (`--chaos`: readChaosFile). */
  chaos?: readonly ChaosRule[];
}

/** The control API of one TagSim. */
export interface ControlApi {
  /** What the API server serves under /tagsim/v1. */
  readonly surface: ControlSurface;
  /** The token requests need while the server listens on a non-loopback host (unless open). */
  readonly token: string;
  /** Whether requests need the token now. */
  readonly tokenRequired: boolean;
  /** The last requests to the tag API, unless turned off. */
  readonly journal: RequestJournal | undefined;
  /** The chaos rules in force. */
  readonly chaos: ChaosRules;
}

export interface ControlParts {
  engine: TagEngine;
  scenes: SceneService;
  simulation: SimulationHost;
  /** The interface the server listens on now. */
  host: () => string;
  /** A lab station's: resets, scenes and states keep its hidden faults (ControlDeps). */
  keepHiddenFaults?: ControlDeps['keepHiddenFaults'];
  /** The drivers that connect out to a controller, once they are made (ControlDeps). */
  drivers?: ControlDeps['drivers'];
}

/** Builds the control API over the parts of a TagSim; startTagSim serves it with the tag API. */
export function createControlApi(parts: ControlParts, options: ControlOptions = {}): ControlApi {
  const token = options.token ?? newAccessToken();
  const tokenRequired = () =>
    options.tokenAlways === true || (options.open !== true && !isLoopbackHost(parts.host()));
  const deps: ControlDeps = {
    ...parts,
    version: options.version ?? 'unknown',
    fileAccess: () => options.fileAccess ?? uiFileAccessFor(parts.host()),
  };
  const journalSize = options.journal ?? DEFAULT_JOURNAL_ENTRIES;
  const journal =
    typeof journalSize === 'object'
      ? journalSize
      : journalSize > 0
        ? new RequestJournal(journalSize)
        : undefined;
  const chaos = new ChaosRules(parts.simulation.seed);
  let openApiText: string | undefined;
  if (options.chaos) chaos.set(options.chaos);
  const guardWithToken = controlAccess(token);
  const guardWithoutToken = controlAccess(undefined);
  return {
    surface: {
      routes: [
        // A reset takes the chaos back to its start too: the same requests then meet the same chaos.
        ...stationRoutes(deps, () => chaos.rewind()),
        ...clockRoutes(deps),
        ...journalRoutes(journal),
        ...chaosRoutes(chaos),
        ...driverRoutes(deps),
        {
          method: 'GET',
          path: `${CONTROL_PREFIX}/openapi.json`,
          handle: () => jsonTextAnswer((openApiText ??= JSON.stringify(openApiDocument(deps.version)))),
        },
      ],
      // Decided per request: the desktop app may move its server to another interface.
      refuse: (req) =>
        options.off !== undefined
          ? new ApiError(403, options.off)
          : tokenRequired()
            ? guardWithToken(req)
            : guardWithoutToken(req),
      ...(journal ? { journal } : {}),
      chaos,
    },
    token,
    journal,
    chaos,
    get tokenRequired() {
      return tokenRequired();
    },
  };
}
