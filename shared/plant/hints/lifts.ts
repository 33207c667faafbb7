import type { ConveyorPlacement, PartHint, PlacementHints } from '../plant-types.js';
import { type HintsByScene, output, partHint } from './part-hints.js';

// Placement hints of the elevator scenes, seen from the side (a top view would stack the floors):
// each floor's belts at its height, each lift as the machine it is: a mast, a hoist with its
// motors, and a car carrying the roller platform, drawn at the level where the model's car is. The
// model's car is an item on short "level" conveyors and on "up"/"down" rides between them: those
// are the lift's shaft (`tracks`), placed up its mast so the car's height is the item's, and the
// level sensors stand on them.

const track = (x: number, y: number, angle: number, drawnLength: number): ConveyorPlacement => ({
  x,
  y,
  angle,
  drawnLength,
  width: 0.3,
  look: 'path',
});

/** The conveyors of one shaft at `x` for floors at `ys` (floor 0 first), named `${prefix}level k` etc. */
function shaft(prefix: string, x: number, ys: readonly number[]): Record<string, ConveyorPlacement> {
  const out: Record<string, ConveyorPlacement> = {};
  ys.forEach((y, k) => {
    out[`${prefix}level ${k}`] = track(x, y, -90, 0.1);
    const above = ys[k + 1];
    if (above === undefined) return;
    out[`${prefix}up ${k}`] = track(x, y, -90, y - above);
    out[`${prefix}down ${k}`] = track(x, above, 90, y - above);
  });
  return out;
}

/**
 * A lift whose mast stands at `x` from above the top floor to below the bottom one, its motors
 * (Up, Down, Slow) on its hoist, its car carrying `carries`.
 */
function lift(
  label: string,
  prefix: string,
  x: number,
  ys: readonly number[],
  motors: readonly string[],
  carries: readonly string[],
  width: number,
): PartHint {
  const top = Math.min(...ys) - 0.7;
  const bottom = Math.max(...ys) + 0.45;
  const tracks = Object.keys(shaft(prefix, x, ys));
  const part = partHint(
    'elevator',
    label,
    { x: x - width / 2, y: top, width, height: bottom - top },
    motors.map((m) => [output(m), 'drive'] as const),
  );
  return { ...part, tracks, carries };
}

// Floors 2.4 m apart, room for the level sensors' names between them; the floor belts 1.9 m
// from each mast.
const BASIC_FLOORS = [6.0, 3.6, 1.2];
const LEFT_MAST = 4.4;
const RIGHT_MAST = 10.2;

const ELEVATOR_BASIC: PlacementHints = {
  conveyors: {
    entry: { x: 0.8, y: 6.0 },
    'left platform': { x: 3.8, y: 6.0, look: 'rollers' },
    ...shaft('left ', LEFT_MAST, BASIC_FLOORS),
    ...Object.fromEntries(BASIC_FLOORS.map((y, k) => [`conveyor ${k}`, { x: 6.3, y }])),
    'right platform': { x: 9.6, y: 6.0, look: 'rollers', drawnLength: 1.4 },
    ...shaft('right ', RIGHT_MAST, BASIC_FLOORS),
    exit: { x: 11.0, y: 6.0 },
  },
  parts: [
    lift(
      'Left elevator',
      'left ',
      LEFT_MAST,
      BASIC_FLOORS,
      ['Left up', 'Left down', 'Left slow'],
      ['left platform'],
      1.4,
    ),
    lift(
      'Right elevator',
      'right ',
      RIGHT_MAST,
      BASIC_FLOORS,
      ['Right up', 'Right down', 'Right slow'],
      ['right platform'],
      1.6,
    ),
  ],
};

const ADVANCED_FLOORS = [6.2, 4.6, 3.0, 1.4];
const MAST = 4.8;

const ELEVATOR_ADVANCED: PlacementHints = {
  conveyors: {
    'conveyor 0': { x: 0.8, y: 6.2 },
    // Drawn longer than it is: its two motors (Load, Unload) and their names fit on it.
    platform: { x: 3.8, y: 6.2, look: 'rollers', drawnLength: 2.7 },
    // Where the parts drop into the box on the platform: carried with it, not drawn.
    box: track(MAST - 0.2, 6.2, 0, 0.4),
    ...shaft('elevator ', MAST, ADVANCED_FLOORS),
    exit: { x: 6.5, y: 6.2 },
    // Drawn shorter than they are: the level sensors' names fit between them and the mast.
    ...Object.fromEntries(
      [1, 2, 3].map((k) => [`conveyor ${k}`, { x: 0.8, y: ADVANCED_FLOORS[k]!, drawnLength: 2.4 }]),
    ),
  },
  parts: [
    lift('Elevator', 'elevator ', MAST, ADVANCED_FLOORS, ['Up', 'Down', 'Slow'], ['platform', 'box'], 2.9),
  ],
};

export const LIFT_HINTS: HintsByScene = {
  'Elevator (Basic)': ELEVATOR_BASIC,
  'Elevator (Advanced)': ELEVATOR_ADVANCED,
};
