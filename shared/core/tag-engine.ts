import { applyWrite, restoredState } from './apply-write.js';
import { convertTo } from './convert.js';
import { Emitter } from './emitter.js';
import type {
  ChangeSource,
  WriteGuard,
  ItemError,
  RefKind,
  RefusedItems,
  TagChangeEvent,
  TagEngineOptions,
  TagFilter,
  TagRuntimeState,
  ValueReadEntry,
  WriteOperation,
} from './engine-types.js';
import { itemError, malformedRef, malformedValueItem, notFound, refOf } from './item-errors.js';
import { messages } from './messages.js';
import type { TagScene } from './tag-scene.js';
import { startState, uiState } from './tag-record.js';
import { TagTable } from './tag-table.js';
import type { TagFailure, ApiTag, TagState } from './tag-types.js';

// The engine's types are part of its API: importers keep importing them from here.
export type * from './engine-types.js';

/**
 * The tag engine: a scene's tags with their values, forces and failures, and every operation of
 * the tag API. Each method runs to completion synchronously, so each batch is atomic with respect
 * to every other caller: no reader ever sees half of one.
 *
 * Each read also comes as JSON text (`...Json`), equal byte for byte to `JSON.stringify` of the
 * read and built from per-tag pieces that are encoded again only when their tag changes; with
 * `version`, a server can keep whole answers until anything changes (docs/performance.md).
 */
export class TagEngine {
  /** Everything that belongs to the loaded scene, swapped as one by loadScene. */
  private table: TagTable;
  private readonly changes: Emitter<TagChangeEvent>;
  private readonly refusals: Emitter<RefusedItems>;
  // An object, not a number: pinned views share it through their prototype, so a write through
  // a view moves the same version.
  private readonly revision = { value: 0 };
  private readonly guard: { check?: WriteGuard } = {};
  /** Client writes taken (shared with views, as `revision` is): see clientWriteCount. */
  private readonly clientWrites = { value: 0 };

  constructor(scene: TagScene, options: TagEngineOptions = {}) {
    this.changes = new Emitter(options.reportError ?? (() => undefined));
    this.refusals = new Emitter(options.reportError ?? (() => undefined));
    this.table = TagTable.build(scene);
  }

  /** A view fixed to the scene loaded now: a request that waits (for its body, say) finishes
   * against the scene it started with; its changes to a replaced scene are dropped with it. */
  viewOfCurrentScene(): TagEngine {
    // Same methods and the same change events; only `table` is the view's own.
    const view = Object.create(this) as TagEngine;
    view.table = this.table;
    return view;
  }

  /** Asks `check` before every force, release and failure write of the tag API (setWriteGuard). */
  setWriteGuard(check: WriteGuard | undefined): void {
    this.guard.check = check;
  }

  /** The scene being served. */
  get scene(): TagScene {
    return this.table.scene;
  }

  get tagCount(): number {
    return this.table.records.length;
  }

  /** Moves on every change a client could see (value, force, failure, scene), never otherwise. */
  get version(): number {
    return this.revision.value;
  }

  /** Client writes (source 'api': HTTP or Modbus) that took an item, changed or not: whether a
   * controller has written yet, as the simulation tells since its start or last reset. */
  get clientWriteCount(): number {
    return this.clientWrites.value;
  }

  /** Subscribes to change notifications; returns the unsubscribe function. */
  subscribe(listener: (event: TagChangeEvent) => void): () => void {
    return this.changes.on(listener);
  }

  /** Hears of every write or release that refused items (how a lab counts what a student's
   * client tried and was refused). Returns the unsubscribe function. */
  onRefused(listener: (refused: RefusedItems) => void): () => void {
    return this.refusals.on(listener);
  }

  /**
   * Replaces the scene. Every tag starts over from its initial value, unless `keepState` asks to
   * carry over the value, force and failure of each tag whose id (and type) the new scene keeps:
   * what an edit of the running scene wants.
   */
  loadScene(scene: TagScene, options: { keepState?: boolean } = {}): void {
    // Built whole before the swap, so that a failed load leaves the previous scene untouched.
    this.table = TagTable.build(scene, options.keepState ? this.table : undefined);
    this.revision.value++;
    this.changes.emit({
      source: 'scene',
      sceneChanged: true,
      keptState: options.keepState === true,
      tagIds: new Set(this.table.records.map((r) => r.def.id)),
    });
  }

  /** All tags in scene order, filtered. */
  listTags(filter: TagFilter = {}): ApiTag[] {
    return this.table.filtered(filter).map((r) => r.snapshot());
  }

  /** `JSON.stringify(listTags(filter))`. */
  listTagsJson(filter: TagFilter = {}): string {
    return jsonArray(this.listTagsJsonItems(filter));
  }

  /** The JSON text of each tag of `listTags(filter)`, for a server that joins them itself. */
  listTagsJsonItems(filter: TagFilter = {}): string[] {
    return this.table.filtered(filter).map((r) => r.snapshotJson());
  }

  /** One tag by id (exact), or `undefined`. */
  getTag(id: string): ApiTag | undefined {
    return this.table.get(id)?.snapshot();
  }

  /** `JSON.stringify(getTag(id))`, or `undefined`. */
  getTagJson(id: string): string | undefined {
    return this.table.get(id)?.snapshotJson();
  }

  /** Every tag with its raw value too, scene order: what a UI shows. */
  listTagStates(): TagState[] {
    return this.table.records.map(uiState);
  }

  /** One tag with its raw value, or `undefined`. */
  getTagState(id: string): TagState | undefined {
    const r = this.table.get(id);
    return r && uiState(r);
  }

  /**
   * One tag's runtime state, read in place (no copy): for a reader that takes it at once, as the
   * simulation does on every tick. It changes with the tag, so keep the values, not the object.
   */
  getRuntimeState(id: string): Readonly<TagRuntimeState> | undefined {
    return this.table.get(id);
  }

  /** Every tag with exactly this name, scene order. */
  tagsNamed(name: string): ApiTag[] {
    return this.table.named(name).map((r) => r.snapshot());
  }

  /** `JSON.stringify(tagsNamed(name))`. */
  tagsNamedJson(name: string): string {
    return jsonArray(this.table.named(name).map((r) => r.snapshotJson()));
  }

  /** Reads effective values. Without refs, every tag in scene order. */
  readValues(by: RefKind, refs?: readonly unknown[]): ValueReadEntry[] {
    if (refs === undefined) return this.table.records.map((r) => ({ [by]: r.def[by], value: r.value }));
    const out: ValueReadEntry[] = [];
    this.table.forEachRead(
      by,
      refs,
      (r, ref) => out.push({ [by]: ref, value: r.value }),
      (error) => out.push(error),
    );
    return out;
  }

  /** `JSON.stringify(readValues(by, refs))`; the item errors among them also go to `errors`. */
  readValuesJson(by: RefKind, refs?: readonly unknown[], errors?: ItemError[]): string {
    if (refs === undefined) return jsonArray(this.readValuesJsonItems(by));
    const out: string[] = [];
    // A ref finds a tag only when it equals that tag's id or name: the tag's own entry fits.
    this.table.forEachRead(
      by,
      refs,
      (r) => out.push(r.valueJson(by)),
      (error) => {
        out.push(JSON.stringify(error));
        errors?.push(error);
      },
    );
    return jsonArray(out);
  }

  /** The JSON text of each entry of `readValues(by)` (every tag), for a server that joins them itself. */
  readValuesJsonItems(by: RefKind): string[] {
    return this.table.records.map((r) => r.valueJson(by));
  }

  /** Applies a write batch (set value, force, always off, always on) and returns the failed items. */
  write(
    operation: WriteOperation,
    by: RefKind,
    items: readonly unknown[],
    source: ChangeSource = 'api',
  ): ItemError[] {
    return this.batch(source, (changed) => {
      const errors: ItemError[] = [];
      for (const item of items) {
        const ref = refOf(item, by);
        if (ref === undefined) {
          errors.push(malformedValueItem(by));
          continue;
        }
        const found = this.table.lookup(by, ref);
        if (found.length === 0) errors.push(notFound(by, ref));
        const value = (item as { value?: unknown }).value;
        for (const r of found) {
          const vetoed =
            operation === 'set' ? undefined : this.guard.check?.(r.def.id, operation, value, source);
          const problem = vetoed ?? applyWrite(operation, r, value);
          if (typeof problem === 'object') errors.push(itemError(by, ref, problem.code, problem.error));
          else if (problem) changed.add(r.def.id);
        }
      }
      if (source === 'api' && errors.length < items.length) this.clientWrites.value++;
      return this.told(source, errors);
    });
  }

  /** Releases forces; releasing a tag that is not forced is a success. */
  release(by: RefKind, refs: readonly unknown[], source: ChangeSource = 'api'): ItemError[] {
    return this.batch(source, (changed) => {
      const errors: ItemError[] = [];
      for (const ref of refs) {
        if (typeof ref !== 'string') {
          errors.push(malformedRef(by));
          continue;
        }
        const found = this.table.lookup(by, ref);
        if (found.length === 0) errors.push(notFound(by, ref));
        for (const r of found) {
          const vetoed = this.guard.check?.(r.def.id, 'release', undefined, source);
          if (vetoed) errors.push(itemError(by, ref, vetoed.code, vetoed.error));
          else if (r.release()) changed.add(r.def.id);
        }
      }
      return this.told(source, errors);
    });
  }

  /**
   * The simulator's side: sets the raw value of any tag, Inputs included (a sensor of the plant,
   * or a person acting as one). Values convert with the API's rules; failures become item errors.
   */
  simulate(
    by: RefKind,
    items: readonly { ref: string; value: unknown }[],
    source: ChangeSource = 'simulation',
  ): ItemError[] {
    return this.batch(source, (changed) => {
      const errors: ItemError[] = [];
      for (const { ref, value } of items) {
        const found = this.table.lookup(by, ref);
        if (found.length === 0) errors.push(notFound(by, ref));
        for (const r of found) {
          const converted = convertTo(r.def.type, value);
          if (converted === undefined)
            errors.push(itemError(by, ref, 406, messages.cannotConvert(r.def.type)));
          else if (r.setRaw(converted)) changed.add(r.def.id);
        }
      }
      return errors;
    });
  }

  /** Puts one tag in exactly this failure state in one update (a person clicking "None" expects
   * one; the API needs two calls from Always On). */
  setFailure(id: string, failure: TagFailure, source: ChangeSource = 'ui'): ItemError | null {
    return this.batch(source, (changed) => {
      const r = this.table.get(id);
      if (!r) return notFound('id', id);
      const touched = failure === 'none' ? r.clearFailure() : r.setFailure(failure, true);
      if (touched) changed.add(id);
      return null;
    });
  }

  /** Releases the forces of these tags (default all) but the scene's own (`forced`), put back. */
  releaseAll(source: ChangeSource = 'simulation', ids?: Iterable<string>): void {
    this.batch(source, (changed) => {
      for (const r of ids ? [...ids].map((id) => this.table.get(id)) : this.table.records) {
        const own = r && startState(r.def);
        if (r && own && (own.isForced ? r.force(own.forcedValue) : r.release())) changed.add(r.def.id);
      }
    });
  }

  /** Clears every Always Off and Always On failure. */
  clearFailures(source: ChangeSource = 'simulation'): void {
    this.batch(source, (changed) => {
      for (const r of this.table.records) if (r.clearFailure()) changed.add(r.def.id);
    });
  }

  /**
   * Puts the whole scene in a saved runtime state in ONE update, so no reader ever sees half of
   * it: each tag with an entry takes exactly that raw value, force and failure; every other tag
   * starts over (its initial value, and the force and failure its scene gives it). Values are converted to each tag's type;
   * an entry whose values do not convert counts as absent. Returns the ids that were not applied:
   * those naming no tag of the scene, and those whose values do not fit their tag.
   */
  restoreStates(states: ReadonlyMap<string, TagRuntimeState>, source: ChangeSource = 'ui'): string[] {
    return this.batch(source, (changed) => {
      const notApplied = [...states.keys()].filter((id) => !this.table.has(id));
      for (const r of this.table.records) {
        const { state, fits } = restoredState(r, states.get(r.def.id));
        if (!fits) notApplied.push(r.def.id);
        if (r.restore(state)) changed.add(r.def.id);
      }
      return notApplied;
    });
  }

  /** The errors of a write or release, after telling whoever listens for refusals. */
  private told(source: ChangeSource, errors: ItemError[]): ItemError[] {
    if (errors.length > 0 && this.refusals.size > 0) this.refusals.emit({ source, errors });
    return errors;
  }

  /** Runs one update and sends one notification with every tag it changed (none if nothing did). */
  private batch<T>(source: ChangeSource, update: (changed: Set<string>) => T): T {
    const changed = new Set<string>();
    let result: T;
    try {
      result = update(changed);
    } finally {
      // Even an update that failed midway may have changed tags: answers built before are stale.
      if (changed.size > 0) this.revision.value++;
    }
    if (changed.size > 0) this.changes.emit({ source, sceneChanged: false, tagIds: changed });
    return result;
  }
}

function jsonArray(items: readonly string[]): string {
  return `[${items.join(',')}]`;
}
