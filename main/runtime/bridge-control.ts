import type { ChaosRules } from '../../shared/api/chaos-rules.js';
import type { BridgeApi, BridgeEventMessage } from '../../shared/bridge/bridge-spec.js';
import type { ChaosView, ClockStatus, JournalView } from '../../shared/bridge/control-spec.js';
import { withJsonText } from '../../shared/bridge/json-text.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { chaosRulesFromText } from '../storage/chaos-file.js';
import { advanceClock, changeClock, ClockRefusal } from './clock-control.js';
import { isStatusFilter, type RequestJournal } from '../journal/request-journal.js';
import type { SimulationStatus } from '../../shared/sim/simulation.js';
import { SIMULATION_TICK_MS, type SimulationHost } from './simulation-host.js';

/** How often the window hears of journal, clock and chaos changes at most: 4 times a second. */
export const CONTROL_EVENT_INTERVAL_MS = 250;
/** The entries a listing gives when the window does not say: what the Traffic panel draws. */
export const DEFAULT_TRAFFIC_LISTING = 200;

/** The control API's parts the window reaches: the very journal and rules its routes use. */
export interface BridgeControlParts {
  /** Absent when the journal is off (`--journal 0`). */
  readonly journal: RequestJournal | undefined;
  readonly chaos: ChaosRules;
}

export interface BridgeControlDeps {
  /** Absent when the control API is off (`--no-control`). */
  control: BridgeControlParts | undefined;
  simulation: SimulationHost | undefined;
  /**
   * A lab station's window (docs/lab.md): its student may look at the journal and the rules, but
   * not clear them or load others; the chaos is the instructor's, like the hidden faults.
   */
  readOnlyForStudents: boolean;
  emit(message: BridgeEventMessage): void;
  every(callback: () => void, ms: number): () => void;
}

type ControlMethods = Pick<
  BridgeApi,
  | 'listRequests'
  | 'clearRequests'
  | 'getClock'
  | 'setClock'
  | 'advanceClock'
  | 'stepClock'
  | 'getChaos'
  | 'clearChaos'
  | 'loadChaosRules'
>;

const CONTROL_OFF = 'The control API is off (--no-control), and with it the request journal and chaos.';
const INSTRUCTORS =
  "The instructor's journal and chaos rules are beyond this window's reach: ask the instructor.";
const JOURNAL_OFF = 'The request journal is off (--journal 0): start TagSim without it to see the traffic.';

/**
 * The bridge's journal, clock and chaos methods (shared/bridge/control-spec.ts) over the control
 * API's own parts and functions, and the events that tell a window of their changes. The events
 * come from a check every 250 ms rather than from the hot path of each request: recording stays
 * free, and a flood of requests makes at most 4 events a second.
 */
export function createBridgeControl(deps: BridgeControlDeps): { api: ControlMethods; dispose(): void } {
  const { control, simulation } = deps;
  const refuseStudents = () => {
    if (deps.readOnlyForStudents) throw new BridgeArgumentError(INSTRUCTORS);
  };
  const sim = (): SimulationHost => {
    if (!simulation) throw new Error('this TagSim runs no simulation');
    return simulation;
  };
  const clockStatus = (): ClockStatus => ({ mode: sim().clock, simulation: sim().status });
  const chaosView = (): ChaosView =>
    control ? { enabled: true, rules: control.chaos.list() } : { enabled: false, reason: CONTROL_OFF };
  // A page as the control API's listing makes it (256 KiB of JSON at most, in the same time
  // slices): one window listing in a loop must not hold up every station's tag API.
  const listed = async (query: {
    limit?: number;
    before?: number;
    path?: string;
    status?: string;
  }): Promise<JournalView> => {
    if (!control) return { enabled: false, reason: CONTROL_OFF };
    const { journal } = control;
    if (!journal) return { enabled: false, reason: JOURNAL_OFF };
    if (query.status !== undefined && !isStatusFilter(query.status))
      throw new BridgeArgumentError(
        `The status filter must be a status (404) or a class (4xx); got ${query.status}.`,
      );
    const page = await journal.page({ ...query, limit: query.limit ?? DEFAULT_TRAFFIC_LISTING });
    const { size, capacity } = journal;
    const next = page.nextBefore !== undefined ? { nextBefore: page.nextBefore } : {};
    const view: JournalView = { enabled: true, entries: page.entries, size, capacity, ...next };
    const nextJson = page.nextBefore !== undefined ? `,"nextBefore":${page.nextBefore}` : '';
    return withJsonText(
      view,
      `{"enabled":true,"entries":${page.json},"size":${size},"capacity":${capacity}${nextJson}}`,
    );
  };
  const refusalToError = async (action: () => Promise<SimulationStatus>): Promise<ClockStatus> => {
    try {
      // The status the advance finished with: by now a following one or a reset may have moved on.
      return { mode: sim().clock, simulation: await action() };
    } catch (error) {
      // A refusal is the person's mistake (the clock is real), not the transport's.
      if (error instanceof ClockRefusal) throw new BridgeArgumentError(error.message);
      throw error;
    }
  };

  const api: ControlMethods = {
    listRequests: listed,
    clearRequests: async () => {
      refuseStudents();
      control?.journal?.clear();
      return listed({});
    },
    getClock: async () => clockStatus(),
    setClock: async (change) => {
      changeClock(sim(), change);
      return clockStatus();
    },
    advanceClock: ({ ms }) => refusalToError(() => advanceClock(sim(), ms)),
    stepClock: () => refusalToError(() => advanceClock(sim(), SIMULATION_TICK_MS)),
    getChaos: async () => chaosView(),
    clearChaos: async () => {
      refuseStudents();
      control?.chaos.set([]);
      return chaosView();
    },
    loadChaosRules: async ({ text, fileName }) => {
      refuseStudents();
      if (!control) return { ok: false, message: CONTROL_OFF };
      try {
        control.chaos.set(chaosRulesFromText(text, fileName ?? 'the chaos rules file'));
      } catch (error) {
        if (error instanceof ValidationError) return { ok: false, message: error.message };
        throw error;
      }
      return { ok: true, chaos: chaosView() };
    },
  };

  return { api, dispose: watchControlChanges(deps, clockStatus, chaosView) };
}

/** Emits `journal`, `clock` and `chaos` when what they carry changed since the last check. */
function watchControlChanges(
  deps: BridgeControlDeps,
  clockStatus: () => ClockStatus,
  chaosView: () => ChaosView,
): () => void {
  const { control, simulation } = deps;
  const journal = control?.journal;
  let journalKey = '';
  let clockKey = simulation ? `${simulation.clock}` : '';
  let chaosKey = control ? JSON.stringify(control.chaos.list()) : '';
  let checking = false;
  const check = async () => {
    if (simulation) {
      // Real time is counted by the window itself; only the virtual clock's moves are news.
      const key = simulation.clock === 'virtual' ? `virtual ${simulation.status.timeMs}` : 'real';
      if (key !== clockKey) {
        clockKey = key;
        deps.emit({ event: 'clock', payload: clockStatus() });
      }
    }
    if (control) {
      const key = JSON.stringify(control.chaos.list());
      if (key !== chaosKey) {
        chaosKey = key;
        deps.emit({ event: 'chaos', payload: chaosView() });
      }
    }
    if (journal) {
      const lastSeq = (await journal.list({ limit: 1 }))[0]?.seq ?? 0;
      const key = `${lastSeq} ${journal.size}`;
      if (key !== journalKey) {
        journalKey = key;
        deps.emit({ event: 'journal', payload: { lastSeq, size: journal.size } });
      }
    }
  };
  if (!control && !simulation) return () => undefined;
  return deps.every(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, CONTROL_EVENT_INTERVAL_MS);
}
