/**
 * Makes a time that may start over (simulation time goes back to 0 at a reset) into one that only
 * moves forward: what the source gained since the last reading is added, and after a drop, the
 * whole new reading (the time since the restart). Read it often (every tick) so that the time
 * between the last reading and a reset is not lost.
 */
export class ForwardTime {
  private last: number | undefined;
  private total = 0;

  constructor(private readonly source: () => number) {}

  /** Time gained since the first reading (which returns 0). */
  now(): number {
    const value = this.source();
    if (this.last !== undefined && Number.isFinite(value)) {
      this.total += value >= this.last ? value - this.last : Math.max(0, value);
    }
    if (Number.isFinite(value)) this.last = value;
    return this.total;
  }
}
