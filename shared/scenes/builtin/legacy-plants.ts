import { HANDLING_HINTS } from '../../plant/hints/handling.js';
import type { HintsByScene } from '../../plant/hints/part-hints.js';
import type { Behaviour } from '../../sim/behaviour-types.js';
import { ASSEMBLER } from '../../sim/plants/assembler.js';
import { ASSEMBLER_ANALOG } from '../../sim/plants/assembler-analog.js';
import { AUTOMATED_WAREHOUSE } from '../../sim/plants/automated-warehouse.js';
import { PALLETIZER } from '../../sim/plants/palletizer.js';
import { PICK_AND_PLACE_XYZ } from '../../sim/plants/pick-and-place-xyz.js';
import type { BuiltinPlant } from './declare-plant.js';

// TEMPORARY ADAPTER (issue 35, phase 2 deletes this file with shared/sim/plants/ and
// shared/plant/hints/): the built-in scenes not yet declared as one module each, their old
// behaviours (shared/sim/plants/) and old hints (shared/plant/hints/, by scene name) put together
// in the shape of a declared plant. Converting a scene removes its line here.

const HINTS: HintsByScene = { ...HANDLING_HINTS };

function legacy(name: string, behaviours: readonly Behaviour[]): readonly [string, BuiltinPlant] {
  const layout = HINTS[name];
  if (!layout) throw new Error(`no hints for the built-in scene "${name}"`);
  return [name, { behaviours, layout }];
}

/** The unconverted built-in plants, by scene name. */
export const LEGACY_PLANTS: readonly (readonly [string, BuiltinPlant])[] = [
  legacy('Automated Warehouse', AUTOMATED_WAREHOUSE),
  legacy('Assembler', ASSEMBLER),
  legacy('Pick & Place (XYZ)', PICK_AND_PLACE_XYZ),
  legacy('Assembler (Analog)', ASSEMBLER_ANALOG),
  legacy('Palletizer', PALLETIZER),
];
