import type { TagKind, TagType } from '../../shared/core/tag-types.js';
import { compileWildcard } from '../../shared/core/wildcard.js';
import { isFaulted, type TagStore, type ViewTag } from './tag-store.js';

/** `scene` is the scene's own order: the API's listing order, and what the editor reorders. */
export type SortKey = 'name' | 'address' | 'scene';
export type SortDirection = 'asc' | 'desc';

/** What the toolbar selects. Empty kind or type sets mean "any", as an absent API filter does. */
export interface ViewOptions {
  filter: string;
  kinds: ReadonlySet<TagKind>;
  types: ReadonlySet<TagType>;
  pinnedOnly: boolean;
  faultedOnly: boolean;
  sort: SortKey;
  direction: SortDirection;
}

export const DEFAULT_VIEW_OPTIONS: ViewOptions = {
  filter: '',
  kinds: new Set(),
  types: new Set(),
  pinnedOnly: false,
  faultedOnly: false,
  sort: 'name',
  direction: 'asc',
};

/**
 * The filter box: a plain word finds the names that contain it (what a person expects of a search
 * box); with a wildcard the text follows the API's `name` rules exactly (whole name,
 * case-insensitive, `*` any run, `?` one character, everything else literal), so what the window
 * shows for a pattern is what `GET /api/tags?name=` returns for it. Returns `undefined` for an
 * empty (or all-blank) filter, which matches everything.
 */
export function compileNameFilter(text: string): ((name: string) => boolean) | undefined {
  if (text.trim() === '') return undefined;
  return compileWildcard(hasWildcard(text) ? text : `*${text}*`);
}

/** The rule the filter applies now, in words: the hint for screen readers and the empty table. */
export function filterRule(text: string): string {
  if (text.trim() === '') return 'A word finds the names that contain it; * and ? match like the API.';
  return hasWildcard(text)
    ? `Whole names matching ${text}, as GET /api/tags?name= matches them.`
    : `Names that contain “${text.trim()}”.`;
}

/** Whether the filter text is an API pattern rather than a word to look for. */
export function hasWildcard(text: string): boolean {
  return text.includes('*') || text.includes('?');
}

const KIND_ORDER: Record<TagKind, number> = { Input: 0, Output: 1 };
const TYPE_ORDER: Record<TagType, number> = { Bit: 0, Int: 1, Float: 2 };
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Whether a name says nothing: no letter or digit. The simulator names every part nobody named
 * `-` (the Sorting scenes' five light-curtain beams), and those are not what a person looks for.
 */
export function isUnnamed(name: string): boolean {
  return !/[\p{L}\p{N}]/u.test(name);
}

/**
 * Name order: named tags first, natural ("Sensor 2" before "Sensor 10") and case-insensitive;
 * the unnamed ones (`-`) after them; then kind, then scene order.
 */
export function compareByName(a: ViewTag, b: ViewTag): number {
  return (
    Number(isUnnamed(a.name)) - Number(isUnnamed(b.name)) ||
    collator.compare(a.name, b.name) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind]
  );
}

/** Address order: the I/O map of a controller, one space per kind and type (Inputs first, Bit, Int, Float). */
export function compareByAddress(a: ViewTag, b: ViewTag): number {
  return (
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
    a.address - b.address ||
    collator.compare(a.name, b.name)
  );
}

/** Sorted ids of every tag, cached per key until the set of tags changes. */
export class SortedOrders {
  private structureVersion = -1;
  private readonly cache = new Map<SortKey, readonly string[]>();

  constructor(private readonly store: TagStore) {}

  get(key: SortKey): readonly string[] {
    if (this.structureVersion !== this.store.structureVersion) {
      this.cache.clear();
      this.structureVersion = this.store.structureVersion;
    }
    let order = this.cache.get(key);
    if (order === undefined) {
      if (key === 'scene') {
        order = this.store.ids();
      } else {
        const compare = key === 'name' ? compareByName : compareByAddress;
        // Array.prototype.sort is stable, so equal keys keep scene order.
        order = this.store
          .all()
          .sort(compare)
          .map((t) => t.id);
      }
      this.cache.set(key, order);
    }
    return order;
  }
}

/** True when the filtered list can change with tag values, not only with the set of tags. */
export function dependsOnValues(options: ViewOptions): boolean {
  return options.faultedOnly;
}

/**
 * The ids the table shows, in order. O(n) over an order that is sorted once per scene, so it can
 * run on every keystroke with 10 000 tags.
 */
export function visibleIds(
  store: TagStore,
  orders: SortedOrders,
  options: ViewOptions,
  pinned: ReadonlySet<string>,
): string[] {
  const matchName = compileNameFilter(options.filter);
  const result: string[] = [];
  for (const id of orders.get(options.sort)) {
    const tag = store.get(id);
    if (tag === undefined) continue;
    if (options.kinds.size > 0 && !options.kinds.has(tag.kind)) continue;
    if (options.types.size > 0 && !options.types.has(tag.type)) continue;
    if (options.pinnedOnly && !pinned.has(id)) continue;
    if (options.faultedOnly && !isFaulted(tag)) continue;
    if (matchName && !matchName(tag.name)) continue;
    result.push(id);
  }
  if (options.direction === 'desc') {
    result.reverse();
    // Z to A still lists the named tags first: the unnamed ones, now at the top, go last.
    if (options.sort === 'name') return unnamedLast(result, store);
  }
  return result;
}

function unnamedLast(ids: string[], store: TagStore): string[] {
  const unnamed = (id: string) => isUnnamed(store.get(id)?.name ?? '');
  return [...ids.filter((id) => !unnamed(id)), ...ids.filter(unnamed)];
}
