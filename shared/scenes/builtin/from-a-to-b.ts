import { belt, type BuiltinPlant, declarePlant, input, isOn, output, SPEED } from './declare-plant.js';

/**
 * From A to B: a box appears at A whenever the belt is empty and travels while `Conveyor` runs;
 * `Sensor` (normally closed) sees it at B, the end, where an operator takes it away 2 s after it
 * arrived. `Conveyor = Sensor` moves one box after the other.
 */
export const FROM_A_TO_B: BuiltinPlant = declarePlant(
  belt({
    conveyor: 'belt',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Conveyor')),
    feeder: { items: ['box'], itemLength: 0.5, maxOnConveyor: 1, intervalMs: 1000 },
    sensors: [{ tag: input('Sensor'), from: 3.7, to: 4, normallyClosed: true }],
    removers: [{ from: 3.5, to: 4, afterMs: 2000 }],
    at: { x: 0.8, y: 1.2 },
  }),
);
