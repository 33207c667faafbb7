// A run looks at an idle station only when something changed there or a decision is due, and
// decides on the very tick a run that looks at every tick would.
import { describe, expect, it } from 'vitest';
import { session } from './run-bench.js';

describe('an idle station', () => {
  it('is looked at only when a tag or the plant changes, or when a timer or a deadline is due', () => {
    const { bench, running, step } = session([
      { name: 'one out', points: 1, reach: { items: { exit: 'belt' }, ge: 1 }, byMs: 5000 },
      { name: 'stood still', points: 1, reach: { conveyor: 'belt', running: false, forMs: 1000 } },
    ]);
    step(10);
    // The belt stands from 10 ms: the run is due again when its second is up, not before.
    expect(running.run.dueAt).toBeCloseTo(1010);
    step(1000);
    // Decided on the very tick its second was up, though nothing changed on the station.
    expect(running.grade.criteria[1]).toEqual({ state: 'met', atMs: 1010, reason: 'reached at 1.01 s' });
    // No timer left: due at the reach's deadline only; a change is still seen on its tick.
    expect(running.run.dueAt).toBe(5000);
    step(10);
    // Its clock runs on, though the run did not look at this tick.
    expect(running.grade.timeMs).toBe(1020);
    bench.io.set('Run', true);
    step(900);
    expect(running.grade.criteria[0]).toMatchObject({ state: 'met', atMs: 1820 });
    expect(running.grade).toMatchObject({ status: 'ended', timeMs: 1820 });
  });

  it('sees a timer completed between two changes, as a run that looks at every tick does', () => {
    const { bench, running, step } = session([
      { name: 'stop 280 ms', points: 1, reach: { conveyor: 'belt', running: false, forMs: 280 } },
    ]);
    bench.io.set('Run', true);
    step(500);
    bench.io.set('Run', false);
    step(290); // the belt stood 280 ms, then runs again at once: met, though only for a tick
    bench.io.set('Run', true);
    step(100);
    expect(running.grade.criteria[0]).toMatchObject({ state: 'met' });
  });
});
