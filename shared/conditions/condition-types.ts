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

/**
 * A condition that may also read the plant itself (docs/conditions.md, "The plant"): items
 * counted on and off its conveyors, and whether a belt runs. Only a place that grades a plant
 * (an exercise's criteria) takes these; everywhere else a condition reads tags only.
 */
export type PlantCondition =
  | CompareCondition
  | EdgeCondition
  | AlwaysCondition
  | ItemsCondition
  | ConveyorCondition
  | AllCondition<PlantCondition>
  | AnyCondition<PlantCondition>
  | NotCondition<PlantCondition>;

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

export interface AllCondition<C = Condition> {
  readonly all: readonly C[];
  readonly forMs?: number;
}

export interface AnyCondition<C = Condition> {
  readonly any: readonly C[];
  readonly forMs?: number;
}

export interface NotCondition<C = Condition> {
  readonly not: C;
  readonly forMs?: number;
}

/** Which items of the plant to count: by the conveyor and how they are there, and by label. */
export type ItemQuery = (
  { readonly exit: string } | { readonly entered: string } | { readonly on: string }
) & {
  /** Only items of this label (a feeder's `items`); all items without it. */
  readonly label?: string;
};

/** Compares a count of items with numbers, as a comparison compares an Int tag. */
export interface ItemsCondition {
  readonly items: ItemQuery;
  readonly equals?: number;
  readonly notEquals?: number;
  readonly gt?: number;
  readonly ge?: number;
  readonly lt?: number;
  readonly le?: number;
  readonly forMs?: number;
}

/** Whether a conveyor's belt runs (its `runs` held at the last step). */
export interface ConveyorCondition {
  readonly conveyor: string;
  readonly running: boolean;
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
  | { readonly type: 'always' }
  | {
      readonly type: 'items';
      /** The conveyor's place in the plant (PlantIndex.conveyors) and how its items are counted. */
      readonly conveyor: number;
      readonly count: ItemCount;
      readonly label: string | undefined;
      /** How messages name it: `items that left at 'left' (low)`. */
      readonly text: string;
      readonly equals: number | undefined;
      readonly notEquals: number | undefined;
      readonly gt: number | undefined;
      readonly ge: number | undefined;
      readonly lt: number | undefined;
      readonly le: number | undefined;
      readonly forMs: number;
    }
  | {
      readonly type: 'conveyor';
      readonly conveyor: number;
      readonly name: string;
      readonly running: boolean;
      readonly forMs: number;
    };

/** How items are counted on a conveyor: that left the plant there, that came onto it, on it now. */
export type ItemCount = 'exit' | 'entered' | 'on';

/** What a plant condition may name: the plant's conveyors and the labels its feeders give items. */
export interface PlantIndex {
  readonly conveyors: readonly string[];
  readonly labels: readonly string[];
}
