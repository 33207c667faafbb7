// The plant of the built-in scene "Pick & Place (XYZ)" (reaches builtinPlant through shared/scenes/builtin/legacy-plants.ts until it is converted).
import type { Behaviour, Condition, TagRef } from '../behaviour-types.js';
import { input, output, isOn, isOff, SPEED } from './plant-parts.js';

/** How fast each axis follows its setpoint (assumed): 63% of the way in this long. */
const XY_TIME_CONSTANT_MS = 500;
const Z_TIME_CONSTANT_MS = 300;

/** Where the gripper picks (over the end of the part conveyor) and where the box waits, in axis units. */
const PICK = { x: [8.2, 8.4], y: [5.4, 5.6] } as const;
const BOX = { x: [2.9, 3.3], y: [3.5, 7.1] } as const;
/** The gripper touches a part at the pick place from this depth, and the box's parts from this one. */
const PART_DEPTH = 5;
const PLACE_DEPTH = 4.9;
/** Above this depth the gripper is clear of everything. */
const CLEAR_DEPTH = 4;

/** A part and a box, in metres; the suction gripper draws a part aboard faster than a belt. */
const PART_LENGTH = 0.4;
const BOX_LENGTH = 1;
const GRIPPER_SPEED = 2;

const X = input('X');
const Y = input('Y');
const Z = input('Z');
const GRAB = output('Grab');
const DETECTED = input('Detected');
const PART_AT_PLACE = input('Part at place');
const BOX_AT_PLACE = input('Box at place');

const within = (tag: TagRef, [ge, le]: readonly [number, number]): Condition => ({ tag, ge, le });
const overPick: Condition = { all: [within(X, PICK.x), within(Y, PICK.y)] };
const overBox: Condition = { all: [within(X, BOX.x), within(Y, BOX.y)] };

/** An axis position follows its setpoint, as a servo axis does. */
const axis = (position: string, setpoint: string, timeConstantMs: number): Behaviour => ({
  name: `${position} axis follows ${setpoint}`,
  generate: input(position),
  signal: 'lag',
  target: { tag: output(setpoint) },
  timeConstantMs,
  start: 0,
});

/**
 * Pick & Place (XYZ): a three-axis gantry with a gripper puts parts into boxes, three to a box,
 * as in the vendor's sample controller.
 *
 * - `X`, `Y`, `Z` (Float, axis units, 0 at the start) follow the setpoints `SP X`, `SP Y`, `SP Z`
 *   with a first-order lag (time constant 0.5 s for X and Y, 0.3 s for Z): a controller waits until
 *   the position is within 0.01 of the setpoint. Z grows downwards.
 * - Parts (0.4 m) come down the 4 m part conveyor while `Part conveyor` runs, 1 m apart; `Part at
 *   place` (normally closed: on while it sees nothing, as the sample reads it) sees the one at the
 *   end, under the pick place (X 8.2-8.4, Y 5.4-5.6).
 * - `Detected` is the gripper's sensor: it turns on when the gripper, over the pick place, comes
 *   down to Z 5 onto a part there, stays on while `Grab` holds it, and turns off once the gripper
 *   is back above Z 4 without `Grab`. `Grab` with the part detected takes it off the conveyor.
 * - Boxes (1 m) come down the 4 m box conveyor while `Box conveyor` runs, 1 m apart; `Box at
 *   place` (normally closed) sees the one at the end, under the place area (X 2.9-3.3, Y 3.5-7.1).
 *   Releasing `Grab` there at Z 4.9 or deeper puts the part into that box. The box goes on to the
 *   4 m exit conveyor (`Exit conveyor`) when `Box conveyor` runs, and leaves the line at its end
 *   with the parts it holds.
 *
 * Assumptions (the tags do not say): the axis dynamics and units, the lengths, where the part is
 * touched (Z 5; the sample lowers to 5.3 until `Detected`), that parts in a box are counted, not
 * stacked (so `C +`, the gripper's rotation, and the depth of the drop change nothing), and that
 * a part released anywhere but over a box stays in the gripper. `Exit yellow` and `Exit green`
 * are lights.
 */
export const PICK_AND_PLACE_XYZ: readonly Behaviour[] = [
  axis('X', 'SP X', XY_TIME_CONSTANT_MS),
  axis('Y', 'SP Y', XY_TIME_CONSTANT_MS),
  axis('Z', 'SP Z', Z_TIME_CONSTANT_MS),
  {
    name: 'The gripper comes down on a part at the pick place',
    when: { all: [overPick, { tag: Z, ge: PART_DEPTH }, isOff(PART_AT_PLACE)] },
    then: [{ set: DETECTED, value: true }],
  },
  {
    name: 'The gripper rises empty-handed',
    when: { all: [isOff(GRAB), { tag: Z, lt: CLEAR_DEPTH }] },
    then: [{ set: DETECTED, value: false }],
  },
  {
    conveyor: 'part',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Part conveyor')),
    feeder: { items: ['part'], itemLength: PART_LENGTH, gap: 1 },
    sensors: [{ tag: PART_AT_PLACE, from: 4, to: 4, normallyClosed: true }],
    exits: [{ to: 'gripper', when: { all: [isOn(GRAB), isOn(DETECTED), overPick] } }],
  },
  {
    // The part held by the gripper: drawn aboard, then carried wherever the gantry goes.
    conveyor: 'gripper',
    length: PART_LENGTH,
    speed: GRIPPER_SPEED,
    runs: isOn(GRAB),
    exits: [
      {
        to: 'in box',
        when: { all: [isOff(GRAB), overBox, { tag: Z, ge: PLACE_DEPTH }, isOff(BOX_AT_PLACE)] },
      },
    ],
  },
  {
    // The parts put into the box at the place; they leave the line with it (counted here).
    conveyor: 'in box',
    length: PART_LENGTH,
    speed: GRIPPER_SPEED,
    end: 'remove',
  },
  {
    conveyor: 'box',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Box conveyor')),
    feeder: { items: ['box'], itemLength: BOX_LENGTH, gap: 1 },
    sensors: [{ tag: BOX_AT_PLACE, from: 4, to: 4, normallyClosed: true }],
    exits: [{ to: 'exit', when: isOn(output('Box conveyor')) }],
  },
  {
    conveyor: 'exit',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    end: 'remove',
  },
];
