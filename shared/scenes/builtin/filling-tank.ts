import { type BuiltinPlant, declarePlant, input, isOff, output, panel, rule, tank } from './declare-plant.js';

const FILL_VALVE = output('Fill valve');
const DISCHARGE_VALVE = output('Discharge valve');
const FILL = input('Fill');
const DISCHARGE = input('Discharge');

/**
 * Filling Tank: the scene's tags have no level, so the plant here is the operator at the panel.
 * `Discharge` is a normally closed push button (on at rest). When both valves have been closed
 * for 3 s the operator presses `Fill` (0.5 s); 2 s after the fill valve closes, `Discharge`.
 * Drawn as the tank with its two valves, the panel below it.
 */
export const FILLING_TANK: BuiltinPlant = declarePlant(
  tank({ x: 0.6, y: 0.4, width: 2.4, height: 3.4 }, [
    [FILL_VALVE, 'fill'],
    [DISCHARGE_VALVE, 'drain'],
  ]),
  rule(
    {
      name: 'Discharge button rests closed',
      when: { always: true },
      then: [{ set: DISCHARGE, value: true }],
    },
    {
      name: 'Operator presses Fill when the tank is idle',
      when: { all: [isOff(FILL_VALVE), isOff(DISCHARGE_VALVE)], forMs: 3000 },
      then: [{ pulse: FILL, value: true, forMs: 500 }],
    },
    {
      name: 'Operator presses Discharge after filling',
      when: { falling: FILL_VALVE },
      delayMs: 2000,
      then: [{ pulse: DISCHARGE, value: false, forMs: 500 }],
    },
  ),
  panel(0.6, 4.4, [FILL, DISCHARGE, 'Filling', 'Discharging', 'Timer']),
);
