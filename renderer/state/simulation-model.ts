import type { SimulationStatus } from '../../shared/bridge/bridge-spec.js';
import { type SimState, TIME_SCALES } from '../../shared/sim/sim-lifecycle.js';
import type { ClockMode } from '../../shared/sim/virtual-clock.js';

/**
 * The simulation as the window knows it: the last status the host told (getState, the
 * `simulation` event, or the answer to a control) and when it arrived. The host tells of changes
 * of state and time scale and of resets, not of every tick, so while running the window counts
 * simulation time itself: the time it was told plus the real time since, times the time scale.
 * Each status the host sends puts the count right again (a pause, a reset, a reconnect).
 */
export class SimulationClock {
  /** Undefined where the host runs no simulation (or before the first load). */
  status: SimulationStatus | undefined;
  /** Where simulation time comes from; on the virtual clock it moves only by advances. */
  mode: ClockMode = 'real';
  private receivedAt = 0;
  /** The time shown in the current redraw, taken once for every place that shows it. */
  private shown: { ms: number | undefined } | undefined;

  /** `now`: a monotonic real clock in milliseconds (performance.now in the window). */
  constructor(private readonly now: () => number) {}

  set(status: SimulationStatus | undefined): void {
    this.status = status;
    this.receivedAt = this.now();
    this.shown = undefined;
  }

  /**
   * Simulation time as the window shows it: read once per redraw (until nextRedraw or a new
   * status), so the status bar and the Traffic view, drawn one after the other, show the same
   * tenth of a second.
   */
  shownMs(): number | undefined {
    return (this.shown ??= { ms: this.timeMs() }).ms;
  }

  /** A new redraw of the running time: the next shownMs reads the clock afresh. */
  nextRedraw(): void {
    this.shown = undefined;
  }

  /** Simulation time now, in milliseconds; undefined without a simulation. */
  timeMs(): number | undefined {
    const status = this.status;
    if (!status) return undefined;
    // The virtual clock stands still between advances: the host tells each move (`clock` events).
    if (status.state !== 'running' || this.mode === 'virtual') return status.timeMs;
    return status.timeMs + Math.max(0, this.now() - this.receivedAt) * status.timeScale;
  }
}

/** The state in the tray's words. */
export const SIM_STATE_LABELS: Record<SimState, string> = {
  running: 'Running',
  paused: 'Paused',
  stopped: 'Not started',
};

export const formatTimeScale = (scale: number): string => `${scale}x`;

/**
 * Simulation time as hours:minutes:seconds.tenths ("00:01:23.4"). Tenths are cut, not rounded,
 * so the window never shows a time the plant has not reached yet.
 */
export function formatSimTime(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const pad = (n: number) => String(n).padStart(2, '0');
  const seconds = Math.floor(tenths / 10);
  const hours = Math.floor(seconds / 3600);
  return `${pad(hours)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${tenths % 10}`;
}

/** The status bar's line: "Running 2x · 00:01:23.4". */
export function simulationStatusText(status: SimulationStatus, timeMs: number): string {
  return `${SIM_STATE_LABELS[status.state]} ${formatTimeScale(status.timeScale)} · ${formatSimTime(timeMs)}`;
}

/**
 * The choices of the time-scale selector: the simulator's steps, plus the current scale when it is
 * not one of them (`tagsim serve --time-scale 3`), so the selector always shows the truth.
 */
export function timeScaleChoices(current: number): readonly number[] {
  return TIME_SCALES.includes(current) ? TIME_SCALES : [...TIME_SCALES, current].sort((a, b) => a - b);
}
