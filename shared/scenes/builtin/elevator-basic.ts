import { belt, type BuiltinPlant, declarePlant, input, isOn, output, SPEED } from './declare-plant.js';
import { atLevel, type Elevator, elevator } from './elevator.js';

// Floors drawn 2.4 m apart, room for the level sensors' names between them; the floor belts
// 1.9 m from each mast.
const FLOORS = [6.0, 3.6, 1.2];
const LEVELS = [0, 1, 2] as const;

function side(name: 'left' | 'right', mast: number, width: number): Elevator {
  const cap = name === 'left' ? 'Left' : 'Right';
  return {
    name,
    label: `${cap} elevator`,
    up: output(`${cap} up`),
    down: output(`${cap} down`),
    slow: output(`${cap} slow`),
    low: (k) => input(`At ${name} low ${k}`),
    high: (k) => input(`At ${name} high ${k}`),
    floors: FLOORS,
    mast,
    width,
    carries: [`${name} platform`],
  };
}

const LEFT = side('left', 4.4, 1.4);
const RIGHT = side('right', 10.2, 1.6);

/**
 * Elevator (Basic): boxes come up the entry belt to the left elevator, which lifts each to one
 * of three levels; a conveyor per level carries it across to the right elevator, which brings it
 * down to the exit belt, as in the vendor's sample controller.
 *
 * - Boxes (0.5 m) are put on the 3 m entry belt 1 m apart while `Entry conveyor` runs; `At entry
 *   left` sees a box at its end (2.8-3 m). It goes aboard the left elevator's 1.2 m roller
 *   platform when the platform is at level 0; `Load left` runs the platform's rollers.
 * - From the platform at level k, the box goes onto `Conveyor k` (2 m), where `At entry k` sees
 *   it at the start (0-0.1 m) and `At exit k` at the end (1.9-2 m). At the end it goes aboard
 *   the right elevator's platform when that is at level k; `Load right` runs its rollers, `At
 *   exit right` sees a box at 1-1.1 m on it. From the right platform at level 0 the box goes onto
 *   the 3 m exit belt (`Exit conveyor`), where `At exit` sees it at 2.7-2.8 m, and leaves the
 *   line at the end. Every box sensor is normally closed (on while it sees nothing), as the
 *   sample controller expects; the position sensors are normally open.
 * - Each elevator's platform starts at level 0; the levels are 1.5 m apart. `Left up` / `Left down`
 *   move it at 0.5 m/s, at 0.1 m/s with `Left slow` (both or neither: it stays). At each level
 *   `At left low k` and `At left high k` both see it over a 0.1 m window; 0.2 m before the window
 *   only the one it meets first does (the low one going up, the high one going down), so a
 *   controller slows down there and stops when both are on. The right elevator is the same.
 *
 * In conveyors: each shaft is a conveyor per level window and one per direction between levels,
 * the platform their only item (see elevator.ts). Assumptions (the tags do not say): the
 * lengths, speeds and windows; that a platform that has left a level goes on to the next one in
 * that direction, whichever of Up and Down is on (it turns round only at a level), and that
 * within a level's window it moves to the window's far side before leaving it either way; that a
 * box goes aboard or off a platform only at a level (while it travels it waits at the platform's
 * end).
 *
 * Drawn from the side: each floor's belts at its height, each lift where the model's car is.
 */
export const ELEVATOR_BASIC: BuiltinPlant = declarePlant(
  elevator(LEFT),
  elevator(RIGHT),
  belt({
    conveyor: 'entry',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    feeder: { items: ['box'], itemLength: 0.5, gap: 1 },
    sensors: [{ tag: input('At entry left'), from: 2.8, to: 3, normallyClosed: true }],
    exits: [{ to: 'left platform', when: atLevel(LEFT, 0) }],
    at: { x: 0.8, y: 6.0 },
  }),
  belt({
    conveyor: 'left platform',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Load left')),
    exits: LEVELS.map((k) => ({ to: `conveyor ${k}`, when: atLevel(LEFT, k) })),
    at: { x: 3.8, y: 6.0, look: 'rollers' },
  }),
  ...LEVELS.map((k) =>
    belt({
      conveyor: `conveyor ${k}`,
      length: 2,
      speed: SPEED,
      runs: isOn(output(`Conveyor ${k}`)),
      sensors: [
        { tag: input(`At entry ${k}`), from: 0, to: 0.1, normallyClosed: true },
        { tag: input(`At exit ${k}`), from: 1.9, to: 2, normallyClosed: true },
      ],
      exits: [{ to: 'right platform', when: atLevel(RIGHT, k) }],
      at: { x: 6.3, y: FLOORS[k]! },
    }),
  ),
  belt({
    conveyor: 'right platform',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Load right')),
    sensors: [{ tag: input('At exit right'), from: 1, to: 1.1, normallyClosed: true }],
    exits: [{ to: 'exit', when: atLevel(RIGHT, 0) }],
    at: { x: 9.6, y: 6.0, look: 'rollers', drawnLength: 1.4 },
  }),
  belt({
    conveyor: 'exit',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    sensors: [{ tag: input('At exit'), from: 2.7, to: 2.8, normallyClosed: true }],
    end: 'remove',
    at: { x: 11.0, y: 6.0 },
  }),
);
