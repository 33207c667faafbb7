import type { Conveyor } from '../sim/behaviour-types.js';
import type { ConveyorPlacement } from './plant-types.js';

/** Belt width drawn where no hint says otherwise (metres). */
export const BELT_WIDTH = 0.8;
/** Lengths drawn for conveyors without a hint, whatever length models their travel time. */
const MIN_DRAWN = 0.6;
const MAX_DRAWN = 6;
const COLUMN_GAP = 0.9;
const ROW_PITCH = BELT_WIDTH + 1.3;

/** The length a conveyor without a hint is drawn with. */
export function autoLength(c: Conveyor): number {
  return Math.min(MAX_DRAWN, Math.max(MIN_DRAWN, c.length));
}

/**
 * Places conveyors that have no hint from their graph alone: a conveyor is one column right of the
 * first conveyor that feeds it (feeders and conveyors fed by none start in column 0), in the next
 * free row of its column; every belt points right. This is a schematic, not a floor plan (hints
 * make that), but it cannot overlap and it reads in the direction items travel. The placements
 * start at (`x0`, `y0`).
 */
export function autoPlace(
  conveyors: readonly Conveyor[],
  x0: number,
  y0: number,
): Map<string, ConveyorPlacement & { drawnLength: number }> {
  const byName = new Map(conveyors.map((c) => [c.conveyor, c]));
  const fedBy = new Set(conveyors.flatMap((c) => (c.exits ?? []).map((e) => e.to)));
  const column = new Map<string, number>();
  const queue = conveyors.filter((c) => !fedBy.has(c.conveyor) || c.feeder !== undefined);
  if (queue.length === 0 && conveyors[0]) queue.push(conveyors[0]);
  for (const c of queue) column.set(c.conveyor, 0);
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i]!;
    for (const e of c.exits ?? []) {
      const next = byName.get(e.to);
      if (next && !column.has(next.conveyor)) {
        column.set(next.conveyor, column.get(c.conveyor)! + 1);
        queue.push(next);
      }
    }
    // A cycle's members reached from nowhere yet: start them in column 0.
    if (i === queue.length - 1) {
      const left = conveyors.find((k) => !column.has(k.conveyor));
      if (left) {
        column.set(left.conveyor, 0);
        queue.push(left);
      }
    }
  }
  const columns: Conveyor[][] = [];
  for (const c of conveyors) (columns[column.get(c.conveyor) ?? 0] ??= []).push(c);
  const out = new Map<string, ConveyorPlacement & { drawnLength: number }>();
  let x = x0;
  for (const members of columns) {
    if (!members) continue;
    let widest = 0;
    members.forEach((c, row) => {
      const drawnLength = autoLength(c);
      widest = Math.max(widest, drawnLength);
      out.set(c.conveyor, { x, y: y0 + BELT_WIDTH / 2 + row * ROW_PITCH, angle: 0, drawnLength });
    });
    x += widest + COLUMN_GAP;
  }
  return out;
}
