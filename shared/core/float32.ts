/**
 * Float tags are 32-bit (the simulator's REAL). We keep each value as the shortest decimal that
 * reads back to the same float32, so `3.141` is stored and served as `3.141`, never as the
 * float64 expansion `3.1410000324249268`. `Math.fround(stored)` is always the exact float32.
 */
export function toFloat32(x: number): number {
  const single = Math.fround(x);
  if (single === 0) return 0; // also folds -0, which JSON would print as 0 anyway
  if (!Number.isFinite(single)) return single;
  // Most values a client writes are short decimals (1.5, 23.7, 100): they are their own answer,
  // found without the search below (several toPrecision calls, the bulk of a write's conversion).
  if (isOwnShortestFloat32(x)) return x;
  return shortestFloat32Decimal(single);
}

/** Normal float32 values start here; below, the spacing is coarser than the argument allows. */
const MIN_NORMAL_FLOAT32 = 2 ** -126;

/**
 * Whether `x` is itself the shortest decimal of its float32: an integer up to 2^24
 * (every one is a float32), or a normal-range decimal of at most 6 significant digits. The latter
 * because any shorter decimal lies at least one unit of x's last digit, 10^-6 of x or more, from x,
 * while everything that rounds to `single` lies within one float32 spacing (under 1.2 x 10^-7 of
 * x) of it; and the search below, at x's own length, rounds the float32 back to x's digits.
 */
function isOwnShortestFloat32(x: number): boolean {
  const magnitude = Math.abs(x);
  if (Number.isInteger(x)) return magnitude <= 2 ** 24;
  if (magnitude < MIN_NORMAL_FLOAT32) return false;
  return significantDigits(String(magnitude)) <= 6;
}

/** Significant digits of a positive number as String() writes it (`1.25e-7`: 3, `0.0105`: 3). */
function significantDigits(text: string): number {
  const exponentAt = text.indexOf('e');
  const end = exponentAt < 0 ? text.length : exponentAt;
  let first = 0;
  while (first < end && (text[first] === '0' || text[first] === '.')) first++;
  // Only integers end in zeros that are not significant, and they never get here.
  const digits = end - first;
  return text.lastIndexOf('.', end) > first ? digits - 1 : digits;
}

/** The shortest decimal that reads back to the float32 `single` (finite, not 0): the search. */
export function shortestFloat32Decimal(single: number): number {
  // float32 needs at most 9 significant digits to round-trip; most values need far fewer.
  // At a power of two the float32 below is twice as close as the one above, so when the nearest
  // decimal of a length lies on the narrow side and misses, the next one up may still round-trip.
  const magnitude = Math.abs(single);
  const powerOfTwo = magnitude === 2 ** Math.round(Math.log2(magnitude));
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(single.toPrecision(digits));
    if (Math.fround(candidate) === single) return candidate;
    if (powerOfTwo) {
      const [mantissa = '', exponent = ''] = single.toExponential(digits - 1).split('e');
      const outward = Number(mantissa.replace('.', '')) + Math.sign(single);
      const neighbour = Number(`${outward}e${Number(exponent) - (digits - 1)}`);
      if (Math.fround(neighbour) === single) return neighbour;
    }
  }
  return single;
}

/** Largest finite float32. */
export const FLOAT32_MAX = 3.4028234663852886e38;
