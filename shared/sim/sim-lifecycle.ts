/** Whether simulation time advances: `stopped` until first started, `paused` after a pause. */
export type SimState = 'stopped' | 'running' | 'paused';

/** The time scales the simulator offers: a quarter of real time to eight times it. */
export const MIN_TIME_SCALE = 0.25;
export const MAX_TIME_SCALE = 8;
/** The steps the simulator offers between them; the tray's and the window's selectors list these. */
export const TIME_SCALES: readonly number[] = [0.25, 0.5, 1, 2, 4, 8];

/** The effective values of the controller's three system Outputs. */
export interface ControlOutputs {
  readonly run: boolean;
  readonly pause: boolean;
  readonly reset: boolean;
}

export type LifecycleCommand = 'run' | 'pause' | 'reset';

export interface LifecycleOptions {
  readonly startRunning: boolean;
  readonly stepMs: number;
  /** How long the Input `FACTORY I/O (Reset)` stays on after a reset. */
  readonly resetPulseMs: number;
  /** Real time counted per advance at most: a host that stalls slows the plant, never makes it leap. */
  readonly maxAdvanceMs: number;
}

/**
 * The simulator's run/pause/reset lifecycle and its clock, with no tags in it (simulation.ts
 * connects it to them). Simulation time advances only while running, by real time times the time
 * scale, and is handed out in whole fixed steps; the remainder waits for the next advance, so
 * the steps do not depend on how the real clock happens to tick.
 */
export class SimLifecycle {
  state: SimState;
  private scale = 1;
  private last: ControlOutputs | undefined;
  private carryMs = 0;
  private pulseLeftMs = 0;
  /**
   * A reset seen at the start of an advance: the real time of that advance passed before it, so
   * it makes no steps and does not run down the pulse, which a reader must get to see.
   */
  private resetThisAdvance = false;

  constructor(private readonly options: LifecycleOptions) {
    this.state = options.startRunning ? 'running' : 'stopped';
  }

  get timeScale(): number {
    return this.scale;
  }

  get resetPulse(): boolean {
    return this.pulseLeftMs > 0;
  }

  /**
   * The commands given by RISING edges of the control Outputs since the last call; the first call
   * only records their values (an Output already on is not an edge). A reset comes first, and a
   * pause given together with a run wins: the safe reading.
   */
  edges(now: ControlOutputs): LifecycleCommand[] {
    const before = this.last;
    this.last = now;
    if (!before) return [];
    const commands: LifecycleCommand[] = [];
    if (now.reset && !before.reset) commands.push('reset');
    if (now.run && !before.run) commands.push('run');
    if (now.pause && !before.pause) commands.push('pause');
    return commands;
  }

  /** Forgets the control Outputs' values (the scene was replaced; its Outputs are new tags). */
  forgetEdges(): void {
    this.last = undefined;
  }

  /** Starts or resumes; returns whether the state changed. */
  run(): boolean {
    if (this.state === 'running') return false;
    this.state = 'running';
    return true;
  }

  /** Pauses a running simulation; returns whether the state changed. */
  pause(): boolean {
    if (this.state !== 'running') return false;
    this.state = 'paused';
    return true;
  }

  /** Sets the time scale within 0.25x to 8x; returns the scale applied. */
  setTimeScale(scale: number): number {
    if (Number.isFinite(scale)) this.scale = Math.min(MAX_TIME_SCALE, Math.max(MIN_TIME_SCALE, scale));
    return this.scale;
  }

  /**
   * A reset: starts the Reset pulse and drops the partial step. `duringAdvance` says it was seen at
   * the start of an advance (an edge of the Reset Output), whose elapsed time then counts for nothing.
   */
  reset(duringAdvance: boolean): void {
    this.pulseLeftMs = this.options.resetPulseMs;
    this.resetThisAdvance = duringAdvance;
    this.carryMs = 0;
  }

  /**
   * `realMs` of real time have passed: returns how many fixed steps to run. The Reset pulse runs
   * down in simulation time while running and in real time otherwise, so a reset of a paused
   * simulation still ends its pulse.
   */
  elapse(realMs: number): number {
    const real = Math.min(this.options.maxAdvanceMs, Math.max(0, Number.isFinite(realMs) ? realMs : 0));
    return this.pass(real, this.scale);
  }

  /**
   * `ms` of a virtual clock have passed: simulation time while running, whatever the time scale
   * and without the real clock's cap (the clock's owner slices a long advance itself).
   */
  elapseVirtual(ms: number): number {
    return this.pass(Math.max(0, Number.isFinite(ms) ? ms : 0), 1);
  }

  /** Back to how it started: its first state, no Reset pulse, no partial step; the scale stays. */
  restart(): void {
    this.state = this.options.startRunning ? 'running' : 'stopped';
    this.carryMs = 0;
    this.pulseLeftMs = 0;
    this.resetThisAdvance = false;
  }

  private pass(real: number, scale: number): number {
    if (this.resetThisAdvance) {
      this.resetThisAdvance = false;
      return 0;
    }
    const running = this.state === 'running';
    const simMs = running ? real * scale : 0;
    if (this.pulseLeftMs > 0) this.pulseLeftMs = Math.max(0, this.pulseLeftMs - (running ? simMs : real));
    if (!running) return 0;
    this.carryMs += simMs;
    // A hair of tolerance: 0.1 x 3 must make three steps of 0.1, not two and a remainder.
    const steps = Math.floor((this.carryMs + 1e-6) / this.options.stepMs);
    this.carryMs = Math.max(0, this.carryMs - steps * this.options.stepMs);
    return steps;
  }
}
