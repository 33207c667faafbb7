// The Plant view's state travels as changes since the last update (issue 23): the delta module
// must give back exactly the new value, say nothing when nothing changed, stay small for items
// moving along a conveyor, and refuse a delta that does not fit instead of guessing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyJsonDelta,
  diffJson,
  JsonDeltaError,
  roundJsonNumbers,
  type Json,
  type JsonDelta,
} from '../../shared/plant/json-delta.js';

const roundTrip = (a: Json, b: Json) => {
  const delta = diffJson(a, b);
  return delta === undefined ? a : applyJsonDelta(a, JSON.parse(JSON.stringify(delta)) as JsonDelta);
};

/** A plant-like value: conveyors by name, items by id, moving fronts. */
const plant = (items: { id: number; front: number }[], running = true): Json => ({
  timeMs: 1000,
  conveyors: [
    {
      name: 'Entry',
      running,
      speed: running ? 0.3 : 0,
      items: items.map((i) => ({ ...i, label: 'box', length: 0.4 })),
    },
    { name: 'Exit', running: false, speed: 0, items: [] },
  ],
});

describe('diffJson and applyJsonDelta', () => {
  it('say nothing for equal values, however they were built', () => {
    expect(diffJson(plant([{ id: 1, front: 2 }]), plant([{ id: 1, front: 2 }]))).toBeUndefined();
    expect(diffJson([1, 'a', null], [1, 'a', null])).toBeUndefined();
    expect(diffJson({}, {})).toBeUndefined();
  });

  it('give back the new value for any two JSON values (and after a JSON round trip)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), (a, b) => {
        // JSON itself has no -0: what arrives is what JSON carries.
        expect(roundTrip(a as Json, b as Json)).toEqual(JSON.parse(JSON.stringify(b)));
      }),
      { numRuns: 500 },
    );
  });

  it('give back the new value for keyed arrays that gain, lose, reorder and change elements', () => {
    const item = fc.record({
      id: fc.integer({ min: 0, max: 12 }),
      front: fc.double({ noNaN: true, noDefaultInfinity: true }),
    });
    const items = fc.uniqueArray(item, { selector: (i) => i.id, maxLength: 8 });
    fc.assert(
      fc.property(items, items, fc.boolean(), (a, b, running) => {
        const next = plant(b, running);
        expect(roundTrip(plant(a), next)).toEqual(JSON.parse(JSON.stringify(next)));
      }),
      { numRuns: 500 },
    );
  });

  it('send only what moved: the fronts of moving items, by their ids', () => {
    const before = plant([
      { id: 7, front: 2.5 },
      { id: 8, front: 1.0 },
    ]);
    const after = plant([
      { id: 7, front: 2.6 },
      { id: 8, front: 1.0 },
    ]);
    expect(diffJson(before, after)).toEqual({
      o: {
        conveyors: {
          f: 'name',
          e: { Entry: { o: { items: { f: 'id', e: { 7: { o: { front: { r: 2.6 } } } } } } } },
        },
      },
    });
  });

  it('do not resend the items behind one that left at the front', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, front: 10 - i * 0.5 }));
    const before = plant(items);
    const after = plant(items.slice(1));
    const delta = diffJson(before, after)!;
    expect(JSON.stringify(delta).length).toBeLessThan(200);
    expect(applyJsonDelta(before, delta)).toEqual(after);
  });

  it('keep unchanged parts by reference, so a view can skip them', () => {
    const before = plant([{ id: 1, front: 1 }]) as { conveyors: Json[] };
    const after = plant([{ id: 1, front: 1.1 }]) as Json;
    const applied = applyJsonDelta(before as Json, diffJson(before as Json, after)!) as { conveyors: Json[] };
    expect(applied.conveyors[1]).toBe(before.conveyors[1]);
    expect(applied.conveyors[0]).not.toBe(before.conveyors[0]);
  });

  it('carry a field named __proto__ as data, never as a prototype', () => {
    const next = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Json;
    const applied = roundTrip({ a: 0 }, next) as Record<string, unknown>;
    expect(Object.getPrototypeOf(applied)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.hasOwn(applied, '__proto__')).toBe(true);
  });

  it('refuse a delta that does not fit the value, so the receiver asks for the whole one', () => {
    const misfits: [Json, unknown][] = [
      [1, { o: { a: { r: 1 } } }],
      [{ a: 1 }, { i: { 0: { r: 1 } } }],
      [[1, 2], { i: { 5: { r: 1 } } }],
      [[1, 2], { i: { 3: { r: 1 } }, n: 4 }],
      [[{ id: 1 }], { f: 'id', e: {}, k: [1, 2] }],
      [[{ id: 1 }], { f: 'constructor', e: {} }],
      [[], { f: 'id', e: { 1: { o: {} } }, k: [1] }],
      [{ a: 1 }, { z: 1 }],
      [{ a: 1 }, null],
    ];
    for (const [value, delta] of misfits)
      expect(() => applyJsonDelta(value, delta as JsonDelta), JSON.stringify(delta)).toThrow(JsonDeltaError);
  });
});

describe('roundJsonNumbers', () => {
  it('rounds fractions to the given places and leaves whole numbers, strings and shape alone', () => {
    expect(roundJsonNumbers({ t: 1234, a: [0.123456, 'x', true, null], b: { c: -2.00004 } }, 4)).toEqual({
      t: 1234,
      a: [0.1235, 'x', true, null],
      b: { c: -2 },
    });
  });
});
