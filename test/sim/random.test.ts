// The seeded random streams: repeatable, spread over [0, 1), independent per behaviour.
import { describe, expect, it } from 'vitest';
import { deriveSeed, mulberry32, symmetric } from '../../shared/sim/random.js';

const draw = (seed: number, n = 5) => {
  const random = mulberry32(seed);
  return Array.from({ length: n }, () => random.next());
};

describe('random streams', () => {
  it('repeat exactly from a seed, and differ between seeds', () => {
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    // Pinned: a change here changes every seeded run that users may have recorded.
    expect(draw(1, 3).map((x) => x.toFixed(6))).toEqual(['0.627074', '0.002736', '0.527447']);
  });

  it('stay within [0, 1) and spread evenly', () => {
    const values = draw(7, 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    const random = mulberry32(3);
    for (let i = 0; i < 1000; i++) {
      const x = symmetric(random);
      expect(x).toBeGreaterThanOrEqual(-1);
      expect(x).toBeLessThan(1);
    }
  });

  it('derived seeds differ per part, so each behaviour has its own stream', () => {
    const seeds = new Set<number>();
    for (let i = 0; i < 100; i++) for (const part of [1, 2, 3]) seeds.add(deriveSeed(1, i, part));
    expect(seeds.size).toBe(300);
    expect(deriveSeed(1, 5, 1)).toBe(deriveSeed(1, 5, 1));
    expect(deriveSeed(2, 5, 1)).not.toBe(deriveSeed(1, 5, 1));
  });
});
