import type { StudentExercise } from '../exercise/student-view.js';
import { event, method } from './spec-parts.js';
import { v } from './validate.js';

/**
 * The bridge's part for a graded lab station (docs/lab.md, "Exercises and grading"): the
 * student's window reads its task and progress, and downloads its own report. Both methods only
 * read: nothing a window sends can start, stop or change an exercise (that is the instructor's,
 * at the dashboard). A window with no exercise gets `null`.
 */

/** A report file for the browser to download. */
export interface ExerciseReportFile {
  readonly fileName: string;
  readonly text: string;
}

/** What a bridge host reads a station's exercise from (a lab station's; absent elsewhere). */
export interface ExerciseFeed {
  /** The exercise and its grade as the student may see them, or null when none is set. */
  view(): StudentExercise | null;
  /** The student's own report (no hidden fault in it), or null when no exercise is set. */
  report(format: 'html' | 'csv'): ExerciseReportFile | null;
  /** Hears every change a view shows: a start, a stop, a criterion decided, each second of time. */
  onChange(listener: () => void): () => void;
}

export const EXERCISE_METHODS = {
  getExercise: method<StudentExercise | null>()(v.none),
  exerciseReport: method<ExerciseReportFile | null>()(v.object({ format: v.oneOf('html', 'csv') })),
} as const;

export const EXERCISE_EVENTS = {
  /** The exercise's view changed (at most about once a second, and at each decision). */
  exercise: event<StudentExercise | null>(),
} as const;
