import type { Behaviour, Condition, ConveyorExit, TagRef } from '../../sim/behaviour-types.js';
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

const UP = output('Elevator up');
const DOWN = output('Elevator down');
const TO_LIMIT = output('Move to limit');
const LOAD_PALLET = output('Load pallet');
const EXIT_CONVEYOR = output('Exit conveyor');
const PUSH = output('Push');
const CLAMP = output('Clamp');
const LOAD_BELT = output('Load belt');
const OPEN_PLATE = output('Open plate');
const PALLET_LOADED = input('Pallet loaded');
const ELEVATOR_MOVING = input('Elevator moving');
const PUSHER_LIMIT = input('Pusher limit');
const PLATE_LIMIT = input('Plate limit');
const CLAMPED = input('Clamped');

/**
 * The elevator's stops, from the bottom (0: level with the pallet conveyors) to the top (3: a
 * pallet's floor under the plate), and the seconds the elevator takes to reach each from the
 * bottom. Stop 2 takes the second layer, stop 1 the third (a layer is about 0.4 m high).
 */
const STOP_HEIGHT_S = [0, 2.4, 3.2, 4] as const;
const TOP = STOP_HEIGHT_S.length - 1;

/**
 * The shaft's conveyors measure time, not distance: at this speed a metre is 10 ms (one step),
 * so a 1.2 m pallet hands over from one to the next within a step or two.
 */
const SHAFT_SPEED = 100;
/** At an upper stop the elevator settles for 0.3 s before it answers a new command. */
const SETTLE = 0.3 * SHAFT_SPEED;

/** Pusher and plate strokes, clamp closing, in ms (assumed). */
const PUSH_STROKE_MS = 1500;
const PLATE_STROKE_MS = 1000;
const CLAMP_MS = 1000;

/** Conveyor name of the elevator at stop `k` (the bottom has two: see BACK_AT_BOTTOM). */
const stopName = (k: number) => `elevator at ${k}`;
const liftName = (from: number, to: number) => `elevator ${from} to ${to}`;
const BACK_AT_BOTTOM = 'elevator back at 0';

/** Where a command sends the elevator from stop `k`: up/down one stop, or to the limit. */
function moves(k: number): { to: number; when: Condition }[] {
  const result: { to: number; when: Condition }[] = [];
  if (k < TOP) {
    const up = [isOn(UP), isOff(DOWN)];
    if (k + 1 === TOP) result.push({ to: TOP, when: { all: up } });
    else {
      result.push({ to: TOP, when: { all: [...up, isOn(TO_LIMIT)] } });
      result.push({ to: k + 1, when: { all: [...up, isOff(TO_LIMIT)] } });
    }
  }
  if (k > 0) {
    const down = [isOn(DOWN), isOff(UP)];
    if (k - 1 === 0) result.push({ to: 0, when: { all: down } });
    else {
      result.push({ to: 0, when: { all: [...down, isOn(TO_LIMIT)] } });
      result.push({ to: k - 1, when: { all: [...down, isOff(TO_LIMIT)] } });
    }
  }
  return result;
}

const liftExits = (k: number): ConveyorExit[] =>
  moves(k).map(({ to, when }) => ({ to: liftName(k, to), when }));

/** A pallet at the bottom rolls off the platform onto the exit conveyor. */
const UNLOAD: ConveyorExit = { to: 'exit', when: { all: [isOn(LOAD_PALLET), isOn(EXIT_CONVEYOR)] } };

/** The elevator's travels between stops (from, to), in the order the plant declares them. */
const TRAVELS = STOP_HEIGHT_S.flatMap((_, k) => moves(k).map((m) => [k, m.to] as const));

// Drawn with the pallets coming in along the bottom to the elevator, the boxes along the top onto
// the plate. The elevator's stops are drawn 1.1 m apart from the pallet line up to the plate, its
// mast amid its platform; its shaft (where the pallet aboard is at each stop and on each travel)
// is paths, not drawn, so the pallet rides with the car.
const STOP = 1.1;
const stopY = (k: number) => 5.4 - STOP * k;
const PALLET_MAST = 7.05;

/**
 * The pallet elevator: its platform at the bottom (with a pallet just loaded, or back with a
 * palletized load), a conveyor at each upper stop and one for each travel, and the machine drawn
 * over them that tracks the pallet aboard. `Elevator moving` is on while it travels.
 */
function palletElevator(): PlantPart[] {
  const uppers = STOP_HEIGHT_S.slice(1).map((_, i) =>
    belt({
      conveyor: stopName(i + 1),
      length: SETTLE,
      speed: SHAFT_SPEED,
      sensors: [{ tag: PALLET_LOADED, from: 0, to: SETTLE }],
      exits: liftExits(i + 1),
      at: path(PALLET_MAST - 0.3, stopY(i + 1), 0, 0.6),
    }),
  );
  const lifts = TRAVELS.map(([from, to]) => {
    const length = Math.abs(STOP_HEIGHT_S[from]! - STOP_HEIGHT_S[to]!) * SHAFT_SPEED;
    return belt({
      conveyor: liftName(from, to),
      length,
      speed: SHAFT_SPEED,
      sensors: [
        { tag: ELEVATOR_MOVING, from: 0, to: length },
        { tag: PALLET_LOADED, from: 0, to: length },
      ],
      exits: [{ to: to === 0 ? BACK_AT_BOTTOM : stopName(to) }],
      at: path(PALLET_MAST, stopY(from), to > from ? -90 : 90, STOP * Math.abs(to - from)),
    });
  });
  const box = { x: PALLET_MAST - 1.7, y: stopY(TOP) - 0.7, width: 3.4, height: TOP * STOP + 1.15 };
  const tags = [
    [UP, 'drive'],
    [DOWN, 'drive'],
    [TO_LIMIT, 'switch'],
    [ELEVATOR_MOVING, 'moving'],
  ] as const;
  return [
    // The platform at the bottom with a pallet just loaded; going up, the pallet settles against
    // the platform's end stop. Drawn under the plate, where the layers drop onto its pallet.
    belt({
      conveyor: stopName(0),
      length: 1.4,
      speed: SPEED,
      runs: { any: [isOn(LOAD_PALLET), isOn(UP)] },
      sensors: [{ tag: PALLET_LOADED, from: 1.25, to: 1.4 }],
      exits: [UNLOAD, ...liftExits(0)],
      at: { x: 5.8, y: 5.4, look: 'rollers', drawnLength: 2.5 },
    }),
    ...uppers,
    // The platform back at the bottom with a palletized load: it rolls off at the belt's speed.
    belt({
      conveyor: BACK_AT_BOTTOM,
      length: 1.4,
      speed: { if: isOn(LOAD_PALLET), then: SPEED, else: SHAFT_SPEED },
      sensors: [{ tag: PALLET_LOADED, from: 0, to: 1.4 }],
      exits: [UNLOAD, ...liftExits(0)],
      at: path(PALLET_MAST - 0.7, stopY(0), 0, 1.4),
    }),
    ...lifts,
    machine('elevator', 'Pallet elevator', box, tags, {
      tracks: [BACK_AT_BOTTOM, ...[...uppers, ...lifts].flatMap((p) => Object.keys(p.conveyors ?? {}))],
      carries: [stopName(0)],
    }),
  ];
}

/** A pusher or plate stroke: `limit` is on at both ends, off while it travels. */
function stroke(what: string, command: TagRef, limit: TagRef, ms: number): Behaviour[] {
  return [
    {
      name: `The ${what} starts at its rest end`,
      when: { always: true },
      then: [{ set: limit, value: true }],
    },
    {
      name: `The ${what} leaves its end`,
      when: { any: [{ rising: command }, { falling: command }] },
      then: [{ set: limit, value: false }],
    },
    {
      name: `The ${what} reaches the other end`,
      when: {
        any: [
          { tag: command, equals: true, forMs: ms },
          { tag: command, equals: false, forMs: ms },
        ],
      },
      then: [{ set: limit, value: true }],
    },
  ];
}

/**
 * Palletizer: boxes are formed into layers of six on a plate and dropped onto a pallet that an
 * elevator lifts under the plate, three layers a pallet, as in the vendor's sample controller.
 *
 * - Pallets (1.2 m) come one at a time down the 3 m entry conveyor while `Pallet feeder` runs;
 *   `Pallet at entry` sees one at its end (2.8-3 m). With `Load pallet` it goes aboard the
 *   elevator's 1.4 m roller platform when the platform is at the bottom and empty; `Pallet loaded`
 *   sees it at the platform's end (1.25-1.4 m), and stays on while the pallet is aboard.
 * - `Elevator up` / `Elevator down` send the elevator one stop up or down, with `Move to limit` to
 *   the top or the bottom; `Elevator moving` is on while it travels. The stops are the bottom
 *   (level with the conveyors), the top (the pallet's floor under the plate: the first layer),
 *   and two stops a layer lower each; bottom to top takes 4 s, a layer 0.8 s. At an upper stop the
 *   elevator settles 0.3 s before a command still on sends it on (the sample releases it at once).
 * - Back at the bottom, `Load pallet` with `Exit conveyor` rolls the pallet onto the 3 m exit
 *   conveyor, where `Pallet at exit` sees it at 2.4-2.6 m; at the end it leaves the line.
 * - Boxes (0.4 m) come one at a time down the 2 m box feeder while `Box feeder` runs; `Box at
 *   entry` sees one at its end (1.9-2 m). With `Load belt` it goes onto the 1.5 m load belt and
 *   rolls to its end, where the row waits. `Push` pushes the row onto the plate: `Pusher limit` is
 *   on at both ends of the stroke (1.5 s each way) and off between them.
 * - `Clamp` squares the layer: `Clamped` turns on 1 s after. `Open plate` opens the plate (1 s;
 *   `Plate limit` is on at both ends, off between) and the boxes on it drop onto the pallet.
 * - The box and pallet sensors at the conveyors' ends are normally closed (on while they see
 *   nothing), as the sample controller expects; `Pallet loaded` is normally open.
 *
 * In conveyors: the elevator is a conveyor per stop and one per travel, the pallet aboard their
 * only item. Assumptions (the tags do not say): the lengths, speeds and times; that the plant
 * does not follow where a layer lands (the boxes leave the plant when the plate opens, whatever
 * the elevator's height); that an empty elevator stays at the bottom (the sample only moves it
 * with a pallet aboard); that `Turn` (the turntable turning boxes for the odd layers) and
 * `Warning light` change nothing the sensors see.
 */
export const PALLETIZER: BuiltinPlant = declarePlant(
  machine(
    'station',
    'Pusher, clamp and plate',
    { x: 9.6, y: 0.6, width: 3.6, height: 2.0 },
    [
      [PUSHER_LIMIT, 'lamp'],
      [CLAMPED, 'lamp'],
      [PLATE_LIMIT, 'lamp'],
      ['Turn', 'switch'],
      [CLAMP, 'switch'],
    ],
    {
      behaviours: [
        ...stroke('pusher', PUSH, PUSHER_LIMIT, PUSH_STROKE_MS),
        ...stroke('plate', OPEN_PLATE, PLATE_LIMIT, PLATE_STROKE_MS),
        {
          name: 'The clamp closes on the layer',
          when: { tag: CLAMP, equals: true, forMs: CLAMP_MS },
          then: [{ set: CLAMPED, value: true }],
        },
        { name: 'The clamp opens', when: isOff(CLAMP), then: [{ set: CLAMPED, value: false }] },
      ],
    },
  ),
  belt({
    conveyor: 'pallet entry',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Pallet feeder')),
    feeder: { items: ['pallet'], itemLength: 1.2, maxOnConveyor: 1, when: emitterOn('Pallets emitter') },
    sensors: [{ tag: input('Pallet at entry'), from: 2.8, to: 3, normallyClosed: true }],
    exits: [{ to: stopName(0), when: { all: [isOn(LOAD_PALLET), isOff(PALLET_LOADED)] } }],
    at: { x: 2.8, y: 5.4 },
  }),
  ...palletElevator(),
  belt({
    conveyor: 'exit',
    length: 3,
    speed: SPEED,
    runs: isOn(EXIT_CONVEYOR),
    sensors: [{ tag: input('Pallet at exit'), from: 2.4, to: 2.6, normallyClosed: true }],
    end: 'remove',
    at: { x: 8.3, y: 5.4 },
  }),
  belt({
    conveyor: 'box feeder',
    length: 2,
    speed: SPEED,
    runs: isOn(output('Box feeder')),
    feeder: { items: ['box'], itemLength: 0.4, maxOnConveyor: 1, when: emitterOn('Parts emitter') },
    sensors: [{ tag: input('Box at entry'), from: 1.9, to: 2, normallyClosed: true }],
    exits: [{ to: 'load belt', when: isOn(LOAD_BELT) }],
    at: { x: 0.8, y: 1.0 },
  }),
  // The pusher sweeps the row off the belt's side: in the model, off its end onto the plate. Drawn
  // longer than it is: its two motors (Push, Load belt) and their names fit on it.
  belt({
    conveyor: 'load belt',
    length: 1.5,
    speed: { if: isOn(PUSH), then: 2, else: SPEED },
    runs: { any: [isOn(LOAD_BELT), isOn(PUSH)] },
    exits: [{ to: 'plate', when: isOn(PUSH) }],
    at: { x: 2.8, y: 1.0, drawnLength: 3.0 },
  }),
  belt({
    conveyor: 'plate',
    length: 2.5,
    speed: 4,
    runs: { any: [isOn(PUSH), isOn(OPEN_PLATE)] },
    exits: [{ to: 'layers', when: isOn(OPEN_PLATE) }],
    at: { x: 5.8, y: 1.0, look: 'rollers' },
  }),
  // What drops through the open plate onto the pallet.
  belt({ conveyor: 'layers', length: 0.01, speed: 2, end: 'remove', at: path(8.3, 1.0, 0, 0.1) }),
);
