import type { PlacementHints } from '../plant-types.js';

// Placement hints of the built-in scenes that are lines of belts: "From A to B" and its Set and
// Reset twin, "Queue of Items", "Buffer Station", "Converge Station", "Production Line". Metres,
// y down, angles clockwise; each belt's start is where items come on.

export const FROM_A_TO_B: PlacementHints = { conveyors: { belt: { x: 0.8, y: 1.2 } } };

export const QUEUE_OF_ITEMS: PlacementHints = {
  conveyors: { entry: { x: 0.8, y: 1.2 }, buffer: { x: 2.8, y: 1.2, look: 'rollers' } },
};

export const BUFFER_STATION: PlacementHints = {
  conveyors: { buffer: { x: 0.8, y: 1.2, look: 'rollers' }, exit: { x: 6.8, y: 1.2 } },
};

/** Two entry lines side by side, their transfers joined by a cross belt, one exit. */
export const CONVERGE_STATION: PlacementHints = {
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
export const PRODUCTION_LINE: PlacementHints = {
  conveyors: {
    'lids raw': { x: 0.8, y: 1.3 },
    'lids center': { x: 4.8, y: 1.3, look: 'rollers' },
    'lids exit 1': { x: 6.3, y: 1.3 },
    'lids exit 2': { x: 8.3, y: 1.3 },
    'bases raw': { x: 0.8, y: 4.9 },
    'bases center': { x: 4.8, y: 4.9, look: 'rollers' },
    'bases exit 1': { x: 6.3, y: 4.9 },
    'bases exit 2': { x: 8.3, y: 4.9 },
    exit: { x: 10.8, y: 0.9, angle: 90, drawnLength: 4.4 },
  },
  parts: [
    {
      part: 'station',
      label: 'Lids machining centre',
      x: 4.6,
      y: 2.1,
      width: 3.2,
      height: 0.75,
      tags: [{ tag: 'Lids center (running)', role: 'lamp' }],
    },
    {
      part: 'station',
      label: 'Bases machining centre',
      x: 4.6,
      y: 3.15,
      width: 3.2,
      height: 0.75,
      tags: [{ tag: 'Bases center (running)', role: 'lamp' }],
    },
  ],
  panel: { x: 0.6, y: 6.4, tags: ['Lids counter', 'Bases counter'] },
};
