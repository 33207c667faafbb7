import { Emitter } from '../core/emitter.js';
import type { TagEngine } from '../core/tag-engine.js';
import type { TagFailure, TagState, TagValue } from '../core/tag-types.js';

/** A hidden tag's fault as it was before something replaced every tag's state. */
interface HeldFault {
  readonly id: string;
  readonly name: string;
  readonly forced: TagValue | undefined;
  readonly failure: TagFailure;
}

/** Hidden faults that a scene change took with their tags, and who changed the scene. */
export interface LostFaults {
  readonly names: readonly string[];
  readonly by: string;
}

/**
 * The tags whose force or failure an instructor hid from the student's window (docs/lab.md):
 * the fault acts exactly as any other over the API, but the bridge shows the window each of
 * these tags as if it had none. A set per station; `changes` names the tags whose masking
 * changed, so the window is sent them again.
 */
export class HiddenFaults {
  private readonly ids = new Set<string>();
  private carrying = 0;
  readonly changes = new Emitter<ReadonlySet<string>>(() => undefined);
  /** Hidden faults gone with their tags (another scene, a deleted tag): the lab logs who did it. */
  readonly lost = new Emitter<LostFaults>(() => undefined);

  /** While carry() runs: a hidden tag without its fault is between the replacement and the re-apply. */
  get isCarrying(): boolean {
    return this.carrying > 0;
  }

  /**
   * Runs something that replaces every tag's state (a reset, another scene, a state restored)
   * and puts each hidden fault back on its tag afterwards, hidden still: the student's window or
   * control API does not take the instructor's faults off this way (docs/lab.md). A hidden tag
   * that is no longer there (the new scene has no tag of that id and name) loses its fault, and
   * `lost` says so, with `by`.
   */
  async carry<T>(engine: TagEngine, by: string, action: () => Promise<T> | T): Promise<T> {
    if (this.ids.size === 0) return action();
    const held: HeldFault[] = this.list().flatMap((id) => {
      const tag = engine.getTag(id);
      if (!tag) return [];
      const failure = tag.shortCircuit ? 'alwaysOn' : tag.openCircuit ? 'alwaysOff' : 'none';
      return [{ id, name: tag.name, forced: tag.isForced ? tag.forcedValue : undefined, failure }];
    });
    this.carrying++;
    try {
      return await action();
    } finally {
      this.carrying--;
      const lost = held.filter((fault) => !putBack(engine, fault));
      this.reveal(lost.map((f) => f.id));
      if (lost.length > 0) this.lost.emit({ names: lost.map((f) => f.name), by });
    }
  }

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

/** Puts a held fault back on its tag; false when the tag is gone or no longer takes it. */
function putBack(engine: TagEngine, fault: HeldFault): boolean {
  if (engine.getTag(fault.id)?.name !== fault.name) return false;
  if (fault.forced !== undefined) {
    const errors = engine.write('force', 'id', [{ id: fault.id, value: fault.forced }], 'ui');
    if (errors.length > 0) return false;
  }
  if (fault.failure !== 'none') engine.setFailure(fault.id, fault.failure, 'ui');
  return true;
}
