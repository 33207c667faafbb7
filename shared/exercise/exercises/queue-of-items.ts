// A built-in exercise (see ../builtin-exercises.ts).
export const QUEUE_OF_ITEMS_EXERCISE = {
  format: 'tagsim-exercise',
  version: 1,
  name: 'Queue three, then release',
  task:
    'Queue the items on the buffer conveyor: load them one at a time until three wait there, then release all three, and start over. ' +
    'Never let more than three onto the buffer. Count the items that leave at the exit sensor, but do not hang on it: ' +
    'the buffer empties within 10 s, so after 10 s without an item leaving, take the buffer as empty and load again.',
  scene: 'Queue of Items',
  seed: 1,
  timeLimitMs: 150000,
  passMark: 70,
  faults: [
    {
      name: 'Dead exit sensor',
      at: 40000,
      fault: { tag: 'At exit', kind: 'alwaysOn', hidden: true },
    },
  ],
  criteria: [
    {
      name: 'Six items released',
      points: 40,
      reach: { items: { exit: 'buffer' }, ge: 6 },
    },
    {
      name: 'Never more than three in the buffer',
      points: 20,
      never: { items: { on: 'buffer' }, ge: 4 },
    },
    {
      name: 'Loads again with a dead exit sensor',
      points: 40,
      after: { fault: 'Dead exit sensor' },
      withinMs: 30000,
      expect: {
        all: [
          { items: { on: 'buffer' }, equals: 0 },
          { conveyor: 'entry', running: true },
        ],
      },
    },
  ],
} as const;
