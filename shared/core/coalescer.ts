/** Schedules a call after `ms` milliseconds; injected so the core stays free of timers. */
export type Schedule = (callback: () => void, ms: number) => void;

/**
 * Collects keys and flushes them together at most once per `intervalMs`: the first key after a
 * quiet period flushes at once, later ones wait for the next slot. So a UI sees every change
 * promptly but never more than about 1000 / intervalMs updates a second, however busy the API is.
 */
export class Coalescer<K> {
  private pending = new Set<K>();
  private scheduled = false;
  private lastFlush = -Infinity;

  constructor(
    private readonly flush: (keys: ReadonlySet<K>) => void,
    private readonly intervalMs: number,
    private readonly schedule: Schedule,
    private readonly now: () => number,
  ) {}

  add(keys: Iterable<K>): void {
    for (const key of keys) this.pending.add(key);
    if (this.scheduled || this.pending.size === 0) return;
    const wait = Math.max(0, this.lastFlush + this.intervalMs - this.now());
    this.scheduled = true;
    this.schedule(() => this.run(), wait);
  }

  private run(): void {
    this.scheduled = false;
    this.lastFlush = this.now();
    const keys = this.pending;
    this.pending = new Set();
    if (keys.size > 0) this.flush(keys);
  }
}
