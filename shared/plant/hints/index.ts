import type { PlacementHints } from '../plant-types.js';
import { HANDLING_HINTS } from './handling.js';
import { LIFT_HINTS } from './lifts.js';
import { LINE_HINTS } from './lines.js';
import { PROCESS_HINTS } from './process.js';
import { SORTING_HINTS } from './sorting.js';

// Placement hints of the built-in scenes, beside their plants (shared/sim/plants/): where each
// belt of the plant's model stands and points, so the drawing resembles the simulator's top view
// (a side view for the elevators). Plain data, in the shape a scene file's optional `layout`
// field takes. Each group of scenes names its own; test/plant/layout.test.ts checks that every
// built-in scene with behaviours has hints naming its real conveyors.

const HINTS: ReadonlyMap<string, PlacementHints> = new Map(
  Object.entries({ ...LINE_HINTS, ...PROCESS_HINTS, ...SORTING_HINTS, ...HANDLING_HINTS, ...LIFT_HINTS }),
);

/** The placement hints of the built-in scene of this exact name, if it has any. */
export function builtinPlacementHints(sceneName: string): PlacementHints | undefined {
  return HINTS.get(sceneName);
}
