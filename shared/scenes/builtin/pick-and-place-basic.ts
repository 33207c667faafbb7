import { axisAt, gantry, gripperSensing } from './axes.js';
import {
  belt,
  type BuiltinPlant,
  declarePlant,
  emitterOn,
  input,
  isOff,
  isOn,
  output,
  path,
  SPEED,
} from './declare-plant.js';

const MOVE_X = output('Move X');
const MOVE_Z = output('Move Z');
const MOVING_X = input('Moving X');
const MOVING_Z = input('Moving Z');
const GRAB = output('Grab');
const ITEM_DETECTED = input('Item detected');
const ITEM_AT_ENTRY = input('Item at entry');

const Z_DOWN = axisAt(MOVE_Z, MOVING_Z, true);
const X_AT_ENTRY = axisAt(MOVE_X, MOVING_X, false);
const X_AT_EXIT = axisAt(MOVE_X, MOVING_X, true);

/**
 * Pick & Place (Basic): a two-axis gantry with a suction gripper moves boxes from the entry
 * conveyor to the exit conveyor, as in the vendor's sample controller.
 *
 * - Boxes come down the 3 m entry belt while `Entry conveyor` runs, 1 m apart; `Item at entry`
 *   (normally open) sees the box that has reached the end of it, under the gripper's entry side.
 * - `Move Z` lowers the gripper (off: raises it), `Move X` sends it to the exit side (off: back to
 *   the entry side). `Moving Z` / `Moving X` are on while the axis travels: 1 s for Z, 2 s for X
 *   (assumed travel times). An axis sent back mid-travel takes the full travel time again.
 * - `Item detected` is the gripper's sensor: it turns on when the gripper is down on the entry
 *   side over a box at the end of the belt, stays on while the gripper holds it, and turns off
 *   when the gripper rises without `Grab`. `Grab` with the box detected lifts it off the belt
 *   (its rear leaves `Item at entry` once the gantry has carried it 0.5 m); the box travels with
 *   the gantry while `Grab` holds it.
 * - Lowering the gripper on the exit side puts the box on the start of the 3 m exit belt, where
 *   `Item at exit` (normally open, 0-0.5 m) sees it until `Exit conveyor` carries it away to the
 *   end of the line.
 *
 * Assumptions (the tags do not say): the travel times, that the box is put down on the exit belt
 * as soon as the gripper is down there (the sample releases `Grab` once `Item at exit` sees it),
 * and that a box released anywhere else stays in the gripper.
 *
 * Drawn with the gantry's bridge over the entry's end at home, over the exit's start at the far end.
 */
export const PICK_AND_PLACE_BASIC: BuiltinPlant = declarePlant(
  gantry(
    {
      name: 'X',
      label: 'Gantry X',
      move: MOVE_X,
      moving: MOVING_X,
      travelMs: 2000,
      at: { x: 3.35, y: 2.35, width: 2.5, height: 1.7 },
      axis: 'x',
    },
    {
      x: 3.35,
      y: 3.05,
      z: { name: 'Z', move: MOVE_Z, moving: MOVING_Z, travelMs: 1000 },
      gripper: [
        [GRAB, 'grab'],
        [ITEM_DETECTED, 'detected'],
      ],
    },
  ),
  gripperSensing(
    ITEM_DETECTED,
    { item: 'a box at the entry', when: { all: [Z_DOWN, X_AT_ENTRY, isOn(ITEM_AT_ENTRY)] } },
    { all: [isOff(GRAB), isOff(MOVE_Z)] },
  ),
  belt({
    conveyor: 'entry',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    feeder: { items: ['box'], itemLength: 0.5, gap: 1, when: emitterOn('Emitter') },
    sensors: [{ tag: ITEM_AT_ENTRY, from: 3, to: 3 }],
    exits: [{ to: 'gripper', when: { all: [isOn(GRAB), isOn(ITEM_DETECTED), X_AT_ENTRY] } }],
    at: { x: 0.8, y: 3.2 },
  }),
  // The box in the gripper, carried by the X axis from above the entry to above the exit.
  belt({
    conveyor: 'gripper',
    length: 1.5,
    speed: 1,
    runs: { all: [isOn(GRAB), isOn(MOVE_X), isOn(MOVING_X)] },
    exits: [{ to: 'exit', when: { all: [Z_DOWN, X_AT_EXIT] } }],
    at: path(3.8, 3.2, 0, 1.5),
  }),
  belt({
    conveyor: 'exit',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    sensors: [{ tag: input('Item at exit'), from: 0, to: 0.5 }],
    end: 'remove',
    at: { x: 5.3, y: 3.2 },
  }),
);
