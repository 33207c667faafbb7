import type { TagValue } from '../core/tag-types.js';
import { onBelt, ratioOf } from './drawn-marks.js';
import type { LaidConveyor, LaidPart, PlantLayout, PlantSnapshot } from './plant-types.js';

// Where the moving parts of the machines are drawn now, from the plant's own state: an axis's
// carriage (its position tag, or the end its command sends it to), a lift's car (the item that
// rides its shaft in the snapshot), a crane's carriage (the snapshot's `cranes`). Each is an
// offset from where the layout draws it at rest; a machine carried by another (`on`) adds its
// host's, and the conveyors a machine carries are drawn moved by its offset.

export interface Offset {
  readonly dx: number;
  readonly dy: number;
}

const NONE: Offset = { dx: 0, dy: 0 };
/** An axis's carriage (its bridge across the rails) is this thick along its travel. */
export const BRIDGE = 0.3;
/** How high a crane's lift raises its forks in the drawing. */
export const LIFT = 0.1;

/** How far along its travel an axis is, 0 to 1: its position tag (0 to 10) or the end it is sent to. */
export function axisFraction(p: LaidPart, value: (id: string) => TagValue | undefined): number {
  const tag = (role: string) => p.tags.find((t) => t.role === role)?.tag;
  const position = tag('position');
  if (position) return Math.min(1, Math.max(0, Number(value(position.id) ?? 0) / 10));
  const command = tag('command');
  return command && value(command.id) === true ? 1 : 0;
}

/**
 * The rack a crane is drawn before, cell 1 nearest the rest position, bottom level first: 9
 * columns of 6 levels, the Automated Warehouse's (its module models a rack of this shape). A
 * crane's hint says where it stands, not its rack's shape, so the drawing holds it here.
 */
export const RACK = { columns: 9, levels: 6 } as const;

/** Where column `c` and level `l` of a crane's rack are drawn (the middle of its cell), in metres. */
export function craneColumnX(p: LaidPart, column: number): number {
  return p.x + (column + 0.5) * (p.width / (RACK.columns + 1));
}
export function craneLevelY(p: LaidPart, level: number): number {
  return p.y + p.height - 0.35 - level * ((p.height - 0.7) / (RACK.levels - 1));
}

/** Where the item that rides a lift's shaft is (the car), as an offset from the shaft's foot. */
function carOffset(p: LaidPart, layout: PlantLayout, snapshot: PlantSnapshot | undefined): Offset {
  const tracks = p.tracks
    .map((n) => layout.conveyors.find((c) => c.name === n))
    .filter((c) => c !== undefined);
  const home = tracks[0];
  if (!home || !snapshot) return NONE;
  for (const c of tracks) {
    const item = snapshot.conveyors.find((s) => s.name === c.name)?.items[0];
    if (!item) continue;
    const at = pointAlong(c, item.front);
    return { dx: 0, dy: at.y - home.y };
  }
  return NONE;
}

const pointAlong = (c: LaidConveyor, front: number) => onBelt(c, Math.min(front, c.length) * ratioOf(c), 0);

/**
 * Each machine's offset from its place at rest, by label: axes by their tags, lifts by their car,
 * cranes by the snapshot; a machine on another's carriage adds its host's.
 */
export function machineOffsets(
  layout: PlantLayout,
  snapshot: PlantSnapshot | undefined,
  value: (id: string) => TagValue | undefined,
): Map<string, Offset> {
  const own = new Map<string, Offset>();
  for (const p of layout.parts) {
    if (p.part === 'axis') {
      const f = axisFraction(p, value);
      own.set(
        p.label,
        p.axis === 'x'
          ? { dx: f * (p.width - BRIDGE), dy: 0 }
          : p.axis === 'y'
            ? { dx: 0, dy: f * (p.height - BRIDGE) }
            : NONE,
      );
    } else if (p.part === 'elevator') own.set(p.label, carOffset(p, layout, snapshot));
    else if (p.part === 'crane') {
      const s = snapshot?.cranes?.find((c) => c.part === p.label);
      own.set(
        p.label,
        s
          ? {
              dx: craneColumnX(p, s.column) - craneColumnX(p, 0),
              dy: craneLevelY(p, s.level) - craneLevelY(p, 0) - (s.lifted ? LIFT : 0),
            }
          : NONE,
      );
    }
  }
  const total = new Map<string, Offset>();
  const of = (label: string, depth = 0): Offset => {
    const done = total.get(label);
    if (done) return done;
    const p = layout.parts.find((q) => q.label === label);
    const mine = own.get(label) ?? NONE;
    const host = p?.on !== undefined && depth < 8 ? of(p.on, depth + 1) : NONE;
    const sum = { dx: mine.dx + host.dx, dy: mine.dy + host.dy };
    total.set(label, sum);
    return sum;
  };
  for (const p of layout.parts) of(p.label);
  return total;
}

/** The offset each carried conveyor is drawn with: its carrier's. */
export function carriedOffsets(
  layout: PlantLayout,
  machines: ReadonlyMap<string, Offset>,
): Map<string, Offset> {
  const out = new Map<string, Offset>();
  for (const p of layout.parts) for (const c of p.carries) out.set(c, machines.get(p.label) ?? NONE);
  return out;
}

/** The conveyors no one draws (a lift's shaft: its car is drawn instead), by name. */
export const trackNames = (layout: PlantLayout) => new Set(layout.parts.flatMap((p) => p.tracks));
