import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { PlacedTag } from '../../shared/plant/plant-types.js';
import { PlantCtx } from './plant-context.js';
import { tagLook, tagTooltip, type TagLook } from './tag-look.js';

export interface TagSpotProps {
  tag: PlacedTag;
  /** What it is on the machine: "sensor", "drive", "gate"... (said with the name). */
  role: string;
  /** What a click does beyond selecting the tag. */
  activate?: 'pulse' | 'none';
  /** Where the forced / failure marks go, in drawing units. */
  mark: { x: number; y: number };
  children: (look: TagLook) => ComponentChildren;
  class?: string;
}

/** Said after a tag's value where its fault is hidden from the student (instructor's view only). */
export const HIDDEN_WORDS = ', fault hidden from the student';

/**
 * A drawn part of the machine that stands for one tag: reachable by Tab, named by its role, tag
 * and value (forced and failures said as the table says them), hovered for name, address and
 * value. A click or Enter selects the tag (and pulses a sensor); the context menu, Shift+F10 or
 * the Menu key opens the tag menu. Forced and failed tags carry the table's marks, F and !.
 */
export function TagSpot(props: TagSpotProps) {
  const ctx = useContext(PlantCtx)!;
  const tag = ctx.store.get(props.tag.id);
  const look = tagLook(tag);
  const selected = ctx.selectedId === props.tag.id;
  const hidden = ctx.hiddenFaults?.has(props.tag.id) ?? false;
  const activate = () => {
    ctx.select(props.tag.id);
    if (props.activate === 'pulse' && !ctx.disabled) ctx.actions.pulse(props.tag, tag);
  };
  const menu = (target: Element, at: { x: number; y: number }) => {
    ctx.select(props.tag.id);
    if (ctx.actions.faults && !ctx.disabled) ctx.openMenu(props.tag, at, target);
  };
  return (
    <g
      class={`spot ${props.class ?? ''} ${look.classes}${selected ? ' is-selected' : ''}${hidden ? ' is-hidden-fault' : ''}`}
      role="button"
      tabIndex={0}
      aria-label={`${props.role} ${props.tag.name}: ${look.words}${hidden ? HIDDEN_WORDS : ''}`}
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
      {look.forced ? (
        <g
          class="mark mark-forced"
          aria-hidden="true"
          transform={`translate(${props.mark.x} ${props.mark.y})`}
        >
          <rect x={-11} y={-11} width={22} height={22} rx={4} />
          <text y={6}>F</text>
        </g>
      ) : null}
      {look.failure !== 'none' ? (
        <g
          class="mark mark-failed"
          aria-hidden="true"
          transform={`translate(${props.mark.x + (look.forced ? 26 : 0)} ${props.mark.y})`}
        >
          <rect x={-11} y={-11} width={22} height={22} rx={4} />
          <text y={6}>!</text>
        </g>
      ) : null}
      {hidden ? (
        <g
          class="mark mark-hidden"
          aria-hidden="true"
          data-hidden-fault={props.tag.name}
          transform={`translate(${props.mark.x + (look.forced ? 26 : 0) + (look.failure !== 'none' ? 26 : 0)} ${props.mark.y})`}
        >
          <rect x={-11} y={-11} width={70} height={22} rx={4} />
          <text x={24} y={6}>
            hidden
          </text>
        </g>
      ) : null}
    </g>
  );
}
