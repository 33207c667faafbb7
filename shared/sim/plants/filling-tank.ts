// The plant of the built-in scene "Filling Tank" (see ../builtin-behaviours.ts).
import type { Behaviour } from '../behaviour-types.js';
import { input, output, isOff } from './plant-parts.js';

/**
 * Filling Tank: the scene's tags have no level, so the plant here is the operator at the panel.
 * `Discharge` is a normally closed push button (on at rest). When both valves have been closed
 * for 3 s the operator presses `Fill` (0.5 s); 2 s after the fill valve closes, `Discharge`.
 */
export const FILLING_TANK: readonly Behaviour[] = [
  {
    name: 'Discharge button rests closed',
    when: { always: true },
    then: [{ set: input('Discharge'), value: true }],
  },
  {
    name: 'Operator presses Fill when the tank is idle',
    when: { all: [isOff(output('Fill valve')), isOff(output('Discharge valve'))], forMs: 3000 },
    then: [{ pulse: input('Fill'), value: true, forMs: 500 }],
  },
  {
    name: 'Operator presses Discharge after filling',
    when: { falling: output('Fill valve') },
    delayMs: 2000,
    then: [{ pulse: input('Discharge'), value: false, forMs: 500 }],
  },
];
