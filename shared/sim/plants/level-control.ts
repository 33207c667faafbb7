// The plant of the built-in scene "Level Control" (see ../builtin-behaviours.ts).
import type { Behaviour } from '../behaviour-types.js';
import { input, output } from './plant-parts.js';

/**
 * Level Control: `Level meter` (0-10) integrates the inflow through `Fill valve` (0-10 V: 0.25
 * units/s per volt) less an outflow proportional to the level (0.1/s), so a valve at V settles
 * the level at 2.5 V with a 10 s time constant; the meter has a little noise. The operator's
 * `Setpoint` steps between 7 and 3 every minute.
 */
export const LEVEL_CONTROL: readonly Behaviour[] = [
  {
    name: 'Tank level',
    generate: input('Level meter'),
    signal: 'integrator',
    rate: {
      sum: [
        { tag: output('Fill valve'), scale: 0.25 },
        { tag: input('Level meter'), scale: -0.1 },
      ],
    },
    min: 0,
    max: 10,
    noise: 0.01,
  },
  {
    name: 'Operator setpoint',
    generate: input('Setpoint'),
    signal: 'square',
    offset: 5,
    amplitude: 2,
    periodMs: 120000,
  },
];
