import type { Behaviour } from './behaviour-types.js';
import { FROM_A_TO_B } from './plants/from-a-to-b.js';
import { FROM_A_TO_B_SET_RESET } from './plants/from-a-to-b-set-reset.js';
import { FILLING_TANK } from './plants/filling-tank.js';
import { LEVEL_CONTROL } from './plants/level-control.js';
import { SORTING_BY_HEIGHT_BASIC } from './plants/sorting-by-height-basic.js';
import { QUEUE_OF_ITEMS } from './plants/queue-of-items.js';
import { PICK_AND_PLACE_BASIC } from './plants/pick-and-place-basic.js';
import { CONVERGE_STATION } from './plants/converge-station.js';
import { SORTING_BY_WEIGHT } from './plants/sorting-by-weight.js';
import { PRODUCTION_LINE } from './plants/production-line.js';
import { BUFFER_STATION } from './plants/buffer-station.js';
import { SORTING_STATION } from './plants/sorting-station.js';
import { SORTING_BY_HEIGHT_ADVANCED } from './plants/sorting-by-height-advanced.js';
import { SEPARATING_STATION } from './plants/separating-station.js';
import { AUTOMATED_WAREHOUSE } from './plants/automated-warehouse.js';
import { PICK_AND_PLACE_XYZ } from './plants/pick-and-place-xyz.js';
import { ASSEMBLER } from './plants/assembler.js';
import { ELEVATOR_BASIC } from './plants/elevator-basic.js';
import { ASSEMBLER_ANALOG } from './plants/assembler-analog.js';
import { ELEVATOR_ADVANCED } from './plants/elevator-advanced.js';
import { PALLETIZER } from './plants/palletizer.js';

// The plants of the built-in scenes. Each is a model of the simulator's scene good enough for a
// controller written for the real scene to run its cycle: the sensors are where that controller
// expects them, with the polarity it expects. The vendor's sample controllers show the
// polarities: in "From A to B", "From A to B (Set and Reset)" and "Queue of Items" the sensors
// are normally closed (on while they see nothing); in "Sorting by Height (Basic)" they are normally
// open; the Discharge push button of "Filling Tank" is normally closed. Lengths are metres,
// speeds metres per second. docs/simulation.md describes each model in words. One file per scene in
// plants/.

const BUILTIN: ReadonlyMap<string, readonly Behaviour[]> = new Map([
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

/** Names of the built-in scenes that have behaviours. */
export const SCENES_WITH_BEHAVIOURS: readonly string[] = [...BUILTIN.keys()];

/** The behaviours of a built-in scene (exact name); `[]` for a scene that has none yet. */
export function builtinBehaviours(sceneName: string): readonly Behaviour[] {
  return BUILTIN.get(sceneName) ?? [];
}
