import { Emitter } from '../core/emitter.js';
import type { TagFailure, TagState, TagValue } from '../core/tag-types.js';

/** What the student's window did to a hidden tag's own slot (a force, a failure): theirs, shown to them. */
export interface OwnFault {
  readonly forced?: TagValue;
  readonly failure: TagFailure;
  /** The value the student's own failure shows (OFF, or ON saturated to the tag's maximum). */
  readonly failureValue?: TagValue;
}

/** One hidden tag: which of its slots hold the instructor's fault, locked or not, and the student's own. */
export interface HiddenEntry {
  /** The instructor's force is on this tag (the engine's force slot is theirs). */
  readonly force: boolean;
  /** The instructor's failure is on this tag (the engine's failure slot is theirs). */
  readonly failure: boolean;
  /**
   * Stricter, the instructor's choice per fault: the window's fault controls on this tag answer
   * LOCKED_TAG, and so does the tag API to every write that could change the tag's value
   * (lockedFaultGuard in hidden-window.ts).
   */
  readonly locked: boolean;
  /** What the student's window put in the instructor's slots: shown to them in its place. */
  readonly own: OwnFault;
}

/** Hidden faults that a scene change took with their tags, and who changed the scene. */
export interface LostFaults {
  readonly names: readonly string[];
  readonly by: string;
}

/** What a locked hidden fault answers to a window's control, or to an API write that could change its tag's value. */
export const LOCKED_TAG = 'The instructor has locked this tag.';

const NO_OWN: OwnFault = { failure: 'none' };

/** What the student's window kept in a hidden tag's slots, without its force. */
export function withoutForce(own: OwnFault): OwnFault {
  return {
    failure: own.failure,
    ...(own.failureValue !== undefined ? { failureValue: own.failureValue } : {}),
  };
}

/** ...without its failure. */
export function withoutFailure(own: OwnFault): OwnFault {
  return { failure: 'none', ...(own.forced !== undefined ? { forced: own.forced } : {}) };
}

/**
 * The tags whose force or failure an instructor hid from the student's window (docs/lab.md):
 * the fault acts exactly as any other over the API, but the bridge shows the window each of
 * these tags as it would be without it, with whatever the student did to it themselves. A set per
 * station; `changes` names the tags whose masking changed, so the window is sent them again.
 */
export class HiddenFaults {
  private readonly entries = new Map<string, HiddenEntry>();
  private carrying = 0;
  readonly changes = new Emitter<ReadonlySet<string>>(() => undefined);
  /** Hidden faults gone with their tags (another scene, a deleted tag): the lab logs who did it. */
  readonly lost = new Emitter<LostFaults>(() => undefined);

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The hidden tags' ids, now. */
  list(): string[] {
    return [...this.entries.keys()];
  }

  entry(id: string): HiddenEntry | undefined {
    return this.entries.get(id);
  }

  isLocked(id: string): boolean {
    return this.entries.get(id)?.locked ?? false;
  }

  /**
   * Hides the instructor's fault of `kind` on these tags (a tag may hold a hidden force and a
   * hidden failure); `locked` as the latest fault put on says.
   */
  hide(ids: Iterable<string>, how: { kind?: 'force' | 'failure'; locked?: boolean } = {}): void {
    const changed = new Set<string>();
    for (const id of ids) {
      const was = this.entries.get(id);
      const next: HiddenEntry = {
        force: (was?.force ?? false) || how.kind === 'force',
        failure: (was?.failure ?? false) || how.kind === 'failure',
        locked: how.locked ?? was?.locked ?? false,
        own: was?.own ?? NO_OWN,
      };
      if (was && was.force === next.force && was.failure === next.failure && was.locked === next.locked)
        continue;
      this.entries.set(id, next);
      changed.add(id);
    }
    if (changed.size > 0) this.changes.emit(changed);
  }

  /** Records what the student's window put in the instructor's slots of a hidden tag. */
  setOwn(id: string, own: OwnFault): void {
    const was = this.entries.get(id);
    if (!was) return;
    this.entries.set(id, { ...was, own });
    this.changes.emit(new Set([id]));
  }

  /**
   * The instructor's fault in this slot of a hidden tag came off, or is someone else's now (the
   * student's program replaced it over the tag API): the slot is no longer masked, nor is what the
   * window kept in it, and the tag is shown again once no slot is the instructor's.
   */
  free(id: string, slot: 'force' | 'failure'): void {
    const was = this.entries.get(id);
    if (!was?.[slot]) return;
    const next: HiddenEntry = {
      ...was,
      [slot]: false,
      own: slot === 'force' ? withoutForce(was.own) : withoutFailure(was.own),
    };
    if (next.force || next.failure) this.entries.set(id, next);
    else this.entries.delete(id);
    this.changes.emit(new Set([id]));
  }

  reveal(ids: Iterable<string>): void {
    const changed = new Set<string>();
    for (const id of ids) if (this.entries.delete(id)) changed.add(id);
    if (changed.size > 0) this.changes.emit(changed);
  }

  revealAll(): void {
    this.reveal(this.list());
  }

  /** While carry (hidden-carry.ts) runs: a hidden tag without its fault is only between replace and re-apply. */
  get isCarrying(): boolean {
    return this.carrying > 0;
  }

  /** carry()'s bracket: no tag is shown again while it holds. */
  hold(): () => void {
    this.carrying++;
    return () => void this.carrying--;
  }

  /**
   * What the student's window is shown of a tag: a hidden one as it would be without the
   * instructor's fault, with the student's own force and failure in its place, and as its value
   * what those would give over the plant's own (raw) value.
   */
  mask(tag: TagState): TagState {
    const entry = this.entries.get(tag.id);
    if (!entry) return tag;
    const { own } = entry;
    const forced = entry.force ? own.forced : tag.isForced ? tag.forcedValue : undefined;
    const failure: TagFailure = entry.failure
      ? own.failure
      : tag.shortCircuit
        ? 'alwaysOn'
        : tag.openCircuit
          ? 'alwaysOff'
          : 'none';
    const failureValue = entry.failure ? own.failureValue : tag.value;
    const value = failure !== 'none' ? (failureValue ?? tag.raw) : forced !== undefined ? forced : tag.raw;
    return {
      ...tag,
      value,
      isForced: forced !== undefined,
      forcedValue: forced ?? (entry.force ? (typeof tag.raw === 'boolean' ? false : 0) : tag.forcedValue),
      openCircuit: failure === 'alwaysOff',
      shortCircuit: failure === 'alwaysOn',
    };
  }
}
