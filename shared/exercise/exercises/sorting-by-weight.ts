// A built-in exercise (see ../builtin-exercises.ts).
const misrouted = (exit: string, labels: readonly string[]) =>
  labels.map((label) => ({ items: { entered: exit, label }, ge: 1 }));

export const SORTING_BY_WEIGHT_EXERCISE = {
  format: 'tagsim-exercise',
  version: 1,
  name: 'Sort by weight, and stop on a faulty scale',
  task:
    'Weigh each box and send it on: light boxes (3 kg) left, medium ones (4.6 kg) forward, heavy ones (6.2 kg) right. ' +
    'The scale reads 0 when empty and never more than 6.2: a reading above 7 means the scale is faulty. ' +
    'Then stop the entry conveyor and the scale at once, light the Stop light, and carry on when the scale reads right again.',
  scene: 'Sorting by Weight',
  seed: 1,
  timeLimitMs: 150000,
  passMark: 75,
  faults: [
    {
      name: 'Scale out of range',
      at: 25000,
      // The scale's Input only: the Weight display (an Output) shares its name.
      fault: {
        tag: 'Weight',
        id: '77740bcd-b3a0-4d5f-a175-90889ecc6cea',
        kind: 'force',
        value: 8,
        hidden: true,
      },
      clearAfter: 10000,
    },
  ],
  criteria: [
    {
      name: 'Two light boxes left',
      points: 15,
      reach: { items: { exit: 'left', label: 'light box' }, ge: 2 },
    },
    {
      name: 'Two medium boxes forward',
      points: 15,
      reach: { items: { exit: 'forward', label: 'medium box' }, ge: 2 },
    },
    {
      name: 'Two heavy boxes right',
      points: 15,
      reach: { items: { exit: 'right', label: 'heavy box' }, ge: 2 },
    },
    {
      name: 'No box on the wrong exit',
      points: 25,
      never: {
        any: [
          ...misrouted('left', ['medium box', 'heavy box']),
          ...misrouted('forward', ['light box', 'heavy box']),
          ...misrouted('right', ['light box', 'medium box']),
        ],
      },
    },
    {
      name: 'Stops on a faulty scale',
      points: 30,
      after: { fault: 'Scale out of range' },
      withinMs: 3000,
      expect: {
        all: [
          { conveyor: 'entry', running: false, forMs: 1000 },
          { conveyor: 'scale', running: false, forMs: 1000 },
          { tag: 'Stop light', equals: true },
        ],
      },
    },
  ],
} as const;
