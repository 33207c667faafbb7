import type { TagValue } from '../core/tag-types.js';
import {
  describeActual,
  describeCondition,
  formatDuration,
  formatValue,
} from '../conditions/describe-condition.js';
import { conditionHolds, type ConditionWatch, watchCondition } from '../conditions/watch-condition.js';
import type { BoundScenario, BoundStep } from './scenario-types.js';

/**
 * The run's two times, given by the host (tests give a fake). Neither needs to start at 0: the
 * run measures from the values it sees at `start()`.
 */
export interface ScenarioClock {
  /**
   * Scenario time in ms, which step times (`at`, `after`, timeouts, `forMs`) are on: simulation
   * time when the host runs a simulation, else real time. It must never go back (see
   * ForwardTime for a simulation that resets).
   */
  scenarioMs(): number;
  /** Real time in ms: the whole run's time limit and the report's durations. */
  wallMs(): number;
}

/** A step that acts on the tags. */
export type ActionStep = Extract<BoundStep, { kind: 'set' | 'force' | 'release' | 'fail' }>;

/** What a run acts on: the engine of the TagSim the client under test talks to. */
export interface ScenarioTarget {
  /** A tag's effective value, `undefined` when the scene has no such tag (any more). */
  read(id: string): TagValue | undefined;
  /** Applies an action; returns why it could not, or `undefined` when it was applied. */
  apply(step: ActionStep): string | undefined;
}

export type CheckStatus = 'passed' | 'failed' | 'error' | 'skipped';

/** One test case of the report: a waitFor, an expect, or the run itself (`path` undefined). */
export interface CheckResult {
  readonly name: string;
  readonly path: string | undefined;
  readonly kind: 'waitFor' | 'expect' | 'run';
  readonly status: CheckStatus;
  /** One line: expected vs actual (failed, error), or why it did not run (skipped). */
  readonly message: string | undefined;
  /** Several lines: the condition, the times, the values. */
  readonly detail: string | undefined;
  /** Real time it took, in ms (0 when it did not run). */
  readonly wallMs: number;
}

/** Why a run ended. */
export type EndReason = 'completed' | 'waitFor failed' | 'timeout' | 'action failed' | 'interrupted';

export interface ScenarioResult {
  readonly name: string;
  readonly sceneName: string;
  readonly passed: boolean;
  readonly endReason: EndReason;
  /** The waitFor and expect steps in order, then the run's own check. */
  readonly checks: readonly CheckResult[];
  /** Scenario time the run lasted. */
  readonly scenarioMs: number;
  /** Real time the run lasted. */
  readonly wallMs: number;
  /** The progress lines, as printed. */
  readonly log: readonly string[];
}

/** What the run tells its host as it goes: one line per step, and the end. */
export type RunEvent =
  | { readonly type: 'line'; readonly line: string }
  | { readonly type: 'finished'; readonly result: ScenarioResult };

export interface ScenarioRunOptions {
  /** What scenario time is, for messages: 'simulation' time or 'real' time. */
  readonly timeBase?: 'simulation' | 'real';
  readonly onEvent?: (event: RunEvent) => void;
}

interface Active {
  readonly step: Extract<BoundStep, { kind: 'waitFor' | 'expect' }>;
  readonly watch: ConditionWatch;
  /** Scenario time at which it started (its due time). */
  readonly startMs: number;
  readonly wallStart: number;
}

/**
 * Runs a bound scenario on an injected clock, step by step and in order. The host calls `tick()`
 * often (a timer every 10 ms) and whenever a tag changes, so that a waitFor sees every change,
 * short pulses included; a tick does everything that is due, and calls made while one runs (the
 * change events of the run's own actions) are folded into it.
 *
 * Timing: a step with `at` is due at that scenario time (or as soon as the step before it has
 * ended, if later); one with `after` (default 0) that long after the step before it ended. An
 * action ends when it is due, a waitFor when its condition holds, an expect at once (or `forMs`
 * later). A failed waitFor ends the run (what follows was waiting for it); a failed expect does
 * not. The whole run may take `timeoutMs` of real time.
 */
export class ScenarioRun {
  private readonly timeBase: 'simulation' | 'real';
  private readonly onEvent: (event: RunEvent) => void;
  private readonly results = new Map<number, CheckResult>();
  private readonly log: string[] = [];
  private started = false;
  private finishedResult: ScenarioResult | undefined;
  private busy = false;
  private again = false;
  private index = 0;
  /** Scenario time at which the previous step ended. */
  private previousEnd = 0;
  private active: Active | undefined;
  private t0 = 0;
  private wall0 = 0;
  private lastT = 0;

  constructor(
    private readonly scenario: BoundScenario,
    private readonly target: ScenarioTarget,
    private readonly clock: ScenarioClock,
    options: ScenarioRunOptions = {},
  ) {
    this.timeBase = options.timeBase ?? 'real';
    this.onEvent = options.onEvent ?? (() => undefined);
  }

  /** Starts the run at the clock's current time and does what is due at once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.t0 = this.clock.scenarioMs();
    this.wall0 = this.clock.wallMs();
    this.tick();
  }

  /** Does everything that is due now. */
  tick(): void {
    if (!this.started || this.finishedResult) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      do {
        this.again = false;
        this.advance();
      } while (this.again && !this.finishedResult);
    } finally {
      this.busy = false;
    }
  }

  /** Ends the run now (Ctrl+C): what is running fails, what has not run is skipped. */
  abort(reason: string): void {
    if (!this.started || this.finishedResult) return;
    const t = this.now();
    const wall = this.clock.wallMs();
    const where = this.where();
    this.failActive(t, wall, `the run was interrupted (${reason}) while it was waiting`);
    this.end('interrupted', t, wall, {
      status: 'error',
      message: `interrupted (${reason})${where}`,
      detail: undefined,
    });
  }

  get finished(): boolean {
    return this.finishedResult !== undefined;
  }

  /** The result, once finished. */
  get result(): ScenarioResult | undefined {
    return this.finishedResult;
  }

  private now(): number {
    // The clock must not go back; should it, the run stays where it was rather than replay steps.
    this.lastT = Math.max(this.lastT, this.clock.scenarioMs() - this.t0);
    return this.lastT;
  }

  private advance(): void {
    const t = this.now();
    const wall = this.clock.wallMs();
    while (!this.finishedResult) {
      if (this.active) {
        if (!this.checkActive(this.active, t, wall)) break;
        continue;
      }
      if (wall - this.wall0 >= this.scenario.timeoutMs) break;
      const step = this.scenario.steps[this.index];
      if (!step) {
        this.end('completed', t, wall, { status: 'passed', message: undefined, detail: undefined });
        return;
      }
      const due =
        'at' in step.time ? Math.max(this.previousEnd, step.time.at) : this.previousEnd + step.time.after;
      if (t < due) break;
      this.begin(step, due, t, wall);
    }
    if (!this.finishedResult && wall - this.wall0 >= this.scenario.timeoutMs) this.timeOut(t, wall);
  }

  private begin(step: BoundStep, due: number, t: number, wall: number): void {
    switch (step.kind) {
      case 'set':
      case 'force':
      case 'release':
      case 'fail': {
        const problem = this.target.apply(step);
        this.line(due, `${describeAction(step)}${problem ? ` FAILED: ${problem}` : ''}`);
        if (problem) {
          this.end('action failed', t, wall, {
            status: 'error',
            message: `${step.path} (${describeAction(step)}) could not be applied: ${problem}`,
            detail: undefined,
          });
          return;
        }
        this.next(due);
        return;
      }
      case 'log':
        this.line(due, `log: ${step.message}`);
        this.next(due);
        return;
      case 'waitFor':
        this.active = {
          step,
          watch: watchCondition(step.condition, this.read),
          startMs: due,
          wallStart: wall,
        };
        return;
      case 'expect':
        if (step.forMs === undefined) {
          const holds = conditionHolds(step.condition, this.read);
          this.record(
            step,
            holds ? 'passed' : 'failed',
            due,
            0,
            holds ? undefined : this.expectedActual(step, due),
          );
          this.next(due);
        } else {
          this.active = {
            step,
            watch: watchCondition(step.condition, this.read),
            startMs: due,
            wallStart: wall,
          };
        }
        return;
    }
  }

  /** Updates the running waitFor or expect; true when it has ended. */
  private checkActive(active: Active, t: number, wall: number): boolean {
    const { step, watch, startMs } = active;
    const holds = watch.update(t);
    const condition = describeCondition(step.condition);
    if (step.kind === 'waitFor') {
      if (holds) {
        this.active = undefined;
        this.record(
          step,
          'passed',
          t,
          wall - active.wallStart,
          undefined,
          `after ${formatDuration(t - startMs)}`,
        );
        this.next(t);
        return true;
      }
      if (step.timeoutMs !== undefined && t - startMs >= step.timeoutMs) {
        this.active = undefined;
        const actual = describeActual(step.condition, this.read);
        this.record(step, 'failed', t, wall - active.wallStart, {
          message: `expected ${condition} within ${formatDuration(step.timeoutMs)}; actual: ${actual}`,
          detail: this.detail(
            step,
            startMs,
            t,
            actual,
            `timeout: ${formatDuration(step.timeoutMs)} of ${this.timeBase} time`,
          ),
        });
        this.end('waitFor failed', t, wall, { status: 'passed', message: undefined, detail: undefined });
        return true;
      }
      return false;
    }
    const forMs = step.forMs ?? 0;
    if (!holds) {
      this.active = undefined;
      const actual = describeActual(step.condition, this.read);
      this.record(step, 'failed', t, wall - active.wallStart, {
        message: `expected ${condition} for ${formatDuration(forMs)}; it stopped holding after ${formatDuration(t - startMs)}; actual: ${actual}`,
        detail: this.detail(
          step,
          startMs,
          t,
          actual,
          `for: ${formatDuration(forMs)} of ${this.timeBase} time`,
        ),
      });
      this.next(startMs + forMs);
      return true;
    }
    if (t - startMs >= forMs) {
      this.active = undefined;
      this.record(step, 'passed', t, wall - active.wallStart, undefined, `for ${formatDuration(forMs)}`);
      this.next(startMs + forMs);
      return true;
    }
    return false;
  }

  private readonly read = (id: string): TagValue | undefined => this.target.read(id);

  private next(end: number): void {
    this.previousEnd = end;
    this.index++;
  }

  private expectedActual(
    step: Extract<BoundStep, { kind: 'expect' | 'waitFor' }>,
    at: number,
  ): {
    message: string;
    detail: string;
  } {
    const actual = describeActual(step.condition, this.read);
    return {
      message: `expected ${describeCondition(step.condition)}; actual: ${actual}`,
      detail: this.detail(step, at, at, actual),
    };
  }

  private detail(
    step: Extract<BoundStep, { kind: 'expect' | 'waitFor' }>,
    startMs: number,
    endMs: number,
    actual: string,
    extra?: string,
  ): string {
    return [
      `step: ${step.path} (${step.kind})`,
      `condition: ${describeCondition(step.condition)}`,
      ...(extra ? [extra] : []),
      `started at ${clockText(startMs)}, ended at ${clockText(endMs)} (${this.timeBase} time since the start)`,
      `actual: ${actual}`,
    ].join('\n');
  }

  private record(
    step: Extract<BoundStep, { kind: 'expect' | 'waitFor' }>,
    status: CheckStatus,
    t: number,
    wallMs: number,
    failure?: { message: string; detail: string },
    note?: string,
  ): void {
    this.results.set(step.index, {
      name: step.name,
      path: step.path,
      kind: step.kind,
      status,
      message: failure?.message,
      detail: failure?.detail,
      wallMs,
    });
    const words = step.kind === 'waitFor' ? 'wait for' : 'expect';
    const what = `${words} ${describeCondition(step.condition)}`;
    this.line(
      t,
      status === 'passed'
        ? `ok    ${step.named ? `"${step.name}": ` : ''}${what}${note ? ` (${note})` : ''}`
        : `FAIL  ${step.named ? `"${step.name}"` : step.path}: ${failure?.message ?? ''}`,
    );
  }

  private failActive(t: number, wall: number, why: string): void {
    const active = this.active;
    if (!active) return;
    this.active = undefined;
    const actual = describeActual(active.step.condition, this.read);
    this.record(active.step, 'failed', t, wall - active.wallStart, {
      message: `${why}: expected ${describeCondition(active.step.condition)}; actual: ${actual}`,
      detail: this.detail(active.step, active.startMs, t, actual),
    });
  }

  private timeOut(t: number, wall: number): void {
    const limit = formatDuration(this.scenario.timeoutMs);
    const where = this.where();
    this.failActive(t, wall, `the run reached its time limit (${limit} of real time) while it was waiting`);
    this.end('timeout', t, wall, {
      status: 'failed',
      message: `the scenario did not finish within its timeoutMs (${limit} of real time)${where}`,
      detail: `timeoutMs: ${this.scenario.timeoutMs} ms of real time\nscenario time reached: ${clockText(t)}${where}`,
    });
  }

  /** `; it was at steps[4] (wait for Counter >= 10)`, or nothing when the steps were done. */
  private where(): string {
    const step = this.scenario.steps[this.index];
    if (!step) return '';
    const what =
      step.kind === 'waitFor' || step.kind === 'expect'
        ? `${step.kind === 'waitFor' ? 'wait for' : 'expect'} ${describeCondition(step.condition)}`
        : step.kind === 'log'
          ? 'log'
          : describeAction(step);
    return `; it was at ${step.path} (${what})`;
  }

  private end(
    reason: EndReason,
    t: number,
    wall: number,
    run: { status: CheckStatus; message: string | undefined; detail: string | undefined },
  ): void {
    const checks: CheckResult[] = [];
    const stoppedAt = this.scenario.steps[this.index]?.path;
    for (const step of this.scenario.steps) {
      if (step.kind !== 'waitFor' && step.kind !== 'expect') continue;
      checks.push(
        this.results.get(step.index) ?? {
          name: step.name,
          path: step.path,
          kind: step.kind,
          status: 'skipped',
          message: `not run: the scenario stopped at ${stoppedAt ?? 'the end'} (${reason})`,
          detail: undefined,
          wallMs: 0,
        },
      );
    }
    checks.push({
      name: `scenario finishes within ${formatDuration(this.scenario.timeoutMs)}`,
      path: undefined,
      kind: 'run',
      ...run,
      wallMs: wall - this.wall0,
    });
    const counts = countChecks(checks);
    const passed = counts.failed === 0 && counts.errors === 0;
    this.line(
      t,
      `${passed ? 'PASSED' : 'FAILED'}: ${counts.passed} of ${checks.length} checks passed` +
        `${counts.failed ? `, ${counts.failed} failed` : ''}${counts.errors ? `, ${counts.errors} errors` : ''}` +
        `${counts.skipped ? `, ${counts.skipped} skipped` : ''} (${reason})`,
    );
    this.finishedResult = {
      name: this.scenario.name,
      sceneName: this.scenario.sceneName,
      passed,
      endReason: reason,
      checks,
      scenarioMs: t,
      wallMs: wall - this.wall0,
      log: [...this.log],
    };
    this.onEvent({ type: 'finished', result: this.finishedResult });
  }

  private line(t: number, text: string): void {
    const line = `[${clockText(t).padStart(10)}] ${text}`;
    this.log.push(line);
    this.onEvent({ type: 'line', line });
  }
}

/** Test cases by status. */
export function countChecks(checks: readonly CheckResult[]): {
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
} {
  const count = (status: CheckStatus) => checks.filter((c) => c.status === status).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    errors: count('error'),
    skipped: count('skipped'),
  };
}

/** `12.340 s` */
function clockText(ms: number): string {
  return `${(ms / 1000).toFixed(3)} s`;
}

function describeAction(step: ActionStep): string {
  switch (step.kind) {
    case 'set':
    case 'force':
      return `${step.kind} ${step.tag.label} = ${formatValue(step.value)}`;
    case 'release':
      return `release ${step.tag.label}`;
    case 'fail':
      return step.mode === 'none'
        ? `fail ${step.tag.label}: none (failure cleared)`
        : `fail ${step.tag.label}: ${step.mode === 'alwaysOn' ? 'Always On' : 'Always Off'}`;
  }
}
