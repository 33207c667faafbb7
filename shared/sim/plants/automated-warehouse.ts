// The plant of the built-in scene "Automated Warehouse" (reaches builtinPlant through shared/scenes/builtin/legacy-plants.ts until it is converted).
import type { Behaviour, Condition, Conveyor, StackerCrane, TagRef } from '../behaviour-types.js';
import { input, output, isOn, isOff, emitterOn } from './plant-parts.js';

/** The rack: 9 columns of 6 levels, cell 1 nearest the rest position, bottom level first. */
export const RACK = { columns: 9, levels: 6 } as const;
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

const cells = Array.from({ length: CELLS }, (_, i) => i + 1);

/** One conveyor per cell: it holds one pallet (a full cell refuses another). */
const cellConveyor = (cell: number): Conveyor => ({
  conveyor: `cell ${cell}`,
  length: PALLET_LENGTH,
  speed: FORKS_SPEED,
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
export const AUTOMATED_WAREHOUSE: readonly Behaviour[] = [
  {
    name: 'Forks start in the middle',
    when: { always: true },
    then: [{ set: AT_MIDDLE, value: true }],
  },
  ...forkLimit('the left', AT_LEFT, leftOnly),
  ...forkLimit('the right', AT_RIGHT, rightOnly),
  ...forkLimit('the middle', AT_MIDDLE, middle),
  STACKER_CRANE,
  {
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
  },
  {
    conveyor: 'load',
    length: 1.125,
    speed: BELT_SPEED,
    runs: isOn(output('Load Conveyor')),
    sensors: [{ tag: input('At Load'), from: 1.125, to: 1.125, normallyClosed: true }],
    exits: [{ to: 'forks', when: { all: [atLoad, isOn(AT_LEFT), isOn(LIFT)] } }],
  },
  {
    // The pallet on the raised forks, travelling with the crane.
    conveyor: 'forks',
    length: PALLET_LENGTH,
    speed: FORKS_SPEED,
    runs: isOn(LIFT),
    exits: cells.map((cell) => ({
      to: `cell ${cell}`,
      when: { all: [atCell(cell), isOn(AT_RIGHT), isOff(LIFT)] },
    })),
  },
  ...cells.map(cellConveyor),
];
