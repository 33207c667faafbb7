import type { FioPart, Quaternion, Vec3 } from './fio-document.js';

// Where a saved scene's parts stand, seen from above, in the Plant view's units: metres, x to the
// right and y down (docs/fidelity.md, "Saved scene files"). The file's grid step is 0.125 m, its Y
// is up and its +Z is up the page; a part's direction comes from its Rotation (the Forward and
// Right vectors beside it leave a fine rotation out).

/** Metres per grid step of the file. */
export const GRID = 0.125;

/** A point or a direction of the plan (metres; y down). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A part seen from above: where it is, how high, and its forward and right directions (unit). */
export interface Placed {
  readonly at: Point;
  /** Height of its origin above the floor, metres. */
  readonly height: number;
  readonly forward: Point;
  readonly right: Point;
}

/** Rotates a vector by a unit quaternion. */
export function rotate(q: Quaternion, v: Vec3): Vec3 {
  const tx = 2 * (q.y * v.z - q.z * v.y);
  const ty = 2 * (q.z * v.x - q.x * v.z);
  const tz = 2 * (q.x * v.y - q.y * v.x);
  return {
    x: v.x + q.w * tx + (q.y * tz - q.z * ty),
    y: v.y + q.w * ty + (q.z * tx - q.x * tz),
    z: v.z + q.w * tz + (q.x * ty - q.y * tx),
  };
}

/** A direction of the file in the plan, of length 1 (or 0 when it is vertical). */
function flat(v: Vec3): Point {
  const length = Math.hypot(v.x, v.z);
  return length < 1e-6 ? { x: 0, y: 0 } : { x: v.x / length, y: -v.z / length };
}

export function placeOf(part: Pick<FioPart, 'position' | 'rotation'>): Placed {
  return {
    at: { x: part.position.x * GRID, y: -part.position.z * GRID },
    height: part.position.y * GRID,
    forward: flat(rotate(part.rotation, { x: 0, y: 0, z: 1 })),
    right: flat(rotate(part.rotation, { x: 1, y: 0, z: 0 })),
  };
}

/** A point `forward` and `right` metres from a placed part, in the plan. */
export function offset(p: Placed, forward: number, right: number): Point {
  return {
    x: p.at.x + p.forward.x * forward + p.right.x * right,
    y: p.at.y + p.forward.y * forward + p.right.y * right,
  };
}

export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Point, b: Point): number => a.x * b.x + a.y * b.y;
/** The z of the cross product: > 0 when b is clockwise of a in the plan (y down). */
export const cross = (a: Point, b: Point): number => a.x * b.y - a.y * b.x;
export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Degrees clockwise from +x (y down), as the Plant view's angles are. */
export function angleOf(direction: Point): number {
  const degrees = (Math.atan2(direction.y, direction.x) * 180) / Math.PI;
  return Math.round(degrees * 1000) / 1000;
}
