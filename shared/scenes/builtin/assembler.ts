import type { Behaviour, TagRef } from '../../sim/behaviour-types.js';
import { axisAt, gantry, gripperSensing } from './axes.js';
import {
  belt,
  type BuiltinPlant,
  declarePlant,
  emitterOn,
  input,
  isOff,
  isOn,
  machine,
  output,
  path,
  type PlantPart,
  SPEED,
} from './declare-plant.js';

/** Travel time of the Z axis (up <-> down) and of the X axis (lids <-> bases), in ms (assumed). */
const Z_TRAVEL_MS = 1000;
const X_TRAVEL_MS = 2000;
/** A clamp closes on a part (or all the way, on nothing) in this long (assumed). */
const CLAMP_MS = 500;

const MOVE_X = output('Move X');
const MOVE_Z = output('Move Z');
const MOVING_X = input('Moving X');
const MOVING_Z = input('Moving Z');
const GRAB = output('Grab');
const ITEM_DETECTED = input('Item detected');
const LID_AT_PLACE = input('Lid at place');
const BASE_AT_PLACE = input('Base at place');
const BASES_CONVEYOR = output('Bases conveyor');
const RAISE_LIDS = output('Pos. raise (lids)');
const RAISE_BASES = output('Pos. raise (bases)');
const CLAMP_LID = output('Clamp lid');
const CLAMP_BASE = output('Clamp base');

const Z_DOWN = axisAt(MOVE_Z, MOVING_Z, true);
const X_AT_LIDS = axisAt(MOVE_X, MOVING_X, false);
const X_AT_BASES = axisAt(MOVE_X, MOVING_X, true);

/** The lid waits at the end of the lids belt, the base at the end of the bases belt, both 4.55 m across. */
const PLACE_X = 4.55;

/**
 * A positioner at a place whose (normally closed) sensor is `atPlace`: its bar (`raise`) and its
 * clamp, drawn at height `y` with a row of four chips. `clamped` turns on once the clamp has
 * closed on a part there for CLAMP_MS, `atLimit` once it has closed on nothing (all the way);
 * both turn off when the clamp opens or what it held changes.
 */
function positioner(
  side: 'lid' | 'base',
  y: number,
  atPlace: TagRef,
  raise: TagRef,
  clamp: TagRef,
): PlantPart {
  const Side = `${side[0]!.toUpperCase()}${side.slice(1)}`;
  const clampOn = isOn(clamp);
  const clamped = input(`${Side} clamped`);
  const atLimit = input(`Pos. at limit (${side}s)`);
  const behaviours: Behaviour[] = [
    {
      name: `The ${side} clamp closes on a ${side}`,
      when: { all: [clampOn, isOff(atPlace)], forMs: CLAMP_MS },
      then: [{ set: clamped, value: true }],
    },
    {
      name: `The ${side} clamp closes on nothing, to its limit`,
      when: { all: [clampOn, isOn(atPlace)], forMs: CLAMP_MS },
      then: [{ set: atLimit, value: true }],
    },
    {
      name: `The ${side} clamp opens, or its ${side} goes`,
      when: { any: [{ not: clampOn }, isOn(atPlace)] },
      then: [{ set: clamped, value: false }],
    },
    {
      name: `The ${side} clamp opens, or a ${side} comes`,
      when: { any: [{ not: clampOn }, isOff(atPlace)] },
      then: [{ set: atLimit, value: false }],
    },
  ];
  const tags = [
    [atLimit, 'lamp'],
    [raise, 'switch'],
    [clamped, 'lamp'],
    [clamp, 'switch'],
  ] as const;
  return machine('station', `${Side} positioner`, { x: 7.4, y, width: 3.6, height: 1.65 }, tags, {
    behaviours,
  });
}

/**
 * Assembler: a two-axis gantry with a gripper puts lids on bases, as in the vendor's sample
 * controller.
 *
 * - Lids come down the 4 m lids belt while `Lids conveyor` runs, 0.5 m apart (queued behind each
 *   other when it stops); the positioner's bar stops each at the end, where `Lid at place`
 *   (normally closed: on while it sees nothing) sees it. Bases come down the 3 m bases belt while
 *   `Bases conveyor` runs, one at a time (a new one once the previous has left the belt); the
 *   bases positioner's bar stops it at the end, where `Base at place` (normally closed) sees it.
 * - `Clamp lid` / `Clamp base` close the positioner's clamp: `Lid clamped` / `Base clamped` turn on
 *   0.5 s after it closed on a part, `Pos. at limit (lids)` / `(bases)` 0.5 s after it closed on
 *   nothing (all the way); they turn off when it opens. `Pos. raise (bases)` raises the bases'
 *   bar: with the clamp open and `Bases conveyor` running, the base (with its lid) goes on to the
 *   2 m exit belt (running with `Bases conveyor`), where `Part leaving` (normally closed) sees it
 *   at the end (1.7-2 m) before it leaves the line. The lids' bar stays down (a lid only leaves
 *   in the gripper).
 * - `Move Z` lowers the gripper (off: raises it), `Move X` sends it to the bases side (off: back to
 *   the lids side); `Moving Z` / `Moving X` are on while the axis travels (1 s for Z, 2 s for X;
 *   sent back mid-travel, it takes the full time again).
 * - `Item detected` (the gripper's sensor) turns on when the gripper is down on the lids side over
 *   a lid at place, stays on while `Grab` holds it, and turns off when the gripper rises without
 *   `Grab`. `Grab` with the lid detected lifts it (its rear leaves `Lid at place` once the gantry
 *   has carried it 0.5 m); the lid travels with the gantry while `Grab` holds it.
 * - Lowered on the bases side over a base at place, the gripper puts the lid on the base: the lid
 *   becomes part of the base (the plant counts it as an assembled lid: conveyor 'assembly' of the
 *   snapshot) and the base leaves with it.
 *
 * Assumptions (the tags do not say): the lengths, travel and clamping times; one base at a time;
 * that `Pos. at limit` means a clamp closed on nothing; that the lids' `Pos. raise` does nothing;
 * that the lid is put down as soon as the gripper is down over a base (the sample releases
 * `Grab` once Z has stopped); and that a lid released anywhere else stays in the gripper.
 *
 * Drawn with the gantry's bridge travelling between the lid and the base at place, the two
 * positioners beside the line.
 */
export const ASSEMBLER: BuiltinPlant = declarePlant(
  gantry(
    {
      name: 'X',
      label: 'Gantry X',
      move: MOVE_X,
      moving: MOVING_X,
      travelMs: X_TRAVEL_MS,
      at: { x: PLACE_X - 0.75, y: 1.15, width: 1.5, height: 2.7 },
      axis: 'y',
    },
    {
      x: PLACE_X - 0.15,
      y: 1.15,
      z: { name: 'Z', move: MOVE_Z, moving: MOVING_Z, travelMs: Z_TRAVEL_MS },
      gripper: [
        [GRAB, 'grab'],
        [ITEM_DETECTED, 'detected'],
      ],
    },
  ),
  positioner('lid', 2.4, LID_AT_PLACE, RAISE_LIDS, CLAMP_LID),
  positioner('base', 4.25, BASE_AT_PLACE, RAISE_BASES, CLAMP_BASE),
  gripperSensing(
    ITEM_DETECTED,
    { item: 'a lid at place', when: { all: [Z_DOWN, X_AT_LIDS, isOff(LID_AT_PLACE)] } },
    { all: [isOff(GRAB), isOff(MOVE_Z)] },
  ),
  belt({
    conveyor: 'lids',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Lids conveyor')),
    feeder: { items: ['lid'], itemLength: 0.5, gap: 0.5, when: emitterOn('Lids emitter') },
    sensors: [{ tag: LID_AT_PLACE, from: 4, to: 4, normallyClosed: true }],
    exits: [{ to: 'gripper', when: { all: [isOn(GRAB), isOn(ITEM_DETECTED), X_AT_LIDS] } }],
    at: { x: 0.8, y: 1.3 },
  }),
  // The lid in the gripper, carried by the X axis from above the lids to above the bases.
  belt({
    conveyor: 'gripper',
    length: 1.5,
    speed: 1,
    runs: { all: [isOn(GRAB), isOn(MOVE_X), isOn(MOVING_X)] },
    exits: [{ to: 'assembly', when: { all: [Z_DOWN, X_AT_BASES, isOff(BASE_AT_PLACE)] } }],
    at: path(PLACE_X, 1.3, 90, 2.4),
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
    conveyor: 'bases',
    length: 3,
    speed: SPEED,
    runs: isOn(BASES_CONVEYOR),
    feeder: { items: ['base'], itemLength: 0.5, maxOnConveyor: 1, when: emitterOn('Bases emitter') },
    sensors: [{ tag: BASE_AT_PLACE, from: 3, to: 3, normallyClosed: true }],
    exits: [{ to: 'exit', when: { all: [isOn(RAISE_BASES), isOff(CLAMP_BASE), isOn(BASES_CONVEYOR)] } }],
    at: { x: 1.8, y: 3.7 },
  }),
  belt({
    conveyor: 'exit',
    length: 2,
    speed: SPEED,
    runs: isOn(BASES_CONVEYOR),
    sensors: [{ tag: input('Part leaving'), from: 1.7, to: 2, normallyClosed: true }],
    end: 'remove',
    at: { x: 4.8, y: 3.7 },
  }),
);
