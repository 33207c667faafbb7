import type { TagValue } from '../core/tag-types.js';
import { describeCondition, formatDuration } from '../conditions/describe-condition.js';
import {
  ActiveCheck,
  type CheckFailure,
  type CheckStep,
  expectNow,
  type TimeBase,
} from './scenario-check.js';
import {
  type CheckResult,
  type CheckStatus,
  countChecks,
  type EndReason,
  type RunEvent,
  type ScenarioResult,
} from './scenario-results.js';
import type { BoundScenario, BoundStep } from './scenario-types.js';
import { type ActionStep, clockText, describeAction } from './scenario-words.js';

export { countChecks, type ActionStep };
export type { CheckResult, CheckStatus, EndReason, RunEvent, ScenarioResult };

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

/** What a run acts on: the engine of the TagSim the client under test talks to. */
export interface ScenarioTarget {
  /** A tag's effective value, `undefined` when the scene has no such tag (any more). */
  read(id: string): TagValue | undefined;
  /** Applies an action; returns why it could not, or `undefined` when it was applied. */
  apply(step: ActionStep): string | undefined;
}

export interface ScenarioRunOptions {
  /** What scenario time is, for messages: 'simulation' time or 'real' time. */
  readonly timeBase?: TimeBase;
  readonly onEvent?: (event: RunEvent) => void;
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
  private readonly timeBase: TimeBase;
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
  private active: ActiveCheck | undefined;
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
      case 'fail':
      case 'chaos': {
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
      case 'expect':
        if (step.kind === 'expect' && step.forMs === undefined) {
          const outcome = expectNow(step, due, this.read, this.timeBase);
          this.record(step, outcome.passed ? 'passed' : 'failed', due, 0, outcome.failure);
          this.next(due);
        } else {
          this.active = new ActiveCheck(step, due, wall, this.read, this.timeBase);
        }
        return;
    }
  }

  /** Updates the running waitFor or expect; true when it has ended. */
  private checkActive(active: ActiveCheck, t: number, wall: number): boolean {
    const outcome = active.update(t);
    if (!outcome) return false;
    this.active = undefined;
    const status = outcome.passed ? 'passed' : 'failed';
    this.record(active.step, status, t, wall - active.wallStart, outcome.failure, outcome.note);
    if (outcome.endsRun) {
      this.end('waitFor failed', t, wall, { status: 'passed', message: undefined, detail: undefined });
    } else this.next(outcome.endMs);
    return true;
  }

  private readonly read = (id: string): TagValue | undefined => this.target.read(id);

  private next(end: number): void {
    this.previousEnd = end;
    this.index++;
  }

  private record(
    step: CheckStep,
    status: CheckStatus,
    t: number,
    wallMs: number,
    failure?: CheckFailure,
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
    this.record(active.step, 'failed', t, wall - active.wallStart, active.interrupted(t, why));
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
