// The plant of the built-in scene "Automated Warehouse" (see ../builtin-behaviours.ts).
import type { Behaviour, Condition, Conveyor } from '../behaviour-types.js';
import { input, output, isOn, isOff, SPEED, emitterOn } from './plant-parts.js';

/** The rack's cells are numbered 1 to CELLS; LOAD_POSITION is the crane's place at the load conveyor. */
const CELLS = 54;
const COLUMNS = 9;
export const LOAD_POSITION = 55;

/** Travel times (assumed): the forks and the lift each way, the axes to a cell and back to the load. */
const FORKS_MS = 1500;
const LIFT_MS = 1000;
const X_BASE_MS = 500;
const X_PER_COLUMN_MS = 500;
const Z_BASE_MS = 500;
const Z_PER_LEVEL_MS = 800;
const X_TO_LOAD_MS = 3000;
const Z_TO_LOAD_MS = 2000;

/** A pallet with its box, 1.2 m long; the forks carry it faster than a belt would. */
const PALLET_LENGTH = 1.2;
const FORKS_SPEED = 4;

const TARGET = output('Target Position');
const MOVING_X = input('Moving X');
const MOVING_Z = input('Moving Z');
const FORKS_LEFT = output('Forks Left');
const FORKS_RIGHT = output('Forks Right');
const LIFT = output('Lift');
const AT_LEFT = input('At Left');
const AT_MIDDLE = input('At Middle');
const AT_RIGHT = input('At Right');

/** Column (1 to 9, from the load side) and level (0 at the bottom) of a cell. */
const column = (cell: number) => ((cell - 1) % COLUMNS) + 1;
const level = (cell: number) => Math.floor((cell - 1) / COLUMNS);

/** The crane has arrived at `position`: it is the target and the X axis no longer travels. */
const craneAt = (position: number): Condition => ({
  all: [{ tag: TARGET, equals: position }, isOff(MOVING_X)],
});

/**
 * The crane is at the load conveyor: sent there and arrived, or never sent anywhere. The vendor's
 * documentation has the crane start at the load position, and a `Target Position` of 0 (its
 * value at start) sends it nowhere (docs/fidelity.md).
 */
const craneAtLoad: Condition = {
  any: [craneAt(LOAD_POSITION), { all: [{ tag: TARGET, equals: 0 }, isOff(MOVING_X)] }],
};

/** A new target sets both axes travelling; each stops after its travel time to that target. */
function travelTo(position: number, xMs: number, zMs: number): Behaviour[] {
  return [
    {
      name: `Crane sets off to ${position}`,
      when: { tag: TARGET, equals: position },
      then: [
        { set: MOVING_X, value: true },
        { set: MOVING_Z, value: true },
      ],
    },
    { when: { tag: TARGET, equals: position, forMs: xMs }, then: [{ set: MOVING_X, value: false }] },
    { when: { tag: TARGET, equals: position, forMs: zMs }, then: [{ set: MOVING_Z, value: false }] },
  ];
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
 * conveyors, in a rack of 54 cells, as in the vendor's sample controller.
 *
 * - Pallets (1.2 m, carrying a box) come down the 6 m entry belt while `Entry Conveyor` runs, 1 m
 *   apart, onto the 2 m load conveyor (`Load Conveyor`); `At Load` (normally closed: on while it
 *   sees nothing, as the sample reads it) sees the pallet at its end, beside the crane.
 * - `Target Position` sends the crane: 1 to 54 a cell, 55 the load position. `Moving X` and
 *   `Moving Z` are on from the step after the target changes until each axis has had its travel
 *   time: to a cell, X 0.5 s plus 0.5 s per column (9 columns, cell 1 nearest the load) and Z 0.5 s
 *   plus 0.8 s per level (6 levels, cells 1-9 at the bottom); back to the load position, X 3 s and
 *   Z 2 s wherever it comes from (the model does not know where the crane is, only where it was
 *   sent). Other targets (0, the initial value) do not move it; it starts at the load position.
 * - `Forks Left` / `Forks Right` extend the forks towards the load conveyor / the rack in 1.5 s;
 *   `At Left` / `At Right` turn on when they get there, `At Middle` when they are back (and at the
 *   start); each goes off as the forks leave. `Lift` raises the forks (off: lowers them);
 *   `Moving Z` is on for the 1 s the lift takes either way.
 * - With the crane at the load position and the forks at the left, `Lift` takes the pallet at the
 *   end of the load conveyor onto the forks. With the crane at a cell and the forks at the right,
 *   lowering the lift puts the pallet into that cell (unless it is full: it then stays on the
 *   forks).
 *
 * Assumptions (the tags do not say): the rack's layout and numbering, every travel time, that the
 * crane's position is only where it was last sent, and that a pallet is put down only in a cell.
 */
export const AUTOMATED_WAREHOUSE: readonly Behaviour[] = [
  {
    name: 'Forks start in the middle',
    when: { always: true },
    then: [{ set: AT_MIDDLE, value: true }],
  },
  {
    name: 'Forks leave the middle',
    when: { any: [{ rising: FORKS_LEFT }, { rising: FORKS_RIGHT }] },
    then: [{ set: AT_MIDDLE, value: false }],
  },
  {
    name: 'Forks reach the left',
    when: { all: [isOn(FORKS_LEFT), isOff(FORKS_RIGHT)], forMs: FORKS_MS },
    then: [{ set: AT_LEFT, value: true }],
  },
  { name: 'Forks leave the left', when: { falling: FORKS_LEFT }, then: [{ set: AT_LEFT, value: false }] },
  {
    name: 'Forks reach the right',
    when: { all: [isOn(FORKS_RIGHT), isOff(FORKS_LEFT)], forMs: FORKS_MS },
    then: [{ set: AT_RIGHT, value: true }],
  },
  { name: 'Forks leave the right', when: { falling: FORKS_RIGHT }, then: [{ set: AT_RIGHT, value: false }] },
  {
    name: 'Forks are back in the middle',
    when: { all: [isOff(FORKS_LEFT), isOff(FORKS_RIGHT)], forMs: FORKS_MS },
    then: [{ set: AT_MIDDLE, value: true }],
  },
  {
    name: 'Lift starts moving',
    when: { any: [{ rising: LIFT }, { falling: LIFT }] },
    then: [{ set: MOVING_Z, value: true }],
  },
  {
    name: 'Lift reaches the end it was sent to',
    when: {
      any: [
        { tag: LIFT, equals: true, forMs: LIFT_MS },
        { tag: LIFT, equals: false, forMs: LIFT_MS },
      ],
    },
    then: [{ set: MOVING_Z, value: false }],
  },
  ...travelTo(LOAD_POSITION, X_TO_LOAD_MS, Z_TO_LOAD_MS),
  ...cells.flatMap((cell) =>
    travelTo(cell, X_BASE_MS + X_PER_COLUMN_MS * column(cell), Z_BASE_MS + Z_PER_LEVEL_MS * level(cell)),
  ),
  {
    conveyor: 'entry',
    length: 6,
    speed: SPEED,
    runs: isOn(output('Entry Conveyor')),
    feeder: { items: ['pallet'], itemLength: PALLET_LENGTH, gap: 1, when: emitterOn('Emitter') },
    exits: [{ to: 'load' }],
  },
  {
    conveyor: 'load',
    length: 2,
    speed: SPEED,
    runs: isOn(output('Load Conveyor')),
    sensors: [{ tag: input('At Load'), from: 2, to: 2, normallyClosed: true }],
    exits: [{ to: 'forks', when: { all: [craneAtLoad, isOn(AT_LEFT), isOn(LIFT)] } }],
  },
  {
    // The pallet on the raised forks, travelling with the crane.
    conveyor: 'forks',
    length: PALLET_LENGTH,
    speed: FORKS_SPEED,
    runs: isOn(LIFT),
    exits: cells.map((cell) => ({
      to: `cell ${cell}`,
      when: { all: [craneAt(cell), isOn(AT_RIGHT), isOff(LIFT)] },
    })),
  },
  ...cells.map(cellConveyor),
];
