/** A slab of kept bodies has room for this many of the largest bodies an entry keeps. */
const SLABS_PER_LARGEST_BODY = 16;

/** Where a recorded body's bytes are: a slab, and the range in it. */
export interface KeptBodyPlace {
  bodySlab: Buffer | null;
  bodyStart: number;
  bodyLength: number;
}

/**
 * Keeps the bodies the journal records as bytes, copied one after another into slabs outside the
 * JavaScript heap, and decodes one only when the journal is read. A body kept as text would be a
 * new string on the heap for every write, copied by the garbage collector until it is old, and
 * then swept when the ring drops it: the bulk of what recording a write cost. A slab is never
 * written again once full; it goes when the last entry in it is dropped (the ring drops entries
 * oldest first, so at most one slab is held partly by dropped entries).
 */
export class BodySlabs {
  private slab: Buffer | undefined;
  private used = 0;

  /** `keptBytes`: how much of a body is kept, at most. */
  constructor(private readonly keptBytes: number) {}

  /** Keeps the first `keptBytes` of `body` (or none: `undefined`) and notes where in `place`. */
  keep(body: Buffer | undefined, place: KeptBodyPlace): void {
    if (body === undefined) {
      place.bodySlab = null;
      place.bodyLength = 0;
      return;
    }
    const length = Math.min(body.length, this.keptBytes);
    if (this.slab === undefined || this.used + length > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(SLABS_PER_LARGEST_BODY * this.keptBytes);
      this.used = 0;
    }
    // TypedArray#set: Buffer#copy's argument checks cost more than the copy of a small body.
    this.slab.set(length === body.length ? body : body.subarray(0, length), this.used);
    place.bodySlab = this.slab;
    place.bodyStart = this.used;
    place.bodyLength = length;
    this.used += length;
  }
}

/** The text of a kept body, as the journal lists it: its kept bytes decoded as UTF-8. */
export function keptBodyText(place: Readonly<KeptBodyPlace>): string | null {
  const { bodySlab, bodyStart, bodyLength } = place;
  return bodySlab === null ? null : bodySlab.toString('utf8', bodyStart, bodyStart + bodyLength);
}
