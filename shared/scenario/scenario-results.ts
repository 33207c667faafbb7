// What a scenario run produces: one test case per check, and the run's end. The JUnit report
// (junit.ts) and the command line's summary are made from it.

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

/** Test cases by status. */
export function countChecks(checks: readonly Pick<CheckResult, 'status'>[]): {
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
