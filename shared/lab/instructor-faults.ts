import type { ApiTag, TagFailure, TagValue } from '../core/tag-types.js';

type Failure = Exclude<TagFailure, 'none'>;

/** The instructor's faults on one tag, as they were put on (the value as the tag took it). */
export interface InstructorTagFaults {
  /** The tag's name when the fault went on: a tag of that id and another name is another tag. */
  readonly name: string;
  /** The value the instructor forced it to, when the force is the instructor's. */
  readonly forced?: TagValue;
  /** The instructor's failure on it. */
  readonly failure?: Failure;
  /** Someone else's failure wins over the instructor's force now: told once, until it goes. */
  readonly defeated?: boolean;
}

/** What happened to one of the instructor's faults on a tag, with the fault as it was put on. */
export interface InstructorFaultChange {
  /** Taken off; put on again with another value or the other failure; or outdone by a failure. */
  readonly action: 'cleared' | 'replaced' | 'defeated';
  readonly kind: 'force' | Failure;
  /** The instructor's forced value (a replaced or defeated force). */
  readonly value?: TagValue;
}

/**
 * Which faults on a station's tags are the instructor's (the dashboard's and the schedules'),
 * with their values: what a change by someone else is measured against, so that the fault log
 * knows when the student's client cleared, replaced or defeated one (docs/lab.md, "The report").
 * One per station, keyed by tag id; a tag none of whose faults is the instructor's is not in it.
 */
export class InstructorFaults {
  private readonly tags = new Map<string, InstructorTagFaults>();

  get(id: string): InstructorTagFaults | undefined {
    return this.tags.get(id);
  }

  ids(): string[] {
    return [...this.tags.keys()];
  }

  /** The instructor's fault of `kind` is on the tag now, as `tag` shows it. */
  put(tag: ApiTag, kind: 'force' | Failure): void {
    const was = this.tags.get(tag.id);
    this.set(tag.id, {
      ...was,
      name: tag.name,
      ...(kind === 'force' ? { forced: tag.forcedValue, defeated: false } : { failure: kind }),
    });
  }

  /**
   * Measures the instructor's faults on a tag against the tag now: each that came off, was put
   * on again otherwise (another forced value, the other failure) or was outdone (a failure over
   * the instructor's force) since, and keeps only what is still the instructor's. A defeated force
   * stays the instructor's: it acts again once the failure goes.
   */
  settle(tag: ApiTag): InstructorFaultChange[] {
    const was = this.tags.get(tag.id);
    if (!was) return [];
    const changes: InstructorFaultChange[] = [];
    const failure = tag.shortCircuit ? 'alwaysOn' : tag.openCircuit ? 'alwaysOff' : undefined;
    let { forced, defeated } = was;
    if (forced !== undefined) {
      const value = forced;
      if (!tag.isForced || tag.forcedValue !== forced) {
        changes.push(
          tag.isForced ? { action: 'replaced', kind: 'force', value } : { action: 'cleared', kind: 'force' },
        );
        forced = undefined;
      } else if (failure === undefined) defeated = false;
      else if (was.failure === undefined && !defeated) {
        changes.push({ action: 'defeated', kind: 'force', value });
        defeated = true;
      }
    }
    let own = was.failure;
    if (own !== undefined && failure !== own) {
      changes.push({ action: failure === undefined ? 'cleared' : 'replaced', kind: own });
      own = undefined;
    }
    this.set(tag.id, {
      name: was.name,
      ...(forced !== undefined ? { forced, defeated: defeated === true } : {}),
      ...(own !== undefined ? { failure: own } : {}),
    });
    return changes;
  }

  /** The tag is gone (another scene): the instructor's faults went with it. */
  forget(id: string): void {
    this.tags.delete(id);
  }

  clear(): void {
    this.tags.clear();
  }

  private set(id: string, faults: InstructorTagFaults): void {
    if (faults.forced === undefined && faults.failure === undefined) this.tags.delete(id);
    else this.tags.set(id, faults);
  }
}
