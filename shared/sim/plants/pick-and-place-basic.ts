// The plant of the built-in scene "Pick & Place (Basic)" (see ../builtin-behaviours.ts).
import type { Behaviour } from '../behaviour-types.js';
import { axis, axisAt, input, output, isOn, isOff, SPEED, emitterOn } from './plant-parts.js';

/** Travel time of the Z axis (top <-> bottom) and of the X axis (entry <-> exit), in ms. */
const Z_TRAVEL_MS = 1000;
const X_TRAVEL_MS = 2000;

const MOVE_X = output('Move X');
const MOVE_Z = output('Move Z');
const MOVING_X = input('Moving X');
const MOVING_Z = input('Moving Z');
const GRAB = output('Grab');
const ITEM_DETECTED = input('Item detected');

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
 */
export const PICK_AND_PLACE_BASIC: readonly Behaviour[] = [
  ...axis('Z', MOVE_Z, MOVING_Z, Z_TRAVEL_MS),
  ...axis('X', MOVE_X, MOVING_X, X_TRAVEL_MS),
  {
    name: 'The gripper comes down on a box at the entry',
    when: { all: [Z_DOWN, X_AT_ENTRY, isOn(input('Item at entry'))] },
    then: [{ set: ITEM_DETECTED, value: true }],
  },
  {
    name: 'The gripper rises empty-handed',
    when: { all: [isOff(GRAB), isOff(MOVE_Z)] },
    then: [{ set: ITEM_DETECTED, value: false }],
  },
  {
    conveyor: 'entry',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    feeder: { items: ['box'], itemLength: 0.5, gap: 1, when: emitterOn('Emitter') },
    sensors: [{ tag: input('Item at entry'), from: 3, to: 3 }],
    exits: [{ to: 'gripper', when: { all: [isOn(GRAB), isOn(ITEM_DETECTED), X_AT_ENTRY] } }],
  },
  {
    // The box in the gripper, carried by the X axis from above the entry to above the exit.
    conveyor: 'gripper',
    length: 1.5,
    speed: 1,
    runs: { all: [isOn(GRAB), isOn(MOVE_X), isOn(MOVING_X)] },
    exits: [{ to: 'exit', when: { all: [Z_DOWN, X_AT_EXIT] } }],
  },
  {
    conveyor: 'exit',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    sensors: [{ tag: input('Item at exit'), from: 0, to: 0.5 }],
    end: 'remove',
  },
];
