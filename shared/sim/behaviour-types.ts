import type { Condition } from '../conditions/condition-types.js';
import type { TagRef } from '../conditions/tag-refs.js';
import type { TagValue } from '../core/tag-types.js';

// The behaviour model: plain JSON, as it is written in a scene file's `behaviours` array. Nothing
// here refers to runtime objects, so a scene with its behaviours serialises and diffs as text.
// validate-behaviours.ts checks a file against these types; behaviours.ts runs them. Conditions
// and tag references are the language of shared/conditions/ (docs/conditions.md).

export type {
  AllCondition,
  AlwaysCondition,
  AnyCondition,
  CompareCondition,
  Condition,
  EdgeCondition,
  NotCondition,
} from '../conditions/condition-types.js';
export type { TagRef };

/**
 * A number computed from tags each step: a constant, a tag's value (Bit: 1 or 0) times `scale`
 * plus `offset`, a sum, or a choice on a condition (`else` defaults to 0).
 */
export type Expression =
  | number
  | { readonly tag: TagRef; readonly scale?: number; readonly offset?: number }
  | { readonly sum: readonly Expression[] }
  | { readonly if: Condition; readonly then: Expression; readonly else?: Expression };

/** What a rule does to an Input tag. */
export type Action =
  | { readonly set: TagRef; readonly value: TagValue }
  /** Sets the value (Bit: `true` unless told) for `forMs`, then puts back the value it had before. */
  | { readonly pulse: TagRef; readonly value?: TagValue; readonly forMs: number }
  | { readonly toggle: TagRef }
  /** Adds `by` (default 1, may be negative) to an Int or Float, within the tag's min/max. */
  | { readonly increment: TagRef; readonly by?: number };

/**
 * WHEN `when` becomes true THEN `then`, `delayMs` later (default 0). A rule fires on the step where
 * its condition turns true (so `set` and `increment` act once per occurrence, not every step); a
 * condition that holds when the plant starts fires on the first step. A delayed action happens
 * even if the condition has stopped holding meanwhile: it models travel time, not a check.
 */
export interface Rule {
  readonly name?: string;
  readonly when: Condition;
  readonly then: readonly Action[];
  readonly delayMs?: number;
}

/** A signal generator drives one Int or Float Input tag every step. */
export type Generator =
  | ConstantSignal
  | PeriodicSignal
  | RampSignal
  | RandomWalkSignal
  | NoiseSignal
  | LagSignal
  | IntegratorSignal;

interface SignalBase {
  readonly name?: string;
  readonly generate: TagRef;
  /** Uniform measurement noise of this amplitude on what the tag shows (not on the state). */
  readonly noise?: number;
  /** Own random stream; without it, one derived from the simulation's seed and the behaviour's place. */
  readonly seed?: number;
}

export interface ConstantSignal extends SignalBase {
  readonly signal: 'constant';
  readonly value: number;
}

/** offset + amplitude x wave(t / periodMs + phase); phase is a fraction of a period, 0 to 1. */
export interface PeriodicSignal extends SignalBase {
  readonly signal: 'sine' | 'square' | 'triangle' | 'sawtooth';
  readonly amplitude: number;
  readonly offset?: number;
  readonly periodMs: number;
  readonly phase?: number;
  /** square only: the fraction of the period spent high (default 0.5). */
  readonly duty?: number;
}

/** Changes by `rate` per second from `start` (default: min when rising, max when falling). */
export interface RampSignal extends SignalBase {
  readonly signal: 'ramp';
  readonly rate: number;
  readonly min: number;
  readonly max: number;
  readonly start?: number;
  /** At a limit: jump to the other one (`wrap`, the default) or stay (`clamp`). */
  readonly atLimit?: 'wrap' | 'clamp';
}

/** Every `intervalMs` (default 100) moves by a random amount within +-step, kept in [min, max]. */
export interface RandomWalkSignal extends SignalBase {
  readonly signal: 'randomWalk';
  readonly step: number;
  readonly min: number;
  readonly max: number;
  readonly start?: number;
  readonly intervalMs?: number;
}

/** Every `intervalMs` (default 100) a new value uniformly within `around` +- amplitude. */
export interface NoiseSignal extends SignalBase {
  readonly signal: 'noise';
  readonly around: Expression;
  readonly amplitude: number;
  readonly intervalMs?: number;
}

/** Follows `target` with a first-order lag of time constant `timeConstantMs`. */
export interface LagSignal extends SignalBase {
  readonly signal: 'lag';
  readonly target: Expression;
  readonly timeConstantMs: number;
  /** Value at start (default: the tag's initial value). */
  readonly start?: number;
}

/** Integrates `rate` (units per second), kept in [min, max]: a tank level, a position. */
export interface IntegratorSignal extends SignalBase {
  readonly signal: 'integrator';
  readonly rate: Expression;
  readonly min: number;
  readonly max: number;
  readonly start?: number;
}

/**
 * A conveyor carrying items (boxes, pallets, parts) along its length in metres. Items enter from
 * a feeder at its start or from another conveyor's exit, move at `speed` while `runs` holds, queue
 * behind each other, and at the end leave through the first exit whose condition holds (and whose
 * conveyor has room), vanish (`end: "remove"`) or wait (`end: "stop"`, the default).
 */
export interface Conveyor {
  readonly conveyor: string;
  readonly length: number;
  /** Metres per second while running; a number or an expression (say, a Float Output's speed). */
  readonly speed: Expression;
  /** When the belt moves; default always. */
  readonly runs?: Condition;
  /**
   * While it holds (and the belt runs), items travel backwards, towards the start, where they
   * stop: a conveyor with a Reverse input (the simulator's `DoubleBinary` mode).
   */
  readonly reverse?: Condition;
  readonly feeder?: Feeder;
  readonly sensors?: readonly ConveyorSensor[];
  readonly exits?: readonly ConveyorExit[];
  readonly end?: 'stop' | 'remove';
  /** Someone (an operator, a robot) takes away an item that has stayed in a zone for a while. */
  readonly removers?: readonly Remover[];
}

/** Puts new items at the start of its conveyor. */
export interface Feeder {
  /** Labels of the items, used in turn (`cycle`, the default) or drawn at random (`random`). */
  readonly items?: readonly string[];
  readonly order?: 'cycle' | 'random';
  /** Length of each item in metres (default 0.5). */
  readonly itemLength?: number;
  /** Free space in metres between a new item and the one before it (default 0.5). */
  readonly gap?: number;
  /** At least this long between two new items (default 0). */
  readonly intervalMs?: number;
  /**
   * With it, the time between two new items is drawn anew each time, evenly from `intervalMs` to
   * this (a simulator emitter's MinTimeToEmit to MaxTimeToEmit), from the plant's seeded stream.
   */
  readonly maxIntervalMs?: number;
  /** The first item comes this long after the start (default 0). */
  readonly firstAfterMs?: number;
  /** New items only while the conveyor holds fewer than this many. */
  readonly maxOnConveyor?: number;
  /** Stops after this many items in all. */
  readonly total?: number;
  /** New items only while this holds. */
  readonly when?: Condition;
}

/**
 * A sensor over [from, to] (metres from the start; from = to is a point) of a conveyor.
 *
 * Without `reads`, a Bit Input that is on while it sees an item (or part of one). `detects`
 * limits it to items with these labels (a high sensor sees only high boxes); `normallyClosed`
 * inverts it (on while it sees nothing), as many of the simulator's sensors are. Several sensors
 * may drive one tag (a light barrier across a junction): it sees what any sees.
 *
 * With `reads`, an Int or Float Input that shows a number per item label, as the simulator's
 * vision sensors (a code per part) and scales (a weight) do: the value for the label of the item
 * it sees (the one furthest along when it sees several), `otherwise` (default 0) while it sees
 * nothing or an item whose label `reads` does not list. Such a sensor drives its tag alone.
 */
export interface ConveyorSensor {
  readonly tag: TagRef;
  readonly from: number;
  readonly to: number;
  readonly detects?: readonly string[];
  readonly normallyClosed?: boolean;
  /** The value the (Int or Float) tag shows for an item of each label. */
  readonly reads?: Readonly<Record<string, number>>;
  /** The value while no listed item is in view (default 0); only with `reads`. */
  readonly otherwise?: number;
}

export interface ConveyorExit {
  /** The conveyor that takes the item; it enters at that conveyor's start. */
  readonly to: string;
  readonly when?: Condition;
}

export interface Remover {
  readonly from: number;
  readonly to: number;
  readonly afterMs: number;
  /** Takes items only while this holds (a simulator remover's Bit Output); default always. */
  readonly when?: Condition;
}

/**
 * The simulator's stacker crane in its Numerical configuration: a cart on a rail (X) carrying a
 * platform up a mast (Z) to the cells of a rack, numbered along each level from the rest side,
 * the bottom level first. `target` sends it: 1 to columns × levels a cell, above that the rest
 * position; 0 (or below) stops it where it is and holds the platform still, `Lift` included. Each
 * axis takes `startStopMs` plus its distance at `speed` to get anywhere (both at once; a move
 * ends when both have arrived). `lift` raises the platform a little, for loading and unloading,
 * in `liftMs`. `movingX` shows the cart travelling, `movingZ` the platform (travel or lift).
 */
export interface StackerCrane {
  readonly stackerCrane: string;
  /** The Int Output the controller sends it with. */
  readonly target: TagRef;
  readonly movingX: TagRef;
  readonly movingZ: TagRef;
  /** The Bit Output that raises the platform; with it, `liftMs`. */
  readonly lift?: TagRef;
  readonly liftMs?: number;
  readonly columns: number;
  readonly levels: number;
  /** Along the rail: the rest position is at 0, the first column at `first`. */
  readonly x: CraneAxis;
  /** Up the mast: the rest position is at 0, the bottom level at `first`. */
  readonly z: CraneAxis;
}

/** One axis of a stacker crane: where its places are (metres) and how fast it gets there. */
export interface CraneAxis {
  /** From the rest position to the first column (level). */
  readonly first: number;
  /** Between two columns (levels). */
  readonly pitch: number;
  /** Metres per second. */
  readonly speed: number;
  /** Added to every move of this axis (starting, braking, settling; default 0). */
  readonly startStopMs?: number;
}

/** One entry of a scene's `behaviours` array. */
export type Behaviour = Rule | Generator | Conveyor | StackerCrane;

export function isRule(b: Behaviour): b is Rule {
  return 'when' in b;
}

export function isGenerator(b: Behaviour): b is Generator {
  return 'generate' in b;
}

export function isConveyor(b: Behaviour): b is Conveyor {
  return 'conveyor' in b;
}

export function isStackerCrane(b: Behaviour): b is StackerCrane {
  return 'stackerCrane' in b;
}
