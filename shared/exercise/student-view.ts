import type { CriterionState, ExerciseStatus } from './exercise-run.js';
import type { StationGrade } from './exercise-session.js';
import type { BoundCriterion, BoundExercise } from './exercise-types.js';

/** One criterion as the student's window shows it. */
export interface StudentCriterion {
  readonly name: string;
  readonly points: number;
  readonly state: CriterionState;
  readonly atMs?: number;
  readonly reason?: string;
}

/**
 * The exercise as its student sees it (docs/lab.md, "The student's window"): the task, the time,
 * the points and each criterion, but nothing of the faults hidden from them. The window reads it
 * and can change nothing of it.
 */
export interface StudentExercise {
  readonly name: string;
  readonly task: string;
  readonly timeLimitMs: number;
  readonly passMark: number;
  readonly totalPoints: number;
  readonly status: ExerciseStatus;
  readonly timeMs: number;
  readonly points: number;
  readonly passed?: boolean;
  readonly endReason?: string;
  readonly criteria: readonly StudentCriterion[];
}

/**
 * Whether a criterion would tell the student of a hidden fault: a reaction timed from one. Its
 * state shows only once the exercise is over (a change of it would say when the fault came),
 * and never with its reason (that names the fault).
 */
function revealsHiddenFault(criterion: BoundCriterion): boolean {
  return criterion.kind === 'react' && 'fault' in criterion.after && criterion.after.hidden;
}

/** The exercise and a station's grade as the station's student may see them. */
export function studentView(exercise: BoundExercise, grade: StationGrade | undefined): StudentExercise {
  const over = grade?.status === 'ended' || grade?.status === 'stopped';
  const criteria = exercise.criteria.map((criterion, i): StudentCriterion => {
    const base = { name: criterion.name, points: criterion.points };
    const judged = grade?.criteria[i];
    if (!judged || judged.state === 'pending') return { ...base, state: 'pending' };
    if (!revealsHiddenFault(criterion)) return { ...base, ...judged };
    if (!over) return { ...base, state: 'pending' };
    return {
      ...base,
      state: judged.state,
      reason: judged.state === 'met' ? 'met in time' : 'not met in time (ask your instructor)',
    };
  });
  return {
    name: exercise.name,
    task: exercise.task,
    timeLimitMs: exercise.timeLimitMs,
    passMark: exercise.passMark,
    totalPoints: exercise.totalPoints,
    status: grade?.status ?? 'ready',
    timeMs: grade?.timeMs ?? 0,
    points: criteria.reduce((sum, c) => sum + (c.state === 'met' ? c.points : 0), 0),
    ...(grade?.passed !== undefined ? { passed: grade.passed } : {}),
    ...(grade?.endReason !== undefined ? { endReason: grade.endReason } : {}),
    criteria,
  };
}
