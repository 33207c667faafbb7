import { LIFT_HINTS } from '../../plant/hints/lifts.js';
import type { HintsByScene } from '../../plant/hints/part-hints.js';
import { SORTING_HINTS } from '../../plant/hints/sorting.js';
import type { Behaviour } from '../../sim/behaviour-types.js';
import { ELEVATOR_ADVANCED } from '../../sim/plants/elevator-advanced.js';
import { ELEVATOR_BASIC } from '../../sim/plants/elevator-basic.js';
import { SEPARATING_STATION } from '../../sim/plants/separating-station.js';
import { SORTING_BY_HEIGHT_ADVANCED } from '../../sim/plants/sorting-by-height-advanced.js';
import { SORTING_BY_HEIGHT_BASIC } from '../../sim/plants/sorting-by-height-basic.js';
import { SORTING_BY_WEIGHT } from '../../sim/plants/sorting-by-weight.js';
import { SORTING_STATION } from '../../sim/plants/sorting-station.js';
import type { BuiltinPlant } from './declare-plant.js';

// TEMPORARY ADAPTER (issue 35, phase 2 deletes this file with shared/sim/plants/ and
// shared/plant/hints/): the built-in scenes not yet declared as one module each, their old
// behaviours (shared/sim/plants/) and old hints (shared/plant/hints/, by scene name) put together
// in the shape of a declared plant. Converting a scene removes its line here.

const HINTS: HintsByScene = { ...SORTING_HINTS, ...LIFT_HINTS };

function legacy(name: string, behaviours: readonly Behaviour[]): readonly [string, BuiltinPlant] {
  const layout = HINTS[name];
  if (!layout) throw new Error(`no hints for the built-in scene "${name}"`);
  return [name, { behaviours, layout }];
}

/** The unconverted built-in plants, by scene name. */
export const LEGACY_PLANTS: readonly (readonly [string, BuiltinPlant])[] = [
  legacy('Sorting by Height (Basic)', SORTING_BY_HEIGHT_BASIC),
  legacy('Sorting by Weight', SORTING_BY_WEIGHT),
  legacy('Sorting Station', SORTING_STATION),
  legacy('Sorting by Height (Advanced)', SORTING_BY_HEIGHT_ADVANCED),
  legacy('Separating Station', SEPARATING_STATION),
  legacy('Elevator (Basic)', ELEVATOR_BASIC),
  legacy('Elevator (Advanced)', ELEVATOR_ADVANCED),
];
