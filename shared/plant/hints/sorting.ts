import type { PlacementHints } from '../plant-types.js';
import { type HintsByScene, output, partHint } from './part-hints.js';

// Placement hints of the built-in sorting scenes: "Sorting by Height (Basic)" and "(Advanced)",
// "Sorting Station", "Sorting by Weight", "Separating Station". Metres, y down, angles clockwise.

/** The entry belt brings pallets to a chain transfer that sends them up (left) or down (right). */
const SORTING_BY_HEIGHT_BASIC: PlacementHints = {
  conveyors: {
    entry: { x: 0.8, y: 4.9 },
    transfer: { x: 6.8, y: 4.9, look: 'rollers' },
    'to left': { x: 7.3, y: 4.5, angle: -90, width: 0.6, look: 'rollers' },
    left: { x: 7.3, y: 3.3, angle: -90 },
    'to right': { x: 7.3, y: 5.3, angle: 90, width: 0.6, look: 'rollers' },
    right: { x: 7.3, y: 6.5, angle: 90 },
  },
};

/**
 * A feeder and an entry belt, a turntable, then belts to the left (up) and the right (down). The
 * turntable is one machine: its rollers (the model's 'table back' and 'table front') turn with it,
 * its motors and position sensors in its block beside it.
 */
const SORTING_BY_HEIGHT_ADVANCED: PlacementHints = {
  parts: [
    {
      ...partHint('turntable', 'Turntable', { x: 7.75, y: 3.85, width: 1.3, height: 1.1 }, [
        [output('Load'), 'drive'],
        [output('Unload'), 'drive'],
        [output('Turn'), 'switch'],
        ['At load position', 'lamp'],
        ['At unload position', 'lamp'],
      ]),
      carries: ['table back', 'table front', 'back to right', 'front to right'],
    },
  ],
  conveyors: {
    feeder: { x: 0.8, y: 4.4 },
    entry: { x: 3.8, y: 4.4 },
    'table back': { x: 7.8, y: 4.4, width: 0.9, look: 'rollers' },
    'table front': { x: 8.4, y: 4.4, width: 0.9, look: 'rollers' },
    left: { x: 8.4, y: 3.7, angle: -90, drawnLength: 3 },
    'back to right': { x: 8.1, y: 4.85, angle: 90, width: 0.3, look: 'path', drawnLength: 0.3 },
    'front to right': { x: 8.7, y: 4.85, angle: 90, width: 0.3, look: 'path', drawnLength: 0.3 },
    right: { x: 8.4, y: 5.1, angle: 90 },
  },
};

/** The entry belt past the vision sensor, the exit belt along three pivot arms, a ramp below each. */
const SORTING_STATION: PlacementHints = {
  // Low enough for the sorters' gate names, a row above the sensors'.
  conveyors: {
    entry: { x: 0.8, y: 1.7 },
    'exit 1': { x: 4.8, y: 1.7 },
    'exit 2': { x: 6.3, y: 1.7 },
    'exit 3': { x: 7.8, y: 1.7 },
    'exit end': { x: 9.3, y: 1.7 },
    'ramp 1': { x: 6.0, y: 2.2, angle: 90, width: 0.5, look: 'ramp', drawnLength: 1.2 },
    'ramp 2': { x: 7.5, y: 2.2, angle: 90, width: 0.5, look: 'ramp', drawnLength: 1.2 },
    'ramp 3': { x: 9.0, y: 2.2, angle: 90, width: 0.5, look: 'ramp', drawnLength: 1.2 },
  },
};

/** The entry belt, the scale, a sorter sending each box left (up), right (down) or forward. */
const SORTING_BY_WEIGHT: PlacementHints = {
  conveyors: {
    entry: { x: 0.8, y: 3.4 },
    scale: { x: 3.8, y: 3.4, look: 'rollers' },
    // Drawn longer than it is, so its motor and its gates fit beside it either side of the
    // belts it sends boxes to.
    sorter: { x: 5.8, y: 3.4, look: 'rollers', drawnLength: 3 },
    left: { x: 7.3, y: 3.0, angle: -90 },
    forward: { x: 8.8, y: 3.4 },
    right: { x: 7.3, y: 3.8, angle: 90 },
  },
};

/** Two lines side by side; a pusher on each sends a part across to the other line's exit. */
const SEPARATING_STATION: PlacementHints = {
  conveyors: {
    'entry 1': { x: 0.8, y: 1.3 },
    'pusher 1': { x: 3.8, y: 1.3, look: 'rollers' },
    'exit 1': { x: 4.6, y: 1.3 },
    'push 1': { x: 4.2, y: 1.75, angle: 90, width: 0.4, look: 'path', drawnLength: 1.3 },
    'entry 2': { x: 0.8, y: 3.5 },
    'pusher 2': { x: 3.8, y: 3.5, look: 'rollers' },
    'exit 2': { x: 4.6, y: 3.5 },
    'push 2': { x: 4.35, y: 3.05, angle: -90, width: 0.4, look: 'path', drawnLength: 1.3 },
  },
  parts: [1, 2].map((k) =>
    partHint('pusher', `Pusher ${k}`, { x: 7.2, y: k === 1 ? 0.7 : 2.9, width: 2.2, height: 1.05 }, [
      [`Pusher ${k} front`, 'lamp'],
      [`Pusher ${k} back`, 'lamp'],
    ]),
  ),
};

export const SORTING_HINTS: HintsByScene = {
  'Sorting by Height (Basic)': SORTING_BY_HEIGHT_BASIC,
  'Sorting by Height (Advanced)': SORTING_BY_HEIGHT_ADVANCED,
  'Sorting Station': SORTING_STATION,
  'Sorting by Weight': SORTING_BY_WEIGHT,
  'Separating Station': SEPARATING_STATION,
};
