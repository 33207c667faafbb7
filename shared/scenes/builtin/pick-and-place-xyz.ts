import type { Condition, TagRef } from '../../sim/behaviour-types.js';
import { analogAxis, analogGantry, gripperSensing } from './axes.js';
import {
  belt,
  type BuiltinPlant,
  declarePlant,
  input,
  isOff,
  isOn,
  output,
  path,
  SPEED,
} from './declare-plant.js';

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
const SP_X = output('SP X');
const SP_Y = output('SP Y');
const SP_Z = output('SP Z');
const GRAB = output('Grab');
const DETECTED = input('Detected');
const PART_AT_PLACE = input('Part at place');
const BOX_AT_PLACE = input('Box at place');
const BOX_CONVEYOR = output('Box conveyor');

const within = (tag: TagRef, [ge, le]: readonly [number, number]): Condition => ({ tag, ge, le });
const overPick: Condition = { all: [within(X, PICK.x), within(Y, PICK.y)] };
const overBox: Condition = { all: [within(X, BOX.x), within(Y, BOX.y)] };

// Drawn with the X axis across the belts (X 3.1 over the box, 8.3 over the part's place), the Y
// axis along its bridge (Y 5.3 over the box, 5.5 over the part): 0.46 m a unit of X, 0.28 m a
// unit of Y.
const DRAWN = { x0: 0.6, perX: 0.4615, y0: 2.83, perY: 0.278 };
const drawnY = (x: number) => DRAWN.x0 + DRAWN.perX * x;
const drawnX = (y: number) => DRAWN.y0 + DRAWN.perY * y;

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
 *
 * Drawn with the X axis's rails along the belts' ends, the Y axis as its bridge and the gripper's
 * head on it; the part in the gripper rides with the Z axis.
 */
export const PICK_AND_PLACE_XYZ: BuiltinPlant = declarePlant(
  analogAxis({
    name: 'X',
    follows: 'SP X',
    label: 'X axis',
    position: X,
    target: SP_X,
    timeConstantMs: XY_TIME_CONSTANT_MS,
    start: 0,
    at: {
      x: drawnX(0) - 0.5,
      y: drawnY(0) - 0.15,
      width: drawnX(10) - drawnX(0) + 1,
      height: drawnY(10) - drawnY(0) + 0.3,
    },
    axis: 'y',
  }),
  analogGantry(
    {
      name: 'Y',
      follows: 'SP Y',
      label: 'Y axis',
      position: Y,
      target: SP_Y,
      timeConstantMs: XY_TIME_CONSTANT_MS,
      start: 0,
      at: { x: drawnX(0) - 0.15, y: drawnY(0) - 0.15, width: drawnX(10) - drawnX(0) + 0.3, height: 0.3 },
      axis: 'x',
      on: 'X axis',
    },
    {
      x: drawnX(0) - 0.15,
      y: drawnY(0) - 0.15,
      z: {
        name: 'Z',
        follows: 'SP Z',
        position: Z,
        target: SP_Z,
        timeConstantMs: Z_TIME_CONSTANT_MS,
        start: 0,
      },
      gripper: [
        [GRAB, 'grab'],
        [DETECTED, 'detected'],
      ],
      carries: ['gripper'],
    },
  ),
  gripperSensing(
    DETECTED,
    {
      item: 'a part at the pick place',
      when: { all: [overPick, { tag: Z, ge: PART_DEPTH }, isOff(PART_AT_PLACE)] },
    },
    { all: [isOff(GRAB), { tag: Z, lt: CLEAR_DEPTH }] },
  ),
  belt({
    conveyor: 'part',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Part conveyor')),
    feeder: { items: ['part'], itemLength: PART_LENGTH, gap: 1 },
    sensors: [{ tag: PART_AT_PLACE, from: 4, to: 4, normallyClosed: true }],
    exits: [{ to: 'gripper', when: { all: [isOn(GRAB), isOn(DETECTED), overPick] } }],
    at: { x: drawnX(5.5) - 3.8, y: drawnY(8.3) },
  }),
  // The part held by the gripper: drawn aboard, then carried wherever the gantry goes.
  belt({
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
    at: path(drawnX(0) - 0.05, drawnY(0), 0, 0.1),
  }),
  // The parts put into the box at the place; they leave the line with it (counted here).
  belt({
    conveyor: 'in box',
    length: PART_LENGTH,
    speed: GRIPPER_SPEED,
    end: 'remove',
    at: path(drawnX(5.3) - 0.2, drawnY(3.1), 0, 0.4),
  }),
  belt({
    conveyor: 'box',
    length: 4,
    speed: SPEED,
    runs: isOn(BOX_CONVEYOR),
    feeder: { items: ['box'], itemLength: BOX_LENGTH, gap: 1 },
    sensors: [{ tag: BOX_AT_PLACE, from: 4, to: 4, normallyClosed: true }],
    exits: [{ to: 'exit', when: isOn(BOX_CONVEYOR) }],
    at: { x: drawnX(5.3) - 3.5, y: drawnY(3.1) },
  }),
  belt({
    conveyor: 'exit',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    end: 'remove',
    at: { x: drawnX(5.3) + 0.5, y: drawnY(3.1) },
  }),
);
