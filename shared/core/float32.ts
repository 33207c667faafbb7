/**
 * Float tags are 32-bit (the simulator's REAL). We keep each value as the shortest decimal that
 * reads back to the same float32, so `3.141` is stored and served as `3.141`, never as the
 * float64 expansion `3.1410000324249268`. `Math.fround(stored)` is always the exact float32.
 */
export function toFloat32(x: number): number {
  const single = Math.fround(x);
  if (single === 0) return 0; // also folds -0, which JSON would print as 0 anyway
  if (!Number.isFinite(single)) return single;
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
