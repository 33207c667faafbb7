import {
  BEAM,
  around,
  beltMarks,
  type Box,
  box,
  boxPoly,
  chipCell,
  CHIP,
  GATE,
  gateAt,
  MOTOR,
  motorAt,
  onBelt,
  partBody,
  type Poly,
  polysOverlap,
  ratioOf,
  READER,
  tankMarks,
  VALVE_TEXT,
} from './drawn-marks.js';
import { DRAWING_MEASURES, rowHeight, textWidth, type LabelMeasures } from './label-measures.js';
import type { LaidConveyor, LaidPart, PlacedTag, PlantLayout } from './plant-types.js';

// The one label placer of the Plant view (docs/ui.md, "Plant view"): every name the drawing
// writes (sensors, motors, gates, readouts, machines and their chips) gets a level box near what
// it names that overlaps no other label and no drawn mark. renderer/plant draws each label in its
// box; test/plant/labels.test.ts checks every built-in scene with these same boxes.

export type LabelKind = 'sensor' | 'reading' | 'drive' | 'gate' | 'part' | 'chip' | 'readout';

export interface PlacedLabel {
  /** What it names, unique in a drawing: "sensor <belt> <i>", "drive <belt> <i>", "part <label>"… */
  readonly key: string;
  readonly kind: LabelKind;
  readonly text: string;
  /** The mark it belongs to and may sit on (a machine's title and chips are on the machine). */
  readonly owner?: string;
  /** Where it is drawn, level: the text starts at its left edge, centred on its height. */
  readonly box: Box;
}

export interface LabelPlan {
  readonly labels: readonly PlacedLabel[];
  readonly byKey: ReadonlyMap<string, PlacedLabel>;
  /** The drawn marks labels keep off: belts, tracks, beams, motors, gates, machines. */
  readonly marks: readonly { readonly what: string; readonly poly: Poly }[];
  /** The box that holds the layout's drawing and every label (it may start left of or above 0). */
  readonly frame: Box;
}

interface Want {
  key: string;
  kind: LabelKind;
  text: string;
  /** The mark it belongs to, which it may sit on (a machine's own title and chips). */
  owner?: string;
  /** Where it may go, best first; a fixed label has one. */
  candidates: Box[];
}

/** Key of a label of a belt's sensor, motor or gate (the `i`th of its kind on that belt). */
export const labelKey = (kind: LabelKind, owner: string, i = 0) => `${kind} ${owner} ${i}`;

/**
 * Places every label of the drawing: first those that cannot move (a machine's title and chips),
 * then those with fewest choices (readouts, motor and gate names), then sensor names. Each takes
 * its first candidate that overlaps nothing placed and no mark; where none is free (a crowded
 * scene file), the one that overlaps least, so labelClashes reports it.
 */
export function placeLabels(layout: PlantLayout, m: LabelMeasures = DRAWING_MEASURES): LabelPlan {
  const marks = [
    ...layout.conveyors.flatMap(beltMarks),
    ...layout.parts.map((p) => ({ what: `part ${p.label}`, poly: boxPoly(partBody(p)) })),
  ];
  const wants = [
    ...layout.parts.flatMap((p) => partLabels(p, m)),
    ...layout.conveyors.flatMap((c) => beltLabels(c, m)),
  ].sort((a, b) => rank(a) - rank(b));
  const placed: PlacedLabel[] = [];
  for (const w of wants) {
    let best: Box | undefined;
    let fewest = Infinity;
    for (const b of w.candidates) {
      const n = clashesOf(b, w.owner, placed, marks);
      if (n < fewest) [best, fewest] = [b, n];
      if (n === 0) break;
    }
    placed.push({
      key: w.key,
      kind: w.kind,
      text: w.text,
      ...(w.owner ? { owner: w.owner } : {}),
      box: best!,
    });
  }
  return {
    labels: placed,
    byKey: new Map(placed.map((l) => [l.key, l])),
    marks,
    frame: frameOf(layout, placed, marks),
  };
}

/** Every pair that overlaps in a plan: "label / label" or "label / mark". Empty when all is clear. */
export function labelClashes(plan: Pick<LabelPlan, 'labels' | 'marks'>): string[] {
  const out: string[] = [];
  plan.labels.forEach((a, i) => {
    for (const b of plan.labels.slice(i + 1))
      if (polysOverlap(boxPoly(a.box), boxPoly(b.box)))
        out.push(`${a.key} "${a.text}" / ${b.key} "${b.text}"`);
    for (const mark of plan.marks)
      if (mark.what !== a.owner && polysOverlap(boxPoly(a.box), mark.poly))
        out.push(`${a.key} "${a.text}" / ${mark.what}`);
  });
  return out;
}

const ORDER: Record<LabelKind, number> = {
  part: 0,
  chip: 0,
  readout: 0,
  reading: 1,
  drive: 2,
  gate: 3,
  sensor: 4,
};
const rank = (w: Want) => ORDER[w.kind];

function clashesOf(
  b: Box,
  owner: string | undefined,
  placed: readonly PlacedLabel[],
  marks: LabelPlan['marks'],
): number {
  const poly = boxPoly(b);
  let n = 0;
  for (const l of placed) if (polysOverlap(poly, boxPoly(l.box))) n++;
  for (const mark of marks) if (mark.what !== owner && polysOverlap(poly, mark.poly)) n++;
  return n;
}

/** The names a belt carries: its sensors', readouts, motors' and gates'. */
function beltLabels(c: LaidConveyor, m: LabelMeasures): Want[] {
  const half = c.width / 2;
  const ratio = ratioOf(c);
  const h = rowHeight(m);
  const wants: Want[] = [];
  c.sensors.forEach((s, i) => {
    if (s.echo) return;
    const mid = ((s.from + s.to) / 2) * ratio;
    // Sensors alternate sides, so names of close sensors start apart.
    const side = i % 2 === 0 ? -1 : 1;
    if (s.reads)
      wants.push({
        key: labelKey('reading', c.name, i),
        kind: 'reading',
        text: '',
        candidates: around(c, mid, side, half + 0.08, READER.width, READER.height),
      });
    else {
      const w = textWidth(s.tag.name, m);
      wants.push({
        key: labelKey('sensor', c.name, i),
        kind: 'sensor',
        text: s.tag.name,
        candidates: around(c, mid, side, half + BEAM.reach + 0.03, w, h),
      });
    }
  });
  c.drive.forEach((t, k) => {
    const at = motorAt(k);
    const w = textWidth(t.name, m);
    const level = Math.abs(c.angle) < 1;
    // On a level belt, beside its motor; else (and where that is taken) away from the belt.
    const beside = onBelt(c, at + MOTOR.to + 0.06, half + MOTOR.out + MOTOR.depth / 2);
    wants.push({
      key: labelKey('drive', c.name, k),
      kind: 'drive',
      text: t.name,
      candidates: [
        ...(level ? [box(beside.x, beside.y - h / 2, w, h)] : []),
        ...around(c, at + (MOTOR.from + MOTOR.to) / 2, 1, half + MOTOR.out + MOTOR.depth + 0.02, w, h),
      ],
    });
  });
  c.exits
    .flatMap((e) => e.gates)
    .forEach((t, k) => {
      const w = textWidth(t.name, m);
      wants.push({
        key: labelKey('gate', c.name, k),
        kind: 'gate',
        text: t.name,
        candidates: around(c, gateAt(c, k) + GATE.width / 2, -1, half + GATE.out + GATE.depth + 0.02, w, h),
      });
    });
  return wants;
}

/** A chip's name font (plant-parts.css, .chip-text) and the lamp before it. */
const CHIP_FONT = 0.16;
const CHIP_LAMP = 0.22;
/** A chip's text, with room for its value where it has one. */
const chipText = (t: PlacedTag) =>
  t.type === 'Bit' ? t.name : `${t.name} ${t.type === 'Int' ? '00' : '0.00'}`;

/** A machine's texts, where PlantParts draws them: its title, readouts and chips. Fixed. */
function partLabels(p: LaidPart, m: LabelMeasures): Want[] {
  const owner = `part ${p.label}`;
  const fixed = (kind: LabelKind, i: number, text: string, b: Box): Want => ({
    key: `${kind} ${p.label} ${i}`,
    kind,
    text,
    owner,
    candidates: [b],
  });
  const title = 0.2;
  const wants: Want[] = [];
  // Chips stand in columns as wide as the part's widest chip (at least CHIP.width), so none runs into the next.
  const chips = (tags: LaidPart['tags'], x: number, y: number, width: number) => {
    const texts = tags.map((t) => chipText(t.tag));
    const cell = Math.max(CHIP.width, ...texts.map((t) => CHIP_LAMP + textWidth(t, m, CHIP_FONT) + 0.1));
    texts.forEach((text, i) => {
      const at = chipCell(i, width, cell);
      wants.push(
        fixed(
          'chip',
          i,
          text,
          box(x + at.x, y + at.y, CHIP_LAMP + textWidth(text, m, CHIP_FONT), CHIP.height - 0.04),
        ),
      );
    });
  };
  const used = new Set(
    p.tags
      .filter((t) => ['level', 'fill', 'drain', 'setpoint', 'position', 'command'].includes(t.role))
      .map((t) => t.tag.id),
  );
  const others = p.tags.filter((t) => !used.has(t.tag.id));
  if (p.part === 'tank') {
    // The tank's own texts: the set point's name (at any height beside the body) and the valves'.
    const t = tankMarks(p.width, p.height);
    const setpoint = p.tags.find((x) => x.role === 'setpoint')?.tag;
    if (setpoint) {
      const w = textWidth(`${setpoint.name} 00.00`, m);
      const top = p.y + t.body.y - m.fontSize;
      wants.push(
        fixed(
          'readout',
          0,
          setpoint.name,
          box(p.x + t.setpointTextEnd - w, top, w, t.body.height + 2 * m.fontSize),
        ),
      );
    }
    (['fill', 'drain'] as const).forEach((role, i) => {
      const valve = p.tags.find((x) => x.role === role)?.tag;
      if (!valve) return;
      const at = role === 'fill' ? t.fillValve : t.drainValve;
      const text = `${valve.name} ${valve.type === 'Bit' ? 'closed' : '00.00'}`;
      const baseline = p.y + at.y + VALVE_TEXT.baseline;
      wants.push(
        fixed(
          'readout',
          i + 1,
          text,
          box(p.x + at.x + VALVE_TEXT.dx, baseline - m.fontSize, textWidth(text, m), rowHeight(m)),
        ),
      );
    });
    chips(others, p.x, p.y + p.height + 0.1, p.width);
  } else if (p.part === 'axis' || p.part === 'crane' || p.part === 'elevator') {
    wants.push(
      fixed(
        'part',
        0,
        p.label,
        box(p.x + 0.04, p.y - 0.08 - title, textWidth(p.label, m, title) * 1.08, title + 0.04),
      ),
    );
    const position = p.tags.find((t) => t.role === 'position')?.tag;
    const command = p.tags.find((t) => t.role === 'command')?.tag;
    const right = p.x + p.width + 0.1;
    if (position)
      wants.push(
        fixed(
          'readout',
          0,
          `${position.name}: 00.00`,
          box(
            right,
            p.y + p.height / 2 - 0.16 - m.fontSize,
            textWidth(`${position.name}: 00.00`, m),
            rowHeight(m),
          ),
        ),
      );
    if (command)
      wants.push(
        fixed(
          'readout',
          1,
          `${command.name}: far end`,
          box(
            right,
            p.y + p.height / 2 + 0.24 - m.fontSize,
            textWidth(`${command.name}: far end`, m),
            rowHeight(m),
          ),
        ),
      );
    chips(others, p.x, p.y + p.height + 0.14, Math.max(p.width, 2.6));
  } else {
    wants.push(
      fixed(
        'part',
        0,
        p.label,
        box(p.x + 0.08, p.y + 0.06, textWidth(p.label, m, title) * 1.08, title + 0.04),
      ),
    );
    chips(p.tags, p.x + 0.08, p.y + 0.4, p.width - 0.16);
  }
  return wants;
}

/** How far right of a mark its fault badges reach (TagSpot: F, !, and the lab's "hidden"). */
const FAULT_BADGES = 1.0;

/** The layout's box grown to hold every label and every mark's fault badges. */
function frameOf(layout: PlantLayout, labels: readonly PlacedLabel[], marks: LabelPlan['marks']): Box {
  let [left, top, right, bottom] = [0, 0, layout.width, layout.height];
  // A spot's fault badges (F, !, hidden) stand right of its mark: room for them past the last mark.
  for (const { poly } of marks) for (const [x] of poly) right = Math.max(right, x + FAULT_BADGES);
  for (const { box: b } of labels) {
    left = Math.min(left, b.x - 0.1);
    top = Math.min(top, b.y - 0.1);
    right = Math.max(right, b.x + b.width + 0.1);
    bottom = Math.max(bottom, b.y + b.height + 0.1);
  }
  return box(left, top, right - left, bottom - top);
}
