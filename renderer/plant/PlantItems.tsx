import { useEffect, useState } from 'preact/hooks';
import type { LaidConveyor, PlantSnapshot } from '../../shared/plant/plant-types.js';
import { drawnRatio, elapsedSince, itemLook, itemsAt, pointOn, SCALE } from './plant-motion.js';

export interface PlantItemsProps {
  conveyors: readonly LaidConveyor[];
  snapshot: PlantSnapshot | undefined;
  /** performance.now() when the snapshot arrived. */
  receivedAt: number;
  /** Whether simulation time runs (not paused or stopped), and how fast. */
  running: boolean;
  timeScale: number;
  now?: () => number;
}

/**
 * The items on the belts, where the last snapshot put them and moved on smoothly at their belts'
 * speeds (times the time scale) until the next one comes; still while the simulation is paused.
 * Redrawn each animation frame only while something moves.
 */
export function PlantItems(props: PlantItemsProps) {
  const now = props.now ?? (() => performance.now());
  const [, setFrame] = useState(0);
  const moving =
    props.running &&
    (props.snapshot?.conveyors.some((c) => c.running && c.speed > 0 && c.items.length > 0) ?? false);
  useEffect(() => {
    if (!moving) return;
    let id = requestAnimationFrame(function frame() {
      setFrame((n) => n + 1);
      id = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(id);
  }, [moving]);

  if (!props.snapshot) return null;
  const elapsed = elapsedSince(props.receivedAt, now(), props.running, props.timeScale);
  const byName = new Map(props.conveyors.map((c) => [c.name, c]));
  return (
    <g class="items" aria-hidden="true">
      {props.snapshot.conveyors.flatMap((state) => {
        const c = byName.get(state.name);
        if (!c) return [];
        const ratio = drawnRatio(c);
        return itemsAt(state, c.length, elapsed).map((item) => {
          const look = itemLook(item.label);
          const len = Math.max(item.length * ratio, 0.12) * SCALE;
          const breadth = c.width * look.breadth * SCALE;
          const centre = pointOn(c, (item.front - item.length / 2) * ratio);
          return (
            <g
              key={item.id}
              class={`item item-${look.shape}`}
              data-item={item.id}
              data-label={item.label}
              transform={`translate(${centre.x.toFixed(1)} ${centre.y.toFixed(1)}) rotate(${c.angle})`}
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
        });
      })}
    </g>
  );
}
