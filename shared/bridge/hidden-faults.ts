import { Emitter } from '../core/emitter.js';
import type { TagState } from '../core/tag-types.js';

/**
 * The tags whose force or failure an instructor hid from the student's window (docs/lab.md):
 * the fault acts exactly as any other over the API, but the bridge shows the window each of
 * these tags as if it had none. A set per station; `changes` names the tags whose masking
 * changed, so the window is sent them again.
 */
export class HiddenFaults {
  private readonly ids = new Set<string>();
  readonly changes = new Emitter<ReadonlySet<string>>(() => undefined);

  has(id: string): boolean {
    return this.ids.has(id);
  }

  get size(): number {
    return this.ids.size;
  }

  /** The hidden tags' ids, now. */
  list(): string[] {
    return [...this.ids];
  }

  hide(ids: Iterable<string>): void {
    this.update(ids, true);
  }

  reveal(ids: Iterable<string>): void {
    this.update(ids, false);
  }

  revealAll(): void {
    this.update([...this.ids], false);
  }

  /**
   * What the student's window is shown of a tag: a hidden one with no force and no failure, and
   * as its value the plant's own (raw) value, which is what it would have without them.
   */
  mask(tag: TagState): TagState {
    if (!this.ids.has(tag.id)) return tag;
    return {
      ...tag,
      value: tag.raw,
      isForced: false,
      forcedValue: typeof tag.raw === 'boolean' ? false : 0,
      openCircuit: false,
      shortCircuit: false,
    };
  }

  private update(ids: Iterable<string>, hidden: boolean): void {
    const changed = new Set<string>();
    for (const id of ids) {
      if (this.ids.has(id) === hidden) continue;
      if (hidden) this.ids.add(id);
      else this.ids.delete(id);
      changed.add(id);
    }
    if (changed.size > 0) this.changes.emit(changed);
  }
}
