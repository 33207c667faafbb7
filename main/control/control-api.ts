import type { UiFileAccess } from '../../shared/bridge/bridge-spec.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { SceneService } from '../runtime/scene-service.js';
import type { SimulationHost } from '../runtime/simulation-host.js';
import { isLoopbackHost, uiFileAccessFor } from '../runtime/ui-file-access.js';
import type { ControlSurface } from '../server/control-surface.js';
import { controlAccess, newControlToken } from './control-access.js';
import type { ControlDeps } from './control-deps.js';
import { clockRoutes } from './clock-routes.js';
import { stationRoutes } from './station-routes.js';

/** How a host wants the control API (docs/control-api.md). */
export interface ControlOptions {
  /** TagSim's version, shown in the status. */
  version?: string;
  /** The bearer token (default: a new random one at each start). */
  token?: string;
  /** No token even on a non-loopback host (`--control-open`). */
  open?: boolean;
  /** Whether scene files may be opened by path (default: on a loopback host only; `--ui-files`). */
  fileAccess?: UiFileAccess;
}

/** The control API of one TagSim. */
export interface ControlApi {
  /** What the API server serves under /tagsim/v1. */
  readonly surface: ControlSurface;
  /** The token requests need while the server listens on a non-loopback host (unless open). */
  readonly token: string;
  /** Whether requests need the token now. */
  readonly tokenRequired: boolean;
}

export interface ControlParts {
  engine: TagEngine;
  scenes: SceneService;
  simulation: SimulationHost;
  /** The interface the server listens on now. */
  host: () => string;
}

/** Builds the control API over the parts of a TagSim; startTagSim serves it with the tag API. */
export function createControlApi(parts: ControlParts, options: ControlOptions = {}): ControlApi {
  const token = options.token ?? newControlToken();
  const tokenRequired = () => options.open !== true && !isLoopbackHost(parts.host());
  const deps: ControlDeps = {
    ...parts,
    version: options.version ?? 'unknown',
    fileAccess: () => options.fileAccess ?? uiFileAccessFor(parts.host()),
  };
  const guardWithToken = controlAccess(token);
  const guardWithoutToken = controlAccess(undefined);
  return {
    surface: {
      routes: [...stationRoutes(deps, () => undefined), ...clockRoutes(deps)],
      // Decided per request: the desktop app may move its server to another interface.
      refuse: (req) => (tokenRequired() ? guardWithToken(req) : guardWithoutToken(req)),
    },
    token,
    get tokenRequired() {
      return tokenRequired();
    },
  };
}
