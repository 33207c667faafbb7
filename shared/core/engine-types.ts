import type { TagFailure, TagKind, TagType, TagValue } from './tag-types.js';

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

/**
 * A host's veto on one tag of a force, release or failure write (a lab's locked hidden fault,
 * docs/lab.md): the item's error, or undefined to let it through. Plain value writes are never asked.
 */
export type WriteGuard = (
  id: string,
  operation: Exclude<WriteOperation, 'set'> | 'release',
  value: unknown,
  source: ChangeSource,
) => { code: 400; error: string } | undefined;

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

/** Items of one write or release that were refused: what the API answered as per-item errors. */
export interface RefusedItems {
  readonly source: ChangeSource;
  readonly errors: readonly ItemError[];
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
