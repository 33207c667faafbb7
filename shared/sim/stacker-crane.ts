import type { CraneAxis, StackerCrane } from './behaviour-types.js';
import type { ConditionSet } from './conditions.js';
import { asNumber, type TagMirror } from './tag-mirror.js';

/** Positions closer than this (metres) are one place. */
const EPS = 1e-6;

/** Where a stacker crane is and what it shows, for tests and the Plant view. */
export interface StackerCraneSnapshot {
  readonly name: string;
  /** Metres from the rest position along the rail and up the mast. */
  readonly x: number;
  readonly z: number;
  /** The same in places (the Plant view's CraneState): 0 at rest, one per column (level). */
  readonly column: number;
  readonly level: number;
  /** The cell it stands at (1 to columns × levels), columns × levels + 1 at rest, else none. */
  readonly at: number | undefined;
  readonly movingX: boolean;
  readonly movingZ: boolean;
  /** The platform raised by the lift. */
  readonly lifted: boolean;
}

/**
 * Where `v` metres along an axis is in places: 0 at rest, then one per pitch from the first place;
 * a first place away from the rest position is place 1 (the rail), one at it place 0 (the mast).
 */
function places(v: number, axis: CraneAxis): number {
  if (axis.first < EPS) return v / axis.pitch;
  return v <= axis.first ? v / axis.first : 1 + (v - axis.first) / axis.pitch;
}

/** A move of one axis: from where to where, from when, for how long (plant milliseconds). */
interface Move {
  readonly from: number;
  readonly to: number;
  readonly startMs: number;
  readonly durationMs: number;
}

/** One axis: where it is, and the move it makes. */
class Axis {
  private position = 0;
  private move: Move | undefined;

  constructor(private readonly spec: CraneAxis) {}

  get moving(): boolean {
    return this.move !== undefined;
  }

  /** Where it is at plant time `t`: along its move, in proportion to the time gone. */
  at(t: number): number {
    const m = this.move;
    if (!m) return this.position;
    const done = m.durationMs === 0 ? 1 : Math.min(1, Math.max(0, (t - m.startMs) / m.durationMs));
    return m.from + (m.to - m.from) * done;
  }

  /** Sets off for `place` from where it is now; already there, it does not move. */
  goTo(place: number, t: number): void {
    const here = this.at(t);
    this.stop(t);
    const distance = Math.abs(place - here);
    if (distance < EPS) return;
    const durationMs = (this.spec.startStopMs ?? 0) + (1000 * distance) / this.spec.speed;
    this.move = { from: here, to: place, startMs: t, durationMs };
  }

  /** Stops where it is. */
  stop(t: number): void {
    this.position = this.at(t);
    this.move = undefined;
  }

  /** Ends a move whose time is up. */
  arrive(t: number): void {
    if (this.move && t >= this.move.startMs + this.move.durationMs - 1e-6) {
      this.position = this.move.to;
      this.move = undefined;
    }
  }
}

/**
 * A stacker crane as it runs (docs/simulation.md, "Stacker cranes"). It reads its target and
 * lift at the start of each step and writes Moving X and Moving Z; what it carries is up to the
 * conveyors, whose exits ask for the target and the two Moving tags.
 */
export class StackerCraneRuntime {
  private readonly x: Axis;
  private readonly z: Axis;
  private readonly targetSlot: number;
  private readonly movingXSlot: number;
  private readonly movingZSlot: number;
  private readonly liftSlot: number | undefined;
  private lastTarget: number | undefined;
  private lifted = false;
  private lifting: { to: boolean; startMs: number } | undefined;

  constructor(
    private readonly crane: StackerCrane,
    conditions: ConditionSet,
    private readonly mirror: TagMirror,
  ) {
    this.x = new Axis(crane.x);
    this.z = new Axis(crane.z);
    this.targetSlot = conditions.slotOf(crane.target, 'read');
    this.movingXSlot = conditions.slotOf(crane.movingX, 'write');
    this.movingZSlot = conditions.slotOf(crane.movingZ, 'write');
    this.liftSlot = crane.lift === undefined ? undefined : conditions.slotOf(crane.lift, 'read');
  }

  private get cells(): number {
    return this.crane.columns * this.crane.levels;
  }

  /** Runs the step that ends at plant time `t`. */
  step(t: number): void {
    this.x.arrive(t);
    this.z.arrive(t);
    const target = Math.round(asNumber(this.mirror.value(this.targetSlot)));
    const locked = target <= 0;
    if (target !== this.lastTarget) {
      this.lastTarget = target;
      if (locked) {
        this.x.stop(t);
        this.z.stop(t);
      } else {
        const [x, z] = this.placeOf(target);
        this.x.goTo(x, t);
        this.z.goTo(z, t);
      }
    }
    this.lift(t, locked);
    this.mirror.write(this.movingXSlot, this.x.moving);
    this.mirror.write(this.movingZSlot, this.z.moving || this.lifting !== undefined);
  }

  snapshot(t: number): StackerCraneSnapshot {
    const x = this.x.at(t);
    const z = this.z.at(t);
    return {
      name: this.crane.stackerCrane,
      x,
      z,
      column: places(x, this.crane.x),
      level: places(z, this.crane.z),
      at: this.x.moving || this.z.moving ? undefined : this.placeAt(x, z),
      movingX: this.x.moving,
      movingZ: this.z.moving || this.lifting !== undefined,
      lifted: this.lifted,
    };
  }

  /**
   * The lift follows its Output in `liftMs` while the crane has a target; with none (0) the
   * platform holds still, as the simulator's does (the lift goes to the target's height).
   */
  private lift(t: number, locked: boolean): void {
    if (this.liftSlot === undefined) return;
    if (locked) {
      this.lifting = undefined;
      return;
    }
    const wanted = this.mirror.value(this.liftSlot) === true;
    if (wanted !== (this.lifting?.to ?? this.lifted)) this.lifting = { to: wanted, startMs: t };
    if (this.lifting && t >= this.lifting.startMs + (this.crane.liftMs ?? 0) - 1e-6) {
      this.lifted = this.lifting.to;
      this.lifting = undefined;
    }
  }

  /** The place of a target: a cell's column and level, or the rest position (above the cells). */
  private placeOf(target: number): [number, number] {
    if (target > this.cells) return [0, 0];
    const { columns, x, z } = this.crane;
    const column = (target - 1) % columns;
    const level = Math.floor((target - 1) / columns);
    return [x.first + column * x.pitch, z.first + level * z.pitch];
  }

  /** The cell (or rest position) at this place, if it is one. */
  private placeAt(x: number, z: number): number | undefined {
    if (Math.abs(x) < EPS && Math.abs(z) < EPS) return this.cells + 1;
    const column = (x - this.crane.x.first) / this.crane.x.pitch;
    const level = (z - this.crane.z.first) / this.crane.z.pitch;
    const whole = (n: number, count: number) =>
      Math.abs(n - Math.round(n)) < EPS && Math.round(n) >= 0 && Math.round(n) < count;
    if (!whole(column, this.crane.columns) || !whole(level, this.crane.levels)) return undefined;
    return Math.round(level) * this.crane.columns + Math.round(column) + 1;
  }
}
