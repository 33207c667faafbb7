import type { PlacementHints } from '../plant-types.js';
import {
  ASSEMBLER,
  ASSEMBLER_ANALOG,
  AUTOMATED_WAREHOUSE,
  PALLETIZER,
  PICK_AND_PLACE_BASIC,
  PICK_AND_PLACE_XYZ,
} from './handling.js';
import { ELEVATOR_ADVANCED, ELEVATOR_BASIC } from './lifts.js';
import { BUFFER_STATION, CONVERGE_STATION, FROM_A_TO_B, PRODUCTION_LINE, QUEUE_OF_ITEMS } from './lines.js';
import { FILLING_TANK, LEVEL_CONTROL } from './process.js';
import {
  SEPARATING_STATION,
  SORTING_BY_HEIGHT_ADVANCED,
  SORTING_BY_HEIGHT_BASIC,
  SORTING_BY_WEIGHT,
  SORTING_STATION,
} from './sorting.js';

// Placement hints of the built-in scenes, beside their plants (shared/sim/plants/): where each
// belt of the plant's model stands and points, so the drawing resembles the simulator's top view
// (a side view for the elevators). Plain data, in the shape a scene file's optional `layout`
// field takes.

const HINTS: ReadonlyMap<string, PlacementHints> = new Map<string, PlacementHints>([
  ['From A to B', FROM_A_TO_B],
  ['From A to B (Set and Reset)', FROM_A_TO_B],
  ['Filling Tank', FILLING_TANK],
  ['Level Control', LEVEL_CONTROL],
  ['Sorting by Height (Basic)', SORTING_BY_HEIGHT_BASIC],
  ['Queue of Items', QUEUE_OF_ITEMS],
  ['Pick & Place (Basic)', PICK_AND_PLACE_BASIC],
  ['Converge Station', CONVERGE_STATION],
  ['Sorting by Weight', SORTING_BY_WEIGHT],
  ['Production Line', PRODUCTION_LINE],
  ['Buffer Station', BUFFER_STATION],
  ['Sorting Station', SORTING_STATION],
  ['Sorting by Height (Advanced)', SORTING_BY_HEIGHT_ADVANCED],
  ['Separating Station', SEPARATING_STATION],
  ['Automated Warehouse', AUTOMATED_WAREHOUSE],
  ['Assembler', ASSEMBLER],
  ['Elevator (Basic)', ELEVATOR_BASIC],
  ['Pick & Place (XYZ)', PICK_AND_PLACE_XYZ],
  ['Assembler (Analog)', ASSEMBLER_ANALOG],
  ['Elevator (Advanced)', ELEVATOR_ADVANCED],
  ['Palletizer', PALLETIZER],
]);

/** The placement hints of the built-in scene of this exact name, if it has any. */
export function builtinPlacementHints(sceneName: string): PlacementHints | undefined {
  return HINTS.get(sceneName);
}
