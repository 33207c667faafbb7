import { convertTo, toBit } from './convert.js';
import { offValue } from './effective-value.js';
import { Emitter } from './emitter.js';
import { messages } from './messages.js';
import type { SceneDefinition } from './scene.js';
import { initialValue, TagRecord } from './tag-record.js';
import type { TagFailure, TagKind, ApiTag, TagState, TagType, TagValue } from './tag-types.js';
import { compileWildcard } from './wildcard.js';

/** How the items of a batch identify their tags. */
export type RefKind = 'id' | 'name';

/** A failed item of a batch, in wire shape: `{id, code, error}` or `{name, code, error}`. */
export type ItemError = { [key in RefKind]?: string | null } & { code: 400 | 404 | 406; error: string };

/** An entry of a value read: `{id, value}` / `{name, value}`, or an item error. */
export type ValueReadEntry = ({ [key in RefKind]?: string } & { value: TagValue }) | ItemError;

/** Filters of a tag listing; they combine with AND. */
export interface TagFilter {
  /** Whole-name, case-insensitive; `*` and `?` are wildcards. */
  name?: string;
  type?: TagType;
  kind?: TagKind;
}

/** The write operations of the API, which all take `{id|name, value}` items. */
export type WriteOperation = 'set' | 'force' | 'alwaysOff' | 'alwaysOn';

/** Who caused a change: an API client, the simulated plant, a person at the UI or tray, or a scene load. */
export type ChangeSource = 'api' | 'simulation' | 'ui' | 'scene';

/** One notification per update: the tags whose observable state changed, together. */
export interface TagChangeEvent {
  readonly source: ChangeSource;
  /** True when the scene itself was replaced: every tag may have changed, ids included. */
  readonly sceneChanged: boolean;
  /** With sceneChanged: the tags kept their state (an edit of the scene served, not another scene). */
  readonly keptState?: boolean;
  readonly tagIds: ReadonlySet<string>;
}

/** The runtime state of one tag under its definition: what a state snapshot saves and restores. */
export interface TagRuntimeState {
  raw: TagValue;
  isForced: boolean;
  forcedValue: TagValue;
  failure: TagFailure;
}

export interface TagEngineOptions {
  /** Where errors thrown by change listeners go; they never reach the writer. */
  reportError?: (error: unknown) => void;
}

/**
 * The tag engine: a scene's tags with their values, forces and failures, and every operation of
 * the tag API. Each method runs to completion synchronously, so each batch is atomic with respect
 * to every other caller: no reader ever sees half of one.
 */
export class TagEngine {
  /** Everything that belongs to the loaded scene, swapped as one by loadScene. */
  private state!: SceneState;
  private readonly changes: Emitter<TagChangeEvent>;

  constructor(scene: SceneDefinition, options: TagEngineOptions = {}) {
    this.changes = new Emitter(options.reportError ?? (() => undefined));
    this.install(scene);
  }

  /**
   * A view of the engine fixed to the scene loaded now: a request that must wait (for its body,
   * say) and then act uses it, so it finishes against the scene it started with even if another
   * is loaded meanwhile; its changes to a replaced scene are simply dropped with that scene.
   */
  viewOfCurrentScene(): TagEngine {
    // Same methods and the same change events; only `state` is the view's own.
    const view = Object.create(this) as TagEngine;
    view.state = this.state;
    return view;
  }

  /** The scene being served. */
  get scene(): SceneDefinition {
    return this.state.scene;
  }

  get tagCount(): number {
    return this.state.records.length;
  }

  /** Subscribes to change notifications; returns the unsubscribe function. */
  subscribe(listener: (event: TagChangeEvent) => void): () => void {
    return this.changes.on(listener);
  }

  /**
   * Replaces the scene. Every tag starts over from its initial value, unless `keepState` asks to
   * carry over the value, force and failure of each tag whose id (and type) the new scene keeps:
   * what an edit of the running scene wants.
   */
  loadScene(scene: SceneDefinition, options: { keepState?: boolean } = {}): void {
    this.install(scene, options.keepState ? this.state : undefined);
    this.changes.emit({
      source: 'scene',
      sceneChanged: true,
      keptState: options.keepState === true,
      tagIds: new Set(this.state.byId.keys()),
    });
  }

  /** All tags in scene order, filtered. */
  listTags(filter: TagFilter = {}): ApiTag[] {
    const matchName = filter.name === undefined ? undefined : compileWildcard(filter.name);
    const out: ApiTag[] = [];
    for (const r of this.state.records) {
      if (filter.type !== undefined && r.def.type !== filter.type) continue;
      if (filter.kind !== undefined && r.def.kind !== filter.kind) continue;
      if (matchName && !matchName(r.def.name)) continue;
      out.push(r.snapshot());
    }
    return out;
  }

  /** One tag by id (exact), or `undefined`. */
  getTag(id: string): ApiTag | undefined {
    return this.state.byId.get(id)?.snapshot();
  }

  /** Every tag with its raw value too, scene order: what a UI shows. */
  listTagStates(): TagState[] {
    return this.state.records.map((r) => ({ ...r.snapshot(), raw: r.raw }));
  }

  /** One tag with its raw value, or `undefined`. */
  getTagState(id: string): TagState | undefined {
    const r = this.state.byId.get(id);
    return r && { ...r.snapshot(), raw: r.raw };
  }

  /** Every tag with exactly this name, scene order. */
  tagsNamed(name: string): ApiTag[] {
    return (this.state.byName.get(name) ?? []).map((r) => r.snapshot());
  }

  /** Reads effective values. Without refs, every tag in scene order. */
  readValues(by: RefKind, refs?: readonly unknown[]): ValueReadEntry[] {
    if (refs === undefined) return this.state.records.map((r) => ({ [by]: r.def[by], value: r.value }));
    const out: ValueReadEntry[] = [];
    for (const ref of refs) {
      if (typeof ref !== 'string') {
        out.push(itemError(by, null, 400, messages.malformedRef(by)));
        continue;
      }
      const found = this.lookup(by, ref);
      if (found.length === 0) out.push(notFound(by, ref));
      for (const r of found) out.push({ [by]: ref, value: r.value });
    }
    return out;
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
          errors.push(itemError(by, null, 400, messages.malformedValueItem(by)));
          continue;
        }
        const found = this.lookup(by, ref);
        if (found.length === 0) errors.push(notFound(by, ref));
        const value = (item as { value?: unknown }).value;
        for (const r of found) {
          const problem = applyWrite(operation, r, value);
          if (typeof problem === 'object') errors.push(itemError(by, ref, problem.code, problem.error));
          else if (problem) changed.add(r.def.id);
        }
      }
      return errors;
    });
  }

  /** Releases forces; releasing a tag that is not forced is a success. */
  release(by: RefKind, refs: readonly unknown[], source: ChangeSource = 'api'): ItemError[] {
    return this.batch(source, (changed) => {
      const errors: ItemError[] = [];
      for (const ref of refs) {
        if (typeof ref !== 'string') {
          errors.push(itemError(by, null, 400, messages.malformedRef(by)));
          continue;
        }
        const found = this.lookup(by, ref);
        if (found.length === 0) errors.push(notFound(by, ref));
        for (const r of found) if (r.release()) changed.add(r.def.id);
      }
      return errors;
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
        const found = this.lookup(by, ref);
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

  /**
   * Puts one tag in exactly this failure state in one update (the API needs two calls to go from
   * Always On to none; a person clicking "None" expects one).
   */
  setFailure(id: string, failure: TagFailure, source: ChangeSource = 'ui'): ItemError | null {
    return this.batch(source, (changed) => {
      const r = this.state.byId.get(id);
      if (!r) return notFound('id', id);
      const touched =
        failure === 'none'
          ? r.setFailure('alwaysOff', false) || r.setFailure('alwaysOn', false)
          : r.setFailure(failure, true);
      if (touched) changed.add(id);
      return null;
    });
  }

  /** Releases every forced tag. */
  releaseAll(source: ChangeSource = 'simulation'): void {
    this.batch(source, (changed) => {
      for (const r of this.state.records) if (r.release()) changed.add(r.def.id);
    });
  }

  /** Clears every Always Off and Always On failure. */
  clearFailures(source: ChangeSource = 'simulation'): void {
    this.batch(source, (changed) => {
      for (const r of this.state.records) {
        if (r.failure !== 'none') {
          r.failure = 'none';
          changed.add(r.def.id);
        }
      }
    });
  }

  /**
   * Puts the whole scene in a saved runtime state in ONE update, so no reader ever sees half of
   * it: each tag with an entry takes exactly that raw value, force and failure; every other tag
   * starts over (initial value, not forced, no failure). Values are converted to each tag's type;
   * an entry whose values do not convert counts as absent. Returns the ids that were not applied:
   * those naming no tag of the scene, and those whose values do not fit their tag.
   */
  restoreStates(states: ReadonlyMap<string, TagRuntimeState>, source: ChangeSource = 'ui'): string[] {
    return this.batch(source, (changed) => {
      const notApplied = [...states.keys()].filter((id) => !this.state.byId.has(id));
      for (const r of this.state.records) {
        const saved = states.get(r.def.id);
        const raw = saved && convertTo(r.def.type, saved.raw);
        const forcedValue = saved && convertTo(r.def.type, saved.forcedValue);
        const valid =
          saved !== undefined &&
          raw !== undefined &&
          forcedValue !== undefined &&
          ['none', 'alwaysOff', 'alwaysOn'].includes(saved.failure);
        if (saved && !valid) notApplied.push(r.def.id);
        const next: TagRuntimeState = valid
          ? {
              raw: raw!,
              isForced: saved.isForced === true,
              forcedValue: forcedValue!,
              failure: saved.failure,
            }
          : { raw: initialValue(r.def), isForced: false, forcedValue: offValue(r.def), failure: 'none' };
        if (
          r.raw !== next.raw ||
          r.isForced !== next.isForced ||
          r.forcedValue !== next.forcedValue ||
          r.failure !== next.failure
        ) {
          r.raw = next.raw;
          r.isForced = next.isForced;
          r.forcedValue = next.forcedValue;
          r.failure = next.failure;
          changed.add(r.def.id);
        }
      }
      return notApplied;
    });
  }

  /** Runs one update and sends one notification with every tag it changed (none if nothing did). */
  private batch<T>(source: ChangeSource, update: (changed: Set<string>) => T): T {
    const changed = new Set<string>();
    const result = update(changed);
    if (changed.size > 0) this.changes.emit({ source, sceneChanged: false, tagIds: changed });
    return result;
  }

  private lookup(by: RefKind, ref: string): readonly TagRecord[] {
    if (by === 'name') return this.state.byName.get(ref) ?? [];
    const r = this.state.byId.get(ref);
    return r ? [r] : [];
  }

  private install(scene: SceneDefinition, previous?: SceneState): void {
    const records = scene.tags.map((def) => new TagRecord(def));
    const byId = new Map<string, TagRecord>();
    const byName = new Map<string, TagRecord[]>();
    for (const r of records) {
      if (byId.has(r.def.id)) throw new Error(`Scene "${scene.name}" has two tags with id '${r.def.id}'.`);
      byId.set(r.def.id, r);
      const named = byName.get(r.def.name);
      if (named) named.push(r);
      else byName.set(r.def.name, [r]);
      const before = previous?.byId.get(r.def.id);
      if (before) r.carryOver(before);
    }
    // Swap everything at once so that a failed load leaves the previous scene untouched.
    this.state = { scene, records, byId, byName };
  }
}

/** The loaded scene and its tags' runtime state. */
interface SceneState {
  readonly scene: SceneDefinition;
  readonly records: readonly TagRecord[];
  readonly byId: ReadonlyMap<string, TagRecord>;
  readonly byName: ReadonlyMap<string, TagRecord[]>;
}

/** Applies one write to one tag: an item error, or whether the tag changed. */
function applyWrite(
  operation: WriteOperation,
  r: TagRecord,
  value: unknown,
): boolean | { code: 400 | 406; error: string } {
  switch (operation) {
    case 'set': {
      if (r.def.kind === 'Input') return { code: 406, error: messages.inputNotWritable };
      const converted = convertTo(r.def.type, value);
      if (converted === undefined) return { code: 406, error: messages.cannotConvert(r.def.type) };
      return r.setRaw(converted);
    }
    case 'force': {
      const converted = convertTo(r.def.type, value);
      if (converted === undefined) return { code: 406, error: messages.cannotConvert(r.def.type) };
      return r.force(converted);
    }
    case 'alwaysOff':
    case 'alwaysOn': {
      const on = toBit(value);
      if (on === undefined) return { code: 400, error: messages.cannotConvertToBool };
      return r.setFailure(operation, on);
    }
  }
}

function refOf(item: unknown, by: RefKind): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const ref = (item as Record<string, unknown>)[by];
  return typeof ref === 'string' ? ref : undefined;
}

function itemError(by: RefKind, ref: string | null, code: ItemError['code'], error: string): ItemError {
  return { [by]: ref, code, error } as ItemError;
}

function notFound(by: RefKind, ref: string): ItemError {
  return itemError(by, ref, 404, by === 'id' ? messages.idNotFound(ref) : messages.nameNotFound(ref));
}
