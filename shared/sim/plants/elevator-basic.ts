// The plant of the built-in scene "Elevator (Basic)" (reaches builtinPlant through shared/scenes/builtin/legacy-plants.ts until it is converted).
import type { Behaviour } from '../behaviour-types.js';
import { atLevel, shaftBehaviours, type Shaft } from './elevator-shaft.js';
import { input, output, isOn, SPEED } from './plant-parts.js';

const LEVELS = [0, 1, 2] as const;

function side(name: 'left' | 'right'): Shaft {
  const cap = name === 'left' ? 'Left' : 'Right';
  return {
    name,
    levels: LEVELS.length,
    up: `${cap} up`,
    down: `${cap} down`,
    slow: `${cap} slow`,
    low: (k) => input(`At ${name} low ${k}`),
    high: (k) => input(`At ${name} high ${k}`),
  };
}

const LEFT = side('left');
const RIGHT = side('right');

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
 * the platform their only item. Assumptions (the tags do not say): the lengths, speeds and
 * windows; that a platform that has left a level goes on to the next one in that direction,
 * whichever of Up and Down is on (it turns round only at a level), and that within a level's
 * window it moves to the window's far side before leaving it either way; that a box goes aboard
 * or off a platform only at a level (while it travels it waits at the platform's end).
 */
export const ELEVATOR_BASIC: readonly Behaviour[] = [
  ...shaftBehaviours(LEFT),
  ...shaftBehaviours(RIGHT),
  {
    conveyor: 'entry',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    feeder: { items: ['box'], itemLength: 0.5, gap: 1 },
    sensors: [{ tag: input('At entry left'), from: 2.8, to: 3, normallyClosed: true }],
    exits: [{ to: 'left platform', when: atLevel(LEFT, 0) }],
  },
  {
    conveyor: 'left platform',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Load left')),
    exits: LEVELS.map((k) => ({ to: `conveyor ${k}`, when: atLevel(LEFT, k) })),
  },
  ...LEVELS.map((k): Behaviour => ({
    conveyor: `conveyor ${k}`,
    length: 2,
    speed: SPEED,
    runs: isOn(output(`Conveyor ${k}`)),
    sensors: [
      { tag: input(`At entry ${k}`), from: 0, to: 0.1, normallyClosed: true },
      { tag: input(`At exit ${k}`), from: 1.9, to: 2, normallyClosed: true },
    ],
    exits: [{ to: 'right platform', when: atLevel(RIGHT, k) }],
  })),
  {
    conveyor: 'right platform',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Load right')),
    sensors: [{ tag: input('At exit right'), from: 1, to: 1.1, normallyClosed: true }],
    exits: [{ to: 'exit', when: atLevel(RIGHT, 0) }],
  },
  {
    conveyor: 'exit',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    sensors: [{ tag: input('At exit'), from: 2.7, to: 2.8, normallyClosed: true }],
    end: 'remove',
  },
];
