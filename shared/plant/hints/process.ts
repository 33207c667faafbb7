import type { PartRole } from '../plant-types.js';
import { type HintsByScene, partHint } from './part-hints.js';

// Placement hints of the process scenes: a tank with its valves, no belts.

/** The scenes' tank, 2.4 m wide, its tags by role. */
const tank = (height: number, tags: readonly (readonly [string, PartRole])[]) =>
  partHint('tank', 'Tank', { x: 0.6, y: 0.4, width: 2.4, height }, tags);

export const PROCESS_HINTS: HintsByScene = {
  'Filling Tank': {
    parts: [
      tank(3.4, [
        ['Fill valve', 'fill'],
        ['Discharge valve', 'drain'],
      ]),
    ],
    panel: { x: 0.6, y: 4.4, tags: ['Fill', 'Discharge', 'Filling', 'Discharging', 'Timer'] },
  },
  'Level Control': {
    parts: [
      tank(3.6, [
        ['Level meter', 'level'],
        ['Fill valve', 'fill'],
        ['Discharge valve', 'drain'],
        ['Setpoint', 'setpoint'],
        ['Flow meter', 'flow'],
      ]),
    ],
  },
};
