import { alongOf, beltKey } from './belt-spots.js';
import { around, beltMarks, type Box, box, boxPoly, onBelt, type Poly, polysOverlap } from './drawn-marks.js';
import { DRAWING_MEASURES, rowHeight, textWidth, type LabelMeasures } from './label-measures.js';
import type { LaidConveyor, PlantLayout } from './plant-types.js';
import { MarkSet } from './mark-set.js';
import { planSpots, type SpotBodies, type SpotPlan, spotMarks } from './spot-plan.js';
import type { PlacedSpot, StaticMark } from './spot-types.js';

// The one label placer of the Plant view (docs/ui.md, "Plant view"): every name the drawing
// writes beside a belt's mark (sensors, motors, gates) gets a level box near its mark that
// overlaps no other name, no drawn mark and no fault badge (spot-plan.ts places those first); a
// name that had to go further than LEADER_FROM from its mark gets a leader line to it. A machine's
// own texts are in its block (part-spots.ts). renderer/plant draws each name in its box;
// test/plant/labels.test.ts checks every built-in scene with these same boxes.

export type LabelKind = 'sensor' | 'drive' | 'gate';

export interface PlacedLabel {
  /** The key of the spot it names ("sensor <belt> <i>", "drive <belt> <i>"...). */
  readonly key: string;
  readonly kind: LabelKind;
  readonly text: string;
  /** Where it is drawn, level: the text starts at its left edge, centred on its height. */
  readonly box: Box;
  /** A line from the name to its mark, where the name sits away from it: page metres. */
  readonly leader?: { readonly from: readonly [number, number]; readonly to: readonly [number, number] };
}

export interface LabelPlan {
  readonly labels: readonly PlacedLabel[];
  readonly byKey: ReadonlyMap<string, PlacedLabel>;
  /** Everything a name keeps off: belts, machines, every tag's mark and fault badge. */
  readonly marks: readonly StaticMark[];
  /** The tags' own places, from which the labels were placed. */
  readonly spots: SpotPlan;
  /** The box that holds the layout's drawing, every mark, badge and label (it may start left of or above 0). */
  readonly frame: Box;
}

/** A name further than this from its mark (metres) is joined to it by a leader line. */
export const LEADER_FROM = 0.12;

interface Want {
  key: string;
  kind: LabelKind;
  text: string;
  candidates: Box[];
}

/**
 * Places every name of the drawing: motors' and gates' first (fewest choices), then sensors'. Each
 * takes its first candidate that overlaps nothing placed and no mark; where none is free (a crowded
 * scene file), the one that overlaps least, so labelClashes reports it.
 */
export function placeLabels(layout: PlantLayout, m: LabelMeasures = DRAWING_MEASURES): LabelPlan {
  const placed: PlacedLabel[] = [];
  // Names are placed between the marks and their badges: clear of every mark, and badges clear of them.
  const spots = planSpots(layout, m, (bodies) => {
    const marks = new MarkSet<StaticMark>([
      ...bodies.statics,
      ...bodies.spots.map((s) => ({ what: s.key, poly: s.body })),
    ]);
    const names = new MarkSet<{ poly: Poly }>();
    // A lift's car carries names up and down its shaft: those are placed first, and the others
    // keep out of the column the car and its names sweep.
    const riding = new Set(layout.parts.flatMap((p) => (p.tracks.length > 0 ? p.carries : [])));
    const rides = (w: Want) => riding.has(bodies.byKey.get(w.key)!.owner.slice('belt '.length));
    const wants = layout.conveyors
      .flatMap((c) => beltLabels(c, bodies, m))
      .sort((a, b) => Number(rides(b)) - Number(rides(a)) || ORDER[a.kind] - ORDER[b.kind]);
    let swept: MarkSet<{ poly: Poly }> | undefined;
    for (const w of wants) {
      let best: Box | undefined;
      let fewest = Infinity;
      const { body } = bodies.byKey.get(w.key)!;
      const away = rides(w) ? undefined : (swept ??= new MarkSet(sweeps(layout, bodies, placed)));
      for (const b of w.candidates) {
        // Overlaps first; then a leader that would cross another name or leader: lines must not tangle.
        const poly = boxPoly(b);
        let n = (names.count(poly) + marks.count(poly) + (away?.count(poly) ?? 0)) * 100;
        if (n < fewest) n += leaderCrossings(leaderOf(b, body), placed, marks.items, w.key);
        if (n < fewest) [best, fewest] = [b, n];
        if (n === 0) break;
      }
      const leader = leaderOf(best!, body);
      placed.push({ key: w.key, kind: w.kind, text: w.text, box: best!, ...(leader ? { leader } : {}) });
      names.add({ poly: boxPoly(best!) });
    }
    return placed.map((l) => boxPoly(l.box));
  });
  const marks = [...spots.statics, ...spotMarks(spots)];
  return {
    labels: placed,
    byKey: new Map(placed.map((l) => [l.key, l])),
    marks,
    spots,
    frame: frameOf(layout, placed, marks),
  };
}

/**
 * The column each lift's car sweeps with what it carries (its platform, their marks and names)
 * from the bottom of its shaft to the top.
 */
function sweeps(layout: PlantLayout, bodies: SpotBodies, placed: readonly PlacedLabel[]): { poly: Poly }[] {
  return layout.parts.flatMap((p) => {
    const tracks = layout.conveyors.filter((c) => p.tracks.includes(c.name));
    if (tracks.length === 0) return [];
    const home = tracks[0]!.y;
    const ends = tracks.flatMap((c) => [c.y, onBelt(c, c.drawnLength, 0).y]);
    const carried = new Set(p.carries.map((c) => `belt ${c}`));
    const polys: Poly[] = [
      ...layout.conveyors
        .filter((c) => carried.has(`belt ${c.name}`))
        .flatMap((c) => beltMarks(c).map((k) => k.poly)),
      ...bodies.spots.filter((s) => carried.has(s.owner)).map((s) => s.body),
      ...placed.filter((l) => carried.has(bodies.byKey.get(l.key)!.owner)).map((l) => boxPoly(l.box)),
    ];
    if (polys.length === 0) return [];
    const xs = polys.flatMap((q) => q.map(([x]) => x));
    const ys = polys.flatMap((q) => q.map(([, y]) => y));
    const top = Math.min(...ys) + Math.min(...ends) - home;
    const bottom = Math.max(...ys) + Math.max(...ends) - home;
    return [{ poly: boxPoly(box(Math.min(...xs), top, Math.max(...xs) - Math.min(...xs), bottom - top)) }];
  });
}

/** Every pair that overlaps in a plan: "label / label" or "label / mark". Empty when all is clear. */
export function labelClashes(plan: Pick<LabelPlan, 'labels' | 'marks'>): string[] {
  const out: string[] = [];
  plan.labels.forEach((a, i) => {
    for (const b of plan.labels.slice(i + 1))
      if (polysOverlap(boxPoly(a.box), boxPoly(b.box)))
        out.push(`${a.key} "${a.text}" / ${b.key} "${b.text}"`);
    for (const mark of plan.marks)
      if (polysOverlap(boxPoly(a.box), mark.poly)) out.push(`${a.key} "${a.text}" / ${mark.what}`);
  });
  return out;
}

const ORDER: Record<LabelKind, number> = { drive: 0, gate: 1, sensor: 2 };

/** The names a belt carries beside its marks: its sensors' (not a reader's: its readout is named), motors' and gates'. */
function beltLabels(c: LaidConveyor, spots: SpotBodies, m: LabelMeasures): Want[] {
  const half = c.width / 2;
  const h = rowHeight(m);
  const wants: Want[] = [];
  const along = (s: Omit<PlacedSpot, 'badge'>) => alongOf(c, s.body, s.at);
  c.sensors.forEach((s, i) => {
    const spot = spots.byKey.get(beltKey('sensor', c.name, i));
    if (!spot || spot.kind === 'reader') return;
    // Sensors alternate sides, so names of close sensors start apart.
    const side = i % 2 === 0 ? -1 : 1;
    const w = textWidth(s.tag.name, m);
    wants.push({
      key: spot.key,
      kind: 'sensor',
      text: s.tag.name,
      candidates: around(c, along(spot), side, half + 0.28, w, h),
    });
  });
  for (const [kind, tags] of [
    ['drive', c.drive],
    ['gate', c.exits.flatMap((e) => e.gates)],
  ] as const)
    tags.forEach((t, k) => {
      const spot = spots.byKey.get(beltKey(kind, c.name, k));
      if (!spot) return;
      const w = textWidth(t.name, m);
      const side = spot.side ?? 1;
      const out = half + 0.36;
      const level = Math.abs(c.angle) < 1 || Math.abs(Math.abs(c.angle) - 180) < 1;
      // On a level belt, first beside its mark, on its row.
      const beside = onBelt(c, along(spot) + 0.42, side * (half + 0.2));
      wants.push({
        key: spot.key,
        kind,
        text: t.name,
        candidates: [
          ...(level ? [box(beside.x, beside.y - h / 2, w, h)] : []),
          ...around(c, along(spot) + 0.18, side, out, w, h),
        ],
      });
    });
  return wants;
}

type Point = readonly [number, number];

/**
 * How badly a leader would cross what is drawn: each name or leader it crosses counts 1, each
 * mark (a belt, its own included: a name across its belt from its motor) 3.
 */
function leaderCrossings(
  leader: PlacedLabel['leader'],
  placed: readonly PlacedLabel[],
  marks: readonly StaticMark[],
  key: string,
): number {
  if (!leader) return 0;
  const crosses = (poly: Poly) =>
    poly.some((c, i) => segmentsCross(leader.from, leader.to, c, poly[(i + 1) % poly.length]!));
  let n = 0;
  for (const l of placed) {
    if (l.leader && segmentsCross(leader.from, leader.to, l.leader.from, l.leader.to)) n++;
    if (crosses(boxPoly(l.box))) n++;
  }
  for (const mark of marks) if (mark.what !== key && crosses(mark.poly)) n += 3;
  return n;
}

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) =>
    (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const [d1, d2, d3, d4] = [side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)];
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** A leader from a name's box to its mark, where the name is further than LEADER_FROM from it. */
export function leaderOf(b: Box, body: Poly): PlacedLabel['leader'] {
  let best: { d: number; from: Point; to: Point } | undefined;
  const corners: Point[] = [
    [b.x, b.y],
    [b.x + b.width, b.y],
    [b.x + b.width, b.y + b.height],
    [b.x, b.y + b.height],
  ];
  const clampToBox = ([x, y]: Point): Point => [
    Math.min(Math.max(x, b.x), b.x + b.width),
    Math.min(Math.max(y, b.y), b.y + b.height),
  ];
  const consider = (from: Point, to: Point) => {
    const d = Math.hypot(to[0] - from[0], to[1] - from[1]);
    if (!best || d < best.d) best = { d, from, to };
  };
  // The nearest pair of a box and a convex polygon: a corner of one and an edge of the other.
  body.forEach((p, i) => {
    const q = body[(i + 1) % body.length]!;
    consider(clampToBox(p), p);
    for (const c of corners) consider(c, nearestOn(p, q, c));
  });
  return best && best.d > LEADER_FROM ? { from: best.from, to: best.to } : undefined;
}

/** The point of segment p-q nearest to c. */
function nearestOn(p: Point, q: Point, c: Point): Point {
  const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / len2));
  return [p[0] + t * dx, p[1] + t * dy];
}

/** The layout's box grown to hold every mark, badge and label. */
function frameOf(layout: PlantLayout, labels: readonly PlacedLabel[], marks: readonly StaticMark[]): Box {
  let [left, top, right, bottom] = [0, 0, layout.width, layout.height];
  const grow = (x: number, y: number) => {
    left = Math.min(left, x - 0.1);
    top = Math.min(top, y - 0.1);
    right = Math.max(right, x + 0.1);
    bottom = Math.max(bottom, y + 0.1);
  };
  for (const { poly } of marks) for (const [x, y] of poly) grow(x, y);
  for (const { box: b } of labels) {
    grow(b.x, b.y);
    grow(b.x + b.width, b.y + b.height);
  }
  return box(left, top, right - left, bottom - top);
}
