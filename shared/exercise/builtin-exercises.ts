import { FROM_A_TO_B_EXERCISE } from './exercises/from-a-to-b.js';
import { LEVEL_CONTROL_EXERCISE } from './exercises/level-control.js';
import { QUEUE_OF_ITEMS_EXERCISE } from './exercises/queue-of-items.js';
import { SORTING_BY_HEIGHT_EXERCISE } from './exercises/sorting-by-height.js';
import { SORTING_BY_WEIGHT_EXERCISE } from './exercises/sorting-by-weight.js';

/**
 * The exercises TagSim ships (docs/lab.md, "Exercises and grading"), one per file in
 * `exercises/`: each is an exercise file's JSON, set on a built-in scene, and the tests grade a
 * model answer (it passes), a controller that does nothing and one that ignores the fault (both
 * fail) against each (test/exercise/builtin-exercises.test.ts).
 */
export const BUILTIN_EXERCISES: readonly { readonly name: string; readonly scene: string }[] = [
  SORTING_BY_HEIGHT_EXERCISE,
  FROM_A_TO_B_EXERCISE,
  QUEUE_OF_ITEMS_EXERCISE,
  LEVEL_CONTROL_EXERCISE,
  SORTING_BY_WEIGHT_EXERCISE,
];

/** A built-in exercise's JSON by its name (in any letter case), or undefined. */
export function builtinExercise(name: string): unknown {
  const wanted = name.trim().toLowerCase();
  return BUILTIN_EXERCISES.find((e) => e.name.toLowerCase() === wanted);
}
