import type { Behaviour, Condition, TagRef } from './behaviour-types.js';

// The plants of the built-in scenes. Each is a model of the simulator's scene good enough for a
// controller written for the real scene to run its cycle: the sensors are where that controller
// expects them, with the polarity it expects. The vendor's sample controllers show the
// polarities: in "From A to B", "From A to B (Set and Reset)" and "Queue of Items" the sensors
// are normally closed (on while they see nothing); in "Sorting by Height (Basic)" they are normally
// open; the Discharge push button of "Filling Tank" is normally closed. Lengths are metres,
// speeds metres per second. docs/simulation.md describes each model in words.

const input = (name: string): TagRef => ({ name, kind: 'Input' });
const output = (name: string): TagRef => ({ name, kind: 'Output' });
const isOn = (ref: TagRef): Condition => ({ tag: ref, equals: true });
const isOff = (ref: TagRef): Condition => ({ tag: ref, equals: false });

/** Belt speed of the roller and belt conveyors of these scenes. */
const SPEED = 0.5;

/**
 * From A to B: a box appears at A whenever the belt is empty and travels while `Conveyor` runs;
 * `Sensor` (normally closed) sees it at B, the end, where an operator takes it away 2 s after it
 * arrived. `Conveyor = Sensor` moves one box after the other.
 */
const FROM_A_TO_B: readonly Behaviour[] = [
  {
    conveyor: 'belt',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Conveyor')),
    feeder: { items: ['box'], itemLength: 0.5, maxOnConveyor: 1, intervalMs: 1000 },
    sensors: [{ tag: input('Sensor'), from: 3.7, to: 4, normallyClosed: true }],
    removers: [{ from: 3.5, to: 4, afterMs: 2000 }],
  },
];

/**
 * From A to B (Set and Reset): as From A to B, with `Sensor A` (normally closed) seeing the new box
 * at A and `Sensor B` (normally closed) seeing it at B. Set the belt at A, reset it at B.
 */
const FROM_A_TO_B_SET_RESET: readonly Behaviour[] = [
  {
    conveyor: 'belt',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Conveyor')),
    feeder: { items: ['box'], itemLength: 0.5, maxOnConveyor: 1, intervalMs: 1000 },
    sensors: [
      { tag: input('Sensor A'), from: 0, to: 0.6, normallyClosed: true },
      { tag: input('Sensor B'), from: 3.7, to: 4, normallyClosed: true },
    ],
    removers: [{ from: 3.5, to: 4, afterMs: 2000 }],
  },
];

/**
 * Filling Tank: the scene's tags have no level, so the plant here is the operator at the panel.
 * `Discharge` is a normally closed push button (on at rest). When both valves have been closed
 * for 3 s the operator presses `Fill` (0.5 s); 2 s after the fill valve closes, `Discharge`.
 */
const FILLING_TANK: readonly Behaviour[] = [
  {
    name: 'Discharge button rests closed',
    when: { always: true },
    then: [{ set: input('Discharge'), value: true }],
  },
  {
    name: 'Operator presses Fill when the tank is idle',
    when: { all: [isOff(output('Fill valve')), isOff(output('Discharge valve'))], forMs: 3000 },
    then: [{ pulse: input('Fill'), value: true, forMs: 500 }],
  },
  {
    name: 'Operator presses Discharge after filling',
    when: { falling: output('Fill valve') },
    delayMs: 2000,
    then: [{ pulse: input('Discharge'), value: false, forMs: 500 }],
  },
];

/**
 * Level Control: `Level meter` (0-10) integrates the inflow through `Fill valve` (0-10 V: 0.25
 * units/s per volt) less an outflow proportional to the level (0.1/s), so a valve at V settles
 * the level at 2.5 V with a 10 s time constant; the meter has a little noise. The operator's
 * `Setpoint` steps between 7 and 3 every minute.
 */
const LEVEL_CONTROL: readonly Behaviour[] = [
  {
    name: 'Tank level',
    generate: input('Level meter'),
    signal: 'integrator',
    rate: {
      sum: [
        { tag: output('Fill valve'), scale: 0.25 },
        { tag: input('Level meter'), scale: -0.1 },
      ],
    },
    min: 0,
    max: 10,
    noise: 0.01,
  },
  {
    name: 'Operator setpoint',
    generate: input('Setpoint'),
    signal: 'square',
    offset: 5,
    amplitude: 2,
    periodMs: 120000,
  },
];

/**
 * Sorting by Height (Basic): pallets with a low or a high box, alternately, come down the entry
 * conveyor while `Conveyor entry` runs. `Low sensor` sees every box and `High sensor` only high
 * ones as they pass (5.05-5.1 m); `Pallet sensor` sees the pallet waiting at the end (5.7-6 m).
 * `Load` (with the entry conveyor running) draws it onto the transfer, where `Loaded` sees it;
 * `Transf. left` / `Transf. right` push it sideways (2.4 s) onto the left / right exit conveyor,
 * where `At left entry` / `At right entry` see it until `Conveyor left` / `Conveyor right` carry
 * it away to the end of the line. Pallets are 2.2 m apart, so the next one is still before the
 * height sensors when the transfer is loaded, and waits at the pallet sensor before the transfer
 * has delivered.
 */
const SORTING_BY_HEIGHT_BASIC: readonly Behaviour[] = [
  {
    conveyor: 'entry',
    length: 6,
    speed: SPEED,
    runs: isOn(output('Conveyor entry')),
    feeder: { items: ['low', 'high'], itemLength: 0.5, gap: 1.7 },
    sensors: [
      { tag: input('Low sensor'), from: 5.05, to: 5.1 },
      { tag: input('High sensor'), from: 5.05, to: 5.1, detects: ['high'] },
      { tag: input('Pallet sensor'), from: 5.7, to: 6 },
    ],
    exits: [{ to: 'transfer', when: isOn(output('Load')) }],
  },
  {
    conveyor: 'transfer',
    length: 1,
    speed: SPEED,
    runs: isOn(output('Load')),
    sensors: [{ tag: input('Loaded'), from: 1, to: 1 }],
    exits: [
      { to: 'to left', when: isOn(output('Transf. left')) },
      { to: 'to right', when: isOn(output('Transf. right')) },
    ],
  },
  {
    conveyor: 'to left',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Transf. left')),
    exits: [{ to: 'left' }],
  },
  {
    conveyor: 'to right',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Transf. right')),
    exits: [{ to: 'right' }],
  },
  {
    conveyor: 'left',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Conveyor left')),
    sensors: [{ tag: input('At left entry'), from: 0, to: 0.3 }],
    end: 'remove',
  },
  {
    conveyor: 'right',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Conveyor right')),
    sensors: [{ tag: input('At right entry'), from: 0, to: 0.3 }],
    end: 'remove',
  },
];

/**
 * Queue of Items: one item at a time is put at the start of the entry conveyor while `Entry
 * conveyor` runs, at least 5 s apart; `Item ready` (normally closed) sees it there. The entry
 * conveyor pushes it onto the buffer conveyor, where `At entry` (normally closed) sees it at the
 * start; the buffer conveyor carries items to its end, where `At exit` (normally closed) sees each
 * one leave the line.
 */
const QUEUE_OF_ITEMS: readonly Behaviour[] = [
  {
    conveyor: 'entry',
    length: 2,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    feeder: {
      items: ['item'],
      itemLength: 0.5,
      maxOnConveyor: 1,
      intervalMs: 5000,
      when: isOn(output('Entry conveyor')),
    },
    sensors: [{ tag: input('Item ready'), from: 0, to: 0.6, normallyClosed: true }],
    exits: [{ to: 'buffer' }],
  },
  {
    conveyor: 'buffer',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Buffer conveyor')),
    sensors: [
      { tag: input('At entry'), from: 0, to: 0.2, normallyClosed: true },
      { tag: input('At exit'), from: 3.6, to: 3.8, normallyClosed: true },
    ],
    end: 'remove',
  },
];

const BUILTIN: ReadonlyMap<string, readonly Behaviour[]> = new Map([
  ['From A to B', FROM_A_TO_B],
  ['From A to B (Set and Reset)', FROM_A_TO_B_SET_RESET],
  ['Filling Tank', FILLING_TANK],
  ['Level Control', LEVEL_CONTROL],
  ['Sorting by Height (Basic)', SORTING_BY_HEIGHT_BASIC],
  ['Queue of Items', QUEUE_OF_ITEMS],
]);

/** Names of the built-in scenes that have behaviours. */
export const SCENES_WITH_BEHAVIOURS: readonly string[] = [...BUILTIN.keys()];

/** The behaviours of a built-in scene (exact name); `[]` for a scene that has none yet. */
export function builtinBehaviours(sceneName: string): readonly Behaviour[] {
  return BUILTIN.get(sceneName) ?? [];
}
