import type { Timers } from '../../renderer/transport/ws-transport.js';

/** Manual clock for the transport: `advance(ms)` runs the timers that come due, in order. */
export class FakeTimers implements Timers {
  private time = 0;
  private nextHandle = 1;
  private readonly due = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.due.set(handle, { at: this.time + ms, callback });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  get pending(): number {
    return this.due.size;
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (let guard = 0; guard < 10_000; guard++) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.due)
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.due.delete(next[0]);
      this.time = next[1].at;
      next[1].callback();
    }
    this.time = end;
  }
}
