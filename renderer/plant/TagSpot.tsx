import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { Box, Poly } from '../../shared/plant/drawn-marks.js';
import type { PlacedTag } from '../../shared/plant/plant-types.js';
import { PlantCtx } from './plant-context.js';
import { SCALE } from './plant-motion.js';
import { tagLook, tagTooltip, type TagLook } from './tag-look.js';

export interface TagSpotProps {
  tag: PlacedTag;
  /** What it is on the machine: "Sensor", "Drive", "Gate to left"... (said with the name). */
  role: string;
  /** What a click does beyond selecting the tag. */
  activate?: 'pulse' | 'none';
  /** Its place from the spot planner: the body a click takes and the focus ring goes round, and its badges' box. */
  body: Poly;
  badge: Box;
  children: (look: TagLook) => ComponentChildren;
  class?: string;
  /** Said after the value: ", normally closed". */
  extra?: string;
}

/** Said after a tag's value where its fault is hidden from the student (instructor's view only). */
export const HIDDEN_WORDS = ', fault hidden from the student';

const S = SCALE;
/** A polygon of the page, in drawing units. */
export const points = (poly: Poly) =>
  poly.map(([x, y]) => `${(x * S).toFixed(1)},${(y * S).toFixed(1)}`).join(' ');

/**
 * A drawn part of the machine that stands for one tag: reached by Tab (SVG needs the attribute
 * `tabindex`, not the property), named by its role, tag and value (forced and failures said as
 * the table says them), hovered for name, address and value. A click, Enter or Space selects the
 * tag (and pulses a sensor); the context menu, Shift+F10 or the Menu key opens the tag menu.
 * Focus and selection draw a ring round its body. Forced and failed tags carry the table's marks,
 * F and !, in the badge place the planner gave it, clear of every other mark.
 */
export function TagSpot(props: TagSpotProps) {
  const ctx = useContext(PlantCtx)!;
  const tag = ctx.store.get(props.tag.id);
  const look = tagLook(tag);
  const selected = ctx.selectedId === props.tag.id;
  const hidden = ctx.hiddenFaults?.has(props.tag.id) ?? false;
  const activate = () => {
    ctx.select(props.tag.id);
    if (props.activate === 'pulse' && !ctx.disabled) ctx.actions?.pulse(props.tag, tag);
  };
  const menu = (target: Element, at: { x: number; y: number }) => {
    ctx.select(props.tag.id);
    if (ctx.actions?.faults && !ctx.disabled) ctx.openMenu(props.tag, at, target);
  };
  const b = props.badge;
  const failed = look.failure !== 'none';
  return (
    <g
      class={`spot ${props.class ?? ''} ${look.classes}${selected ? ' is-selected' : ''}${hidden ? ' is-hidden-fault' : ''}`}
      role="button"
      tabindex={0}
      aria-label={`${props.role} ${props.tag.name}: ${look.words}${props.extra ?? ''}${hidden ? HIDDEN_WORDS : ''}`}
      data-tag={props.tag.name}
      onClick={activate}
      onContextMenu={(event) => {
        event.preventDefault();
        menu(event.currentTarget, { x: event.clientX, y: event.clientY });
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          activate();
        } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
          event.preventDefault();
          const box = event.currentTarget.getBoundingClientRect();
          menu(event.currentTarget, { x: box.right, y: box.bottom });
        }
      }}
    >
      <title>{tagTooltip(props.tag, look, props.role)}</title>
      {props.children(look)}
      {/* The hit area and focus ring: the body the planner gave it, which no other mark shares. */}
      <polygon class="hit" points={points(props.body)} />
      {look.forced || failed ? (
        <g class="marks" aria-hidden="true" data-badge={props.tag.name}>
          {hidden ? (
            <rect
              class="mark mark-hidden"
              data-hidden-fault={props.tag.name}
              x={b.x * S}
              y={b.y * S}
              width={b.width * S}
              height={b.height * S}
              rx={6}
            />
          ) : null}
          {look.forced ? <Badge class="mark-forced" x={b.x * S + 13} y={b.y * S + 13} text="F" /> : null}
          {failed ? (
            <Badge class="mark-failed" x={b.x * S + (look.forced ? 39 : 13)} y={b.y * S + 13} text="!" />
          ) : null}
        </g>
      ) : null}
    </g>
  );
}

function Badge(props: { class: string; x: number; y: number; text: string }) {
  return (
    <g class={`mark ${props.class}`} transform={`translate(${props.x} ${props.y})`}>
      <rect x={-11} y={-11} width={22} height={22} rx={4} />
      <text y={6}>{props.text}</text>
    </g>
  );
}
