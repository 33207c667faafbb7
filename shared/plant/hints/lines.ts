import type { PlacementHints } from '../plant-types.js';
import type { HintsByScene } from './part-hints.js';

// Placement hints of the built-in scenes that are lines of belts: "From A to B" and its Set and
// Reset twin, "Queue of Items", "Buffer Station", "Converge Station", "Production Line". Metres,
// y down, angles clockwise; each belt's start is where items come on.

const FROM_A_TO_B: PlacementHints = { conveyors: { belt: { x: 0.8, y: 1.2 } } };

const QUEUE_OF_ITEMS: PlacementHints = {
  conveyors: { entry: { x: 0.8, y: 1.2 }, buffer: { x: 2.8, y: 1.2, look: 'rollers' } },
};

const BUFFER_STATION: PlacementHints = {
  conveyors: { buffer: { x: 0.8, y: 1.2, look: 'rollers' }, exit: { x: 6.8, y: 1.2 } },
};

/** Two entry lines side by side, their transfers joined by a cross belt, one exit. */
const CONVERGE_STATION: PlacementHints = {
  conveyors: {
    'line 1': { x: 0.8, y: 1.3 },
    'transfer 1': { x: 4.8, y: 1.3, look: 'rollers' },
    exit: { x: 5.8, y: 1.3 },
    'line 2': { x: 0.8, y: 3.9 },
    'transfer 2': { x: 4.8, y: 3.9, look: 'rollers' },
    across: { x: 5.3, y: 3.5, angle: -90, width: 0.6, look: 'rollers', drawnLength: 1.8 },
  },
};

/** Two machining centres, lids above and bases below, their lines meeting on one exit belt. */
const PRODUCTION_LINE: PlacementHints = {
  conveyors: {
    // The centres and exit belts are drawn longer than they are, so each drive's name fits
    // beside its motor before the next belt's motor.
    'lids raw': { x: 0.8, y: 1.3 },
    'lids center': { x: 4.8, y: 1.3, look: 'rollers', drawnLength: 2.4 },
    'lids exit 1': { x: 7.2, y: 1.3, drawnLength: 2.6 },
    'lids exit 2': { x: 9.8, y: 1.3, drawnLength: 2.6 },
    'bases raw': { x: 0.8, y: 4.9 },
    'bases center': { x: 4.8, y: 4.9, look: 'rollers', drawnLength: 2.4 },
    'bases exit 1': { x: 7.2, y: 4.9, drawnLength: 2.6 },
    'bases exit 2': { x: 9.8, y: 4.9, drawnLength: 2.6 },
    // Starts above the lids line, so its motor and name sit clear of the lids' last belt.
    exit: { x: 12.9, y: 0.2, angle: 90, drawnLength: 5.1 },
  },
  parts: [
    {
      part: 'station',
      label: 'Lids machining centre',
      x: 4.6,
      y: 2.3,
      width: 3.2,
      height: 0.75,
      tags: [{ tag: 'Lids center (running)', role: 'lamp' }],
    },
    {
      part: 'station',
      label: 'Bases machining centre',
      x: 4.6,
      y: 3.25,
      width: 3.2,
      height: 0.75,
      tags: [{ tag: 'Bases center (running)', role: 'lamp' }],
    },
  ],
  panel: { x: 0.6, y: 6.4, tags: ['Lids counter', 'Bases counter'] },
};

export const LINE_HINTS: HintsByScene = {
  'From A to B': FROM_A_TO_B,
  'From A to B (Set and Reset)': FROM_A_TO_B,
  'Queue of Items': QUEUE_OF_ITEMS,
  'Buffer Station': BUFFER_STATION,
  'Converge Station': CONVERGE_STATION,
  'Production Line': PRODUCTION_LINE,
};
