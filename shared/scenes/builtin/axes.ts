import type { Behaviour, Condition, TagRef } from '../../sim/behaviour-types.js';
import { axis } from './plant-parts.js';
import { type Box, machine, type PlantPart, type RoledTags } from './declare-plant.js';

// The axes of the built-in scenes' gantries, declared once for what moves and what is drawn.

/** A two-end axis: a Bit Output `move` sends it to its far end (off: home), a Bit Input `moving` is on while it travels. */
export interface TwoEndAxis {
  /** What its rules call it: "X" gives "X axis starts travelling". */
  readonly name: string;
  /** What the drawing calls it: "Gantry X". */
  readonly label: string;
  readonly move: TagRef;
  readonly moving: TagRef;
  /** How long it takes from one end to the other (and back, even when sent back mid-travel), ms. */
  readonly travelMs: number;
  /** Its box in the drawing: the carriage travels along it in the direction `axis`. */
  readonly at: Box;
  readonly axis: 'x' | 'y' | 'z';
  /** The axis whose carriage carries it (a gantry's Z on its X), by label. */
  readonly on?: string;
  /** Conveyors of the model drawn riding on its carriage. */
  readonly carries?: readonly string[];
}

/**
 * A two-end axis: its rules (`moving` on from each change of `move` for the travel time,
 * plant-parts.ts `axis`) and its drawing (an axis part with `move` as its command and `moving`
 * as its lamp). Conditions on where it is are written with `axisAt(move, moving, commanded)`.
 */
export function twoEndAxis(spec: TwoEndAxis): PlantPart {
  const { name, label, move, moving, travelMs, at, axis: direction, on, carries } = spec;
  const tags: RoledTags = [
    [move, 'command'],
    [moving, 'moving'],
  ];
  return machine('axis', label, at, tags, {
    axis: direction,
    behaviours: axis(name, move, moving, travelMs),
    ...(on !== undefined ? { on } : {}),
    ...(carries ? { carries } : {}),
  });
}

/**
 * An analog (servo) axis: its Float Input `position` follows its Output `target`, the setpoint,
 * with a first-order lag; drawn, its carriage stands at `position` (0 to 10 along its box).
 */
export interface AnalogAxis {
  /** What its generator calls it, with `follows`: "X" and "SP X" give "X axis follows SP X". */
  readonly name: string;
  readonly follows: string;
  /** What the drawing calls it: "X axis". */
  readonly label: string;
  readonly position: TagRef;
  readonly target: TagRef;
  /** The lag's time constant: 63% of the way to a new setpoint in this long, ms. */
  readonly timeConstantMs: number;
  /** Where it starts (left out: the position tag's initial value). */
  readonly start?: number;
  readonly at: Box;
  readonly axis: 'x' | 'y' | 'z';
  readonly on?: string;
  readonly carries?: readonly string[];
}

/**
 * An analog axis: its generator (`position` lags `target`) and its drawing (an axis part with
 * `position` as its position and `target` as its target).
 */
export function analogAxis(spec: AnalogAxis): PlantPart {
  const { name, follows, label, position, target, timeConstantMs, start, at, axis: direction } = spec;
  const follow: Behaviour = {
    name: `${name} axis follows ${follows}`,
    generate: position,
    signal: 'lag',
    target: { tag: target },
    timeConstantMs,
    ...(start !== undefined ? { start } : {}),
  };
  const tags: RoledTags = [
    [position, 'position'],
    [target, 'target'],
  ];
  return machine('axis', label, at, tags, {
    axis: direction,
    behaviours: [follow],
    ...(spec.on !== undefined ? { on: spec.on } : {}),
    ...(spec.carries ? { carries: spec.carries } : {}),
  });
}

/** The head a gantry's bridge carries: its Z axis and the gripper under it, 0.3 m square at (x, y). */
export interface GantryHead<Z> {
  readonly x: number;
  readonly y: number;
  readonly z: Z;
  /** The gripper's tags: its `grab` Output and `detected` Input. */
  readonly gripper: RoledTags;
  /** Conveyors of the model drawn riding with the Z axis (the part in the gripper). */
  readonly carries?: readonly string[];
}

/** What a two-end gantry's Z axis says besides what its bridge gives it. */
export type TwoEndZ = Pick<TwoEndAxis, 'name' | 'move' | 'moving' | 'travelMs'>;
/** What an analog gantry's Z axis says besides what its bridge gives it. */
export type AnalogZ = Pick<
  AnalogAxis,
  'name' | 'follows' | 'position' | 'target' | 'timeConstantMs' | 'start'
>;

/** What the bridge gives its head's Z axis: its label, its box, the axis it rides and what it carries. */
function zOf(bridge: { readonly label: string }, head: GantryHead<unknown>) {
  return {
    label: `${bridge.label} Z`,
    at: { x: head.x, y: head.y, width: 0.3, height: 0.3 },
    axis: 'z',
    on: bridge.label,
    carries: head.carries ?? [],
  } as const;
}

/** The gripper, "<bridge> gripper", on the Z axis. */
function gripperOf(bridge: { readonly label: string }, head: GantryHead<unknown>): PlantPart {
  const square = { x: head.x, y: head.y, width: 0.3, height: 0.3 };
  return machine('station', `${bridge.label} gripper`, square, head.gripper, { on: `${bridge.label} Z` });
}

/** The parts of a gantry, drawn in this order: the bridge, then its head over it. */
const drawn = (...axes: readonly PlantPart[]) => axes.flatMap((p) => p.parts ?? []);

/**
 * A two-axis gantry of two-end axes: the bridge (a two-end axis over the belts it serves) and its
 * head (the Z axis, labelled "<bridge> Z", on the bridge; the gripper, "<bridge> gripper", on the
 * Z axis). The Z axis's rules come before the bridge's; the bridge is drawn first, its head over it.
 */
export function gantry(bridge: TwoEndAxis, head: GantryHead<TwoEndZ>): PlantPart {
  const x = twoEndAxis(bridge);
  const z = twoEndAxis({ ...head.z, ...zOf(bridge, head) });
  return {
    behaviours: [...(z.behaviours ?? []), ...(x.behaviours ?? [])],
    parts: drawn(x, z, gripperOf(bridge, head)),
  };
}

/**
 * A gantry of analog axes: the bridge (an analog axis; with `on`, itself on another's carriage, as
 * Pick & Place (XYZ)'s Y axis rides its X) and its head, drawn as `gantry`'s. The bridge's
 * generator comes before the Z axis's, the order the analog plants were written in.
 */
export function analogGantry(bridge: AnalogAxis, head: GantryHead<AnalogZ>): PlantPart {
  const x = analogAxis(bridge);
  const z = analogAxis({ ...head.z, ...zOf(bridge, head) });
  return {
    behaviours: [...(x.behaviours ?? []), ...(z.behaviours ?? [])],
    parts: drawn(x, z, gripperOf(bridge, head)),
  };
}

export { axisAt } from './plant-parts.js';

/**
 * A gantry's suction gripper sensing what it holds: `detected` turns on when the gripper comes
 * down on an item (`downOn`: what it finds, as its rule names it, and when), and off when it rises
 * without `Grab` (`risesEmpty`). Between the two it keeps what it saw, so it stays on while the
 * gripper carries the item.
 */
export function gripperSensing(
  detected: TagRef,
  downOn: { readonly item: string; readonly when: Condition },
  risesEmpty: Condition,
): PlantPart {
  return {
    behaviours: [
      {
        name: `The gripper comes down on ${downOn.item}`,
        when: downOn.when,
        then: [{ set: detected, value: true }],
      },
      { name: 'The gripper rises empty-handed', when: risesEmpty, then: [{ set: detected, value: false }] },
    ],
  };
}
