import type { Condition } from '../../sim/behaviour-types.js';
import {
  belt,
  type BuiltinPlant,
  declarePlant,
  input,
  isOff,
  isOn,
  machine,
  output,
  path,
  type PlantPart,
  SPEED,
} from './declare-plant.js';

/** The turntable turns a quarter turn in this long, either way (assumed). */
const TURN_MS = 2000;

const LOAD = output('Load');
const UNLOAD = output('Unload');
const TURN = output('Turn');
const AT_LOAD_POSITION = input('At load position');
const AT_UNLOAD_POSITION = input('At unload position');
const AT_BACK = input('At back');

const both = (...all: Condition[]): Condition => ({ all });
const atUnload = isOn(AT_UNLOAD_POSITION);

/**
 * Sorting by Height (Advanced): boxes, low or high in a seeded random order, are put on the 3 m
 * feeder conveyor every 8 s; `At entry` sees one at its end (2.7-3 m), and it goes on to the 4 m
 * entry conveyor while `Entry conveyor` runs. There `Low box` sees every box and `High box` only
 * high ones as they pass (2-2.05 m; both turn on at the same step), and `At turntable entry` sees
 * the box waiting at the end (3.7-4 m). All sensors are normally open.
 *
 * The turntable is a 1.2 m roller table. At the load position (`At load position`) its back end
 * faces the entry conveyor; `Turn` turns it a quarter turn in 2 s to the unload position (`At
 * unload position`), where its back end faces the right conveyor and its front end the left one;
 * `Turn` off turns it back. `Load` runs its rollers forward: it draws a box aboard (only at the load
 * position), and at the unload position sends it out of the front onto the left conveyor. `Unload`
 * runs them backwards: at the unload position it sends a box out of the back onto the right
 * conveyor. `At back` sees a box over the back end (0-0.09 m): it goes off when a box coming aboard
 * is fully on (its rear past the sensor); the rollers coast 50 ms, so the box then rests just
 * aboard. With `Load` still on a moment (0.1 s) longer, the box goes on to the front stop, where
 * `At front` sees it. The left and right conveyors (3 m) carry boxes away: `At left entry` /
 * `At right entry` see one at the start (0-0.3 m), `At left exit` / `At right exit` at the end
 * (2.7-3 m) until it leaves the line.
 *
 * In conveyors: the table is two halves ('table back', 'table front'); backing out is two short
 * reversed paths to the right conveyor, from the two places a box rests (just aboard, or at the
 * front stop), so `Unload` moves a box only from there. Assumptions: the lengths, the turning
 * time, the feeding period, and that a box is sent out only at the unload position.
 *
 * Drawn as the feeder and entry belts, the turntable, then belts to the left (up) and the right
 * (down). The turntable is one machine: its rollers (the table's halves and the paths backing out
 * of them) turn with it, its motors and position sensors in its block beside it.
 */
export const SORTING_BY_HEIGHT_ADVANCED: BuiltinPlant = declarePlant(
  machine(
    'turntable',
    'Turntable',
    { x: 7.75, y: 3.85, width: 1.3, height: 1.1 },
    [
      [LOAD, 'drive'],
      [UNLOAD, 'drive'],
      [TURN, 'switch'],
      [AT_LOAD_POSITION, 'lamp'],
      [AT_UNLOAD_POSITION, 'lamp'],
    ],
    {
      carries: ['table back', 'table front', 'back to right', 'front to right'],
      behaviours: [
        {
          name: 'Turntable starts at the load position',
          when: { always: true },
          then: [{ set: AT_LOAD_POSITION, value: true }],
        },
        {
          name: 'Turntable leaves the load position',
          when: isOn(TURN),
          then: [{ set: AT_LOAD_POSITION, value: false }],
        },
        {
          name: 'Turntable reaches the unload position',
          when: { tag: TURN, equals: true, forMs: TURN_MS },
          then: [{ set: AT_UNLOAD_POSITION, value: true }],
        },
        {
          name: 'Turntable leaves the unload position',
          when: isOff(TURN),
          then: [{ set: AT_UNLOAD_POSITION, value: false }],
        },
        {
          name: 'Turntable is back at the load position',
          when: { tag: TURN, equals: false, forMs: TURN_MS },
          then: [{ set: AT_LOAD_POSITION, value: true }],
        },
      ],
    },
  ),
  belt({
    conveyor: 'feeder',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Feeder conveyor')),
    feeder: { items: ['low', 'high'], order: 'random', itemLength: 0.5, gap: 1.5, intervalMs: 8000 },
    sensors: [{ tag: input('At entry'), from: 2.7, to: 3 }],
    exits: [{ to: 'entry', when: isOn(output('Entry conveyor')) }],
    at: { x: 0.8, y: 4.4 },
  }),
  belt({
    conveyor: 'entry',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    sensors: [
      { tag: input('Low box'), from: 2, to: 2.05 },
      { tag: input('High box'), from: 2, to: 2.05, detects: ['high'] },
      { tag: input('At turntable entry'), from: 3.7, to: 4 },
    ],
    exits: [{ to: 'table back', when: both(isOn(LOAD), isOn(AT_LOAD_POSITION)) }],
    at: { x: 3.8, y: 4.4 },
  }),
  belt({
    conveyor: 'table back',
    length: 0.6,
    speed: SPEED,
    // The rollers coast 50 ms after Load goes off.
    runs: { not: { tag: LOAD, equals: false, forMs: 50 } },
    sensors: [{ tag: AT_BACK, from: 0, to: 0.09 }],
    exits: [
      { to: 'back to right', when: both(isOn(UNLOAD), atUnload) },
      { to: 'table front', when: { all: [isOn(LOAD), isOff(AT_BACK)], forMs: 100 } },
    ],
    at: { x: 7.8, y: 4.4, width: 0.9, look: 'rollers' },
  }),
  belt({
    conveyor: 'table front',
    length: 0.6,
    speed: SPEED,
    runs: isOn(LOAD),
    sensors: [{ tag: input('At front'), from: 0.6, to: 0.6 }],
    exits: [
      { to: 'left', when: both(isOn(LOAD), atUnload) },
      { to: 'front to right', when: both(isOn(UNLOAD), atUnload) },
    ],
    at: { x: 8.4, y: 4.4, width: 0.9, look: 'rollers' },
  }),
  belt({
    // Backing out from just aboard: the box's rear end leads, 0.1 m from the back end.
    conveyor: 'back to right',
    length: 0.1,
    speed: SPEED,
    runs: isOn(UNLOAD),
    sensors: [{ tag: AT_BACK, from: 0.01, to: 0.1 }],
    exits: [{ to: 'right' }],
    at: path(8.1, 4.85, 90, 0.3),
  }),
  belt({
    // Backing out from the front stop: 0.7 m to the back end.
    conveyor: 'front to right',
    length: 0.7,
    speed: SPEED,
    runs: isOn(UNLOAD),
    sensors: [{ tag: AT_BACK, from: 0.61, to: 0.7 }],
    exits: [{ to: 'right' }],
    at: path(8.7, 4.85, 90, 0.3),
  }),
  exitConveyor('left', 'Left conveyor', { x: 8.4, y: 3.7, angle: -90, drawnLength: 3 }),
  exitConveyor('right', 'Right conveyor', { x: 8.4, y: 5.1, angle: 90 }),
);

/** A 3 m exit conveyor, `At <side> entry` seeing a box at its start and `At <side> exit` at its end. */
function exitConveyor(
  side: 'left' | 'right',
  motor: string,
  at: { x: number; y: number; angle: number; drawnLength?: number },
): PlantPart {
  return belt({
    conveyor: side,
    length: 3,
    speed: SPEED,
    runs: isOn(output(motor)),
    sensors: [
      { tag: input(`At ${side} entry`), from: 0, to: 0.3 },
      { tag: input(`At ${side} exit`), from: 2.7, to: 3 },
    ],
    end: 'remove',
    at,
  });
}
