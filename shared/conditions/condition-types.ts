import type { TagDefinition, TagValue } from '../core/tag-types.js';
import type { TagRef } from './tag-refs.js';

// The condition language, as written in files (docs/conditions.md): a behaviour's `when`, a
// conveyor's `runs`, a scenario's `waitFor` and `expect` all hold these.

/**
 * A condition on tags, on their EFFECTIVE values (so a force or a failure on an Output counts).
 * A comparison and a combination may carry `forMs`: it then holds only once it has held without
 * a break for that long.
 */
export type Condition =
  CompareCondition | EdgeCondition | AllCondition | AnyCondition | NotCondition | AlwaysCondition;

/** Compares a tag's value; several comparisons in one condition must all hold (`ge` and `le`: a range). */
export interface CompareCondition {
  readonly tag: TagRef;
  /** Converted to the tag's type as the API converts it, and compared in that type. */
  readonly equals?: TagValue | string;
  readonly notEquals?: TagValue | string;
  /** gt, ge, lt, le: numbers, on Int and Float tags. */
  readonly gt?: number;
  readonly ge?: number;
  readonly lt?: number;
  readonly le?: number;
  readonly forMs?: number;
}

/** True at the one moment where a Bit tag turns on (`rising`) or off (`falling`). */
export type EdgeCondition = { readonly rising: TagRef } | { readonly falling: TagRef };

export interface AllCondition {
  readonly all: readonly Condition[];
  readonly forMs?: number;
}

export interface AnyCondition {
  readonly any: readonly Condition[];
  readonly forMs?: number;
}

export interface NotCondition {
  readonly not: Condition;
  readonly forMs?: number;
}

/** Always holds (a rule with it runs once when the plant starts, and after each reset). */
export interface AlwaysCondition {
  readonly always: true;
}

/** A tag a condition reads, found in the scene; `label` is how messages name it. */
export interface BoundTag {
  readonly def: TagDefinition;
  /** The name, with the kind when the scene has an Input and an Output of that name. */
  readonly label: string;
}

/** A condition with its tags found and its values converted to the tags' types. */
export type BoundCondition =
  | {
      readonly type: 'compare';
      readonly tag: BoundTag;
      readonly equals: TagValue | undefined;
      readonly notEquals: TagValue | undefined;
      readonly gt: number | undefined;
      readonly ge: number | undefined;
      readonly lt: number | undefined;
      readonly le: number | undefined;
      readonly forMs: number;
    }
  | { readonly type: 'edge'; readonly tag: BoundTag; readonly rising: boolean }
  | { readonly type: 'all' | 'any'; readonly parts: readonly BoundCondition[]; readonly forMs: number }
  | { readonly type: 'not'; readonly inner: BoundCondition; readonly forMs: number }
  | { readonly type: 'always' };
