import { type BuiltinPlant, declarePlant, input, output, rule, tank } from './declare-plant.js';

const LEVEL_METER = input('Level meter');
const FILL_VALVE = output('Fill valve');
const SETPOINT = input('Setpoint');

/**
 * Level Control: `Level meter` (0-10) integrates the inflow through `Fill valve` (0-10 V: 0.25
 * units/s per volt) less an outflow proportional to the level (0.1/s), so a valve at V settles
 * the level at 2.5 V with a 10 s time constant; the meter has a little noise. The operator's
 * `Setpoint` steps between 7 and 3 every minute. Drawn as the tank with its valves and meters.
 */
export const LEVEL_CONTROL: BuiltinPlant = declarePlant(
  tank(
    { x: 0.6, y: 0.4, width: 2.4, height: 3.6 },
    [
      [LEVEL_METER, 'level'],
      [FILL_VALVE, 'fill'],
      ['Discharge valve', 'drain'],
      [SETPOINT, 'setpoint'],
      ['Flow meter', 'flow'],
    ],
    [
      {
        name: 'Tank level',
        generate: LEVEL_METER,
        signal: 'integrator',
        rate: {
          sum: [
            { tag: FILL_VALVE, scale: 0.25 },
            { tag: LEVEL_METER, scale: -0.1 },
          ],
        },
        min: 0,
        max: 10,
        noise: 0.01,
      },
    ],
  ),
  rule({
    name: 'Operator setpoint',
    generate: SETPOINT,
    signal: 'square',
    offset: 5,
    amplitude: 2,
    periodMs: 120000,
  }),
);
