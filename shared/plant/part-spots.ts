import { type Box, box, boxPoly, CHIP, tankMarks, VALVE_TEXT } from './drawn-marks.js';
import { rowHeight, textWidth, type LabelMeasures } from './label-measures.js';
import type { LaidPart, PartRole, PlacedTag } from './plant-types.js';
import type { PlacedSpot, SpotKind, StaticMark } from './spot-types.js';

// Where a machine's own marks and texts are drawn: a tank's body, valves, level and set point; an
// axis's rail, a lift's mast, a crane's rail; and each machine's block of texts (its title, the
// readouts of its numbers and commands, a chip per other tag). renderer/plant/PlantParts.tsx draws
// them from these numbers; the spot planner (spot-plan.ts) places the blocks that may move.

/** A chip's name font (plant-parts.css, .chip-text), the lamp before it; a title's font. */
const CHIP_FONT = 0.16;
export const CHIP_LAMP = 0.22;
export const TITLE_FONT = 0.2;
/** An axis's rail and a lift's mast are this thick; a carriage this big. */
export const RAIL = 0.16;
export const CARRIAGE = { width: 0.56, height: 0.44 } as const;

/** One text of a machine's block, in metres from the block's corner. */
export interface BlockItem {
  readonly key: string;
  readonly kind: 'title' | 'readout' | 'chip' | 'motor';
  readonly text: string;
  readonly tag?: PlacedTag;
  readonly role?: PartRole;
  readonly box: Box;
}

/** A machine's texts as one block: fixed in place, or placed by the planner at the first free corner. */
export interface PartBlock {
  readonly part: string;
  readonly items: readonly BlockItem[];
  readonly width: number;
  readonly height: number;
  /** Corners it may take, best first (a fixed block has one). */
  readonly corners: readonly { x: number; y: number }[];
}

export interface PartPlan {
  readonly statics: StaticMark[];
  readonly spots: Omit<PlacedSpot, 'badge'>[];
  readonly block?: PartBlock;
}

/** The machines whose drawing moves with another's carriage (`on`), by their host. */
const mountedOn = (parts: readonly LaidPart[], host: string) => parts.filter((p) => p.on === host);

/** Every machine a host carries, and what those carry, and so on (a gantry's Z and the gripper on it). */
function carriedBy(parts: readonly LaidPart[], host: string, depth = 0): LaidPart[] {
  if (depth > 8) return [];
  return mountedOn(parts, host).flatMap((q) => [q, ...carriedBy(parts, q.label, depth + 1)]);
}

/** Roles a machine's drawing shows itself, not as a chip. */
const DRAWN_ROLES: readonly PartRole[] = ['level', 'fill', 'drain', 'setpoint'];
/** Roles shown as a readout line ("Move X: far end", "X: 3.20"). */
const READOUT_ROLES: readonly PartRole[] = ['position', 'target', 'command', 'reading'];

/** The text of a readout, at its widest (numbers to two decimals, a command's far end). */
export function readoutText(tag: PlacedTag, role: PartRole, value: string): string {
  return `${tag.name}: ${value}`;
}
const widestReadout = (tag: PlacedTag, role: PartRole) =>
  readoutText(tag, role, role === 'command' ? 'far end' : tag.type === 'Bit' ? 'OFF' : '000.00');
/** A chip's text, with room for its value where it has one. */
export const chipText = (t: PlacedTag) =>
  t.type === 'Bit' ? t.name : `${t.name} ${t.type === 'Int' ? '000' : '00.00'}`;

/** The block of a machine and of the machines it carries: a title, readouts, motors, chips in columns. */
function blockItems(
  p: LaidPart,
  mounted: readonly LaidPart[],
  m: LabelMeasures,
  title: boolean,
  width?: number,
) {
  const items: BlockItem[] = [];
  let y = 0;
  let right = 0;
  if (title) {
    const w = textWidth(p.label, m, TITLE_FONT) * 1.08;
    items.push({
      key: `part ${p.label} 0`,
      kind: 'title',
      text: p.label,
      box: box(0, 0, w, TITLE_FONT + 0.06),
    });
    y += TITLE_FONT + 0.12;
    right = w;
  }
  const tags = [p, ...mounted].flatMap((q) =>
    q.tags.filter((t) => !DRAWN_ROLES.includes(t.role)).map((t) => ({ ...t, part: q.label })),
  );
  const row = rowHeight(m);
  tags
    .filter((t) => READOUT_ROLES.includes(t.role))
    .forEach((t, i) => {
      const w = textWidth(widestReadout(t.tag, t.role), m);
      items.push({
        key: `readout ${p.label} ${i}`,
        kind: 'readout',
        text: t.tag.name,
        tag: t.tag,
        role: t.role,
        box: box(0, y, w, row),
      });
      y += row + 0.04;
      right = Math.max(right, w);
    });
  const rest = tags.filter((t) => !READOUT_ROLES.includes(t.role));
  const texts = rest.map((t) => chipText(t.tag));
  const cell = Math.max(CHIP.width, ...texts.map((t) => CHIP_LAMP + textWidth(t, m, CHIP_FONT) + 0.1));
  const columns = width !== undefined ? Math.max(1, Math.floor(width / cell)) : rest.length > 4 ? 2 : 1;
  rest.forEach((t, i) => {
    const at = { x: (i % columns) * cell, y: y + Math.floor(i / columns) * CHIP.height };
    const w = CHIP_LAMP + textWidth(texts[i]!, m, CHIP_FONT);
    const kind = t.role === 'drive' ? 'motor' : 'chip';
    items.push({
      key: `chip ${p.label} ${i}`,
      kind,
      text: t.tag.name,
      tag: t.tag,
      role: t.role,
      box: box(at.x, at.y, w, CHIP.height - 0.04),
    });
    right = Math.max(right, at.x + w);
  });
  const rows = Math.ceil(rest.length / columns);
  return { items, width: right, height: y + rows * CHIP.height };
}

/** Where an axis's, lift's or crane's block may go round its body, best first. */
function cornersAround(b: Box, w: number, h: number, prefer: 'above' | 'right') {
  const above = [
    { x: b.x, y: b.y - h - 0.12 },
    { x: b.x + b.width - w, y: b.y - h - 0.12 },
    { x: b.x + (b.width - w) / 2, y: b.y - h - 0.12 },
  ];
  const right = [
    { x: b.x + b.width + 0.2, y: b.y },
    { x: b.x + b.width + 0.2, y: b.y + b.height - h },
  ];
  const others = [
    { x: b.x, y: b.y + b.height + 0.12 },
    { x: b.x - w - 0.2, y: b.y },
    { x: b.x + b.width + 0.2, y: b.y - h - 0.12 },
    { x: b.x - w - 0.2, y: b.y - h - 0.12 },
  ];
  const first = prefer === 'above' ? [...above, ...right] : [...right, ...above];
  const out = [...first, ...others];
  // Then further out, in case the nearest are taken.
  for (const d of [0.5, 1, 1.5])
    out.push(
      ...first.map((c) => ({ x: c.x + (prefer === 'right' ? d : 0), y: c.y - (prefer === 'above' ? d : 0) })),
    );
  return out;
}

/**
 * An axis's rails: a gantry's two, along its box's long sides (its bridge travels between its
 * ends across them), or a lone z axis's upright gauge.
 */
export function rails(p: LaidPart): Box[] {
  if (p.axis === 'x') return [box(p.x, p.y, p.width, RAIL), box(p.x, p.y + p.height - RAIL, p.width, RAIL)];
  if (p.axis === 'y') return [box(p.x, p.y, RAIL, p.height), box(p.x + p.width - RAIL, p.y, RAIL, p.height)];
  return [box(p.x + p.width / 2 - RAIL / 2, p.y, RAIL, p.height)];
}

/** A lift's mast (its car rides up it). */
export const mastBox = (p: LaidPart) => box(p.x + p.width / 2 - RAIL / 2, p.y, RAIL, p.height);
/** A crane's rails: on the floor under its rack, and overhead. */
export const craneRails = (p: LaidPart) => [
  box(p.x, p.y + p.height + 0.02, p.width, RAIL),
  box(p.x, p.y - 0.18, p.width, RAIL),
];

function tankPlan(p: LaidPart, m: LabelMeasures): PartPlan {
  const t = tankMarks(p.width, p.height);
  const owner = `part ${p.label}`;
  const at = (b: Box) => box(p.x + b.x, p.y + b.y, b.width, b.height);
  const body = at(t.body);
  const spots: Omit<PlacedSpot, 'badge'>[] = [];
  const spot = (key: string, tag: PlacedTag, kind: SpotKind, b: Box) =>
    spots.push({ key, tag, kind, owner, body: boxPoly(b) });
  const role = (r: PartRole) => p.tags.find((x) => x.role === r)?.tag;
  const level = role('level');
  if (level) spot(`level ${p.label} 0`, level, 'level', body);
  const setpoint = role('setpoint');
  if (setpoint) {
    const w = textWidth(`${setpoint.name} 00.00`, m);
    spot(
      `setpoint ${p.label} 0`,
      setpoint,
      'setpoint',
      box(p.x + t.setpointTextEnd - w, body.y - m.fontSize, w, body.height + 2 * m.fontSize),
    );
  }
  (['fill', 'drain'] as const).forEach((r) => {
    const valve = role(r);
    if (!valve) return;
    const c = r === 'fill' ? t.fillValve : t.drainValve;
    const text = `${valve.name} ${valve.type === 'Bit' ? 'closed' : '00.00'}`;
    const x = p.x + c.x - 0.22;
    const right = p.x + c.x + VALVE_TEXT.dx + textWidth(text, m);
    spot(`valve ${p.label} ${r}`, valve, 'valve', box(x, p.y + c.y - 0.15, right - x, 0.3));
  });
  const chips = blockItems(p, [], m, false, p.width);
  return {
    statics: [{ what: owner, poly: boxPoly(body) }],
    spots,
    block: { part: p.label, ...chips, corners: [{ x: p.x, y: p.y + p.height + 0.1 }] },
  };
}

/**
 * The marks, fixed spots and block of each machine. Machines carried by another (`on`) have no
 * block of their own: their tags are in their host's.
 */
export function partPlan(p: LaidPart, parts: readonly LaidPart[], m: LabelMeasures): PartPlan {
  const owner = `part ${p.label}`;
  if (p.part === 'tank') return tankPlan(p, m);
  if (p.on !== undefined) return { statics: [], spots: [] };
  const mounted = carriedBy(parts, p.label);
  if (p.part === 'axis' || p.part === 'elevator' || p.part === 'crane' || p.part === 'turntable') {
    const bodies =
      p.part === 'axis'
        ? rails(p)
        : p.part === 'crane'
          ? craneRails(p)
          : [p.part === 'elevator' ? mastBox(p) : box(p.x, p.y, p.width, p.height)];
    const block = blockItems(p, mounted, m, true);
    const sweep = box(p.x, p.y, p.width, p.height);
    // A lift's block is its hoist, over its mast; a crane's is over its rack; a gantry's stands
    // above or beside its bridge.
    const prefer = p.part === 'turntable' || (p.part === 'axis' && p.axis === 'y') ? 'right' : 'above';
    return {
      statics: bodies.map((b) => ({ what: owner, poly: boxPoly(b) })),
      spots: [],
      block: { part: p.label, ...block, corners: cornersAround(sweep, block.width, block.height, prefer) },
    };
  }
  // A station: a block with its title and chips inside its box.
  const block = blockItems(p, mounted, m, true, p.width - 0.16);
  return {
    statics: [{ what: owner, poly: boxPoly(box(p.x, p.y, p.width, p.height)) }],
    spots: [],
    block: { part: p.label, ...block, corners: [{ x: p.x + 0.08, y: p.y + 0.06 }] },
  };
}
