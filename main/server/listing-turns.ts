/**
 * How long a listing runs before it lets the event loop serve others. Listings take turns (one
 * at a time), so a request to the tag API waits for one slice at most, however many read.
 */
export const LIST_SLICE_MS = 5;

/** Lets the event loop have its turn if the running slice is spent; listings await it often. */
export type RestIfSpent = () => Promise<void>;

/**
 * The time budget of journal listings: one listing at a time, in slices of LIST_SLICE_MS each
 * followed by a rest as long, with one budget for every listing that shares it. A journal has one
 * of its own by default; a lab gives all its stations' journals one (main/lab/start-lab.ts), so
 * ten windows listing ten stations' journals at once still take half the process's time at most,
 * and the other half is every station's tag API's. The control API's pages and the window's
 * (the bridge's listRequests) both run here.
 */
export class ListingTurns {
  // The listing whose turn it is: listings run one after another.
  private turn: Promise<unknown> = Promise.resolve();
  // When the running slice ends. One budget for all listings: queued listings follow each other in
  // microtasks, so a budget of their own each would let eight short pages run back to back
  // (25 ms) before the event loop got back to the tag API.
  private sliceEnd = 0;
  private freshSliceQueued = false;

  /** Runs `work` in its turn; `work` calls `rest` every few entries. */
  run<T>(work: (rest: RestIfSpent) => Promise<T>): Promise<T> {
    const mine = this.turn.then(async () => {
      try {
        await this.restIfSliceSpent();
        return await work(() => this.restIfSliceSpent());
      } finally {
        this.freshSliceOnNextTurn();
      }
    });
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  /**
   * Starts a slice, after a rest as long as a slice when the last one was spent in work the event
   * loop never interrupted: listings back to back take half the process's time at most, and the
   * other half is the tag API's, however busy the machine.
   */
  private async restIfSliceSpent(): Promise<void> {
    if (performance.now() <= this.sliceEnd) return;
    if (this.sliceEnd !== 0) await new Promise((resolve) => setTimeout(resolve, LIST_SLICE_MS));
    this.sliceEnd = performance.now() + LIST_SLICE_MS;
  }

  /**
   * Once the event loop has had a turn after a listing (and with it the tag API's requests), the
   * next listing starts a slice of its own: a short listing after a pause never waits.
   */
  private freshSliceOnNextTurn(): void {
    if (this.freshSliceQueued) return;
    this.freshSliceQueued = true;
    setImmediate(() => {
      this.freshSliceQueued = false;
      this.sliceEnd = 0;
    });
  }
}
