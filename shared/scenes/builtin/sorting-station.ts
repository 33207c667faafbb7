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

/** What the simulator's vision sensor reads for each part (0: nothing in view). */
export const VISION_CODES: Readonly<Record<string, number>> = {
  'blue raw material': 1,
  'blue lid': 2,
  'blue base': 3,
  'green raw material': 4,
  'green lid': 5,
  'green base': 6,
  'metal raw material': 7,
  'metal lid': 8,
  'metal base': 9,
};

/** The parts the emitter puts on the entry conveyor. */
const PARTS = ['blue raw material', 'green raw material', 'metal raw material'];

/** Where the pivot arm sorters stand along the exit conveyor: one segment before each. */
const SEGMENT = 1.5;

const EXIT_CONVEYOR = output('Exit conveyor');

/**
 * Sorting Station: blue, green and metal raw material, in a seeded random order, come down the
 * 4 m entry conveyor while `Entry conveyor` runs, 1 m apart. The `Vision sensor` (Int) reads a
 * part under it near the end (3-3.2 m): 1 blue raw material, 2 blue lid, 3 blue base, 4 green
 * raw material, 5 green lid, 6 green base, 7 metal raw material, 8 metal lid, 9 metal base, 0
 * nothing. The part then crosses onto the 6 m exit conveyor (`Exit conveyor`), along which stand
 * three pivot arm sorters, 1.5 m apart. A part reaching sorter N while `Sorter N turn` (the arm
 * across the belt) and `Sorter N belt` are on goes down ramp N; with the arm turned and its belt
 * still, it waits against the arm; with the arm back, it passes. Each ramp (1 m, gravity) ends at
 * `At exit`, a normally closed light barrier across the three ramps; the parts leave the plant
 * there, and at the end of the exit conveyor if no sorter took them.
 *
 * As the vendor's sample controller reads them: it stops the entry conveyor while a part is under
 * the vision sensor and a sorter is still busy, sorts blue raw material with sorter 1, green with
 * sorter 2 and the rest with sorter 3, and frees the sorters when a part has passed `At exit`.
 * The lengths, the parts the emitter makes, the ramps and the place of `At exit` are
 * assumptions; the arms turn at once.
 *
 * Drawn as the entry belt past the vision sensor, the exit belt in its segments along the three
 * pivot arms, a ramp below each; low enough for the sorters' gate names, a row above the sensors'.
 */
export const SORTING_STATION: BuiltinPlant = declarePlant(
  belt({
    conveyor: 'entry',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    feeder: { items: PARTS, order: 'random', itemLength: 0.4, gap: 1, when: emitterOn('Emitter') },
    sensors: [{ tag: input('Vision sensor'), from: 3, to: 3.2, reads: VISION_CODES }],
    exits: [{ to: 'exit 1' }],
    at: { x: 0.8, y: 1.7 },
  }),
  ...[1, 2, 3].flatMap(sorter),
  belt({
    conveyor: 'exit end',
    length: SEGMENT,
    speed: SPEED,
    runs: isOn(EXIT_CONVEYOR),
    end: 'remove',
    at: { x: 9.3, y: 1.7 },
  }),
);

/** Sorter `n`: the exit conveyor's segment before it, and the ramp its arm turns parts onto. */
function sorter(n: number): PlantPart[] {
  const turn = output(`Sorter ${n} turn`);
  // The segments drawn end to end from 4.8 m, each ramp leaving from 1.2 m along its segment.
  const x = 4.8 + (n - 1) * SEGMENT;
  return [
    belt({
      conveyor: `exit ${n}`,
      length: SEGMENT,
      speed: SPEED,
      runs: isOn(EXIT_CONVEYOR),
      exits: [
        { to: `ramp ${n}`, when: { all: [isOn(turn), isOn(output(`Sorter ${n} belt`))] } },
        { to: n < 3 ? `exit ${n + 1}` : 'exit end', when: isOff(turn) },
      ],
      at: { x, y: 1.7 },
    }),
    belt({
      conveyor: `ramp ${n}`,
      length: 1,
      speed: SPEED,
      sensors: [{ tag: input('At exit'), from: 0.8, to: 1, normallyClosed: true }],
      end: 'remove',
      at: { x: x + 1.2, y: 2.2, angle: 90, width: 0.5, look: 'ramp', drawnLength: 1.2 },
    }),
  ];
}
