import type { BoundCondition, PlantCondition, PlantIndex } from '../conditions/condition-types.js';
import type { FaultSchedule } from '../lab/fault-schedule.js';

// An exercise as written in its file (docs/lab.md, "Exercises and grading") and as bound to a
// scene: what the student is asked, and the criteria TagSim grades it by.

export const EXERCISE_FORMAT = 'tagsim-exercise';
export const EXERCISE_FORMAT_VERSION = 1;
export const EXERCISE_FILE_EXTENSION = '.tagsim-exercise.json';

/** What a criterion asks, by the key that names it in the file. */
export type CriterionKind = 'reach' | 'always' | 'never' | 'react';

/** The moment a reaction is timed from: a fault of the exercise going on, or a condition first holding. */
export type ReactionEvent = { readonly fault: string } | { readonly when: PlantCondition };

/** One criterion as written: a name, its points, and one of four kinds. */
export type Criterion = {
  readonly name: string;
  readonly points: number;
  /** Where it is in the file, for messages: `criteria[2]`. */
  readonly path: string;
} & (
  | { readonly kind: 'reach'; readonly condition: PlantCondition; readonly byMs: number | undefined }
  | { readonly kind: 'always' | 'never'; readonly condition: PlantCondition }
  | {
      readonly kind: 'react';
      readonly after: ReactionEvent;
      readonly withinMs: number;
      readonly condition: PlantCondition;
    }
);

/** An exercise file, read and checked on its own (before any scene is known). */
export interface Exercise {
  readonly name: string;
  /** What the student is asked to do, in the instructor's words: their window shows it. */
  readonly task: string;
  /** The scene it is set on: a built-in name or a scene file (relative to the exercise file). */
  readonly scene: string;
  /** The seed of the plant (the same boxes in the same order for every student). */
  readonly seed: number | undefined;
  /** A state snapshot file to start from (relative to the exercise file). */
  readonly state: string | undefined;
  /** Exercise time (simulation time since the start) the student has. */
  readonly timeLimitMs: number;
  /** Points needed to pass. */
  readonly passMark: number;
  /** The faults the exercise puts on, at exercise times: a fault schedule, for every station. */
  readonly faults: FaultSchedule;
  readonly criteria: readonly Criterion[];
}

/** A reaction's start, bound: a fault of the exercise (hidden from the student or not), or a condition. */
export type BoundEvent =
  { readonly fault: string; readonly hidden: boolean } | { readonly when: BoundCondition };

/** A criterion bound to a scene: its conditions found in the scene's tags and plant. */
export type BoundCriterion = {
  readonly name: string;
  readonly points: number;
  readonly path: string;
} & (
  | { readonly kind: 'reach'; readonly condition: BoundCondition; readonly byMs: number | undefined }
  | { readonly kind: 'always' | 'never'; readonly condition: BoundCondition }
  | {
      readonly kind: 'react';
      readonly after: BoundEvent;
      readonly withinMs: number;
      readonly condition: BoundCondition;
    }
);

/** An exercise bound to the scene it runs on. */
export interface BoundExercise extends Omit<Exercise, 'criteria'> {
  readonly criteria: readonly BoundCriterion[];
  readonly totalPoints: number;
  /** The plant the criteria were bound to: their conveyors are its conveyors' places. */
  readonly plant: PlantIndex;
}
