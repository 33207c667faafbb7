// Grading that is told: the run looks at a station only after a tick at which its simulation's
// alarm woke it (a tag or the plant changed, or a decision came due), and decides everything at
// the very tick, with the very reason, that a run looking at every tick does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { session, toldSession } from './run-bench.js';

describe('a graded idle station', () => {
  it('is looked at only at a change and when a decision is due, not at every tick', () => {
    const { bench, running, step, looks } = toldSession([
      { name: 'one out', points: 1, reach: { items: { exit: 'belt' }, ge: 1 }, byMs: 5000 },
      { name: 'stood still', points: 1, reach: { conveyor: 'belt', running: false, forMs: 1000 } },
    ]);
    step(3000);
    // 300 ticks: the first, and the one at which the belt had stood its second.
    expect(looks()).toBe(2);
    expect(running.grade.criteria[1]).toEqual({ state: 'met', atMs: 1010, reason: 'reached at 1.01 s' });
    // Its clock runs on between looks.
    expect(running.grade.timeMs).toBe(3000);
    bench.io.set('Run', true);
    step(10);
    expect(looks()).toBe(3);
    bench.io.set('Run', false);
    step(1980);
    // The belt ran 10 ms (an item came onto it, then it stopped): a few looks, not 199.
    expect(looks()).toBeLessThan(8);
    expect(running.grade.criteria[0]).toEqual({ state: 'pending' });
    step(10);
    // The deadline at 5 s is judged at its tick, though nothing changed on the station.
    expect(running.grade.criteria[0]).toMatchObject({ state: 'failed', atMs: 5000 });
    expect(looks()).toBeLessThan(9);
  });

  it("puts the exercise's faults on and off at their times without looking in between", () => {
    const held = { name: 'held', points: 1, always: { always: true } };
    const { running, step, looks, log } = toldSession([held], {
      faults: [{ name: 'F', at: 2000, fault: { tag: 'Divert', kind: 'alwaysOn' }, clearAfter: 1500 }],
    });
    step(4000);
    expect(log.entries.map((e) => [e.action, e.at - 1_000_000])).toEqual([
      ['applied', 2000],
      ['cleared', 3500],
    ]);
    // The first tick, the fault on, off (and a tick after each: the fault's own write).
    expect(looks()).toBeLessThanOrEqual(5);
    expect(running.grade.faults).toEqual([{ name: 'F', station: 1, state: 'done' }]);
  });
});

/** Criteria and faults of every kind the session times: deadlines, timers, reactions, faults by time and by condition. */
const CRITERIA = [
  { name: 'two out', points: 1, reach: { items: { exit: 'belt' }, ge: 2 }, byMs: 6000 },
  { name: 'stops a while', points: 1, reach: { conveyor: 'belt', running: false, forMs: 300 } },
  {
    name: 'lamp and divert',
    points: 1,
    never: {
      all: [
        { tag: 'Divert', equals: true },
        { tag: 'Lamp', equals: true, forMs: 200 },
      ],
    },
  },
  { name: 'side', points: 1, always: { items: { entered: 'side' }, le: 3 } },
  {
    name: 'lamp on F',
    points: 1,
    after: { fault: 'F' },
    withinMs: 1000,
    expect: { tag: 'Lamp', equals: true, forMs: 100 },
  },
  {
    name: 'stops after one out',
    points: 1,
    after: { items: { exit: 'side' }, ge: 1 },
    withinMs: 700,
    expect: { conveyor: 'belt', running: false, forMs: 50 },
  },
];
const FAULTS = {
  faults: [
    { name: 'F', at: 2000, fault: { tag: 'Divert', kind: 'alwaysOn', hidden: true }, clearAfter: 1500 },
    {
      name: 'G',
      when: { tag: 'Lamp', equals: true, forMs: 150 },
      fault: { tag: 'Emergency stop', kind: 'alwaysOn' },
      clearWhen: { rising: 'Divert' },
    },
  ],
};

type Action = { afterMs: number; do: 'Run' | 'Divert' | 'Lamp' | 'reset' | 'pause' | 'run'; value: boolean };
const action = fc.record({
  afterMs: fc.integer({ min: 0, max: 40 }).map((n) => n * 10),
  do: fc.constantFrom('Run', 'Run', 'Divert', 'Divert', 'Lamp', 'Lamp', 'Lamp', 'reset', 'pause', 'run'),
  value: fc.boolean(),
}) as fc.Arbitrary<Action>;

/** Plays the actions on a bench, then steps to the end: the grade and the fault log. */
function play(make: typeof session, actions: readonly Action[]) {
  const { bench, running, step, log } = make(CRITERIA, FAULTS);
  for (const a of actions) {
    step(a.afterMs);
    if (a.do === 'reset') bench.sim.reset();
    else if (a.do === 'pause') bench.sim.pause();
    else if (a.do === 'run') bench.sim.run();
    else bench.io.set(a.do, a.value);
  }
  bench.sim.run();
  step(20_000);
  return { grade: running.grade, log: log.entries };
}

describe('grading that is told', () => {
  it("watches a fault's clear condition from the tick after it went on, though nothing changed", () => {
    const [told, everyTick] = [toldSession, session].map((make) => {
      const { bench, step, log } = make([{ name: 'held', points: 1, always: { always: true } }], {
        faults: [
          {
            name: 'G',
            when: { tag: 'Lamp', equals: true, forMs: 150 },
            fault: { tag: 'Emergency stop', kind: 'alwaysOn' },
            clearWhen: { rising: 'Divert' },
          },
        ],
      });
      step(100);
      bench.io.set('Lamp', true);
      step(300);
      bench.io.set('Divert', true);
      step(100);
      return log.entries.map((e) => [e.action, e.at - 1_000_000]);
    });
    expect(told).toEqual([
      ['applied', 260],
      ['cleared', 410],
    ]);
    expect(told).toEqual(everyTick);
  });

  it('decides as a run that looks at every tick does: same ticks, reasons, faults', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const told = play(toldSession, actions);
        const everyTick = play(session, actions);
        expect(told).toEqual(everyTick);
        expect(told.grade.status).toBe('ended');
      }),
      { numRuns: 60 },
    );
  });
});
