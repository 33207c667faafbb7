// A built-in exercise (see ../builtin-exercises.ts).
export const LEVEL_CONTROL_EXERCISE = {
  format: 'tagsim-exercise',
  version: 1,
  name: 'Hold the level, and close on a stuck meter',
  task:
    "Control the tank level with the fill valve: hold it at the operator's setpoint (it starts at 7, then steps to 3). " +
    'Never let the tank overflow. The level meter always wavers a little: if it shows the very same value for half a second, it is stuck. ' +
    'Then close the fill valve at once and light the Stop light until the meter moves again.',
  scene: 'Level Control',
  seed: 1,
  timeLimitMs: 120000,
  passMark: 70,
  faults: [
    {
      name: 'Stuck level meter',
      at: 40000,
      fault: { tag: 'Level meter', kind: 'force', value: 0, hidden: true },
      clearAfter: 20000,
    },
  ],
  criteria: [
    {
      name: 'Holds the first setpoint',
      points: 30,
      reach: { tag: 'Level meter', ge: 6.8, le: 7.2, forMs: 5000 },
      byMs: 40000,
    },
    {
      name: 'Never overflows',
      points: 20,
      never: { tag: 'Level meter', ge: 9.8 },
    },
    {
      name: 'Closes the valve on a stuck meter',
      points: 30,
      after: { fault: 'Stuck level meter' },
      withinMs: 5000,
      expect: {
        all: [
          { tag: 'Fill valve', le: 0.1, forMs: 2000 },
          { tag: 'Stop light', equals: true },
        ],
      },
    },
    {
      name: 'Holds the second setpoint',
      points: 20,
      reach: { tag: 'Level meter', ge: 2.8, le: 3.2, forMs: 5000 },
    },
  ],
} as const;
