import { describeActual, describeCondition, formatDuration } from '../conditions/describe-condition.js';
import {
  conditionHolds,
  type ConditionWatch,
  type ReadTag,
  watchCondition,
} from '../conditions/watch-condition.js';
import type { BoundStep } from './scenario-types.js';
import { clockText } from './scenario-words.js';

/** A step that checks the client under test. */
export type CheckStep = Extract<BoundStep, { kind: 'waitFor' | 'expect' }>;

/** What a failed check tells: one line, and the details for the report. */
export interface CheckFailure {
  readonly message: string;
  readonly detail: string;
}

/** How a check ended. */
export interface CheckOutcome {
  readonly passed: boolean;
  /** Scenario time at which the step ends, which the next step counts from. */
  readonly endMs: number;
  readonly failure?: CheckFailure;
  /** A passed check's note in the progress: `after 1.63 s`. */
  readonly note?: string;
  /** A failed waitFor ends the run: what follows was waiting for it. */
  readonly endsRun: boolean;
}

/** What the messages call scenario time: simulation time or real time. */
export type TimeBase = 'simulation' | 'real';

/** An expect without forMs: the condition holds at the moment the step is due, or not. */
export function expectNow(step: CheckStep, due: number, read: ReadTag, timeBase: TimeBase): CheckOutcome {
  if (conditionHolds(step.condition, read)) return { passed: true, endMs: due, endsRun: false };
  const actual = describeActual(step.condition, read);
  return {
    passed: false,
    endMs: due,
    endsRun: false,
    failure: {
      message: `expected ${describeCondition(step.condition)}; actual: ${actual}`,
      detail: checkDetail(step, due, due, actual, timeBase),
    },
  };
}

/**
 * A waitFor, or an expect with forMs, watched from its due time until it ends: a waitFor when
 * its condition holds (or its timeoutMs passes), an expect with forMs when its condition stops
 * holding or forMs has passed.
 */
export class ActiveCheck {
  private readonly watch: ConditionWatch;

  constructor(
    readonly step: CheckStep,
    /** Scenario time at which it started (its due time). */
    readonly startMs: number,
    readonly wallStart: number,
    private readonly read: ReadTag,
    private readonly timeBase: TimeBase,
  ) {
    this.watch = watchCondition(step.condition, read);
  }

  /** Updates the check at scenario time `t`; its outcome once it has ended. */
  update(t: number): CheckOutcome | undefined {
    const { step, startMs } = this;
    const holds = this.watch.update(t);
    const condition = describeCondition(step.condition);
    if (step.kind === 'waitFor') {
      if (holds)
        return { passed: true, endMs: t, endsRun: false, note: `after ${formatDuration(t - startMs)}` };
      if (step.timeoutMs === undefined || t - startMs < step.timeoutMs) return undefined;
      const timeout = formatDuration(step.timeoutMs);
      return this.failed(
        t,
        t,
        true,
        `expected ${condition} within ${timeout}`,
        `timeout: ${timeout} of ${this.timeBase} time`,
      );
    }
    const forMs = step.forMs ?? 0;
    const end = startMs + forMs;
    if (!holds) {
      const lasted = `for ${formatDuration(forMs)}; it stopped holding after ${formatDuration(t - startMs)}`;
      return this.failed(
        t,
        end,
        false,
        `expected ${condition} ${lasted}`,
        `for: ${formatDuration(forMs)} of ${this.timeBase} time`,
      );
    }
    if (t - startMs >= forMs)
      return { passed: true, endMs: end, endsRun: false, note: `for ${formatDuration(forMs)}` };
    return undefined;
  }

  /** The failure of a check the run ends while it waits (`why`: the run's time limit, an interrupt). */
  interrupted(t: number, why: string): CheckFailure {
    const actual = describeActual(this.step.condition, this.read);
    return {
      message: `${why}: expected ${describeCondition(this.step.condition)}; actual: ${actual}`,
      detail: checkDetail(this.step, this.startMs, t, actual, this.timeBase),
    };
  }

  private failed(t: number, endMs: number, endsRun: boolean, expected: string, extra: string): CheckOutcome {
    const actual = describeActual(this.step.condition, this.read);
    return {
      passed: false,
      endMs,
      endsRun,
      failure: {
        message: `${expected}; actual: ${actual}`,
        detail: checkDetail(this.step, this.startMs, t, actual, this.timeBase, extra),
      },
    };
  }
}

function checkDetail(
  step: CheckStep,
  startMs: number,
  endMs: number,
  actual: string,
  timeBase: TimeBase,
  extra?: string,
): string {
  return [
    `step: ${step.path} (${step.kind})`,
    `condition: ${describeCondition(step.condition)}`,
    ...(extra ? [extra] : []),
    `started at ${clockText(startMs)}, ended at ${clockText(endMs)} (${timeBase} time since the start)`,
    `actual: ${actual}`,
  ].join('\n');
}
