import { describe, expect, it } from 'vitest';
import { snapshotPlant } from '../../shared/plant/snapshot.js';
import { Bench } from '../sim/plc.js';

describe('snapshotPlant', () => {
  it('tells where each item is, whether its belt runs and how fast, at plant time', () => {
    const bench = Bench.builtin('From A to B');
    const still = snapshotPlant(bench.sim);
    const belt = still.conveyors.find((c) => c.name === 'belt')!;
    expect(belt).toMatchObject({ running: false, speed: 0 });
    expect(belt.items).toEqual([{ id: 1, label: 'box', front: 0.5, length: 0.5 }]);

    bench.runFor((io) => io.set('Conveyor', true), 1000);
    const moving = snapshotPlant(bench.sim);
    const after = moving.conveyors.find((c) => c.name === 'belt')!;
    expect(moving.timeMs).toBe(1000);
    expect(after).toMatchObject({ running: true, speed: 0.5 });
    // Half a metre a second for (almost) a second: the front moved about 0.5 m.
    expect(after.items[0]!.front).toBeCloseTo(0.99, 1);
  });

  it('is plain JSON that survives a round trip', () => {
    const bench = Bench.builtin('Sorting Station');
    bench.runFor((io) => io.set('Entry conveyor', true), 3000);
    const snap = snapshotPlant(bench.sim);
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
    expect(snap.conveyors.map((c) => c.name)).toContain('entry');
  });
});
