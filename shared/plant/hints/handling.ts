import type { ConveyorPlacement, PlacementHints } from '../plant-types.js';
import { type HintsByScene, output, partHint } from './part-hints.js';

// Placement hints of the built-in "Palletizer": the pallet elevator is drawn under its platform;
// the model's conveyors that stand for its motion are paths, drawn where it carries them, so the
// pallet aboard travels with it.

const path = (x: number, y: number, angle: number, drawnLength: number): ConveyorPlacement => ({
  x,
  y,
  angle,
  drawnLength,
  width: 0.3,
  look: 'path',
});

/** The pallet elevator's stops, 1.1 m apart from the pallet line up to the plate; its mast amid its platform. */
const STOP = 1.1;
const stopY = (k: number) => 5.4 - STOP * k;
const PALLET_MAST = 7.05;
/** The elevator's travels between stops (from, to), as the plant names them. */
const LIFTS: readonly (readonly [number, number])[] = [
  [0, 3],
  [0, 1],
  [1, 3],
  [1, 2],
  [1, 0],
  [2, 3],
  [2, 0],
  [2, 1],
  [3, 0],
  [3, 2],
];

/** Pallets come in along the bottom to the elevator; boxes along the top onto the plate. */
const PALLETIZER: PlacementHints = {
  conveyors: {
    // The elevator's platform under the plate, where the layers drop onto its pallet.
    'pallet entry': { x: 2.8, y: 5.4 },
    'elevator at 0': { x: 5.8, y: 5.4, look: 'rollers', drawnLength: 2.5 },
    // The lift's shaft: where the pallet aboard is at each stop and on each travel (not drawn).
    'elevator back at 0': path(PALLET_MAST - 0.7, stopY(0), 0, 1.4),
    exit: { x: 8.3, y: 5.4 },
    ...Object.fromEntries(
      [1, 2, 3].map((k) => [`elevator at ${k}`, path(PALLET_MAST - 0.3, stopY(k), 0, 0.6)]),
    ),
    ...Object.fromEntries(
      LIFTS.map(([a, b]) => [
        `elevator ${a} to ${b}`,
        path(PALLET_MAST, stopY(a), b > a ? -90 : 90, STOP * Math.abs(b - a)),
      ]),
    ),
    'box feeder': { x: 0.8, y: 1.0 },
    // Drawn longer than it is: its two motors (Push, Load belt) and their names fit on it.
    'load belt': { x: 2.8, y: 1.0, drawnLength: 3.0 },
    plate: { x: 5.8, y: 1.0, look: 'rollers' },
    layers: path(8.3, 1.0, 0, 0.1),
  },
  parts: [
    partHint('station', 'Pusher, clamp and plate', { x: 9.6, y: 0.6, width: 3.6, height: 2.0 }, [
      ['Pusher limit', 'lamp'],
      ['Clamped', 'lamp'],
      ['Plate limit', 'lamp'],
      ['Turn', 'switch'],
      ['Clamp', 'switch'],
    ]),
    {
      ...partHint(
        'elevator',
        'Pallet elevator',
        { x: PALLET_MAST - 1.7, y: stopY(3) - 0.7, width: 3.4, height: 3 * STOP + 1.15 },
        [
          [output('Elevator up'), 'drive'],
          [output('Elevator down'), 'drive'],
          ['Move to limit', 'switch'],
          ['Elevator moving', 'moving'],
        ],
      ),
      tracks: [
        'elevator back at 0',
        ...[1, 2, 3].map((k) => `elevator at ${k}`),
        ...LIFTS.map(([a, b]) => `elevator ${a} to ${b}`),
      ],
      carries: ['elevator at 0'],
    },
  ],
};

export const HANDLING_HINTS: HintsByScene = {
  Palletizer: PALLETIZER,
};
