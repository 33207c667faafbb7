import type { PlacementHints } from '../plant-types.js';

// Placement hints of the process scenes: a tank with its valves, no belts.

export const FILLING_TANK: PlacementHints = {
  parts: [
    {
      part: 'tank',
      label: 'Tank',
      x: 0.6,
      y: 0.4,
      width: 2.4,
      height: 3.4,
      tags: [
        { tag: 'Fill valve', role: 'fill' },
        { tag: 'Discharge valve', role: 'drain' },
      ],
    },
  ],
  panel: { x: 0.6, y: 4.4, tags: ['Fill', 'Discharge', 'Filling', 'Discharging', 'Timer'] },
};

export const LEVEL_CONTROL: PlacementHints = {
  parts: [
    {
      part: 'tank',
      label: 'Tank',
      x: 0.6,
      y: 0.4,
      width: 2.4,
      height: 3.6,
      tags: [
        { tag: 'Level meter', role: 'level' },
        { tag: 'Fill valve', role: 'fill' },
        { tag: 'Discharge valve', role: 'drain' },
        { tag: 'Setpoint', role: 'setpoint' },
        { tag: 'Flow meter', role: 'flow' },
      ],
    },
  ],
};
