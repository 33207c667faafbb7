// Conveyors: items fed, carried, queued, handed over, removed; sensors that see them.
import { describe, expect, it } from 'vitest';
import type { Behaviour, Conveyor } from '../../shared/sim/behaviour-types.js';
import { Bench } from './plc.js';

const TAGS = [
  ['Belt', 'Bit', 'Output'],
  ['Next belt', 'Bit', 'Output'],
  ['Speed', 'Float', 'Output'],
  ['Gate', 'Bit', 'Output'],
  ['At start', 'Bit', 'Input'],
  ['At end', 'Bit', 'Input'],
  ['High', 'Bit', 'Input'],
  ['Junction', 'Bit', 'Input'],
  ['Free', 'Bit', 'Input'],
  ['Vision', 'Int', 'Input'],
  ['Weight', 'Float', 'Input'],
] as const;

/** A 2 m belt at 1 m/s run by `Belt` with a feeder of one item, or as changed by `extra`. */
const belt = (extra: Partial<Conveyor> = {}, alwaysRuns = false): Conveyor => ({
  conveyor: 'belt',
  length: 2,
  speed: 1,
  ...(alwaysRuns ? {} : { runs: { tag: 'Belt', equals: true } }),
  feeder: { itemLength: 0.5, gap: 0.5, total: 1 },
  ...extra,
});

const bench = (behaviours: Behaviour[]) => Bench.custom(TAGS, behaviours, { maxAdvanceMs: Infinity });
const fronts = (b: Bench, i = 0) => b.sim.snapshot().conveyors[i]!.items.map((item) => item.front);

describe('carrying items', () => {
  it('the feeder places an item at the start; it moves at speed only while the belt runs', () => {
    const b = bench([belt()]);
    expect(fronts(b)).toEqual([0.5]);
    b.sim.advance(500);
    expect(fronts(b)).toEqual([0.5]);
    b.io.set('Belt', true);
    b.sim.advance(500);
    expect(fronts(b)[0]).toBeCloseTo(1, 9);
  });

  it('an item waits at the end of a belt without exit (end: stop, the default)', () => {
    const b = bench([belt()]);
    b.io.set('Belt', true);
    b.sim.advance(5000);
    expect(fronts(b)).toEqual([2]);
  });

  it('items queue behind each other without overlapping', () => {
    const b = bench([belt({ feeder: { itemLength: 0.5, gap: 0.2 } })]);
    b.io.set('Belt', true);
    b.sim.advance(10_000);
    const at = fronts(b).map((x) => Math.round(x * 1000) / 1000);
    // Packed against the end; the feeder has no room for a fourth with its gap.
    expect(at).toEqual([2, 1.5, 1]);
  });

  it('the speed may come from an expression, such as a Float Output', () => {
    const b = bench([belt({ speed: { tag: 'Speed', scale: 0.1 } }, true)]);
    b.io.set('Speed', 5);
    b.sim.advance(1000);
    expect(fronts(b)[0]).toBeCloseTo(1, 9);
  });

  it('end: remove takes items off at the end and counts them by label', () => {
    const b = bench([belt({ end: 'remove', feeder: { items: ['a', 'b'], itemLength: 0.5, gap: 0.5 } })]);
    b.io.set('Belt', true);
    b.sim.advance(6000);
    const { removed } = b.sim.snapshot().conveyors[0]!;
    expect(removed).toEqual({ a: 3, b: 2 });
  });

  it('a remover takes an item that has stayed in its zone long enough', () => {
    const b = bench([belt({ removers: [{ from: 1.5, to: 2, afterMs: 1000 }] })]);
    b.io.set('Belt', true);
    b.sim.advance(1000); // front at 1.5: in the zone
    b.io.set('Belt', false);
    b.sim.advance(990);
    expect(fronts(b)).toHaveLength(1);
    b.sim.advance(10);
    expect(fronts(b)).toHaveLength(0);
    expect(b.sim.snapshot().conveyors[0]!.removed).toEqual({ item: 1 });
  });
});

describe('feeders', () => {
  it('keep a gap, an interval, a maximum on the belt and a total', () => {
    const gap = bench([belt({ feeder: { itemLength: 0.5, gap: 0.5 } }, true)]);
    gap.sim.advance(990);
    expect(fronts(gap)).toHaveLength(1);
    gap.sim.advance(10);
    expect(fronts(gap)).toHaveLength(2);

    const interval = bench([belt({ feeder: { intervalMs: 3000 } }, true)]);
    interval.sim.advance(2990);
    expect(fronts(interval)).toHaveLength(1);
    interval.sim.advance(10);
    expect(fronts(interval)).toHaveLength(2);

    const max = bench([belt({ end: 'remove', feeder: { maxOnConveyor: 1 } }, true)]);
    max.sim.advance(1490);
    expect(fronts(max)).toHaveLength(1);
    max.sim.advance(20); // the first left at 1.5 s, the next came at once
    expect(fronts(max)).toEqual([0.51]);

    const total = bench([belt({ end: 'remove', feeder: { total: 2 } }, true)]);
    total.sim.advance(20_000);
    expect(total.sim.snapshot().conveyors[0]!.removed).toEqual({ item: 2 });
  });

  it('start after firstAfterMs and only while their condition holds', () => {
    const b = bench([belt({ feeder: { firstAfterMs: 1000, when: { tag: 'Gate', equals: true } } })]);
    expect(fronts(b)).toHaveLength(0);
    b.sim.advance(2000);
    expect(fronts(b)).toHaveLength(0);
    b.io.set('Gate', true);
    b.sim.advance(10);
    expect(fronts(b)).toHaveLength(1);
  });

  it('draw labels at random from the seed when asked', () => {
    const labels = (seed: number) => {
      const b = Bench.custom(
        TAGS,
        [belt({ end: 'remove', feeder: { items: ['a', 'b', 'c'], order: 'random', gap: 0 } }, true)],
        { seed, maxAdvanceMs: Infinity },
      );
      b.sim.advance(20_000);
      return b.sim.snapshot().conveyors[0]!.removed;
    };
    expect(labels(7)).toEqual(labels(7));
    expect(labels(7)).not.toEqual(labels(8));
    expect(Object.keys(labels(7)).sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('sensors', () => {
  it('see an item over their span; detects filters by label; normallyClosed inverts', () => {
    const b = bench([
      belt({
        feeder: { items: ['low', 'high'], itemLength: 0.5, gap: 0.5 },
        end: 'remove',
        sensors: [
          { tag: 'At start', from: 0, to: 0.1 },
          { tag: 'High', from: 1, to: 1, detects: ['high'] },
          { tag: 'Free', from: 1, to: 1, normallyClosed: true },
        ],
      }),
    ]);
    expect([b.io.in('At start'), b.io.in('High'), b.io.in('Free')]).toEqual([true, false, true]);
    b.io.set('Belt', true);
    b.sim.advance(500); // low box over [0.5, 1]: at the point sensor
    expect([b.io.in('At start'), b.io.in('High'), b.io.in('Free')]).toEqual([false, false, false]);
    b.sim.advance(1000); // high box over [0.5, 1]
    expect([b.io.in('High'), b.io.in('Free')]).toEqual([true, false]);
    b.sim.advance(510); // its rear has passed the point
    expect([b.io.in('High'), b.io.in('Free')]).toEqual([false, true]);
  });
});

describe('sensors that read a value per item label', () => {
  const reading = () =>
    bench([
      belt({
        feeder: { items: ['blue lid', 'green base', 'pallet'], itemLength: 0.5, gap: 0.5 },
        end: 'remove',
        sensors: [
          { tag: 'Vision', from: 1, to: 1, reads: { 'blue lid': 2, 'green base': 6 } },
          {
            tag: 'Weight',
            from: 0.55,
            to: 1.2,
            reads: { 'blue lid': 1.5, 'green base': 4.25 },
            otherwise: -1,
          },
        ],
      }),
    ]);

  it('show the value of the label of the item they see, otherwise (default 0) for the rest', () => {
    const b = reading();
    expect([b.io.in('Vision'), b.io.in('Weight')]).toEqual([0, -1]); // nothing in view
    b.io.set('Belt', true);
    b.sim.advance(500); // the lid over [0.5, 1]
    expect([b.io.in('Vision'), b.io.in('Weight')]).toEqual([2, 1.5]);
    b.sim.advance(1000); // the base over [0.5, 1]
    expect([b.io.in('Vision'), b.io.in('Weight')]).toEqual([6, 4.25]);
    b.sim.advance(1000); // the pallet, which neither lists
    expect([b.io.in('Vision'), b.io.in('Weight')]).toEqual([0, -1]);
    b.sim.advance(1000); // a lid again: the labels come in turn
    expect(b.io.in('Vision')).toBe(2);
  });

  it('read the item furthest along when they see several', () => {
    const b = reading();
    b.io.set('Belt', true);
    b.sim.advance(1100); // the lid over [1.1, 1.6], the base fed at 1 s over [0.1, 0.6]: both on the scale
    expect(b.sim.snapshot().conveyors[0]!.items.map((i) => i.label)).toEqual(['blue lid', 'green base']);
    expect(b.io.in('Weight')).toBe(1.5);
    b.sim.advance(300); // the lid has left the scale's span; the base is on it
    expect(b.io.in('Weight')).toBe(4.25);
  });
});

describe('exits', () => {
  const line = (): Behaviour[] => [
    belt({
      feeder: { itemLength: 0.5, gap: 0.5 },
      sensors: [{ tag: 'At end', from: 1.9, to: 2 }],
      exits: [{ to: 'next', when: { tag: 'Gate', equals: true } }],
    }),
    {
      conveyor: 'next',
      length: 2,
      speed: 1,
      runs: { tag: 'Next belt', equals: true },
      sensors: [{ tag: 'Junction', from: 0, to: 0.1 }],
      end: 'remove',
    },
  ];

  it('hand an item over when the exit condition holds; it waits at the end until then', () => {
    const b = bench(line());
    b.io.set('Belt', true);
    b.sim.advance(3000);
    expect(fronts(b)[0]).toBe(2);
    expect(b.io.in('At end')).toBe(true);
    expect(fronts(b, 1)).toEqual([]);
    b.io.set('Gate', true);
    b.sim.advance(10);
    expect(fronts(b, 1)).toHaveLength(1);
    expect(b.io.in('Junction')).toBe(true);
    // Its rear is still over the end of the first belt: the sensor there still sees it.
    expect(b.io.in('At end')).toBe(true);
  });

  it('an item waits until the next conveyor has room at its start', () => {
    const b = bench(line());
    b.io.set('Belt', true);
    b.io.set('Gate', true);
    b.sim.advance(6000);
    // The next belt stands still: one item crossed and sticks out over the end of the first belt,
    // the others queue behind it (and the feeder has no room for more).
    expect(fronts(b, 1)).toHaveLength(1);
    expect(fronts(b).map((x) => Math.round(x * 100) / 100)).toEqual([1.5, 1]);
    b.io.set('Next belt', true);
    b.sim.advance(2000);
    expect(b.sim.snapshot().conveyors[1]!.removed).toEqual({ item: 1 });
    expect(fronts(b, 1).length).toBeGreaterThan(0);
  });

  it('a feeder makes no item under one still half on the next conveyor', () => {
    // A 1 m belt feeding 0.8 m items into a stopped next belt: the first item crosses the end
    // after 0.2 s and stops there, 0.8 m of it still over this belt. A new item needs 0.9 m free
    // behind it: none comes until the next belt has carried the first one 0.7 m on.
    const b = bench([
      belt({ length: 1, feeder: { itemLength: 0.8, gap: 0.1 }, exits: [{ to: 'next' }] }, true),
      { conveyor: 'next', length: 2, speed: 1, runs: { tag: 'Next belt', equals: true } },
    ]);
    b.sim.advance(300);
    expect(fronts(b)).toEqual([]);
    expect(b.sim.snapshot().conveyors[1]!.items).toHaveLength(1);
    b.sim.advance(2000);
    expect(fronts(b)).toEqual([]);
    b.io.set('Next belt', true);
    b.sim.advance(600);
    expect(fronts(b)).toEqual([]);
    b.sim.advance(200);
    expect(fronts(b)).toHaveLength(1);
  });
});
