// Property-based tests of the conversion rules of docs/api.md ("Conversion of request values").
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { INT32_MAX, INT32_MIN, toBit, toFloat, toInt } from '../../shared/core/convert.js';
import { toFloat32 } from '../../shared/core/float32.js';

/** Significant digits of a number as `String()` writes it (`1.25e-7` has 3, `1200` has 2). */
function significantDigits(x: number): string {
  const mantissa = String(Math.abs(x)).split('e')[0]!;
  return mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
}

/**
 * A decimal with fewer significant digits than `r` that reads back to the float32 `single`, if any.
 * Only the decimals of `k - 1` digits next to `single` can (shorter ones are among them, padded).
 */
function shorterRoundTrip(single: number, r: number): string | undefined {
  const k = significantDigits(r).length;
  if (k <= 1) return undefined;
  const d = k - 1;
  const [mantissa = '', exponent = ''] = Math.abs(single)
    .toExponential(d - 1)
    .split('e');
  const m = BigInt(mantissa.replace('.', ''));
  const scale = Number(exponent) - (d - 1);
  const sign = single < 0 ? '-' : '';
  const candidates = [m - 1n, m, m + 1n].map((c) => `${sign}${c}e${scale}`);
  // Just below a power of ten, the d-digit decimal below is one digit finer.
  if (m === 10n ** BigInt(d - 1)) candidates.push(`${sign}${10n ** BigInt(d) - 1n}e${scale - 1}`);
  return candidates.find((c) => Math.fround(Number(c)) === single);
}

/** Half-to-even rounding written differently from the implementation. */
function referenceRound(x: number): number {
  if (Math.abs(x % 1) === 0.5) return 2 * Math.round(x / 2);
  return Math.round(x);
}

/** Doubles of every magnitude, plus the float32 values themselves and powers of two. */
const anyDouble = fc.oneof(
  fc.double({ noNaN: true }),
  fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
  fc.float({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -149, max: 127 }).map((e) => 2 ** e),
);

describe('Float conversion (property)', () => {
  it('keeps the float32 and serialises at most 9 significant digits, none of them superfluous', () => {
    fc.assert(
      fc.property(anyDouble, (x) => {
        const r = toFloat(x);
        if (!Number.isFinite(Math.fround(x))) {
          expect(r).toBeUndefined();
          return;
        }
        expect(r).toBeDefined();
        const single = Math.fround(x);
        expect(Math.fround(r!)).toBe(single === 0 ? 0 : single);
        expect(significantDigits(r!).length).toBeLessThanOrEqual(9);
        expect(shorterRoundTrip(single, r!)).toBeUndefined();
        expect(toFloat32(r!)).toBe(r); // idempotent
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts the decimal string of any finite float32 as that float32', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(Math.fround(toFloat(` ${String(x)} `)!)).toBe(x === 0 ? 0 : x);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Int conversion (property)', () => {
  const nearInt32 = fc.oneof(
    fc.double({ noNaN: true }),
    fc.double({ min: -3e9, max: 3e9, noNaN: true }),
    fc.integer({ min: -3e9, max: 3e9 }).map((n) => n + 0.5),
    fc.integer({ min: INT32_MIN - 2, max: INT32_MAX + 2 }),
  );

  it('rounds half-to-even and stays within int32', () => {
    fc.assert(
      fc.property(nearInt32, (x) => {
        const r = toInt(x);
        const expected = Number.isFinite(x) ? referenceRound(x) : NaN;
        if (!(expected >= INT32_MIN && expected <= INT32_MAX)) {
          expect(r).toBeUndefined();
          return;
        }
        expect(r).toBe(expected + 0);
        expect(Number.isInteger(r)).toBe(true);
        expect(Math.abs(r! - x)).toBeLessThanOrEqual(0.5);
        if (Math.abs(r! - x) === 0.5) expect(Math.abs(r! % 2)).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts exactly the base-10 strings of int32 values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 33n), max: 2n ** 33n }), (n) => {
        const inRange = n >= BigInt(INT32_MIN) && n <= BigInt(INT32_MAX);
        expect(toInt(`  ${n} `)).toBe(inRange ? Number(n) : undefined);
      }),
      { numRuns: 500 },
    );
  });
});

describe('Bit conversion (property)', () => {
  it('of a number is x !== 0', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => {
        expect(toBit(x)).toBe(x !== 0);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts "true"/"false" in any case with surrounding spaces, and no other string', () => {
    const spaces = fc.string({ unit: fc.constantFrom(' ', '\t', '\n'), maxLength: 3 });
    const word = fc.constantFrom('true', 'false').chain((w) => fc.mixedCase(fc.constant(w)));
    fc.assert(
      fc.property(spaces, word, spaces, (before, w, after) => {
        expect(toBit(before + w + after)).toBe(w.toLowerCase() === 'true');
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!['true', 'false'].includes(s.trim().toLowerCase()));
        expect(toBit(s)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
