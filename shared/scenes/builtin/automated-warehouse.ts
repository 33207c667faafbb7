import { craneColumnX, craneLevelY, RACK } from '../../plant/machine-motion.js';
import type { LaidPart } from '../../plant/plant-types.js';
import type { Behaviour, Condition, StackerCrane, TagRef } from '../../sim/behaviour-types.js';
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
} from './declare-plant.js';

/** The rack (plant/machine-motion.ts draws the crane before it): 54 cells, cell 1 nearest the rest position. */
const COLUMNS = RACK.columns;
const LEVELS = RACK.levels;
const CELLS = COLUMNS * LEVELS;
/** The rest position, at the load conveyor: any target above the cells sends the crane there. */
export const LOAD_POSITION = CELLS + 1;

/**
 * The crane's axes and lift, fitted to a real installation's logs (docs/fidelity.md, "The stacker
 * crane"): a move of each axis takes its start-stop time plus the distance at its speed.
 */
export const CRANE_TIMING = {
  x: { first: 1.5, pitch: 1.125, speed: 1.9, startStopMs: 1750 },
  z: { first: 0, pitch: 1.15, speed: 1.7, startStopMs: 1450 },
  liftMs: 1700,
  /** From a command to the limit switch of the side (or the middle) it sends the forks to. */
  forksMs: 2200,
  /** From a command to the limit switch the forks leave going off. */
  forksLeaveMs: 100,
} as const;

/** The pallets (1.2 m, with a box) and the roller conveyors' speed, fitted to the same logs. */
const PALLET_LENGTH = 1.2;
const BELT_SPEED = 0.85;
/** The forks draw a pallet aboard (or into a cell) faster than a belt would. */
const FORKS_SPEED = 4;
/** The emitter's `MinTimeToEmit` in the saved scene: at least this long between two pallets. */
const EMIT_INTERVAL_MS = 4000;
/**
 * Room the emitter wants behind the pallet before: the whole entry conveyor. Every feed of the
 * real installation took the full 2.6 s (docs/fidelity.md), so no pallet comes while the one
 * before is still on the entry conveyor, even with the belts running.
 */
const EMIT_GAP = 2 - PALLET_LENGTH;

const TARGET = output('Target Position');
const MOVING_X = input('Moving X');
const MOVING_Z = input('Moving Z');
const FORKS_LEFT = output('Forks Left');
const FORKS_RIGHT = output('Forks Right');
const LIFT = output('Lift');
const AT_LEFT = input('At Left');
const AT_MIDDLE = input('At Middle');
const AT_RIGHT = input('At Right');

/**
 * The crane stands at `at` (a target condition) with both axes and the lift still, for two steps
 * (at the step of a new target its Moving tags still show the step before).
 */
const settledAt = (at: Condition): Condition => ({
  all: [at, isOff(MOVING_X), isOff(MOVING_Z)],
  forMs: 20,
});
const atCell = (cell: number) => settledAt({ tag: TARGET, equals: cell });
const atLoad = settledAt({ tag: TARGET, gt: CELLS });

/** The forks are sent left, right, or to the middle (both commands or neither, as on the real crane). */
const leftOnly: Condition = { all: [isOn(FORKS_LEFT), isOff(FORKS_RIGHT)] };
const rightOnly: Condition = { all: [isOn(FORKS_RIGHT), isOff(FORKS_LEFT)] };
const middle: Condition = { not: { any: [leftOnly, rightOnly] } };

/** A fork limit switch: on once the forks have been sent there for forksMs, off as they leave. */
function forkLimit(name: string, limit: TagRef, sent: Condition): Behaviour[] {
  return [
    {
      name: `Forks reach ${name}`,
      when: { ...withFor(sent, CRANE_TIMING.forksMs) },
      then: [{ set: limit, value: true }],
    },
    {
      name: `Forks leave ${name}`,
      when: withFor({ not: sent }, CRANE_TIMING.forksLeaveMs),
      then: [{ set: limit, value: false }],
    },
  ];
}

function withFor(c: Condition, forMs: number): Condition {
  return 'all' in c || 'any' in c || 'not' in c ? { ...c, forMs } : { all: [c], forMs };
}

const STACKER_CRANE: StackerCrane = {
  stackerCrane: 'crane',
  target: TARGET,
  movingX: MOVING_X,
  movingZ: MOVING_Z,
  lift: LIFT,
  liftMs: CRANE_TIMING.liftMs,
  columns: COLUMNS,
  levels: LEVELS,
  x: CRANE_TIMING.x,
  z: CRANE_TIMING.z,
};

const cells = Array.from({ length: CELLS }, (_, i) => i + 1);

// Drawn seen from the aisle: the infeed along the floor, the rack of 54 cells (cell 1 at the
// bottom nearest the load), the stacker crane on its floor rail, its carriage at the column and
// level the plant has it (the snapshot's `cranes`), the forks carrying their pallet with it.
const PITCH = 0.75;
const FLOOR = 6.0;
const CRANE = {
  x: 6.8,
  y: FLOOR + 0.35 - ((LEVELS - 1) * PITCH + 0.7),
  width: (COLUMNS + 1) * PITCH,
  height: (LEVELS - 1) * PITCH + 0.7,
};
/** The crane as drawn, for where its rack's cells are. */
const craneAt: LaidPart = {
  ...CRANE,
  part: 'crane',
  label: 'Stacker crane',
  axis: 'x',
  tags: [],
  simulated: true,
  tracks: [],
  carries: [],
};

/** One conveyor per cell: it holds one pallet (a full cell refuses another); drawn in the rack. */
const cell = (n: number): PlantPart =>
  belt({
    conveyor: `cell ${n}`,
    length: PALLET_LENGTH,
    speed: FORKS_SPEED,
    at: {
      x: craneColumnX(craneAt, ((n - 1) % COLUMNS) + 1) - 0.25,
      y: craneLevelY(craneAt, Math.floor((n - 1) / COLUMNS)),
      width: 0.45,
      drawnLength: 0.5,
      look: 'rollers',
    },
  });

/**
 * Automated Warehouse: a stacker crane stores pallets, which come down the entry and load
 * conveyors, in a rack of 54 cells, as in the vendor's sample controller and a real installation's
 * controller (docs/fidelity.md, "The stacker crane").
 *
 * - The emitter (kept forced on by the scene) puts a pallet (1.2 m, carrying a box) at the start of
 *   the 2 m entry conveyor at once, and another at least 4 s later once the one before is off the
 *   entry conveyor, so the scene starts with a pallet at `At Entry` (0.5 m). `Entry Conveyor` and `Load Conveyor` run the entry
 *   and the 1.125 m load conveyor at 0.85 m/s; `At Load` sees the pallet at the load conveyor's end,
 *   beside the crane: 2.3 s after the belts start for the pallet at `At Entry`. Both sensors are
 *   retro-reflective (on while they see nothing).
 * - The stacker crane (see StackerCrane): `Target Position` 1 to 54 a cell, 55 (or more) the rest
 *   position at the load conveyor, where it starts, 0 stops it where it is and holds its platform
 *   still, the lift too. Re-sending where it stands moves nothing. The cart (X) takes 1.75 s plus
 *   its distance at 1.9 m/s (cell 1 is 1.5 m from the rest position, the columns 1.125 m apart),
 *   the platform (Z) 1.45 s plus 1.15 m a level at 1.7 m/s; `Moving X` and `Moving Z` show them.
 *   `Lift` raises the platform in 1.7 s (`Moving Z` meanwhile).
 * - `Forks Left` alone sends the forks to the load conveyor's side, `Forks Right` alone to the
 *   rack's, both or neither to the middle: `At Left`, `At Right`, `At Middle` come on 2.2 s after
 *   the command and go off 0.1 s after the forks leave.
 * - With the crane at the rest position, the forks left and the lift raised, the pallet at the
 *   end of the load conveyor goes onto the forks. With the crane at a cell, the forks right and the
 *   lift lowered, it goes into that cell (unless it is full: it then stays on the forks).
 *
 * Assumptions (neither the tags nor the evidence say): that the rest position is at the bottom
 * level's height, that a target that changes mid-way turns the crane round at once, that the forks
 * take 2.2 s from anywhere, that a pallet is put down only in a cell, and the unload side (`Unload
 * Conveyor`, `Exit Conveyor`, `At Unload`, `At Exit`, `Remover`), which is not modelled.
 */
export const AUTOMATED_WAREHOUSE: BuiltinPlant = declarePlant(
  // The crane: its forks' limit switches, then the crane itself; drawn with its lamps and switches.
  machine(
    'crane',
    'Stacker crane',
    CRANE,
    [
      [TARGET, 'target'],
      [MOVING_X, 'moving'],
      [MOVING_Z, 'lamp'],
      [AT_LEFT, 'lamp'],
      [AT_MIDDLE, 'lamp'],
      [AT_RIGHT, 'lamp'],
      [FORKS_LEFT, 'switch'],
      [FORKS_RIGHT, 'switch'],
      [LIFT, 'drive'],
    ],
    {
      axis: 'x',
      carries: ['forks'],
      behaviours: [
        {
          name: 'Forks start in the middle',
          when: { always: true },
          then: [{ set: AT_MIDDLE, value: true }],
        },
        ...forkLimit('the left', AT_LEFT, leftOnly),
        ...forkLimit('the right', AT_RIGHT, rightOnly),
        ...forkLimit('the middle', AT_MIDDLE, middle),
        STACKER_CRANE,
      ],
    },
  ),
  // Drawn at the lengths the drawing was made for (the plant's are the saved scene's 2 m and
  // 1.125 m): the entry shorter than a long belt, the rack keeps its room.
  belt({
    conveyor: 'entry',
    length: 2,
    speed: BELT_SPEED,
    runs: isOn(output('Entry Conveyor')),
    feeder: {
      items: ['pallet'],
      itemLength: PALLET_LENGTH,
      gap: EMIT_GAP,
      intervalMs: EMIT_INTERVAL_MS,
      when: emitterOn('Emitter'),
    },
    sensors: [{ tag: input('At Entry'), from: 0.5, to: 0.5, normallyClosed: true }],
    exits: [{ to: 'load' }],
    at: { x: 0.8, y: FLOOR, drawnLength: 4 },
  }),
  belt({
    conveyor: 'load',
    length: 1.125,
    speed: BELT_SPEED,
    runs: isOn(output('Load Conveyor')),
    sensors: [{ tag: input('At Load'), from: 1.125, to: 1.125, normallyClosed: true }],
    exits: [{ to: 'forks', when: { all: [atLoad, isOn(AT_LEFT), isOn(LIFT)] } }],
    at: { x: 4.8, y: FLOOR, drawnLength: 2, look: 'rollers' },
  }),
  // The pallet on the raised forks, travelling with the crane.
  belt({
    conveyor: 'forks',
    length: PALLET_LENGTH,
    speed: FORKS_SPEED,
    runs: isOn(LIFT),
    exits: cells.map((n) => ({
      to: `cell ${n}`,
      when: { all: [atCell(n), isOn(AT_RIGHT), isOff(LIFT)] },
    })),
    at: path(craneColumnX(craneAt, 0) - 0.4, craneLevelY(craneAt, 0), 0, 0.8),
  }),
  ...cells.map(cell),
);
