// The benchmark's scenes: synthetic scenes of N tags (even indexes are Outputs), with a plant
// that every server under test runs the same way once told to: a sine wave on about one tag in a
// hundred (Float Inputs), written every 10 ms step, as a running TagSim writes its plant.
import { syntheticScene } from '../../dist/shared/scenes/builtin-scenes.js';

/** Tags driven by the plant: Float Inputs at indexes 5, 107, 209... (one in 102). */
export function plantTagIndexes(tagCount) {
  const indexes = [];
  for (let i = 5; i < tagCount; i += 102) indexes.push(i);
  return indexes;
}

/** Period of the sine wave of the k-th plant tag, in ms (each tag its own, so they differ). */
export const periodMs = (k) => 2000 + 37 * k;
export const AMPLITUDE = 5;
export const OFFSET = 5;

/** The synthetic scene of `tagCount` tags with the plant as TagSim behaviours. */
export function benchScene(tagCount) {
  const scene = syntheticScene(tagCount);
  const behaviours = plantTagIndexes(tagCount).map((index, k) => {
    const tag = scene.tags[index];
    if (tag.kind !== 'Input' || tag.type !== 'Float')
      throw new Error(`plant tag ${index} must be a Float Input`);
    return {
      generate: { id: tag.id },
      signal: 'sine',
      amplitude: AMPLITUDE,
      offset: OFFSET,
      periodMs: periodMs(k),
    };
  });
  return { ...scene, behaviours };
}
