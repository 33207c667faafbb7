// The conveyor model's parts for the simulator's own parts (issue 33): a belt that runs backwards
// while its Reverse is on, a remover that takes items only while its Output is on, a feeder
// that spaces items by a time drawn between a least and a most (an emitter's MinTimeToEmit and
// MaxTimeToEmit).
import { describe, expect, it } from 'vitest';
import type { Conveyor } from '../../shared/sim/behaviour-types.js';
import { validateBehaviours } from '../../shared/sim/validate-behaviours.js';
import { Bench } from './plc.js';

const TAGS = [
  ['Belt', 'Bit', 'Output'],
  ['Reverse', 'Bit', 'Output'],
  ['Remover', 'Bit', 'Output'],
  ['At start', 'Bit', 'Input'],
] as const;

const belt = (extra: Partial<Conveyor> = {}): Conveyor => ({
  conveyor: 'belt',
  length: 2,
  speed: 1,
  runs: { tag: 'Belt', equals: true },
  feeder: { itemLength: 0.5, gap: 0.5, total: 1 },
  ...extra,
});
const bench = (c: Conveyor, seed = 1) => Bench.custom(TAGS, [c], { seed, maxAdvanceMs: Infinity });
const fronts = (b: Bench) =>
  b.sim.snapshot().conveyors[0]!.items.map((i) => Math.round(i.front * 1000) / 1000);

describe('a belt with a Reverse', () => {
  it('carries items back to its start while Reverse is on, where they stop, and reports a negative speed', () => {
    const b = bench(
      belt({
        reverse: { tag: 'Reverse', equals: true },
        feeder: { itemLength: 0.5, gap: 0.2, total: 2 },
        sensors: [{ tag: 'At start', from: 0, to: 0.05 }],
      }),
    );
    b.io.set('Belt', true);
    b.sim.advance(3000);
    expect(fronts(b)).toEqual([2, 1.5]);
    expect(b.io.in('At start')).toBe(false);
    b.io.set('Reverse', true);
    b.sim.advance(500);
    expect(fronts(b)).toEqual([1.5, 1]);
    expect(b.sim.snapshot().conveyors[0]).toMatchObject({ running: true, speed: -1 });
    b.sim.advance(5000);
    // Packed against the start, the rear one at 0; nothing passes the item behind it.
    expect(fronts(b)).toEqual([1, 0.5]);
    expect(b.io.in('At start')).toBe(true);
    b.io.set('Belt', false); // Reverse alone does not move it
    b.io.set('Reverse', false);
    b.sim.advance(1000);
    expect(fronts(b)).toEqual([1, 0.5]);
  });
});

describe('a remover with a condition', () => {
  it('takes items in its zone only while its Output is on', () => {
    const b = bench(
      belt({ removers: [{ from: 1, to: 2, afterMs: 0, when: { tag: 'Remover', equals: true } }] }),
    );
    b.io.set('Belt', true);
    b.sim.advance(5000);
    expect(fronts(b)).toEqual([2]);
    b.io.set('Remover', true);
    b.sim.advance(10);
    expect(fronts(b)).toEqual([]);
    expect(b.sim.snapshot().conveyors[0]!.removed).toEqual({ item: 1 });
  });
});

describe('a feeder with a most interval', () => {
  it('spaces items by a time drawn between intervalMs and maxIntervalMs, the same for the same seed', () => {
    const times = (seed: number) => {
      const b = bench(
        belt({
          end: 'remove',
          runs: { always: true },
          feeder: { itemLength: 0.1, gap: 0, intervalMs: 1000, maxIntervalMs: 2000 },
        }),
        seed,
      );
      const seen: number[] = [];
      let count = 0;
      for (let t = 0; t < 20_000; t += 10) {
        const n =
          b.sim.snapshot().conveyors[0]!.items.length +
          Object.values(b.sim.snapshot().conveyors[0]!.removed).reduce((a, c) => a + c, 0);
        if (n > count) seen.push(t);
        count = n;
        b.sim.advance(10);
      }
      return seen.slice(1).map((t, i) => t - seen[i]!);
    };
    const gaps = times(3);
    expect(gaps.length).toBeGreaterThan(8);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(1000);
    for (const g of gaps) expect(g).toBeLessThanOrEqual(2010);
    expect(new Set(gaps).size).toBeGreaterThan(3);
    expect(times(3)).toEqual(gaps);
  });

  it('refuses a most below the least, and a reverse or remover condition on an unknown tag', () => {
    const { problems } = validateBehaviours(
      [
        belt({
          feeder: { intervalMs: 2000, maxIntervalMs: 1000 },
          reverse: { tag: 'Backwards', equals: true },
          removers: [{ from: 0, to: 1, afterMs: 0, when: { tag: 'Nope', equals: true } }],
        }),
      ],
      Bench.custom(TAGS, []).engine.scene.tags,
    );
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      expect.stringMatching(/^behaviours\[0\]\.reverse\.tag: no tag is named 'Backwards'/),
      'behaviours[0].feeder.maxIntervalMs: 1000 is below intervalMs (2000)',
      expect.stringMatching(/^behaviours\[0\]\.removers\[0\]\.when\.tag: no tag is named 'Nope'/),
    ]);
  });
});
