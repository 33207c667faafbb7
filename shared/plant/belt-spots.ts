import {
  around,
  BEAM,
  BEAM_HIT,
  BEAM_PITCH,
  beltRect,
  box,
  boxPoly,
  GATE,
  MOTOR,
  type Poly,
  ratioOf,
  READER,
  ZONE_MIN,
} from './drawn-marks.js';
import { DRAWING_MEASURES, textWidth, type LabelMeasures } from './label-measures.js';
import type { LaidConveyor, LaidSensor } from './plant-types.js';
import { BADGE, type PlacedSpot, type SpotKind, type StaticMark } from './spot-types.js';

// Where a belt's tags are drawn: its sensors across it (beams of one place fanned out), the motors
// that drive it and the gates of its exits beside it, each in the first free slot.

/** A reading sensor's readout, at its widest: its name and its number. */
export const readerText = (name: string) => `${name}: 000.00`;

/** Key of a belt's sensor, motor or gate (the `i`th of its kind on that belt). */
export const beltKey = (kind: 'sensor' | 'drive' | 'gate', belt: string, i: number) => `${kind} ${belt} ${i}`;

/** How a sensor is drawn: a beam across the belt, a zone on it, a reader (zone and readout), or not at all. */
export function sensorKind(
  c: LaidConveyor,
  s: LaidSensor,
): Extract<SpotKind, 'beam' | 'zone' | 'reader'> | undefined {
  if (s.reads) return 'reader';
  if (s.echo && c.look === 'path') return undefined;
  return (s.to - s.from) * ratioOf(c) > ZONE_MIN ? 'zone' : 'beam';
}

/** Room kept at a belt's ends for its beams: their hit areas stay on the belt, off the next one. */
const END_ROOM = BEAM_HIT / 2 + 0.08;

/**
 * Where each sensor's beam is drawn along its belt (drawn metres; NaN for one drawn as a zone or
 * not at all). Beams closer than BEAM_PITCH (the beams of one light curtain) are fanned out
 * BEAM_PITCH apart round their middle, and every beam is kept on its belt, clear of its ends, so
 * each can be seen, clicked and named.
 */
export function beamPlaces(c: LaidConveyor): number[] {
  const ratio = ratioOf(c);
  const at = c.sensors.map((s) => (sensorKind(c, s) === 'beam' ? ((s.from + s.to) / 2) * ratio : NaN));
  const beams = at.map((_, i) => i).filter((i) => !Number.isNaN(at[i]!));
  const order = [...beams].sort((a, b) => at[a]! - at[b]! || a - b);
  const lo = Math.min(END_ROOM, c.drawnLength / 2);
  const hi = Math.max(c.drawnLength - END_ROOM, lo);
  // Groups of beams too close to tell apart, fanned out; again until no two groups touch.
  for (let round = 0; round < 8; round++) {
    let moved = false;
    let start = 0;
    while (start < order.length) {
      let end = start + 1;
      while (end < order.length && at[order[end]!]! - at[order[end - 1]!]! < BEAM_PITCH - 1e-9) end++;
      const group = order.slice(start, end);
      {
        const middle = group.reduce((sum, i) => sum + at[i]!, 0) / group.length;
        const span = (group.length - 1) * BEAM_PITCH;
        // On a track (a lift's level), the fan is centred where the sensors are.
        const first =
          c.look === 'path'
            ? middle - span / 2
            : Math.min(Math.max(middle - span / 2, lo), Math.max(hi - span, lo));
        group.forEach((i, k) => {
          const next = first + k * BEAM_PITCH;
          if (Math.abs(next - at[i]!) > 1e-9) moved = true;
          at[i] = next;
        });
      }
      start = end;
    }
    if (!moved) break;
  }
  return at;
}

/**
 * The drawn body of a sensor: a beam at `at` with its heads out past the belt's edges (`short`:
 * a beam with no heads, where another belt leaves them no room), or a zone over its span, kept
 * off the belt's ends.
 */
export function sensorBody(c: LaidConveyor, s: LaidSensor, at: number, short = false): Poly {
  const half = c.width / 2;
  // A beam without heads stays a little inside the belt's edges, off a neighbour that touches them.
  const reach = short ? -0.06 : BEAM.reach + 0.02;
  if (!Number.isNaN(at))
    return beltRect(c, [at - BEAM_HIT / 2, at + BEAM_HIT / 2], [-half - reach, half + reach]);
  const [from, to] = zoneSpan(c, s);
  return beltRect(c, [from, to], [-half, half]);
}

/** Where a zone is drawn along its belt: its span, off the belt's ends, at least 0.08 long. */
export function zoneSpan(c: LaidConveyor, s: LaidSensor): [number, number] {
  const ratio = ratioOf(c);
  const from = Math.max(s.from * ratio, 0.06);
  return [from, Math.max(Math.min(s.to * ratio, c.drawnLength - 0.06), from + 0.08)];
}

/** A motor's body in its slot: along from `at`, on `side` of the belt. */
export function motorBody(c: LaidConveyor, at: number, side: 1 | -1): Poly {
  const edge = c.width / 2 + MOTOR.out;
  const across: [number, number] = side > 0 ? [edge, edge + MOTOR.depth] : [-edge - MOTOR.depth, -edge];
  return beltRect(c, [at, at + MOTOR.length], across);
}

/** A gate's paddle at `at`, on `side` of the belt (its exits' side is the left). */
export function gateBody(c: LaidConveyor, at: number, side: 1 | -1): Poly {
  const edge = c.width / 2 + GATE.out;
  const across: [number, number] = side > 0 ? [edge, edge + GATE.depth] : [-edge - GATE.depth, -edge];
  return beltRect(c, [at, at + GATE.width], across);
}

/** Where along a belt a spot is (drawn metres from its start): its beam's or slot's place, else its body's middle. */
export function alongOf(c: LaidConveyor, body: Poly, at?: number): number {
  if (at !== undefined) return at;
  const a = (c.angle * Math.PI) / 180;
  const [x, y] = body.reduce(([sx, sy], [px, py]) => [sx + px / body.length, sy + py / body.length], [0, 0]);
  return (x - c.x) * Math.cos(a) + (y - c.y) * Math.sin(a);
}

/** Whether a body is free: the plan's own test against every mark placed so far. */
export type FreeTest = (body: Poly, owner: string) => number;

/** A slot for a body beside a belt: the first of `slots` (along, side) whose body is free. */
function firstFree(
  slots: readonly (readonly [number, 1 | -1])[],
  bodyAt: (at: number, side: 1 | -1) => Poly,
  owner: string,
  clashes: FreeTest,
  named?: { c: LaidConveyor; name: string; width: number },
): { at: number; side: 1 | -1; body: Poly } {
  let best: { at: number; side: 1 | -1; body: Poly } | undefined;
  let fewest = Infinity;
  for (const [at, side] of slots) {
    const body = bodyAt(at, side);
    // A free slot with room for its name beside it first; else the first free one.
    const n =
      clashes(body, owner) * 2 +
      (named && !nameFits(named.c, named.name, at + named.width / 2, side, clashes) ? 1 : 0);
    if (n < fewest) [best, fewest] = [{ at, side, body }, n];
    if (n === 0) break;
  }
  return best!;
}

/** Whether a name has room near a slot: one of its nearest places beside the belt is free of every mark. */
function nameFits(c: LaidConveyor, name: string, along: number, side: 1 | -1, clashes: FreeTest): boolean {
  const m = DRAWING_MEASURES;
  const near = around(c, along, side, c.width / 2 + 0.36, textWidth(name, m), m.fontSize * 1.25).slice(0, 16);
  return near.some((b) => clashes(boxPoly(b), '') === 0);
}

/** Slots along a belt from `first` towards `last` (a little past either end), on one side then the other. */
function slotsAlong(c: LaidConveyor, first: number, last: number, side: 1 | -1, width: number) {
  const out: [number, 1 | -1][] = [];
  const step = 0.14;
  const dir = Math.sign(last - first || 1);
  const count = Math.max(1, Math.floor(Math.abs(last - first) / step) + 1);
  for (const s of [side, side === 1 ? -1 : 1] as const) {
    for (let j = 0; j < count; j++) out.push([first + dir * j * step, s]);
    // Past the far end and before the start: a short belt's motors may stand beside its neighbours.
    for (let j = 1; j <= 3; j++) out.push([first - dir * j * step, s], [last + dir * j * step, s]);
  }
  return out.filter(([at]) => at >= -width && at <= c.drawnLength);
}

/** Beams may move this far from their (fanned) place to find room, before they lose their heads. */
const BEAM_SHIFTS = [0, -0.1, 0.1, -0.2, 0.2];

/**
 * The sensors of a belt, each at its (fanned) place, a beam moved a little or drawn without heads
 * where another belt or mark leaves it no room; echo beams are marks, not spots.
 */
export function sensorSpots(
  c: LaidConveyor,
  clashes: FreeTest,
  add: (s: Omit<PlacedSpot, 'badge'>) => void,
  m: LabelMeasures = DRAWING_MEASURES,
): StaticMark[] {
  const places = beamPlaces(c);
  const echoes: StaticMark[] = [];
  const owner = `belt ${c.name}`;
  const lo = Math.min(END_ROOM, c.drawnLength / 2);
  const hi = Math.max(c.drawnLength - END_ROOM, lo);
  // On a track (a lift's level: no belt to keep to), beams move freely.
  const keep = (x: number) => (c.look === 'path' ? x : Math.min(Math.max(x, lo), hi));
  c.sensors.forEach((s, i) => {
    const kind = sensorKind(c, s);
    if (!kind) return;
    const place = places[i]!;
    let at = place;
    let short = false;
    let body = sensorBody(c, s, at);
    if (kind === 'beam') {
      const tries = [...BEAM_SHIFTS.map((d) => [keep(place + d), false] as const), [place, true] as const];
      let fewest = Infinity;
      for (const [x, headless] of tries) {
        const b = sensorBody(c, s, x, headless);
        const n = clashes(b, owner);
        if (n < fewest) [at, short, body, fewest] = [x, headless, b, n];
        if (n === 0) break;
      }
    }
    if (kind === 'reader' && !s.echo) {
      // A reading sensor's surface (a scale) is its belt's; its mark is its named readout beside it.
      const w = textWidth(readerText(s.tag.name), m);
      const mid = (zoneSpan(c, s)[0] + zoneSpan(c, s)[1]) / 2;
      let best: Poly | undefined;
      let fewest = Infinity;
      for (const b of around(c, mid, i % 2 === 0 ? -1 : 1, c.width / 2 + 0.08, w, READER.height)) {
        const poly = boxPoly(b);
        const n = clashes(poly, owner);
        if (n < fewest) [best, fewest] = [poly, n];
        if (n === 0) break;
      }
      add({ key: beltKey('sensor', c.name, i), tag: s.tag, kind, owner, body: best! });
    } else if (s.echo) echoes.push({ what: `echo ${s.tag.name}`, poly: body });
    else
      add({
        key: beltKey('sensor', c.name, i),
        tag: s.tag,
        kind: short ? 'zone' : kind,
        owner,
        body,
        ...(kind === 'beam' ? { at } : {}),
      });
  });
  return echoes;
}

/** The motors of a belt: from its start along its right side, then its left, each where it is free. */
export function driveSpots(c: LaidConveyor, clashes: FreeTest, add: (s: Omit<PlacedSpot, 'badge'>) => void) {
  const slots = slotsAlong(c, 0.04, c.drawnLength - MOTOR.length, 1, MOTOR.length);
  c.drive.forEach((tag, k) => {
    const owner = `belt ${c.name}`;
    const slot = firstFree(slots, (at, side) => motorBody(c, at, side), owner, clashes, {
      c,
      name: tag.name,
      width: MOTOR.length,
    });
    add({
      key: beltKey('drive', c.name, k),
      tag,
      kind: 'motor',
      owner,
      body: slot.body,
      at: slot.at,
      side: slot.side,
    });
  });
}

/**
 * The gates of a belt's exits: back from its end on its left, then on its right; on a sorter
 * whose exits leave by both sides, each on the side its exit leaves by.
 */
export function gateSpots(
  c: LaidConveyor,
  clashes: FreeTest,
  add: (s: Omit<PlacedSpot, 'badge'>) => void,
  conveyors: ReadonlyMap<string, LaidConveyor>,
) {
  const a = (c.angle * Math.PI) / 180;
  // Which side of the belt an exit leaves by: 1 right, -1 left, 0 straight on.
  const sideOf = (to: string): number => {
    const t = conveyors.get(to);
    const across = t ? -(t.x - c.x) * Math.sin(a) + (t.y - c.y) * Math.cos(a) : 0;
    return Math.abs(across) < c.width / 4 ? 0 : Math.sign(across);
  };
  // A sorter whose gated exits leave by both sides has each gate on its exit's side; other gates
  // stand on the left.
  const sides = new Set(c.exits.filter((e) => e.gates.length > 0).map((e) => sideOf(e.to)));
  const both = sides.has(1) && sides.has(-1);
  let k = 0;
  for (const exit of c.exits) {
    const side: 1 | -1 = both && sideOf(exit.to) === 1 ? 1 : -1;
    const slots = slotsAlong(c, c.drawnLength - 0.4, 0, side, GATE.width);
    for (const tag of exit.gates) {
      const owner = `belt ${c.name}`;
      const slot = firstFree(slots, (at, side) => gateBody(c, at, side), owner, clashes, {
        c,
        name: tag.name,
        width: GATE.width,
      });
      add({
        key: beltKey('gate', c.name, k++),
        tag,
        kind: 'gate',
        owner,
        body: slot.body,
        at: slot.at,
        side: slot.side,
      });
    }
  }
}

/** Places round a body where its fault badges may go, nearest first: its corners, its sides, then further out. */
export function badgeCandidates(body: Poly) {
  const xs = body.map(([x]) => x);
  const ys = body.map(([, y]) => y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const { width: w, height: h } = BADGE;
  const out = [];
  for (let ring = 0; ring < 10; ring++) {
    const d = 0.02 + ring * 0.14;
    const [l, r, t, b] = [left - w - d, right + d, top - h - d, bottom + d];
    const [cx, cy] = [(left + right) / 2 - w / 2, (top + bottom) / 2 - h / 2];
    out.push(
      box(r, top, w, h),
      box(r, t, w, h),
      box(right - w, t, w, h),
      box(cx, t, w, h),
      box(left, t, w, h),
      box(r, cy, w, h),
      box(r, bottom - h, w, h),
      box(cx, b, w, h),
      box(right - w, b, w, h),
      box(left, b, w, h),
      box(r, b, w, h),
      box(l, top, w, h),
      box(l, cy, w, h),
      box(l, bottom - h, w, h),
      box(l, t, w, h),
      box(l, b, w, h),
    );
  }
  return out;
}
