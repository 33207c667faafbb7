import type { PlacementHints } from '../plant-types.js';

// Placement hints of the built-in scenes, one file per scene beside this one: where each belt of
// the plant's model stands and points, so the drawing resembles the simulator's top view. Kept
// as plain data, in the shape a scene file's optional `layout` field takes.

const HINTS: ReadonlyMap<string, PlacementHints> = new Map<string, PlacementHints>([]);

/** The placement hints of the built-in scene of this exact name, if it has any. */
export function builtinPlacementHints(sceneName: string): PlacementHints | undefined {
  return HINTS.get(sceneName);
}
