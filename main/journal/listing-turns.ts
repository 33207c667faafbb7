/**
 * How long a listing runs before it lets the event loop serve others. Listings take turns (one
 * at a time), so a request to the tag API waits for one slice at most, however many read.
 */
export const LIST_SLICE_MS = 5;

/** Lets the event loop have its turn if the running slice is spent; listings await it often. */
export type RestIfSpent = () => Promise<void>;

/**
 * The time budget of journal listings: one listing at a time, and all of them together at most
 * half the process's time: listing work spends the budget as it runs, any other time (the rests,
 * the event loop's other work, a pause) earns it back, up to one slice (LIST_SLICE_MS) of credit.
 * When it is spent, the listing rests until a slice is earned again: a slice of work, then a rest
 * as long. The account runs across listings and event-loop turns, so a client reading page after
 * page (the window's listRequests, or GET /tagsim/v1/requests following `Link`) is held to it too,
 * and a short listing after a pause (the window's check for new entries) never waits. A journal
 * has a budget of its own by default; a lab gives its stations' journals one
 * (main/lab/start-lab.ts), so windows listing many stations at once take half the process at
 * most, not half each.
 */
export class ListingTurns {
  // The listing whose turn it is: listings run one after another.
  private turn: Promise<unknown> = Promise.resolve();
  /** Milliseconds of listing work allowed now (at most one slice; below 0: owed). */
  private credit = LIST_SLICE_MS;
  private countedTo = performance.now();
  private working = false;

  /** Runs `work` in its turn; `work` calls `rest` every few entries. */
  run<T>(work: (rest: RestIfSpent) => Promise<T>): Promise<T> {
    const mine = this.turn.then(async () => {
      await this.restIfSpent();
      this.working = true;
      try {
        return await work(() => this.restIfSpent());
      } finally {
        this.count();
        this.working = false;
      }
    });
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  /** Brings the account up to now: work since the last count spends, other time earns. */
  private count(): void {
    const now = performance.now();
    const elapsed = Math.max(0, now - this.countedTo);
    this.countedTo = now;
    this.credit = this.working ? this.credit - elapsed : Math.min(LIST_SLICE_MS, this.credit + elapsed);
  }

  /** Rests, when the budget is spent, until a slice is earned again. */
  private async restIfSpent(): Promise<void> {
    this.count();
    if (this.credit > 0) return;
    const working = this.working;
    this.working = false;
    await new Promise((resolve) => setTimeout(resolve, LIST_SLICE_MS - this.credit));
    // A timer never fires early: the rest earned the slice.
    this.credit = LIST_SLICE_MS;
    this.countedTo = performance.now();
    this.working = working;
  }
}
