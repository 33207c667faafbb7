import { boundsOf, type Poly, polysOverlap } from './drawn-marks.js';

/**
 * Marks placed so far, with their level bounds kept in one flat array: the planners ask, for each
 * of thousands of places they try, which marks it overlaps, and nearly all marks are far away.
 * The bounds turn those away without a projection or an allocation.
 */
export class MarkSet<T extends { readonly poly: Poly }> {
  readonly items: T[] = [];
  private bounds: number[] = [];

  constructor(items: readonly T[] = []) {
    for (const item of items) this.add(item);
  }

  add(item: T): void {
    this.items.push(item);
    this.bounds.push(...boundsOf(item.poly));
  }

  /** How many marks `poly` overlaps (by more than 0.01 m), but those `skip` says to leave out. */
  count(poly: Poly, skip?: (item: T) => boolean): number {
    const [l, t, r, b] = boundsOf(poly);
    let n = 0;
    const bs = this.bounds;
    for (let i = 0; i < this.items.length; i++) {
      const k = i * 4;
      if (r - 0.01 <= bs[k]! || bs[k + 2]! - 0.01 <= l || b - 0.01 <= bs[k + 1]! || bs[k + 3]! - 0.01 <= t)
        continue;
      const item = this.items[i]!;
      if (skip?.(item)) continue;
      if (polysOverlap(poly, item.poly)) n++;
    }
    return n;
  }
}
