import { belt, type BuiltinPlant, declarePlant, input, isOn, output, SPEED } from './declare-plant.js';

/**
 * From A to B (Set and Reset): as From A to B, with `Sensor A` (normally closed) seeing the new box
 * at A and `Sensor B` (normally closed) seeing it at B. Set the belt at A, reset it at B.
 */
export const FROM_A_TO_B_SET_RESET: BuiltinPlant = declarePlant(
  belt({
    conveyor: 'belt',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Conveyor')),
    feeder: { items: ['box'], itemLength: 0.5, maxOnConveyor: 1, intervalMs: 1000 },
    sensors: [
      { tag: input('Sensor A'), from: 0, to: 0.6, normallyClosed: true },
      { tag: input('Sensor B'), from: 3.7, to: 4, normallyClosed: true },
    ],
    removers: [{ from: 3.5, to: 4, afterMs: 2000 }],
    at: { x: 0.8, y: 1.2 },
  }),
);
