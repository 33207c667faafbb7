import type { PlacedLabel } from '../../shared/plant/labels.js';
import { SCALE } from './plant-motion.js';

const S = SCALE;

/**
 * A name where the label placer (shared/plant/labels.ts) put it, level on the page: starting at
 * its box's left edge, centred on its height, with a leader line to its mark where it sits away
 * from it. Nothing is drawn for a label the plan does not have.
 */
export function PlantLabel(props: { label: PlacedLabel | undefined; class?: string; text?: string }) {
  if (!props.label) return null;
  const { box: b, leader } = props.label;
  return (
    <>
      {leader ? (
        <line
          class="leader"
          x1={leader.from[0] * S}
          y1={leader.from[1] * S}
          x2={leader.to[0] * S}
          y2={leader.to[1] * S}
        />
      ) : null}
      <text
        class={props.class ?? 'spot-label'}
        x={b.x * S}
        y={(b.y + b.height / 2) * S}
        dominant-baseline="central"
      >
        {props.text ?? props.label.text}
      </text>
    </>
  );
}
