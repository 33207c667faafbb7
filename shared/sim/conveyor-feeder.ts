import type { Feeder } from './behaviour-types.js';
import type { ConditionNode, ConditionSet } from './conditions.js';
import type { Random } from './random.js';

/** An item a feeder places: its front at its length from the conveyor's start. */
export interface NewItem {
  readonly id: number;
  readonly label: string;
  readonly length: number;
}

/** Places a conveyor's new items: when, how often, how many and which labels. */
export class FeederRuntime {
  private emitted = 0;
  private lastAt: number | undefined;
  /** The time to wait after the last new item: intervalMs, or drawn up to maxIntervalMs. */
  private interval: number;
  private readonly labels: readonly string[];
  private readonly when: ConditionNode | undefined;

  constructor(
    private readonly f: Feeder,
    conditions: ConditionSet,
    private readonly random: Random,
    private readonly newId: () => number,
  ) {
    this.labels = f.items ?? ['item'];
    this.when = f.when ? conditions.condition(f.when) : undefined;
    this.interval = f.intervalMs ?? 0;
  }

  /**
   * A new item if the feeder places one at plant time `t`, given how many items its conveyor
   * holds and where the rearmost item's rear is on it (Infinity when none is).
   */
  next(t: number, count: number, rear: number): NewItem | undefined {
    const f = this.f;
    const length = f.itemLength ?? 0.5;
    const ready =
      t >= (f.firstAfterMs ?? 0) - 1e-6 &&
      (f.total === undefined || this.emitted < f.total) &&
      (this.lastAt === undefined || t - this.lastAt >= this.interval - 1e-6) &&
      (f.maxOnConveyor === undefined || count < f.maxOnConveyor) &&
      (this.when?.holds ?? true) &&
      rear >= length + (f.gap ?? 0.5) - 1e-9; // as the line's EPS: summed steps are not exact
    if (!ready) return undefined;
    const label =
      f.order === 'random'
        ? this.labels[Math.floor(this.random.next() * this.labels.length)]!
        : this.labels[this.emitted % this.labels.length]!;
    this.emitted++;
    this.lastAt = t;
    if (f.maxIntervalMs !== undefined) {
      const least = f.intervalMs ?? 0;
      this.interval = least + this.random.next() * Math.max(0, f.maxIntervalMs - least);
    }
    return { id: this.newId(), label, length };
  }
}
