import type { ChaosRuleState, ChaosShot } from '../api/chaos-rules.js';
import type { ItemError } from '../core/tag-engine.js';
import type { SimulationStatus } from '../sim/simulation.js';
import { MAX_ADVANCE_MS, type ClockMode } from '../sim/virtual-clock.js';
import { event, method, timeScale } from './spec-parts.js';
import { v } from './validate.js';

/**
 * The bridge's part for instructors and testers (docs/ui.md, "Traffic"): the request journal,
 * the clock and the chaos rules. Each method acts on the very objects the control API's routes
 * act on (docs/control-api.md), so the window, the tray and a test's HTTP calls agree.
 */

/** The most journal entries one listing carries to a window: the panel draws this many at most. */
export const MAX_TRAFFIC_LISTING = 1000;
/** The longest path filter: the journal's own limit (MAX_FILTER_LENGTH of request-journal.ts). */
export const MAX_TRAFFIC_PATH_FILTER = 256;
/** The largest chaos rules file a window sends: far more than 50 rules can take. */
export const MAX_CHAOS_FILE_CHARS = 1024 * 1024;

/** A request to the tag API as the journal recorded it (GET /tagsim/v1/requests gives the same). */
export interface TrafficEntry {
  readonly seq: number;
  /** When it came in, ISO 8601. */
  readonly time: string;
  readonly client: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  /** Null: the connection was dropped (chaos). */
  readonly status: number | null;
  readonly durationMs: number;
  /** The first 4 KiB of the body, or null without one. */
  readonly body: string | null;
  readonly itemErrors: readonly ItemError[] | null;
  readonly itemErrorCount: number;
  /** The chaos rule that shaped it, or null. */
  readonly chaos: ChaosShot | null;
}

/** Why a part of the control API is not there, in a person's words. */
export interface ControlOff {
  readonly enabled: false;
  readonly reason: string;
}

/**
 * A page of the journal entries that match a filter, newest first: at most `limit` entries and
 * 256 KiB of JSON, as a page of GET /tagsim/v1/requests.
 */
export type JournalView =
  | {
      readonly enabled: true;
      readonly entries: readonly TrafficEntry[];
      /** Entries the journal holds now, and the most it keeps. */
      readonly size: number;
      readonly capacity: number;
      /**
       * The `before` of the next page, when older entries may match (the limit or the page's
       * bytes were reached); absent when this page reached the oldest entry.
       */
      readonly nextBefore?: number;
    }
  | ControlOff;

/** That the journal changed: its newest entry and its size (coalesced, a few times a second). */
export interface JournalChange {
  readonly lastSeq: number;
  readonly size: number;
}

/** The chaos rules in force, each with how often it fired. */
export type ChaosView = { readonly enabled: true; readonly rules: readonly ChaosRuleState[] } | ControlOff;

/** Loading a chaos rules file: the rules now in force, or every problem of the file. */
export type ChaosLoadOutcome =
  { readonly ok: true; readonly chaos: ChaosView } | { readonly ok: false; readonly message: string };

/** The clock: where simulation time comes from, and the simulation's status. */
export interface ClockStatus {
  readonly mode: ClockMode;
  readonly simulation: SimulationStatus;
}

export type { ClockMode };

export const CONTROL_METHODS = {
  /**
   * A page of the newest `limit` (default 200) journal entries whose path matches the wildcard
   * `path` and whose status is `status` (`404`, or a class: `4xx`), older than the seq `before`
   * when given, as GET /tagsim/v1/requests pages them: at most 256 KiB of JSON a page, and
   * `nextBefore` where the next one starts.
   */
  listRequests: method<JournalView>()(
    v.object({
      limit: v.optional(v.integer(1, MAX_TRAFFIC_LISTING)),
      before: v.optional(v.integer(1, Number.MAX_SAFE_INTEGER)),
      path: v.optional(v.maxLengthString(MAX_TRAFFIC_PATH_FILTER)),
      status: v.optional(v.maxLengthString(3)),
    }),
  ),
  /** Empties the journal, as DELETE /tagsim/v1/requests does. */
  clearRequests: method<JournalView>()(v.none),
  getClock: method<ClockStatus>()(v.none),
  /** Switches the clock and/or sets the time scale, as PUT /tagsim/v1/clock does. */
  setClock: method<ClockStatus>()(
    v.object({ mode: v.optional(v.oneOf<ClockMode>('real', 'virtual')), timeScale: v.optional(timeScale) }),
  ),
  /** Runs `ms` of simulation time on the virtual clock, as POST /tagsim/v1/clock/advance does. */
  advanceClock: method<ClockStatus>()(v.object({ ms: v.integer(1, MAX_ADVANCE_MS) })),
  /** Runs one tick (10 ms) on the virtual clock. */
  stepClock: method<ClockStatus>()(v.none),
  getChaos: method<ChaosView>()(v.none),
  /** Clears the rules, as DELETE /tagsim/v1/chaos does. */
  clearChaos: method<ChaosView>()(v.none),
  /** Puts the rules of a chaos rules file's text in force, checked as `--chaos` checks a file. */
  loadChaosRules: method<ChaosLoadOutcome>()(
    v.object({ text: v.maxLengthString(MAX_CHAOS_FILE_CHARS), fileName: v.optional(v.string) }),
  ),
} as const;

export const CONTROL_EVENTS = {
  /** New entries in the journal, or a cleared one: at most about 4 a second. */
  journal: event<JournalChange>(),
  /** The clock switched, or (on the virtual clock) simulation time moved: at most about 4 a second. */
  clock: event<ClockStatus>(),
  /** The rules changed, or one fired: at most about 4 a second. */
  chaos: event<ChaosView>(),
  /** The desktop app's View ▸ Traffic: the window opens or closes its Traffic view. */
  toggleTraffic: event<null>(),
} as const;
