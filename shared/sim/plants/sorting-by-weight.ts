// The plant of the built-in scene "Sorting by Weight" (reaches builtinPlant through shared/scenes/builtin/legacy-plants.ts until it is converted).
import type { Behaviour } from '../behaviour-types.js';
import { input, output, isOff, isOn, SPEED, emitterOn } from './plant-parts.js';

/** What the scale shows for each kind of box (kg); the vendor's sample sorts on weight x 2. */
export const BOX_WEIGHTS: Readonly<Record<string, number>> = {
  'light box': 3,
  'medium box': 4.6,
  'heavy box': 6.2,
};

/**
 * Sorting by Weight: light, medium and heavy boxes, in a seeded random order, come down the 3 m
 * entry conveyor while `Entry conveyor` runs, 1.5 m apart. `At scale entry` (normally closed)
 * sees a box at the end of the entry conveyor; it crosses onto the 2 m scale conveyor, which runs
 * with `Load scale`. `At scale` (normally open) sees it once it is wholly on the scale (front at
 * 1.4 m), `Weight` (Float) reads what is on the scale (3, 4.6 or 6.2 for a light, medium or heavy
 * box; 0 when empty) and `At scale exit` (normally closed) sees it leave. The pop-up wheel sorter
 * after the scale (1 m) turns its wheels while `Send forward` runs: it sends the box left while
 * `Send left` is on, right while `Send right` is on, else forward, onto the left, front or right
 * exit conveyor (2 m, run by `Left conveyor`, `Front conveyor`, `Right conveyor`), where `At left
 * entry`, `At forward entry`, `At right entry` (normally open) see it come in; boxes leave the
 * plant at the exit conveyors' ends.
 *
 * As the vendor's sample controller reads them: it stops the entry conveyor when `At scale
 * entry` turns back on, stops the scale at `At scale`, reads the weight 1 s later, and ends the
 * cycle when the box has passed the exit's entry sensor. The weights, the lengths and the
 * polarities of `At scale exit` and the exit sensors (the sample inverts the first but not the
 * others) are assumptions; a box that is partly on the scale weighs all it weighs.
 */
export const SORTING_BY_WEIGHT: readonly Behaviour[] = [
  {
    conveyor: 'entry',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    feeder: {
      items: Object.keys(BOX_WEIGHTS),
      order: 'random',
      itemLength: 0.5,
      gap: 1.5,
      when: emitterOn('Emitter'),
    },
    sensors: [{ tag: input('At scale entry'), from: 2.7, to: 3, normallyClosed: true }],
    exits: [{ to: 'scale' }],
  },
  {
    conveyor: 'scale',
    length: 2,
    speed: SPEED,
    runs: isOn(output('Load scale')),
    sensors: [
      { tag: input('At scale'), from: 1.4, to: 1.5 },
      { tag: input('Weight'), from: 0, to: 2, reads: BOX_WEIGHTS },
      { tag: input('At scale exit'), from: 1.9, to: 2, normallyClosed: true },
    ],
    exits: [{ to: 'sorter' }],
  },
  {
    conveyor: 'sorter',
    length: 1,
    speed: SPEED,
    runs: isOn(output('Send forward')),
    exits: [
      { to: 'left', when: isOn(output('Send left')) },
      { to: 'right', when: isOn(output('Send right')) },
      { to: 'forward', when: { all: [isOff(output('Send left')), isOff(output('Send right'))] } },
    ],
  },
  exitConveyor('left', 'Left conveyor', 'At left entry'),
  exitConveyor('forward', 'Front conveyor', 'At forward entry'),
  exitConveyor('right', 'Right conveyor', 'At right entry'),
];

function exitConveyor(name: string, motor: string, sensor: string): Behaviour {
  return {
    conveyor: name,
    length: 2,
    speed: SPEED,
    runs: isOn(output(motor)),
    sensors: [{ tag: input(sensor), from: 0, to: 0.3 }],
    end: 'remove',
  };
}
