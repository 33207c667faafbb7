import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { Offset } from '../../shared/plant/machine-motion.js';
import type { LaidConveyor, PlantItem, PlantSnapshot } from '../../shared/plant/plant-types.js';
import { drawnRatio, elapsedSince, itemLook, itemsAt, pointOn, SCALE } from './plant-motion.js';

export interface PlantItemsProps {
  conveyors: readonly LaidConveyor[];
  /** Conveyors a machine carries, drawn moved with it (a lift's platform, a gripper's travel). */
  offsets: ReadonlyMap<string, Offset>;
  /** A lift's shaft: its car (the item 'platform') is drawn by the lift; what it carries, level. */
  tracks: ReadonlySet<string>;
  snapshot: PlantSnapshot | undefined;
  /** performance.now() when the snapshot arrived. */
  receivedAt: number;
  /** Whether simulation time runs (not paused or stopped), and how fast. */
  running: boolean;
  timeScale: number;
  now?: () => number;
}

/** An item where the view draws it now, on its conveyor. */
interface Placed {
  item: PlantItem;
  conveyor: LaidConveyor;
  transform: string;
}

/**
 * The items on the belts, where the last snapshot put them and moved on smoothly at their belts'
 * speeds (times the time scale) until the next one comes; still while the simulation is paused.
 * Drawn by Preact when a snapshot comes; between snapshots, while something moves, each animation
 * frame only rewrites the items' `transform`s: no render, no diff and no garbage a frame
 * (docs/performance.md "Plant view in the browser").
 */
export function PlantItems(props: PlantItemsProps) {
  const group = useRef<SVGGElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const moving =
    props.running &&
    (props.snapshot?.conveyors.some((c) => c.running && c.speed > 0 && c.items.length > 0) ?? false);
  useEffect(() => {
    if (!moving) return;
    let id = requestAnimationFrame(function frame() {
      if (group.current) moveItems(group.current, place(latest.current));
      id = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(id);
  }, [moving]);
  const placed = place(props);
  // Preact compares with what it rendered last, not with what a frame wrote since: put back what
  // this render means where a frame left something else.
  useLayoutEffect(() => {
    if (group.current) moveItems(group.current, placed);
  });

  if (!props.snapshot) return null;
  return (
    <g class="items" aria-hidden="true" ref={group}>
      {placed.map(({ item, conveyor, transform }) => {
        // On a lift's shaft (a track that measures time, not distance) an item is drawn at its size on a belt.
        const c = props.tracks.has(conveyor.name)
          ? { ...conveyor, drawnLength: 1, length: 1, width: 0.8 }
          : conveyor;
        const look = itemLook(item.label);
        const len = Math.max(item.length * drawnRatio(c), 0.12) * SCALE;
        const breadth = c.width * look.breadth * SCALE;
        return (
          <g
            key={item.id}
            class={`item item-${look.shape}`}
            data-item={item.id}
            data-label={item.label}
            transform={transform}
          >
            {look.shape === 'round' ? (
              <circle r={Math.min(len, breadth) / 2} fill={look.fill} stroke={look.stroke} />
            ) : (
              <rect
                x={-len / 2}
                y={-breadth / 2}
                width={len}
                height={breadth}
                rx={look.shape === 'box' ? 4 : 2}
                fill={look.fill}
                stroke={look.stroke}
              />
            )}
            {look.shape === 'box' ? (
              <path class="item-tape" d={`M ${-len / 2} 0 H ${len / 2}`} stroke={look.stroke} />
            ) : null}
            {look.shape === 'pallet' ? (
              <path
                class="item-slats"
                d={`M ${-len / 2} ${-breadth / 4} H ${len / 2} M ${-len / 2} ${breadth / 4} H ${len / 2}`}
                stroke={look.stroke}
              />
            ) : null}
          </g>
        );
      })}
    </g>
  );
}

/** Every item of the snapshot where it is now, in drawing order. */
function place(props: PlantItemsProps): Placed[] {
  if (!props.snapshot) return [];
  const now = props.now ?? (() => performance.now());
  const elapsed = elapsedSince(props.receivedAt, now(), props.running, props.timeScale);
  const byName = new Map(props.conveyors.map((c) => [c.name, c]));
  return props.snapshot.conveyors.flatMap((state) => {
    const c = byName.get(state.name);
    if (!c) return [];
    const ratio = drawnRatio(c);
    const offset = props.offsets.get(c.name);
    const track = props.tracks.has(c.name);
    return itemsAt(state, c.length, elapsed)
      .filter((item) => !(track && item.label === 'platform'))
      .map((item) => {
        const centre = pointOn(c, (item.front - item.length / 2) * ratio);
        const x = centre.x + (offset?.dx ?? 0) * SCALE;
        const y = centre.y + (offset?.dy ?? 0) * SCALE;
        // Riding a lift's shaft, a pallet stays level.
        const transform = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${track ? 0 : c.angle})`;
        return { item, conveyor: c, transform };
      });
  });
}

/** Moves the drawn items (the group's children, drawn from the same snapshot in the same order). */
function moveItems(group: SVGGElement, placed: readonly Placed[]): void {
  const drawn = group.children;
  placed.forEach(({ item, transform }, i) => {
    const el = drawn[i];
    if (el?.getAttribute('data-item') !== String(item.id)) return; // not drawn yet: the render will
    if (el.getAttribute('transform') !== transform) el.setAttribute('transform', transform);
  });
}
