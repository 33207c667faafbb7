import type { BridgeApi, BridgeEventMessage } from '../../shared/bridge/bridge-spec.js';
import type { ExerciseFeed } from '../../shared/bridge/exercise-spec.js';

/** The bridge's side of a graded station's exercise: what its window reads, and the change events. */
export interface BridgeExercise {
  readonly api: Pick<BridgeApi, 'getExercise' | 'exerciseReport'>;
  dispose(): void;
}

/**
 * The bridge's side of the exercise (exercise-spec.ts): the window reads the task and its grade
 * and downloads its own report, and hears every change; it cannot change the exercise. Without
 * an exercise, both methods answer null.
 */
export function createBridgeExercise(
  feed: ExerciseFeed | undefined,
  emit: (message: BridgeEventMessage) => void,
): BridgeExercise {
  const dispose =
    feed?.onChange(() => emit({ event: 'exercise', payload: feed.view() })) ?? (() => undefined);
  return {
    api: {
      getExercise: async () => feed?.view() ?? null,
      exerciseReport: async ({ format }) => feed?.report(format) ?? null,
    },
    dispose,
  };
}
