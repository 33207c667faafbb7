/** A slab of kept bodies has room for this many of the largest bodies an entry keeps. */
const SLABS_PER_LARGEST_BODY = 16;

/** A slab of kept bodies, and how many recorded entries still have their body in it. */
export interface BodySlab {
  readonly bytes: Buffer;
  live: number;
}

/** Where a recorded body's bytes are: a slab, and the range in it. */
export interface KeptBodyPlace {
  bodySlab: BodySlab | null;
  bodyStart: number;
  bodyLength: number;
}

/** Emptied slabs kept for reuse, at most: the ring empties them about as fast as it fills new ones. */
const MAX_SPARE_SLABS = 2;

/**
 * Keeps the bodies the journal records as bytes, copied one after another into slabs outside the
 * JavaScript heap, and decodes one only when the journal is read. A body kept as text would be a
 * new string on the heap for every write, copied by the garbage collector until it is old, and
 * then swept when the ring drops it: the bulk of what recording a write cost. A slab is never
 * written again while an entry still has its body in it; the ring drops entries oldest first, so
 * slabs empty in the order they filled, and an emptied slab is filled again rather than left to
 * the garbage collector: a fresh slab cost a write its allocation and the first touch of its
 * pages (docs/performance.md).
 */
export class BodySlabs {
  private slab: BodySlab | undefined;
  private used = 0;
  private readonly spare: BodySlab[] = [];

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
    const slab =
      this.slab === undefined || this.used + length > this.slab.bytes.length ? this.nextSlab() : this.slab;
    // TypedArray#set: Buffer#copy's argument checks cost more than the copy of a small body.
    slab.bytes.set(length === body.length ? body : body.subarray(0, length), this.used);
    slab.live++;
    place.bodySlab = slab;
    place.bodyStart = this.used;
    place.bodyLength = length;
    this.used += length;
  }

  /** The entry at `place` is dropped: its slab may empty, and be filled again. */
  release(place: KeptBodyPlace): void {
    const slab = place.bodySlab;
    place.bodySlab = null;
    if (slab === null || --slab.live > 0 || slab === this.slab) return;
    if (this.spare.length < MAX_SPARE_SLABS) this.spare.push(slab);
  }

  /** Every entry is gone at once (the journal was cleared): start afresh. */
  clear(): void {
    this.slab = undefined;
    this.spare.length = 0;
  }

  /** Makes an emptied slab (or else a new one) the one being filled, and returns it. */
  private nextSlab(): BodySlab {
    const full = this.slab;
    if (full !== undefined && full.live === 0 && this.spare.length < MAX_SPARE_SLABS) this.spare.push(full);
    this.slab = this.spare.pop() ?? {
      bytes: Buffer.allocUnsafeSlow(SLABS_PER_LARGEST_BODY * this.keptBytes),
      live: 0,
    };
    this.used = 0;
    return this.slab;
  }
}

/** The text of a kept body, as the journal lists it: its kept bytes decoded as UTF-8. */
export function keptBodyText(place: Readonly<KeptBodyPlace>): string | null {
  const { bodySlab, bodyStart, bodyLength } = place;
  return bodySlab === null ? null : bodySlab.bytes.toString('utf8', bodyStart, bodyStart + bodyLength);
}
