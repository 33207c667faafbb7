import { BUFFER_STATION } from './buffer-station.js';
import { CONVERGE_STATION } from './converge-station.js';
import { ASSEMBLER } from './assembler.js';
import { ASSEMBLER_ANALOG } from './assembler-analog.js';
import { AUTOMATED_WAREHOUSE } from './automated-warehouse.js';
import type { BuiltinPlant } from './declare-plant.js';
import { ELEVATOR_ADVANCED } from './elevator-advanced.js';
import { ELEVATOR_BASIC } from './elevator-basic.js';
import { FILLING_TANK } from './filling-tank.js';
import { FROM_A_TO_B_SET_RESET } from './from-a-to-b-set-reset.js';
import { FROM_A_TO_B } from './from-a-to-b.js';
import { LEVEL_CONTROL } from './level-control.js';
import { PALLETIZER } from './palletizer.js';
import { PICK_AND_PLACE_BASIC } from './pick-and-place-basic.js';
import { PICK_AND_PLACE_XYZ } from './pick-and-place-xyz.js';
import { PRODUCTION_LINE } from './production-line.js';
import { QUEUE_OF_ITEMS } from './queue-of-items.js';
import { SEPARATING_STATION } from './separating-station.js';
import { SORTING_BY_HEIGHT_ADVANCED } from './sorting-by-height-advanced.js';
import { SORTING_BY_HEIGHT_BASIC } from './sorting-by-height-basic.js';
import { SORTING_BY_WEIGHT } from './sorting-by-weight.js';
import { SORTING_STATION } from './sorting-station.js';

// The plants of the built-in scenes, one module per scene in this folder (declare-plant.ts says
// how one is written). Each is a model of the simulator's scene good enough for a controller
// written for the real scene to run its cycle: the sensors are where that controller expects
// them, with the polarity it expects. The vendor's sample controllers show the polarities: in
// "From A to B", "From A to B (Set and Reset)" and "Queue of Items" the sensors are normally
// closed (on while they see nothing); in "Sorting by Height (Basic)" they are normally open; the
// Discharge push button of "Filling Tank" is normally closed. Lengths are metres, speeds metres
// per second. docs/simulation.md describes each model in words.
//
// This is the one lookup of a built-in plant by scene name: the scenes floor lends it to a scene
// of that name (scene-plant.ts) and to a saved copy of the scene (factoryio/read-factoryio.ts).

const PLANTS: ReadonlyMap<string, BuiltinPlant> = new Map([
  ['From A to B', FROM_A_TO_B],
  ['From A to B (Set and Reset)', FROM_A_TO_B_SET_RESET],
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

/** Names of the built-in scenes that have a plant. */
export const SCENES_WITH_PLANTS: readonly string[] = [...PLANTS.keys()];

/** The plant of the built-in scene of this exact name (`behaviours` and `layout`), if it has one. */
export function builtinPlant(sceneName: string): BuiltinPlant | undefined {
  return PLANTS.get(sceneName);
}
