import type { TagValue } from '../core/tag-types.js';
import type { FaultKind } from './lab-fault.js';

/** One fault put on or taken off one station, for the lab's report. */
export interface FaultLogEntry {
  /** When, in ms since the epoch. */
  readonly at: number;
  readonly station: number;
  /**
   * Put on, taken off; or, for one of the instructor's faults, put on again otherwise (another
   * forced value, the other failure) or outdone by a failure, by the station's client.
   */
  readonly action: 'applied' | 'cleared' | 'replaced' | 'defeated';
  /** The tag's name; empty when every fault of the station was cleared at once. */
  readonly tag: string;
  readonly kind: FaultKind | 'all';
  readonly value?: TagValue;
  readonly hidden: boolean;
  /** A hidden fault the student could not take off (LabFault.locked). */
  readonly locked?: boolean;
  /** Who: the instructor at the dashboard, a schedule's fault (its name), the station's client... */
  readonly by: string;
  /** Why it did not take (no such tag...), when it did not. */
  readonly error?: string;
}

/** Most entries a log keeps; past it the oldest go (and are counted), so a long lab stays bounded. */
export const MAX_LOG_ENTRIES = 10_000;

/** The lab's log of injected faults, oldest first. */
export class FaultLog {
  private readonly items: FaultLogEntry[] = [];
  private droppedCount = 0;

  constructor(private readonly limit = MAX_LOG_ENTRIES) {}

  add(entry: FaultLogEntry): void {
    this.items.push(entry);
    if (this.items.length > this.limit) {
      this.items.splice(0, this.items.length - this.limit);
      this.droppedCount++;
    }
  }

  get entries(): readonly FaultLogEntry[] {
    return this.items;
  }

  /** How many of the oldest entries were dropped to keep the log within its limit. */
  get dropped(): number {
    return this.droppedCount;
  }
}
