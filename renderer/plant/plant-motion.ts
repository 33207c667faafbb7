import type {
  ConveyorState,
  LaidConveyor,
  PlantItem,
  PlantSnapshot,
} from '../../shared/plant/plant-types.js';

/** User units of the drawing per metre: text and strokes are sized in these. */
export const SCALE = 100;

/**
 * How far past the last snapshot the view moves items on its own (plant milliseconds): enough to
 * bridge the gaps between updates (30 a second at most), not so much that a stalled stream makes
 * items run through what stopped them.
 */
const MAX_AHEAD_MS = 250;

/** A point `along` drawn metres from a conveyor's start, in drawing units. */
export function pointOn(c: Pick<LaidConveyor, 'x' | 'y' | 'angle'>, along: number): { x: number; y: number } {
  const a = (c.angle * Math.PI) / 180;
  return { x: (c.x + Math.cos(a) * along) * SCALE, y: (c.y + Math.sin(a) * along) * SCALE };
}

/** Drawn metres per metre of the model, for a conveyor whose travel is drawn shorter or longer. */
export function drawnRatio(c: Pick<LaidConveyor, 'length' | 'drawnLength'>): number {
  return c.length > 0 ? c.drawnLength / c.length : 1;
}

/**
 * The items of one conveyor as they are `elapsedMs` of plant time after the snapshot: each moves
 * at the belt's speed while it runs, never past the belt's end nor into the rear of the item
 * ahead (as the simulation moves them), and not more than MAX_AHEAD_MS ahead of what was sent.
 * A paused simulation passes 0, which leaves them where the plant has them.
 */
export function itemsAt(state: ConveyorState, length: number, elapsedMs: number): PlantItem[] {
  const ms = Math.min(Math.max(elapsedMs, 0), MAX_AHEAD_MS);
  const step = state.running ? (state.speed * ms) / 1000 : 0;
  if (step === 0) return [...state.items];
  let limit = Infinity;
  return state.items.map((item) => {
    const front = Math.max(item.front, Math.min(item.front + step, length, limit));
    limit = front - item.length;
    return { ...item, front };
  });
}

/** Plant time the view should show now, given when the snapshot came and how fast time runs. */
export function elapsedSince(receivedAt: number, now: number, running: boolean, timeScale: number): number {
  return running ? Math.max(0, now - receivedAt) * timeScale : 0;
}

/** The state of a conveyor by name in a snapshot. */
export function conveyorState(snapshot: PlantSnapshot | undefined, name: string): ConveyorState | undefined {
  return snapshot?.conveyors.find((c) => c.name === name);
}

export interface ItemLook {
  fill: string;
  stroke: string;
  /** Across the belt, as a fraction of its width. */
  breadth: number;
  shape: 'box' | 'pallet' | 'round';
}

/** How an item is drawn, from its label: boxes by size, pallets, parts by colour. */
export function itemLook(label: string): ItemLook {
  const l = label.toLowerCase();
  if (l.includes('pallet') || l === 'platform')
    return { fill: '#c89b5e', stroke: '#7a5a2e', breadth: 0.9, shape: 'pallet' };
  const shape: ItemLook['shape'] = /lid|base|raw|part/.test(l) ? 'round' : 'box';
  const colour = /blue/.test(l)
    ? ['#3b82f6', '#1d4ed8']
    : /green/.test(l)
      ? ['#22c55e', '#15803d']
      : /metal|grey|gray/.test(l)
        ? ['#a3aab5', '#5b6472']
        : /lid/.test(l)
          ? ['#60a5fa', '#1e40af']
          : /base/.test(l)
            ? ['#94a3b8', '#334155']
            : /high|heavy|large|big/.test(l)
              ? ['#b7793f', '#6b4220']
              : ['#d9a066', '#8a5a2b'];
  const breadth = /high|heavy|large|big/.test(l) ? 0.78 : /low|light|small/.test(l) ? 0.5 : 0.64;
  return { fill: colour[0]!, stroke: colour[1]!, breadth, shape };
}
