import { describeCondition, formatDuration } from '../conditions/describe-condition.js';
import type { JunitCase, JunitSuite } from '../scenario/junit.js';
import type { StationGrade } from './exercise-session.js';
import type { BoundCriterion, BoundExercise } from './exercise-types.js';

/** What a criterion asks, in words: `reach: low items out at 'left' >= 4`. */
export function criterionText(criterion: BoundCriterion): string {
  const condition = describeCondition(criterion.condition);
  switch (criterion.kind) {
    case 'reach':
      return `reach ${condition}${criterion.byMs !== undefined ? ` by ${formatDuration(criterion.byMs)}` : ''}`;
    case 'always':
      return `always ${condition}`;
    case 'never':
      return `never ${condition}`;
    case 'react': {
      const { after } = criterion;
      const event = 'fault' in after ? `the fault '${after.fault}'` : describeCondition(after.when);
      return `within ${formatDuration(criterion.withinMs)} after ${event}: ${condition}`;
    }
  }
}

/** The name of the test case that says whether the exercise was passed. */
export function passCaseName(exercise: BoundExercise): string {
  return `passes with ${exercise.passMark} of ${exercise.totalPoints} points`;
}

/**
 * A graded exercise as a JUnit suite (shared/scenario/junit.ts writes it): one test case per
 * criterion (met: passed; failed: a failure with the reason; undecided, the run having been
 * stopped: an error), and one that says whether the points reached the pass mark. `time`s are
 * exercise seconds: when each criterion was decided.
 */
export function exerciseSuite(
  exercise: BoundExercise,
  grade: StationGrade,
  log: readonly string[],
): JunitSuite {
  const checks: JunitCase[] = exercise.criteria.map((criterion, i) => {
    const judged = grade.criteria[i] ?? { state: 'pending' as const };
    const detail = [
      `criterion: ${criterion.path} (${criterion.kind}), ${criterion.points} points`,
      `asks: ${criterionText(criterion)}`,
      ...(judged.atMs !== undefined ? [`decided at ${formatDuration(judged.atMs)} of exercise time`] : []),
      ...(judged.reason !== undefined ? [judged.reason] : []),
    ].join('\n');
    return {
      name: criterion.name,
      kind: criterion.kind,
      status: judged.state === 'met' ? 'passed' : judged.state === 'failed' ? 'failed' : 'error',
      message:
        judged.state === 'pending'
          ? `not decided: the exercise ${grade.endReason ?? 'did not end'}`
          : judged.state === 'failed'
            ? judged.reason
            : undefined,
      detail: judged.state === 'met' ? undefined : detail,
      wallMs: judged.atMs ?? 0,
    };
  });
  const passed = grade.passed === true;
  checks.push({
    name: passCaseName(exercise),
    kind: 'grade',
    status: grade.status === 'ended' ? (passed ? 'passed' : 'failed') : 'error',
    message: passed
      ? undefined
      : grade.status === 'ended'
        ? `scored ${grade.points} of ${exercise.totalPoints} points; ${exercise.passMark} needed`
        : `not graded: the exercise ${grade.endReason ?? 'did not end'} at ${formatDuration(grade.timeMs)}`,
    detail: undefined,
    wallMs: grade.timeMs,
  });
  return { name: exercise.name, checks, wallMs: grade.timeMs, log };
}
