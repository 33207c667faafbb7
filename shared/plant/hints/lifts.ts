import type { ConveyorPlacement, PlacementHints } from '../plant-types.js';
import type { HintsByScene } from './part-hints.js';

// Placement hints of the elevator scenes, seen from the side (a top view would stack the floors):
// each floor's belts at its height, the car riding up and down its shaft. The model's car is an
// item on short "level" conveyors and on "up"/"down" rides between them; those are drawn as the
// shaft's tracks so the car moves where it is.

const track = (x: number, y: number, angle: number, drawnLength: number): ConveyorPlacement => ({
  x,
  y,
  angle,
  drawnLength,
  width: 0.3,
  look: 'path',
});

/** The tracks of one shaft at `x` for floors at `ys` (floor 0 first), named `${prefix}level k` etc. */
function shaft(prefix: string, x: number, ys: readonly number[]): Record<string, ConveyorPlacement> {
  const out: Record<string, ConveyorPlacement> = {};
  ys.forEach((y, k) => {
    out[`${prefix}level ${k}`] = track(x, y, -90, 0.1);
    const above = ys[k + 1];
    if (above === undefined) return;
    out[`${prefix}up ${k}`] = track(x, y, -90, y - above);
    out[`${prefix}down ${k}`] = track(x + 0.12, above, 90, y - above);
  });
  return out;
}

// Floors 2.4 m apart, so the names of the car's motors (drawn 0.6, 2.1 and 3.6 m up the shaft)
// fall between floors; the floor belts 1.9 m from each shaft, so the shafts' names fit beside.
const BASIC_FLOORS = [6.0, 3.6, 1.2];

const ELEVATOR_BASIC: PlacementHints = {
  conveyors: {
    entry: { x: 0.8, y: 6.0 },
    'left platform': { x: 3.8, y: 6.0, look: 'rollers' },
    ...shaft('left ', 4.4, BASIC_FLOORS),
    ...Object.fromEntries(BASIC_FLOORS.map((y, k) => [`conveyor ${k}`, { x: 6.3, y }])),
    // Drawn longer than it is: its drive's name fits before the exit's motor.
    'right platform': { x: 9.6, y: 6.0, look: 'rollers', drawnLength: 1.4 },
    ...shaft('right ', 10.2, BASIC_FLOORS),
    exit: { x: 11.0, y: 6.0 },
  },
};

const ADVANCED_FLOORS = [6.2, 4.6, 3.0, 1.4];

const ELEVATOR_ADVANCED: PlacementHints = {
  conveyors: {
    'conveyor 0': { x: 0.8, y: 6.2 },
    // Drawn longer than it is: its two motors (Load, Unload) and their names fit on it.
    platform: { x: 3.8, y: 6.2, look: 'rollers', drawnLength: 2.7 },
    ...shaft('elevator ', 4.8, ADVANCED_FLOORS),
    exit: { x: 6.5, y: 6.2 },
    // Drawn shorter than they are, so the shaft's "At k (low)" names fit between them and the shaft.
    ...Object.fromEntries(
      [1, 2, 3].map((k) => [`conveyor ${k}`, { x: 0.8, y: ADVANCED_FLOORS[k]!, drawnLength: 2.4 }]),
    ),
    box: track(4.0, 0.6, 0, 0.4),
  },
};

export const LIFT_HINTS: HintsByScene = {
  'Elevator (Basic)': ELEVATOR_BASIC,
  'Elevator (Advanced)': ELEVATOR_ADVANCED,
};
