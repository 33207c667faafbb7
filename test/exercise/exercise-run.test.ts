// How a run grades a station, moment by moment: each kind of criterion met and failed with the
// moment and the reason, the end (time limit, completed, stopped), points and the pass mark,
// what it reads (the plant's own state, not what the student's program says), and what the
// student's window is shown of it.
import { describe, expect, it } from 'vitest';
import { studentView } from '../../shared/exercise/student-view.js';
import { session } from './run-bench.js';

describe('a run', () => {
  it('meets a reach when it holds, and fails one at its deadline, saying what the plant showed', () => {
    const { bench, running, step } = session([
      { name: 'one out', points: 2, reach: { items: { exit: 'belt' }, ge: 1 } },
      { name: 'b aside', points: 3, reach: { items: { entered: 'side', label: 'b' }, ge: 1 }, byMs: 2000 },
    ]);
    bench.io.set('Run', true);
    step(3000);
    expect(running.grade.criteria).toEqual([
      { state: 'met', atMs: 800, reason: 'reached at 800 ms' },
      {
        state: 'failed',
        atMs: 2000,
        reason: "not reached by 2 s: b items into 'side' >= 1; then b items into 'side' = 0",
      },
    ]);
    // Both decided: the run is over at once, graded.
    expect(running.grade).toMatchObject({
      status: 'ended',
      endReason: 'completed',
      points: 2,
      passed: true,
      timeMs: 2000,
    });
  });

  it('fails an invariant at the first moment it breaks, and meets it at the end when it held', () => {
    const { bench, running, step } = session([
      { name: 'lamp off', points: 1, always: { tag: 'Lamp', equals: false } },
      { name: 'never on the side', points: 1, never: { items: { entered: 'side' }, ge: 1 } },
    ]);
    bench.io.set('Run', true);
    step(1500);
    bench.io.set('Lamp', true);
    step(10);
    expect(running.grade.criteria[0]).toEqual({
      state: 'failed',
      atMs: 1510,
      reason: 'broken at 1.51 s: Lamp = false did not hold; Lamp = true',
    });
    expect(running.grade.criteria[1]).toEqual({ state: 'pending' });
    step(10_000);
    // Only invariants: the run goes to its time limit, where the one that held is met.
    expect(running.grade).toMatchObject({
      status: 'ended',
      endReason: 'time limit',
      timeMs: 10_000,
      points: 1,
    });
    expect(running.grade.criteria[1]).toEqual({
      state: 'met',
      atMs: 10_000,
      reason: 'held for the whole exercise (10 s)',
    });
  });

  it('holds safety invariants: two commands never on together, a belt never running with its E-stop pressed', () => {
    const { bench, running, step } = session([
      {
        name: 'not both',
        points: 1,
        never: {
          all: [
            { tag: 'Run', equals: true },
            { tag: 'Divert', equals: true },
          ],
        },
      },
      {
        name: 'stops on the E-stop',
        points: 1,
        // Pressed is false (normally closed); the program has 200 ms to stop the belt.
        never: {
          all: [
            { tag: 'Emergency stop', equals: false, forMs: 200 },
            { conveyor: 'belt', running: true },
          ],
        },
      },
    ]);
    // The student presses the button on the plant: an Input the plant sets.
    const eStop = (pressed: boolean) =>
      bench.engine.simulate('name', [{ ref: 'Emergency stop', value: !pressed }]);
    eStop(false);
    bench.io.set('Run', true);
    step(1000);
    eStop(true);
    step(100);
    bench.io.set('Run', false); // stopped in time
    step(1000);
    expect(running.grade.criteria.map((c) => c.state)).toEqual(['pending', 'pending']);
    bench.io.set('Run', true); // runs again with the E-stop still pressed
    step(10);
    expect(running.grade.criteria[1]).toEqual({
      state: 'failed',
      atMs: 2110,
      reason: expect.stringMatching(
        /^happened at 2\.11 s: all of \(Emergency stop = false for 200 ms, 'belt' running\)/,
      ),
    });
    bench.io.set('Divert', true);
    step(10);
    expect(running.grade.criteria[0]).toMatchObject({ state: 'failed', atMs: 2120 });
  });

  it('times a reaction from the fault it names, and from the first moment of a condition', () => {
    const { bench, running, step, log } = session(
      [
        {
          name: 'lamp on the fault',
          points: 5,
          after: { fault: 'Stuck belt' },
          withinMs: 1000,
          expect: { tag: 'Lamp', equals: true },
        },
        {
          name: 'stops after one out',
          points: 5,
          after: { items: { exit: 'belt' }, ge: 1 },
          withinMs: 500,
          expect: { conveyor: 'belt', running: false },
        },
      ],
      {
        faults: [{ name: 'Stuck belt', at: 2000, fault: { tag: 'Divert', kind: 'alwaysOn', hidden: true } }],
      },
    );
    bench.io.set('Run', true);
    step(2500);
    expect(running.grade.criteria[1]).toMatchObject({
      state: 'failed',
      atMs: 1300,
      reason:
        "not within 500 ms of items out at 'belt' >= 1 (at 800 ms): 'belt' stopped; then 'belt' running",
    });
    bench.io.set('Lamp', true);
    step(10);
    expect(running.grade.criteria[0]).toEqual({
      state: 'met',
      atMs: 2510,
      reason: "510 ms after the fault 'Stuck belt'",
    });
    // The fault went on hidden, and came off when the run ended.
    expect(log.entries.map((e) => [e.action, e.tag, e.hidden, e.by])).toEqual([
      ['applied', 'Divert', true, 'Stuck belt'],
      ['cleared', 'Divert', false, 'Stuck belt'],
    ]);
    expect(running.grade).toMatchObject({
      status: 'ended',
      points: 5,
      faults: [{ name: 'Stuck belt', state: 'done' }],
    });
  });

  it('fails a reaction whose event never came, at the end', () => {
    const { running, step } = session([
      { name: 'x', points: 1, after: { tag: 'Lamp', equals: true }, withinMs: 100, expect: { always: true } },
    ]);
    step(10_000);
    expect(running.grade.criteria[0]).toEqual({
      state: 'failed',
      atMs: 10_000,
      reason: 'Lamp = true never happened in the 10 s of the exercise',
    });
    expect(running.grade.passed).toBe(false);
  });

  it('stops without grading what is undecided, and takes its faults off', () => {
    const { running, step, bench } = session(
      [{ name: 'x', points: 1, reach: { items: { exit: 'belt' }, ge: 5 } }],
      { faults: [{ name: 'F', at: 100, fault: { tag: 'Run', kind: 'force', value: true } }] },
    );
    step(500);
    expect(bench.io.out('Run')).toBe(true);
    running.stop('stopped by the instructor');
    expect(running.grade).toMatchObject({
      status: 'stopped',
      endReason: 'stopped by the instructor',
      passed: undefined,
      timeMs: 500,
      criteria: [{ state: 'pending' }],
      endedAt: 1_000_500,
    });
    expect(bench.io.out('Run')).toBe(false);
    step(1000);
    expect(running.grade.timeMs).toBe(500);
  });

  it('reads the plant, not what the student’s program says: a forced sensor or a reset fools nothing', () => {
    const { bench, running, step } = session([
      { name: 'sensor', points: 1, reach: { tag: 'At end', equals: true } },
      { name: 'three out', points: 1, reach: { items: { exit: 'belt' }, ge: 3 } },
    ]);
    // The program forces its own sensor on: the plant has no item there.
    bench.engine.write('force', 'name', [{ name: 'At end', value: true }], 'api');
    step(100);
    expect(running.grade.criteria[0]).toEqual({ state: 'pending' });
    bench.engine.release('name', ['At end'], 'api');
    bench.io.set('Run', true);
    step(1400);
    bench.sim.reset(); // the student's Reset: the plant starts over, the count goes on
    bench.io.set('Run', true);
    step(2000);
    expect(running.grade.criteria[1]).toMatchObject({ state: 'met' });
  });
});

describe("the student's view", () => {
  it('shows the task and progress, and a reaction to a hidden fault only once it is over, without its reason', () => {
    const { bench, running, step, exercise } = session(
      [
        { name: 'one out', points: 2, reach: { items: { exit: 'belt' }, ge: 1 } },
        {
          name: 'lamp',
          points: 3,
          after: { fault: 'F' },
          withinMs: 5000,
          expect: { tag: 'Lamp', equals: true },
        },
      ],
      { faults: [{ name: 'F', at: 100, fault: { tag: 'Divert', kind: 'alwaysOff', hidden: true } }] },
    );
    expect(studentView(exercise, undefined)).toMatchObject({ status: 'ready', points: 0, timeMs: 0 });
    bench.io.set('Run', true);
    bench.io.set('Lamp', true);
    step(300);
    const during = studentView(exercise, running.grade);
    expect(running.grade.criteria[1]).toMatchObject({ state: 'met' });
    expect(during).toMatchObject({
      name: 'Test',
      task: 'Do it.',
      status: 'running',
      points: 0,
      totalPoints: 5,
      criteria: [
        { name: 'one out', points: 2, state: 'pending' },
        { name: 'lamp', points: 3, state: 'pending' },
      ],
    });
    expect(JSON.stringify(during)).not.toMatch(/Divert|'F'/);
    step(1000);
    const after = studentView(exercise, running.grade);
    expect(after).toMatchObject({
      status: 'ended',
      points: 5,
      passed: true,
      criteria: [{ state: 'met' }, { state: 'met', reason: 'met in time' }],
    });
    expect(JSON.stringify(after)).not.toMatch(/Divert|'F'/);
  });
});
