import type { FioPart, FioTag } from './fio-document.js';
import { add, cross, distance, dot, GRID, offset, placeOf, type Point, scale, sub } from './fio-geometry.js';
import { type PartRole, prefabWords, roleOf } from './part-catalogue.js';

// The conveyors of a saved scene as tracks: a path from a start to an end in the plan, with the
// Outputs that run it and reverse it, and the questions the generic plant asks of them (where a
// point is along one; whether a point lies on one).

/** Width of every conveyor: the sensors and side conveyors of the public files stand 0.5 m off the middle. */
export const CONVEYOR_WIDTH = 1;

export interface Track {
  readonly part: FioPart;
  readonly name: string;
  readonly start: Point;
  readonly end: Point;
  /** From start to end, length 1. */
  readonly direction: Point;
  /** Metres an item travels from start to end (a curve's is longer than its chord). */
  readonly length: number;
  /** Metres from start to end in a straight line (the drawn length). */
  readonly chord: number;
  readonly height: number;
  readonly look: 'belt' | 'rollers';
  /** The Bit Output that runs it, and the one that reverses it, by id. */
  readonly runs: FioTag | undefined;
  readonly reverse: FioTag | undefined;
}

/** Where a point is from a track: metres along its travel from the start, and across (right +). */
export function along(track: Track, p: Point): { along: number; across: number } {
  const d = sub(p, track.start);
  return {
    along: (dot(d, track.direction) * track.length) / Math.max(track.chord, 1e-9),
    across: cross(track.direction, d),
  };
}

/** Whether a point lies over a track (within `slack` metres of its belt), and where along it. */
export function over(track: Track, p: Point, slack: number): number | undefined {
  const { along: a, across } = along(track, p);
  if (Math.abs(across) > CONVEYOR_WIDTH / 2 + slack) return undefined;
  if (a < -slack || a > track.length + slack) return undefined;
  return Math.min(track.length, Math.max(0, a));
}

/** The point `metres` along a track's travel (on its chord). */
export function pointAlong(track: Track, metres: number): Point {
  return add(track.start, scale(track.direction, (metres * track.chord) / track.length));
}

/** The scene's conveyors as tracks, named after the Output that runs each (else its prefab), uniquely. */
export function tracksOf(parts: readonly FioPart[]): Track[] {
  const found: Omit<Track, 'name'>[] = [];
  for (const part of parts) {
    const role = roleOf(part.prefab);
    if (role?.role !== 'conveyor' && role?.role !== 'curve') continue;
    const ends = endsOf(part, role);
    const chord = distance(ends.start, ends.end);
    if (chord < 1e-6) continue;
    const outputs = part.tags.filter((t) => t.kind === 'Output' && t.type === 'Bit');
    found.push({
      part,
      ...ends,
      direction: scale(sub(ends.end, ends.start), 1 / chord),
      length: role.length,
      chord,
      height: part.position.y * GRID,
      look: role.look,
      runs:
        outputs.find((t) => /^(Default|Roll)$/i.test(t.group)) ?? outputs.find((t) => t.group !== 'Reverse'),
      reverse: outputs.find((t) => /^Reverse$/i.test(t.group)),
    });
  }
  const names = uniqueNames(
    found.map((t, i) => t.runs?.name.trim() || `${prefabWords(t.part.prefab)} ${i + 1}`),
  );
  return found.map((t, i) => ({ ...t, name: names[i]! }));
}

function endsOf(
  part: FioPart,
  role: Extract<PartRole, { role: 'conveyor' | 'curve' }>,
): { start: Point; end: Point } {
  const placed = placeOf(part);
  if (role.role === 'conveyor') {
    return { start: offset(placed, -role.length / 2, 0), end: offset(placed, role.length / 2, 0) };
  }
  const a = offset(placed, role.a[0] * GRID, role.a[1] * GRID);
  const b = offset(placed, role.b[0] * GRID, role.b[1] * GRID);
  return /_CW_/.test(part.mode ?? '') ? { start: b, end: a } : { start: a, end: b };
}

/** Names made unique in order: a second "Belt" is "Belt 2". */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let unique = name;
    for (let n = 2; seen.has(unique); n++) unique = `${name} ${n}`;
    seen.add(unique);
    return unique;
  });
}
