import type { TagValue } from '../core/tag-types.js';
import type { CraneState, LaidPart } from './plant-types.js';

// Where a stacker crane is, for the Plant view's snapshot (plant-types.ts, CraneState). The
// plant's model knows where the crane was sent (`Target Position`) and whether each axis still
// travels (`Moving X`, `Moving Z`); this follows those over plant time: the carriage leaves where
// it was when a new target comes, closes on it while the axis travels (easing in, so it never
// shows an arrival the plant has not made), and stands at the target once the axis has stopped.
// A target outside the rack (0) leaves it where it is.

/** The rack the simulator's stacker crane serves: 9 columns, 6 levels; cells numbered by rows from the bottom, nearest column first. */
export const RACK = { columns: 9, levels: 6 } as const;
/** `Target Position` of the load position, beside the load conveyor (column 0, level 0). */
export const LOAD_POSITION = RACK.columns * RACK.levels + 1;
/** Plant milliseconds in which the carriage covers 63% of what is left of its way while its axis travels. */
const EASE_MS = 900;
/** The forks' stroke between the middle and either side (ms of plant time), to draw them on their way. */
const FORKS_MS = 1500;

/** The crane's tags by the names the simulator gives them. */
const NAMES = {
  target: 'Target Position',
  movingX: 'Moving X',
  movingZ: 'Moving Z',
  atLeft: 'At Left',
  atMiddle: 'At Middle',
  atRight: 'At Right',
  forksLeft: 'Forks Left',
  forksRight: 'Forks Right',
  lift: 'Lift',
} as const;

/** Column and level of a target position, or undefined where it sends the crane nowhere. */
export function targetPlace(target: number): { column: number; level: number } | undefined {
  if (target === LOAD_POSITION) return { column: 0, level: 0 };
  if (!Number.isInteger(target) || target < 1 || target > LOAD_POSITION - 1) return undefined;
  return { column: ((target - 1) % RACK.columns) + 1, level: Math.floor((target - 1) / RACK.columns) };
}

interface Axis {
  at: number;
  from: number;
  to: number;
  since: number;
}

/**
 * Follows one scene's stacker cranes (its `crane` parts) over plant time. `tags` finds a tag's id
 * by name; `value` reads a tag's effective value (what the controller reads).
 */
export class CraneMotion {
  private readonly cranes: { part: string; ids: Partial<Record<keyof typeof NAMES, string>> }[];
  private state = new Map<string, { x: Axis; z: Axis; target: number; forks: number; timeMs: number }>();

  constructor(parts: readonly LaidPart[], idOf: (name: string) => string | undefined) {
    this.cranes = parts
      .filter((p) => p.part === 'crane')
      .map((p) => ({
        part: p.label,
        ids: Object.fromEntries(
          Object.entries(NAMES).flatMap(([k, name]) => {
            const id = idOf(name);
            return id ? [[k, id]] : [];
          }),
        ),
      }));
  }

  get empty(): boolean {
    return this.cranes.length === 0;
  }

  /** Each crane at plant time `timeMs`; the plant starting over (time going back) puts them home. */
  at(timeMs: number, value: (id: string) => TagValue | undefined): CraneState[] {
    return this.cranes.map(({ part, ids }) => {
      const read = (k: keyof typeof NAMES) => (ids[k] !== undefined ? value(ids[k]) : undefined);
      const on = (k: keyof typeof NAMES) => read(k) === true;
      let s = this.state.get(part);
      if (!s || timeMs < s.timeMs) {
        const home = (): Axis => ({ at: 0, from: 0, to: 0, since: timeMs });
        s = { x: home(), z: home(), target: Number.NaN, forks: 0, timeMs };
        this.state.set(part, s);
      }
      const dt = Math.max(0, timeMs - s.timeMs);
      const target = Number(read('target') ?? 0);
      const place = targetPlace(target);
      if (target !== s.target) {
        s.target = target;
        // A new target: each axis sets off from where it is (0, anywhere off the rack, stops it there).
        const next = place ?? { column: s.x.at, level: s.z.at };
        s.x = { at: s.x.at, from: s.x.at, to: next.column, since: timeMs };
        s.z = { at: s.z.at, from: s.z.at, to: next.level, since: timeMs };
      }
      s.x.at = follow(s.x, on('movingX'), timeMs);
      s.z.at = follow(s.z, on('movingZ'), timeMs);
      const forks = on('atLeft') ? -1 : on('atRight') ? 1 : on('atMiddle') ? 0 : undefined;
      const aim = on('forksLeft') && !on('forksRight') ? -1 : on('forksRight') && !on('forksLeft') ? 1 : 0;
      const step = dt / FORKS_MS;
      s.forks =
        forks ??
        Math.max(
          -0.9,
          Math.min(0.9, s.forks + Math.sign(aim - s.forks) * Math.min(step, Math.abs(aim - s.forks))),
        );
      s.timeMs = timeMs;
      return { part, column: round(s.x.at), level: round(s.z.at), forks: round(s.forks), lifted: on('lift') };
    });
  }
}

/** An axis eases towards its target while it travels, and is there once it has stopped. */
function follow(axis: Axis, moving: boolean, timeMs: number): number {
  // Moving turns on at the step after a new target: until then (and for a target sent nowhere), the axis waits.
  const elapsed = timeMs - axis.since;
  if (!moving) return elapsed > 20 ? axis.to : axis.at;
  return axis.to + (axis.from - axis.to) * Math.exp(-elapsed / EASE_MS);
}

const round = (n: number) => Math.round(n * 1000) / 1000;
