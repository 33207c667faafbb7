// A built-in exercise (see ../builtin-exercises.ts): docs/lab.md's worked example.
export const SORTING_BY_HEIGHT_EXERCISE = {
  format: 'tagsim-exercise',
  version: 1,
  name: 'Sort by height, and stop on a stuck sensor',
  task:
    'Sort the pallets by the height of their box: low boxes to the left exit, high boxes to the right exit, none on the wrong side. ' +
    'Watch your sensors: a height sensor that says a box is there when the light curtain sees no pallet is broken. ' +
    'Then stop the entry conveyor at once and light the Stop light until the sensor is right again, and carry on.',
  scene: 'Sorting by Height (Basic)',
  seed: 1,
  timeLimitMs: 120000,
  passMark: 80,
  faults: [
    {
      name: 'Stuck high sensor',
      at: 30000,
      fault: { tag: 'High sensor', kind: 'alwaysOn', hidden: true },
      clearAfter: 15000,
    },
  ],
  criteria: [
    {
      name: 'Four low boxes out on the left',
      points: 20,
      reach: { items: { exit: 'left', label: 'low' }, ge: 4 },
    },
    {
      name: 'Four high boxes out on the right',
      points: 20,
      reach: { items: { exit: 'right', label: 'high' }, ge: 4 },
    },
    {
      name: 'No box on the wrong side',
      points: 20,
      never: {
        any: [
          { items: { entered: 'left', label: 'high' }, ge: 1 },
          { items: { entered: 'right', label: 'low' }, ge: 1 },
        ],
      },
    },
    {
      name: 'Stops the entry on a stuck sensor',
      points: 25,
      after: { fault: 'Stuck high sensor' },
      withinMs: 3000,
      expect: {
        all: [
          { conveyor: 'entry', running: false, forMs: 1000 },
          { tag: 'Stop light', equals: true },
        ],
      },
    },
    {
      name: 'Never pushes both ways at once',
      points: 15,
      never: {
        all: [
          { tag: 'Transf. left', equals: true },
          { tag: 'Transf. right', equals: true },
        ],
      },
    },
  ],
} as const;
