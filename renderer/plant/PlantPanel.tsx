import { useContext, useRef } from 'preact/hooks';
import type { IoGroup, LaidPanel, PanelControl } from '../../shared/plant/plant-types.js';
import { PlantCtx } from './plant-context.js';
import { HIDDEN_WORDS } from './TagSpot.js';
import { readout, tagLook, tagTooltip } from './tag-look.js';

/** The scene's control panel: push buttons, selectors, lights and counters, as on the machine. */
export function ControlPanel({ panel }: { panel: LaidPanel }) {
  return (
    <section class="plant-panel control-panel" aria-label="Control panel">
      <h3 class="plant-panel-title">Control panel</h3>
      <div class="panel-controls">
        {panel.controls.map((c) => (
          <Control key={c.tag.id} control={c} />
        ))}
      </div>
    </section>
  );
}

/** The tags no machine shows: lamps for sensors, switches for actuators, readouts for numbers. */
export function IoPanel({ groups, title }: { groups: readonly IoGroup[]; title: string }) {
  if (groups.length === 0) return null;
  return (
    <section class="plant-panel io-panel" aria-label={title}>
      <h3 class="plant-panel-title">{title}</h3>
      {groups.map((g) => (
        <div key={g.title} class="io-group" role="group" aria-label={g.title}>
          <h4 class="io-group-title">{g.title}</h4>
          <div class="panel-controls">
            {g.controls.map((c) => (
              <Control key={c.tag.id} control={c} />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

const WORDS: Record<PanelControl['control'], string> = {
  button: 'Push button',
  latch: 'Latching button',
  selector: 'Selector',
  light: 'Light',
  display: 'Display',
  lamp: 'Sensor',
  switch: 'Actuator',
};

/**
 * One control. A push button is pressed while held (pointer or Space / Enter) and let go after;
 * a latching button or selector changes position per click; a lamp (sensor) is pulsed; a switch
 * (actuator) is flipped; lights and displays select their tag. Every click selects the tag; the
 * context menu (or Shift+F10) opens the tag menu.
 */
function Control({ control: c }: { control: PanelControl }) {
  const ctx = useContext(PlantCtx)!;
  const held = useRef(false);
  const tag = ctx.store.get(c.tag.id);
  const look = tagLook(tag);
  const momentary = c.control === 'button';
  const down = () => {
    ctx.select(c.tag.id);
    if (!momentary || held.current || ctx.disabled || !ctx.actions) return;
    held.current = true;
    ctx.actions.press(c);
  };
  const up = () => {
    if (!held.current) return;
    held.current = false;
    ctx.actions?.letGo(c);
  };
  const click = () => {
    ctx.select(c.tag.id);
    if (ctx.disabled) return;
    if (c.control === 'latch' || c.control === 'selector' || c.control === 'switch')
      ctx.actions?.toggle(c, tag);
    else if (c.control === 'lamp') ctx.actions?.pulse(c.tag, tag);
  };
  const value = c.tag.type === 'Bit' ? '' : readout(tag);
  const pressed = momentary ? look.on !== !c.normallyClosed : undefined;
  const hidden = ctx.hiddenFaults?.has(c.tag.id) ?? false;
  return (
    <button
      type="button"
      class={`panel-control control-${c.control} colour-${c.colour} ${look.classes}${
        ctx.selectedId === c.tag.id ? ' is-selected' : ''
      }${hidden ? ' is-hidden-fault' : ''}`}
      title={tagTooltip(c.tag, look, WORDS[c.control])}
      data-tag={c.tag.name}
      onPointerDown={(event) => {
        if (event.button === 0) down();
      }}
      onPointerUp={up}
      onPointerLeave={up}
      onKeyDown={(event) => {
        if ((event.key === ' ' || event.key === 'Enter') && momentary) {
          event.preventDefault();
          if (!event.repeat) down();
        } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
          event.preventDefault();
          const box = event.currentTarget.getBoundingClientRect();
          if (ctx.actions?.faults && !ctx.disabled)
            ctx.openMenu(c.tag, { x: box.left, y: box.bottom }, event.currentTarget);
        }
      }}
      onKeyUp={(event) => {
        if (event.key === ' ' || event.key === 'Enter') up();
      }}
      onBlur={up}
      onClick={momentary ? undefined : click}
      onContextMenu={(event) => {
        event.preventDefault();
        ctx.select(c.tag.id);
        if (ctx.actions?.faults && !ctx.disabled)
          ctx.openMenu(c.tag, { x: event.clientX, y: event.clientY }, event.currentTarget);
      }}
    >
      {/* The name as shown, between words for a screen reader: no aria-label to drift from it. */}
      <span class="visually-hidden">{WORDS[c.control]} </span>
      <span class="control-name">{c.tag.name}</span>
      <span class="visually-hidden">
        : {look.words}
        {c.normallyClosed ? ', normally closed' : ''}
        {hidden ? HIDDEN_WORDS : ''}
      </span>
      <span class="control-face" aria-hidden="true" data-pressed={pressed ? 'true' : undefined}>
        {c.control === 'display' ? <span class="display-value">{value}</span> : null}
      </span>

      <span class="control-marks" aria-hidden="true">
        {look.forced ? <span class="flag flag-forced">F</span> : null}
        {look.failure !== 'none' ? <span class="flag flag-failed">!</span> : null}
        {hidden ? <span class="flag flag-hidden">hidden</span> : null}
      </span>
    </button>
  );
}
