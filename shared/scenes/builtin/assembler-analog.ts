import type { Condition } from '../../sim/behaviour-types.js';
import { analogGantry, gripperSensing } from './axes.js';
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

/** Time constants of the axes following their setpoints (assumed). */
const X_TIME_CONSTANT_MS = 400;
const Z_TIME_CONSTANT_MS = 300;

const X = input('X');
const Z = input('Z');
const GRAB = output('Grab');
const ITEM_DETECTED = input('Item detected');
const LID_AT_PLACE = input('Lid at place');
const BASE_AT_PLACE = input('Base at place');
const LIDS_CONVEYOR_1 = output('Lids conveyor 1');
const BASES_CONVEYOR_1 = output('Bases conveyor 1');

/** Where the gripper is over the lid at place (X around 1.1) and over the base at place (X 8.85). */
const X_OVER_LID: Condition = { tag: X, ge: 1, le: 1.2 };
const X_OVER_BASE: Condition = { tag: X, ge: 8.8 };
/** Down on the lid at place (Z towards 9), on a base (Z past 8.4), lifted (Z up to 5). */
const Z_ON_LID: Condition = { tag: Z, ge: 8.8 };
const Z_ON_BASE: Condition = { tag: Z, ge: 8.4 };
const Z_LIFTED: Condition = { tag: Z, le: 5 };

// Drawn with the lid waiting at the end of the lids belt and the base at the end of the bases
// belt, both 4.55 m across; the bridge travels between them, 0.31 m a unit of X (1.1 over the
// lid, 8.85 over the base).
const PLACE_X = 4.55;
const drawnY = (x: number) => 1.3 + (x - 1.1) * (2.4 / 7.75);

/**
 * Assembler (Analog): a two-axis gantry whose axes go to analog setpoints puts lids on bases, as
 * in the vendor's sample controller.
 *
 * - `X` and `Z` (0-10) follow `Set X` and `Set Z` with first-order lags (time constants 0.4 s and
 *   0.3 s): X 0 is home, about 1.1 is over the lid at place and 8.85 over the base at place;
 *   Z 0 is up, about 9 down on the lid, past 8.4 down on a base.
 * - Lids come down the 4 m `Lids conveyor 1`, 0.5 m apart (queued behind each other when it
 *   stops), to `Stop blade 1`, where `Lid at place` (normally open) sees the one at the end. With
 *   the blade down, `Lids conveyor 1` carries lids on to the 2 m `Lids conveyor 2`, whose end they
 *   leave the line at.
 * - Bases come down the 3 m `Bases conveyor 1`, one at a time (a new one once the previous has
 *   left the belt), to `Stop blade 2`, where `Base at place` (normally open) sees the one at the
 *   end. With the blade down, `Bases conveyor 1` pushes the base (with its lid) on to the 1.5 m
 *   `Bases conveyor 2`, where `Part leaving` (normally open) sees it at the end (1.2-1.5 m) until
 *   it leaves the line.
 * - `Item detected` (the gripper's sensor) turns on when the gripper is down on the lid at place,
 *   stays on while `Grab` holds it, and turns off when the gripper, not holding, is up past Z 8.
 *   `Grab` with the lid detected takes it: it leaves `Lid at place` once the gripper has lifted it
 *   (Z under 5) for a quarter of a second. Down over the base at place, the gripper puts the lid
 *   on it: the lid becomes part of the base (the plant counts it as an assembled lid: conveyor
 *   'assembly' of the snapshot) and the base leaves with it.
 *
 * Assumptions (the tags do not say): the lengths and time constants, the positions (from the
 * sample's setpoints), one base at a time, the polarities (normally open, from the sample's
 * edges: it stops the belts on rising edges), and that a lid released anywhere else stays in the
 * gripper.
 */
export const ASSEMBLER_ANALOG: BuiltinPlant = declarePlant(
  analogGantry(
    {
      name: 'X',
      follows: 'its setpoint',
      label: 'X axis',
      position: X,
      target: output('Set X'),
      timeConstantMs: X_TIME_CONSTANT_MS,
      at: { x: PLACE_X - 0.75, y: drawnY(0) - 0.15, width: 1.5, height: drawnY(10) - drawnY(0) + 0.3 },
      axis: 'y',
    },
    {
      x: PLACE_X - 0.15,
      y: drawnY(0) - 0.15,
      z: {
        name: 'Z',
        follows: 'its setpoint',
        position: Z,
        target: output('Set Z'),
        timeConstantMs: Z_TIME_CONSTANT_MS,
      },
      gripper: [
        [GRAB, 'grab'],
        [ITEM_DETECTED, 'detected'],
      ],
      carries: ['gripper'],
    },
  ),
  gripperSensing(
    ITEM_DETECTED,
    { item: 'the lid at place', when: { all: [X_OVER_LID, Z_ON_LID, isOn(LID_AT_PLACE)] } },
    { all: [isOff(GRAB), { tag: Z, lt: 8 }] },
  ),
  belt({
    conveyor: 'lids 1',
    length: 4,
    speed: SPEED,
    runs: isOn(LIDS_CONVEYOR_1),
    feeder: { items: ['lid'], itemLength: 0.5, gap: 0.5, when: emitterOn('Lids emitter') },
    sensors: [{ tag: LID_AT_PLACE, from: 4, to: 4 }],
    exits: [
      { to: 'gripper', when: { all: [isOn(GRAB), isOn(ITEM_DETECTED), X_OVER_LID] } },
      { to: 'lids 2', when: { all: [isOff(output('Stop blade 1')), isOn(LIDS_CONVEYOR_1)] } },
    ],
    at: { x: 0.8, y: 1.3 },
  }),
  belt({
    conveyor: 'lids 2',
    length: 2,
    speed: SPEED,
    runs: isOn(output('Lids conveyor 2')),
    end: 'remove',
    at: { x: 4.8, y: 1.3 },
  }),
  // The lid in the gripper: lifted off the belt while the gripper is up, then carried along with
  // the Z axis.
  belt({
    conveyor: 'gripper',
    length: 1,
    speed: 2,
    runs: { all: [isOn(GRAB), Z_LIFTED] },
    exits: [{ to: 'assembly', when: { all: [X_OVER_BASE, Z_ON_BASE, isOn(BASE_AT_PLACE)] } }],
    at: path(PLACE_X - 0.05, drawnY(0), 0, 0.1),
  }),
  // A lid put on a base: it is part of the base from then on.
  belt({
    conveyor: 'assembly',
    length: 0.1,
    speed: 1,
    end: 'remove',
    at: path(PLACE_X - 0.05, 3.7, 0, 0.1),
  }),
  belt({
    conveyor: 'bases 1',
    length: 3,
    speed: SPEED,
    runs: isOn(BASES_CONVEYOR_1),
    feeder: { items: ['base'], itemLength: 0.5, maxOnConveyor: 1, when: emitterOn('Bases emitter') },
    sensors: [{ tag: BASE_AT_PLACE, from: 3, to: 3 }],
    exits: [{ to: 'bases 2', when: { all: [isOff(output('Stop blade 2')), isOn(BASES_CONVEYOR_1)] } }],
    at: { x: 1.8, y: 3.7 },
  }),
  belt({
    conveyor: 'bases 2',
    length: 1.5,
    speed: SPEED,
    runs: isOn(output('Bases conveyor 2')),
    sensors: [{ tag: input('Part leaving'), from: 1.2, to: 1.5 }],
    end: 'remove',
    at: { x: 4.8, y: 3.7 },
  }),
);
