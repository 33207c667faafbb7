import type { LaidConveyor } from './plant-types.js';

// Where the Plant view draws the marks of a belt (motors, beams, gate paddles, feeder, sink), what
// space a machine takes, and the places near a belt a name may take, in metres of the layout. The label placer (labels.ts) keeps names off
// them and renderer/plant draws them from the same numbers, so the two cannot drift apart.

/** A convex polygon, corners in order, in metres of the drawing (x right, y down). */
export type Poly = readonly (readonly [number, number])[];

/** A level box: top-left corner and size, metres. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A motor's body: along the belt this long, out from the belt's edge from `out`, this deep. */
export const MOTOR = { length: 0.36, out: 0.08, depth: 0.24 } as const;
/** A gate's paddle (a transfer, a pusher, a sorter arm): along the belt, out from its edge, deep. */
export const GATE = { width: 0.32, out: 0.08, depth: 0.26 } as const;
/** A beam's heads reach this far out from the belt's edges, and are this wide. */
export const BEAM = { reach: 0.24, width: 0.14 } as const;
/** A beam's hit area (and focus ring) is this wide; beams of one place are fanned out this far apart. */
export const BEAM_HIT = 0.26;
export const BEAM_PITCH = 0.3;
/** A sensor wider than this is drawn as a zone on the belt, not a beam across it. */
export const ZONE_MIN = 0.4;
/** A reading sensor's readout box. */
export const READER = { width: 0.72, height: 0.34 } as const;
/** A part's chips (lamps and switches with their names): cells of this size, in rows. */
export const CHIP = { width: 1.8, height: 0.3 } as const;

export const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });

export function boxPoly(b: Box): Poly {
  return [
    [b.x, b.y],
    [b.x + b.width, b.y],
    [b.x + b.width, b.y + b.height],
    [b.x, b.y + b.height],
  ];
}

/** A point `along` the belt from its start and `across` it (+ its right side, y down when level). */
export function onBelt(c: Pick<LaidConveyor, 'x' | 'y' | 'angle'>, along: number, across: number) {
  const a = (c.angle * Math.PI) / 180;
  return {
    x: c.x + Math.cos(a) * along - Math.sin(a) * across,
    y: c.y + Math.sin(a) * along + Math.cos(a) * across,
  };
}

/** A rectangle of the belt's own frame (along from..to, across from..to) in the drawing. */
export function beltRect(
  c: Pick<LaidConveyor, 'x' | 'y' | 'angle'>,
  along: readonly [number, number],
  across: readonly [number, number],
): Poly {
  return [
    [along[0], across[0]],
    [along[1], across[0]],
    [along[1], across[1]],
    [along[0], across[1]],
  ].map(([u, v]) => {
    const p = onBelt(c, u!, v!);
    return [p.x, p.y] as const;
  });
}

/** Drawn metres per metre of the model. */
export const ratioOf = (c: Pick<LaidConveyor, 'length' | 'drawnLength'>) =>
  c.length > 0 ? c.drawnLength / c.length : 1;

/**
 * The marks of one belt that stand for no tag: its belt (with its frame), feeder and sink. A track
 * (a conveyor of the model that is a motion: a gripper's travel, a lift's ride) is a faint line
 * under everything, no mark; nor has it a sink.
 */
export function beltMarks(c: LaidConveyor): { what: string; poly: Poly }[] {
  const half = c.width / 2;
  const len = c.drawnLength;
  const marks: { what: string; poly: Poly }[] = [];
  if (c.look !== 'path')
    marks.push({
      what: `belt ${c.name}`,
      poly: beltRect(c, [-0.04, len + 0.04], [-half - 0.04, half + 0.04]),
    });
  if (c.feeder && c.look !== 'path')
    marks.push({ what: `feeder ${c.name}`, poly: beltRect(c, [-0.18, -0.04], [-half - 0.1, half + 0.1]) });
  if (c.removesAtEnd && c.look !== 'path')
    marks.push({ what: `sink ${c.name}`, poly: beltRect(c, [len + 0.06, len + 0.2], [-half, half]) });
  return marks;
}

/**
 * Where a tank's own marks are drawn, in metres from its part's corner: the body, the inlet and
 * outlet valves' centres, and the right end of the set point's name (drawn left of the body, at
 * the set point's height). renderer/plant/PlantParts.tsx draws them there; the label placer keeps
 * other names off their texts, and the drawing's box holds them.
 */
export function tankMarks(width: number, height: number) {
  const body = box(width * 0.2, 0.5, width * 0.6, height - 1.1);
  const valveX = body.x + body.width / 2;
  return {
    body,
    fillValve: { x: valveX, y: 0.2 },
    drainValve: { x: valveX, y: body.y + body.height + 0.3 },
    setpointTextEnd: body.x - 0.14,
  };
}

/** A tank valve's name starts this far right of the valve's centre, on a baseline this far below it. */
export const VALVE_TEXT = { dx: 0.3, baseline: 0.05 } as const;

/** How many steps a label may slide along its belt: rows beside an upright belt, quarter widths along a level one. */
const SHIFTS_ALONG = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6];
const SHIFTS_ACROSS = [0, 1, -1, 2, -2, 3, -3, 4, -4];

/**
 * Boxes near a point of a belt, best first: out from its `side` (-1 left, +1 right of the way
 * items go), row by row further out, slid along the belt, then on the other side.
 */
export function around(
  c: LaidConveyor,
  along: number,
  side: number,
  out: number,
  w: number,
  h: number,
): Box[] {
  const a = (c.angle * Math.PI) / 180;
  const options: { b: Box; cost: number }[] = [];
  for (const s of [side, -side]) {
    const ox = -Math.sin(a) * s;
    const oy = Math.cos(a) * s;
    const sideways = Math.abs(ox) > 0.5;
    const step = sideways ? h + 0.02 : w / 4 + 0.03;
    // Rows close in first, then further out (up to about 2 m beside an upright belt), for a name
    // that has to clear what sweeps past its mark (a lift's car).
    const outAt = (row: number) =>
      sideways ? (row < 5 ? row * 0.15 : 0.6 + (row - 4) * 0.3) : row * (h + 0.02);
    for (let row = 0; row < (sideways ? 10 : 7); row++)
      for (const shift of sideways ? SHIFTS_ALONG : SHIFTS_ACROSS) {
        const p = onBelt(c, along + shift * step, s * (out + outAt(row)));
        const b = sideways
          ? box(ox > 0 ? p.x : p.x - w, p.y - h / 2, w, h)
          : box(p.x - w / 2, oy > 0 ? p.y : p.y - h, w, h);
        options.push({ b, cost: row + Math.abs(shift) * (sideways ? 0.7 : 0.4) + (s === side ? 0 : 1.6) });
      }
  }
  return options.sort((x, y) => x.cost - y.cost).map((o) => o.b);
}

/** A polygon's level bounds: left, top, right, bottom. */
export function boundsOf(poly: Poly): [number, number, number, number] {
  let [l, t, r, b] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of poly) {
    if (p[0] < l) l = p[0];
    if (p[0] > r) r = p[0];
    if (p[1] < t) t = p[1];
    if (p[1] > b) b = p[1];
  }
  return [l, t, r, b];
}

/** Whether two polygons' level bounds are apart (by more than `slack` less). */
function apartLevel(a: Poly, b: Poly, slack: number): boolean {
  const [al, at, ar, ab] = boundsOf(a);
  const [bl, bt, br, bb] = boundsOf(b);
  return ar - slack <= bl || br - slack <= al || ab - slack <= bt || bb - slack <= at;
}

/** Whether two convex polygons overlap by more than `slack` metres (separating axis theorem). */
export function polysOverlap(a: Poly, b: Poly, slack = 0.01): boolean {
  // Most marks are far apart: their level bounds part first, with no projections.
  if (apartLevel(a, b, slack)) return false;
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i]!;
      const [x2, y2] = poly[(i + 1) % poly.length]!;
      const len = Math.hypot(x2 - x1, y2 - y1);
      if (len === 0) continue;
      const nx = (y1 - y2) / len;
      const ny = (x2 - x1) / len;
      let aMin = Infinity;
      let aMax = -Infinity;
      let bMin = Infinity;
      let bMax = -Infinity;
      for (const [x, y] of a) {
        const d = x * nx + y * ny;
        aMin = Math.min(aMin, d);
        aMax = Math.max(aMax, d);
      }
      for (const [x, y] of b) {
        const d = x * nx + y * ny;
        bMin = Math.min(bMin, d);
        bMax = Math.max(bMax, d);
      }
      if (aMax - slack <= bMin || bMax - slack <= aMin) return false;
    }
  }
  return true;
}
