// A built-in exercise (see ../builtin-exercises.ts).
export const FROM_A_TO_B_EXERCISE = {
  format: 'tagsim-exercise',
  version: 1,
  name: 'From A to B, with a watchdog',
  task:
    'Move every box from A to B: start the conveyor when Sensor A sees a box, stop it when Sensor B does. ' +
    'A box takes about 5 s from leaving A to B. If Sensor B has not seen it 6 s after it left A, the sensor is broken: ' +
    'stop the conveyor, wait 5 s, and run it again.',
  scene: 'From A to B (Set and Reset)',
  seed: 1,
  timeLimitMs: 150000,
  passMark: 70,
  faults: [
    {
      name: 'Dead sensor B',
      at: 23000,
      fault: { tag: 'Sensor B', kind: 'alwaysOn', hidden: true },
      clearAfter: 25000,
    },
  ],
  criteria: [
    {
      name: 'Eight boxes delivered to B',
      points: 50,
      reach: { items: { exit: 'belt' }, ge: 8 },
    },
    {
      name: 'Stops the belt when sensor B is dead',
      points: 30,
      after: { fault: 'Dead sensor B' },
      withinMs: 16000,
      expect: { conveyor: 'belt', running: false, forMs: 3000 },
    },
    {
      name: 'Never runs the belt for 20 s on end',
      points: 20,
      never: { conveyor: 'belt', running: true, forMs: 20000 },
    },
  ],
} as const;
