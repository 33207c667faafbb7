import {
  belt,
  type BuiltinPlant,
  declarePlant,
  emitterOn,
  input,
  isOff,
  isOn,
  output,
  type PlantPart,
  SPEED,
} from './declare-plant.js';

/** What the scale shows for each kind of box (kg); the vendor's sample sorts on weight x 2. */
export const BOX_WEIGHTS: Readonly<Record<string, number>> = {
  'light box': 3,
  'medium box': 4.6,
  'heavy box': 6.2,
};

const SEND_LEFT = output('Send left');
const SEND_RIGHT = output('Send right');

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
 *
 * Drawn as the entry belt, the scale, and the sorter sending each box left (up), right (down) or
 * forward.
 */
export const SORTING_BY_WEIGHT: BuiltinPlant = declarePlant(
  belt({
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
    at: { x: 0.8, y: 3.4 },
  }),
  belt({
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
    at: { x: 3.8, y: 3.4, look: 'rollers' },
  }),
  belt({
    conveyor: 'sorter',
    length: 1,
    speed: SPEED,
    runs: isOn(output('Send forward')),
    exits: [
      { to: 'left', when: isOn(SEND_LEFT) },
      { to: 'right', when: isOn(SEND_RIGHT) },
      { to: 'forward', when: { all: [isOff(SEND_LEFT), isOff(SEND_RIGHT)] } },
    ],
    // Drawn longer than it is, so its motor and its gates fit beside it either side of the
    // belts it sends boxes to.
    at: { x: 5.8, y: 3.4, look: 'rollers', drawnLength: 3 },
  }),
  exitConveyor('left', 'Left conveyor', 'At left entry', { x: 7.3, y: 3.0, angle: -90 }),
  exitConveyor('forward', 'Front conveyor', 'At forward entry', { x: 8.8, y: 3.4 }),
  exitConveyor('right', 'Right conveyor', 'At right entry', { x: 7.3, y: 3.8, angle: 90 }),
);

function exitConveyor(
  conveyor: string,
  motor: string,
  sensor: string,
  at: { x: number; y: number; angle?: number },
): PlantPart {
  return belt({
    conveyor,
    length: 2,
    speed: SPEED,
    runs: isOn(output(motor)),
    sensors: [{ tag: input(sensor), from: 0, to: 0.3 }],
    end: 'remove',
    at,
  });
}
