import type { Box } from '../../shared/plant/drawn-marks.js';
import type { PlacedLabel } from '../../shared/plant/labels.js';
import { SCALE } from './plant-motion.js';

const S = SCALE;

/** The frame a label is drawn in: a belt's (its start and angle) or a machine's corner. */
export interface LabelFrame {
  readonly x: number;
  readonly y: number;
  readonly angle?: number;
}

/**
 * The transform that puts a label back on the page inside a group translated to `frame` and
 * turned by its angle, so the placer's level box (drawing metres) is where the text lands.
 */
export function pageTransform(frame: LabelFrame): string {
  return `rotate(${-(frame.angle ?? 0)}) translate(${-frame.x * S} ${-frame.y * S})`;
}

/**
 * A name where the label placer (shared/plant/labels.ts) put it: starting at its box's left edge,
 * centred on its height. Nothing is drawn for a label the plan does not have.
 */
export function PlantLabel(props: {
  label: PlacedLabel | undefined;
  frame: LabelFrame;
  class?: string;
  text?: string;
}) {
  if (!props.label) return null;
  const b: Box = props.label.box;
  return (
    <text
      class={props.class ?? 'spot-label'}
      x={b.x * S}
      y={(b.y + b.height / 2) * S}
      dominant-baseline="central"
      transform={pageTransform(props.frame)}
    >
      {props.text ?? props.label.text}
    </text>
  );
}
