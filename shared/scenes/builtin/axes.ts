import type { TagRef } from '../../sim/behaviour-types.js';
import { axis } from '../../sim/plants/plant-parts.js';
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

/** The head a gantry's bridge carries: its Z axis and the gripper under it, 0.3 m square at (x, y). */
export interface GantryHead {
  readonly x: number;
  readonly y: number;
  readonly z: Pick<TwoEndAxis, 'name' | 'move' | 'moving' | 'travelMs'>;
  /** The gripper's tags: its `grab` Output and `detected` Input. */
  readonly gripper: RoledTags;
  /** Conveyors of the model drawn riding with the Z axis (the part in the gripper). */
  readonly carries?: readonly string[];
}

/**
 * A two-axis gantry: the bridge (a two-end axis over the belts it serves) and its head (the Z
 * axis, labelled "<bridge> Z", on the bridge; the gripper, "<bridge> gripper", on the Z axis).
 * The Z axis's rules come before the bridge's; the bridge is drawn first, its head over it.
 */
export function gantry(bridge: TwoEndAxis, head: GantryHead): PlantPart {
  const square = { x: head.x, y: head.y, width: 0.3, height: 0.3 };
  const x = twoEndAxis(bridge);
  const z = twoEndAxis({
    ...head.z,
    label: `${bridge.label} Z`,
    at: square,
    axis: 'z',
    on: bridge.label,
    carries: head.carries ?? [],
  });
  const gripper = machine('station', `${bridge.label} gripper`, square, head.gripper, {
    on: `${bridge.label} Z`,
  });
  return {
    behaviours: [...(z.behaviours ?? []), ...(x.behaviours ?? [])],
    parts: [x, z, gripper].flatMap((p) => p.parts ?? []),
  };
}

export { axisAt } from '../../sim/plants/plant-parts.js';
