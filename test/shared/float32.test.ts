// docs/api.md, "Conversion of request values": Float is a 32-bit float served as the shortest
// decimal that reads back.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { FLOAT32_MAX, shortestFloat32Decimal, toFloat32 } from '../../shared/core/float32.js';

describe('toFloat32', () => {
  it.each([3.141, 8.496892, 0.1, 0.2, 1.1, 2.5, 10, -7.25, 123456.7, 1e-7, 1e30])(
    'keeps %s as written (shortest round-trip decimal)',
    (x) => {
      expect(toFloat32(x)).toBe(x);
    },
  );

  it.each([3.141, 8.496892, 0.1, 1 / 3, Math.PI, -Math.E, 1e-40, 123456789, 16777217])(
    'returns a value with the same float32 as %s',
    (x) => {
      expect(Math.fround(toFloat32(x))).toBe(Math.fround(x));
    },
  );

  it('serialises the float32 expansion of 3.141 as 3.141', () => {
    expect(JSON.stringify(toFloat32(Math.fround(3.141)))).toBe('3.141');
    expect(Math.fround(3.141)).toBe(3.1410000324249268);
  });

  it('rounds values that float32 cannot hold to the shortest decimal of their float32', () => {
    expect(toFloat32(1 / 3)).toBe(0.33333334);
    expect(toFloat32(Math.PI)).toBe(3.1415927);
    expect(toFloat32(123456789)).toBe(123456790);
    expect(toFloat32(16777217)).toBe(16777216);
  });

  it('folds -0 and float32 underflow to 0', () => {
    expect(Object.is(toFloat32(-0), 0)).toBe(true);
    expect(Object.is(toFloat32(-1e-50), 0)).toBe(true);
    expect(toFloat32(1e-50)).toBe(0);
  });

  it('keeps the largest float32 finite and lets larger values overflow', () => {
    expect(toFloat32(FLOAT32_MAX)).toBe(3.4028235e38);
    expect(Math.fround(3.4028235e38)).toBe(FLOAT32_MAX);
    expect(toFloat32(1e39)).toBe(Infinity);
    expect(toFloat32(-1e39)).toBe(-Infinity);
    expect(toFloat32(NaN)).toBeNaN();
  });

  // At a power of two the float32 below is twice as close as the one above, so the nearest
  // decimal of a length can miss while the next one up round-trips.
  it.each([
    [2 ** -96, 1.2621775e-29],
    [2 ** 87, 1.5474251e26],
    [2 ** 90, 1.2379401e27],
    [-(2 ** 90), -1.2379401e27],
  ])('finds the shortest decimal at the power of two %s', (x, expected) => {
    expect(toFloat32(x)).toBe(expected);
    expect(Math.fround(expected)).toBe(x);
  });
});

// Most values clients write are short decimals, which toFloat32 answers without the search: the
// answer must be the search's all the same.
describe('toFloat32 of short decimals and integers (property)', () => {
  const shortDecimal = fc
    .tuple(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: -50, max: 40 }), fc.boolean())
    .map(([mantissa, exponent, negative]) => Number(`${negative ? '-' : ''}${mantissa}e${exponent}`));
  const anyNumber = fc.oneof(
    shortDecimal,
    fc.integer({ min: -(2 ** 25), max: 2 ** 25 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

  it('gives what the full search gives', () => {
    fc.assert(
      fc.property(anyNumber, (x) => {
        const single = Math.fround(x);
        const expected =
          single === 0 || !Number.isFinite(single) ? single || 0 : shortestFloat32Decimal(single);
        expect(Object.is(toFloat32(x), expected)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
});
