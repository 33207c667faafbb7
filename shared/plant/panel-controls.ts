import type { TagDefinition } from '../core/tag-types.js';
import { type Behaviour, isRule } from '../sim/behaviour-types.js';
import type { TagClaims } from './tag-claims.js';
import type { IoGroup, PanelControl, PanelControlKind } from './plant-types.js';

// The scene's control panel and the lamps-and-switches panel of the I/O no machine shows. The
// simulator's panels are named alike in every scene (docs/fidelity.md, "Panels"): Start, Stop,
// Reset, Emergency stop, Auto / Manual, "... light", Counter.

const PANEL_INPUT = /^(start|stop|reset|emergency stop|auto|manual)\b/i;
const PANEL_OUTPUT = /\blight$|\bcounter\b|\bcount$|^(timer|sp|pv)$/i;

/** Whether a tag is named as a part of the control panel. */
export function isPanelTag(tag: TagDefinition): boolean {
  return tag.kind === 'Input'
    ? tag.type === 'Bit' && PANEL_INPUT.test(tag.name)
    : PANEL_OUTPUT.test(tag.name);
}

/**
 * Bit Inputs that rest on: a normally closed button (Stop, Emergency stop). The scene says so by
 * their initial value, or the plant does by setting them from the start (`when: {always: true}`).
 */
export function restingOn(
  tags: readonly TagDefinition[],
  behaviours: readonly Behaviour[],
  claims: TagClaims,
) {
  const on = new Set(tags.filter((t) => t.type === 'Bit' && t.initial === true).map((t) => t.id));
  for (const b of behaviours) {
    if (!isRule(b) || !('always' in b.when)) continue;
    for (const a of b.then) {
      if ('set' in a && a.value === true) {
        const tag = claims.resolve(a.set, 'write');
        if (tag) on.add(tag.id);
      }
    }
  }
  return on;
}

/**
 * Tags in scene order, but those named alike but for a number ("Counter 3", "Counter 1",
 * "Counter 2") in the order of their numbers, where the first of them stands: a panel reads 1, 2, 3.
 */
export function numberedInOrder<T extends { readonly name: string }>(tags: readonly T[]): T[] {
  const stem = (name: string) => /^(.*?)\s*(\d+)$/.exec(name.trim());
  const groups = new Map<string, T[]>();
  for (const t of tags) {
    const m = stem(t.name);
    if (m) groups.set(m[1]!, [...(groups.get(m[1]!) ?? []), t]);
  }
  const sorted = new Map(
    [...groups].map(([k, g]) => [
      k,
      [...g].sort((a, b) => Number(stem(a.name)![2]) - Number(stem(b.name)![2])),
    ]),
  );
  return tags.map((t) => {
    const m = stem(t.name);
    return m ? sorted.get(m[1]!)!.shift()! : t;
  });
}

/** How a panel shows a tag: a button or selector (Bit Input), a light (Bit Output), a number. */
export function panelControl(tag: TagDefinition): PanelControlKind {
  if (tag.type !== 'Bit') return 'display';
  if (tag.kind === 'Output') return 'light';
  if (/^(auto|manual)\b/i.test(tag.name)) return 'selector';
  if (/^emergency stop/i.test(tag.name)) return 'latch';
  return 'button';
}

/** A button's or light's colour, from its name, as the simulator paints its panels. */
export function colourOf(name: string): PanelControl['colour'] {
  if (/stop|warning|alarm|fault/i.test(name)) return /warning/i.test(name) ? 'yellow' : 'red';
  if (/start|run|auto/i.test(name)) return 'green';
  if (/reset/i.test(name)) return 'yellow';
  if (/manual/i.test(name)) return 'blue';
  return 'white';
}

export function control(
  tag: TagDefinition,
  kind: PanelControlKind,
  normallyClosed: ReadonlySet<string>,
  claims: TagClaims,
): PanelControl | undefined {
  const placed = claims.claim(tag);
  if (!placed) return undefined;
  return {
    tag: placed,
    control: kind,
    normallyClosed: normallyClosed.has(tag.id),
    colour: colourOf(tag.name),
  };
}

/**
 * The tags left over, as a panel of lamps (sensors) and switches (actuators) grouped by kind and
 * type. Spare tags (named "-", as the simulator lists unused I/O) come last, in a group of their own.
 */
export function ioGroups(
  rest: readonly TagDefinition[],
  normallyClosed: ReadonlySet<string>,
  claims: TagClaims,
) {
  const groups: {
    title: string;
    pick: (t: TagDefinition) => boolean;
    kind: (t: TagDefinition) => PanelControlKind;
  }[] = [
    { title: 'Sensors', pick: (t) => t.kind === 'Input' && t.type === 'Bit', kind: () => 'lamp' },
    { title: 'Actuators', pick: (t) => t.kind === 'Output' && t.type === 'Bit', kind: () => 'switch' },
    { title: 'Readings', pick: (t) => t.kind === 'Input', kind: () => 'display' },
    { title: 'Set points and counters', pick: (t) => t.kind === 'Output', kind: () => 'display' },
  ];
  const spare = rest.filter((t) => t.name.trim() === '-');
  const named = rest.filter((t) => t.name.trim() !== '-');
  const out: IoGroup[] = [];
  for (const g of groups) {
    const controls = named
      .filter(g.pick)
      .map((t) => control(t, g.kind(t), normallyClosed, claims))
      .filter((c): c is PanelControl => c !== undefined);
    if (controls.length > 0) out.push({ title: g.title, controls });
  }
  const spares = spare
    .map((t) => control(t, t.kind === 'Input' ? 'lamp' : 'switch', normallyClosed, claims))
    .filter((c): c is PanelControl => c !== undefined);
  if (spares.length > 0) out.push({ title: 'Spare I/O (named "-")', controls: spares });
  return out;
}
