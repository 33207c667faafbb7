import { closest } from '../problems/json-words.js';
import type { Segment } from '../schema/shape-hints.js';
import type {
  BoundCondition,
  ConveyorCondition,
  ItemCount,
  ItemQuery,
  ItemsCondition,
  PlantIndex,
} from './condition-types.js';
import { ITEM_COUNTS } from './plant-condition-schema.js';

// The plant's own conditions (docs/conditions.md, "The plant"): found in the plant's conveyors
// and labels as a comparison's tag is found in the scene's tags.

/** Why a well-shaped item query does not say how to count (exactly one of exit, entered, on). */
export function itemQueryProblem(query: ItemQuery): string | undefined {
  const ways = ITEM_COUNTS.filter((k) => k in query);
  if (ways.length === 1) return undefined;
  if (ways.length === 0)
    return 'needs one of exit (items that left the plant at a conveyor), entered (items that came onto it) or on (items on it now)';
  return `has ${ways.join(' and ')}; count one way (combine two counts with "all" or "any")`;
}

/** How messages name a count: `low items out at 'left'`. */
export function itemCountText(count: ItemCount, conveyor: string, label: string | undefined): string {
  const items = label === undefined ? 'items' : `${label} items`;
  const where = { exit: 'out at', entered: 'into', on: 'on' }[count];
  return `${items} ${where} '${conveyor}'`;
}

/** Binds an `items` or `conveyor` condition to the plant, or reports why it cannot be. */
export function bindPlantPart(
  x: ItemsCondition | ConveyorCondition,
  at: readonly Segment[],
  plant: PlantIndex | undefined,
  report: (at: Segment[], message: string) => void,
): BoundCondition | undefined {
  const forMs = x.forMs ?? 0;
  if (!plant) {
    report(
      [...at],
      "reads the plant's items and belts, which only an exercise's criteria read; compare tags here",
    );
    return undefined;
  }
  if ('conveyor' in x) {
    const conveyor = conveyorIndex(x.conveyor, plant, [...at, 'conveyor'], report);
    return conveyor === undefined
      ? undefined
      : { type: 'conveyor', conveyor, name: x.conveyor, running: x.running, forMs };
  }
  const { items } = x;
  const count = ITEM_COUNTS.find((k) => k in items)!;
  const name = (items as Record<ItemCount, string>)[count];
  const conveyor = conveyorIndex(name, plant, [...at, 'items', count], report);
  const { label } = items;
  let labelKnown = true;
  if (label !== undefined && !plant.labels.includes(label)) {
    labelKnown = false;
    const meant = closest(label, plant.labels);
    report(
      [...at, 'items', 'label'],
      plant.labels.length === 0
        ? `this scene's plant makes no items, so none is labelled '${label}'`
        : `no item of this scene's plant is labelled '${label}'; ${meant ? `did you mean '${meant}'?` : `its labels: ${plant.labels.join(', ')}`}`,
    );
  }
  if (conveyor === undefined || !labelKnown) return undefined;
  return {
    type: 'items',
    conveyor,
    count,
    label,
    text: itemCountText(count, name, label),
    equals: x.equals,
    notEquals: x.notEquals,
    gt: x.gt,
    ge: x.ge,
    lt: x.lt,
    le: x.le,
    forMs,
  };
}

function conveyorIndex(
  name: string,
  plant: PlantIndex,
  at: Segment[],
  report: (at: Segment[], message: string) => void,
): number | undefined {
  const index = plant.conveyors.indexOf(name);
  if (index >= 0) return index;
  if (plant.conveyors.length === 0) {
    report(at, `this scene's plant has no conveyors, so none is named '${name}'`);
    return undefined;
  }
  const meant = closest(name, plant.conveyors);
  report(
    at,
    `no conveyor of this scene's plant is named '${name}'; ${meant ? `did you mean '${meant}'?` : `its conveyors: ${plant.conveyors.map((c) => `'${c}'`).join(', ')}`}`,
  );
  return undefined;
}
