import type { LabOverview, StationOverview } from '../lab/lab-views.js';
import { criterionText } from './exercise-junit.js';
import type { StationGrade } from './exercise-session.js';
import type { BoundExercise } from './exercise-types.js';

/** The exercise of a lab, as the dashboard shows it above the stations' grades. */
export interface ExerciseOverview {
  readonly name: string;
  readonly task: string;
  readonly scene: string;
  readonly timeLimitMs: number;
  readonly passMark: number;
  readonly totalPoints: number;
  /** One per criterion, in order: the columns of the grades. */
  readonly criteria: readonly { readonly name: string; readonly points: number; readonly asks: string }[];
  /** The exercise's faults, hidden or not (the instructor sees them all). */
  readonly faults: readonly { readonly name: string; readonly tag: string; readonly hidden: boolean }[];
  /** Where the class report is kept, and when it was last written there. */
  readonly report: { readonly folder: string; readonly savedAt?: number; readonly error?: string };
}

export function exerciseOverview(
  exercise: BoundExercise,
  report: ExerciseOverview['report'],
): ExerciseOverview {
  return {
    name: exercise.name,
    task: exercise.task,
    scene: exercise.scene,
    timeLimitMs: exercise.timeLimitMs,
    passMark: exercise.passMark,
    totalPoints: exercise.totalPoints,
    criteria: exercise.criteria.map((c) => ({ name: c.name, points: c.points, asks: criterionText(c) })),
    faults: exercise.faults.faults.map((f) => ({
      name: f.name,
      tag: f.fault.tag,
      hidden: f.fault.hidden === true,
    })),
    report,
  };
}

/** A station at a glance, with its grade when the lab runs an exercise (undefined until it starts there). */
export type GradedStationOverview = StationOverview & { readonly grade?: StationGrade };

/** `GET /api/stations` of a lab: every station, and the exercise when the lab has one. */
export interface GradedLabOverview extends Omit<LabOverview, 'stations'> {
  readonly stations: readonly GradedStationOverview[];
  readonly exercise?: ExerciseOverview;
}
