/**
 * Seeded pseudo-random numbers for the simulation. `Math.random` cannot be seeded, and a run must
 * be repeatable from its seed, so every random choice of the plant draws from one of these.
 */

/** A source of numbers uniformly spread over [0, 1). */
export interface Random {
  next(): number;
}

/**
 * mulberry32: 32 bits of state, fast, and good enough for plant noise (it is not for secrets).
 * Only 32-bit integer arithmetic, so every JavaScript engine yields the same sequence.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return {
    next(): number {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/**
 * Mixes a seed with the parts that name one random stream (a behaviour's index, say), so that
 * each stream is independent of the others and adding a behaviour does not shift the numbers that
 * another one draws.
 */
export function deriveSeed(seed: number, ...parts: readonly number[]): number {
  let h = mix(seed >>> 0);
  for (const part of parts) h = mix((h ^ mix(part >>> 0)) >>> 0);
  return h;
}

/** The finaliser of MurmurHash3: every input bit affects every output bit. */
function mix(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A number uniformly spread over [-1, 1). */
export function symmetric(random: Random): number {
  return random.next() * 2 - 1;
}
