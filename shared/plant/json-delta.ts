/**
 * Changes between two JSON values, small enough to send 30 times a second (the Plant view's state,
 * issue 23). `diffJson(a, b)` says how b differs from a; `applyJsonDelta(a, delta)` gives b back
 * (unchanged parts of a are kept by reference, so a view can skip what did not move).
 *
 * A delta is one of:
 * - `{ r: value }`: the value whole (a primitive that changed, a different kind of value);
 * - `{ o: { field: delta }, x?: [field] }`: an object's changed or new fields, and removed ones;
 * - `{ f: "id", e: { key: delta }, k?: [key] }`: an array of objects that each have a unique
 *   `id` (or else `name`): its changed or new elements by key, and `k`, the new order of keys,
 *   only when it changed (elements missing from `k` left; items moving along a conveyor keep
 *   their key, so a removed first item does not rewrite every one after it);
 * - `{ i: { index: delta }, n?: length }`: any other array: its changed elements by index, and
 *   its new length when it changed (elements past the old length come whole).
 */

export type Json = null | boolean | number | string | readonly Json[] | { readonly [field: string]: Json };

export type JsonDelta =
  | { readonly r: Json }
  | { readonly o: Readonly<Record<string, JsonDelta>>; readonly x?: readonly string[] }
  | {
      readonly f: KeyField;
      readonly e: Readonly<Record<string, JsonDelta>>;
      readonly k?: readonly (string | number)[];
    }
  | { readonly i: Readonly<Record<string, JsonDelta>>; readonly n?: number };

type KeyField = (typeof KEY_FIELDS)[number];
/** The fields that identify an element of an array of objects, in order of preference. */
const KEY_FIELDS = ['id', 'name'] as const;

/** A delta that does not fit the value it is applied to: the receiver asks for the whole value. */
export class JsonDeltaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonDeltaError';
  }
}

type JsonObject = { readonly [field: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How `next` differs from `prev`, or undefined when they are equal. */
export function diffJson(prev: Json, next: Json): JsonDelta | undefined {
  if (prev === next) return undefined;
  if (isObject(prev) && isObject(next)) return diffObjects(prev, next);
  if (Array.isArray(prev) && Array.isArray(next)) {
    const field = keyFieldOf(prev, next);
    return field ? diffKeyed(prev, next, field) : diffIndexed(prev, next);
  }
  return { r: next };
}

function diffObjects(prev: JsonObject, next: JsonObject): JsonDelta | undefined {
  const o: Record<string, JsonDelta> = {};
  let changed = false;
  for (const field of Object.keys(next)) {
    const delta = Object.hasOwn(prev, field) ? diffJson(prev[field]!, next[field]!) : { r: next[field]! };
    if (delta) {
      define(o, field, delta);
      changed = true;
    }
  }
  const x = Object.keys(prev).filter((field) => !Object.hasOwn(next, field));
  if (!changed && x.length === 0) return undefined;
  return x.length > 0 ? { o, x } : { o };
}

function diffKeyed(prev: readonly Json[], next: readonly Json[], f: KeyField): JsonDelta | undefined {
  const before = new Map(prev.map((item) => [String((item as JsonObject)[f]), item]));
  const e: Record<string, JsonDelta> = {};
  let changed = false;
  for (const item of next) {
    const key = String((item as JsonObject)[f]);
    const old = before.get(key);
    const delta = old === undefined ? { r: item } : diffJson(old, item);
    if (delta) {
      define(e, key, delta);
      changed = true;
    }
  }
  const keys = next.map((item) => (item as JsonObject)[f] as string | number);
  const sameOrder =
    keys.length === prev.length && prev.every((item, i) => (item as JsonObject)[f] === keys[i]);
  if (!changed && sameOrder) return undefined;
  return sameOrder ? { f, e } : { f, e, k: keys };
}

function diffIndexed(prev: readonly Json[], next: readonly Json[]): JsonDelta | undefined {
  const i: Record<string, JsonDelta> = {};
  let changed = false;
  next.forEach((item, index) => {
    const delta = index < prev.length ? diffJson(prev[index]!, item) : { r: item };
    if (delta) {
      i[index] = delta;
      changed = true;
    }
  });
  if (!changed && next.length === prev.length) return undefined;
  return next.length === prev.length ? { i } : { i, n: next.length };
}

/**
 * The field that identifies the elements of both arrays (each an object with a unique string or
 * number under it, in each array), or undefined: then the arrays are compared index by index.
 */
function keyFieldOf(prev: readonly Json[], next: readonly Json[]): KeyField | undefined {
  if (prev.length === 0 && next.length === 0) return undefined;
  return KEY_FIELDS.find((field) => uniqueKeys(prev, field) && uniqueKeys(next, field));
}

function uniqueKeys(items: readonly Json[], field: KeyField): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    if (!isObject(item)) return false;
    const key = item[field];
    if (typeof key !== 'string' && typeof key !== 'number') return false;
    if (seen.has(String(key))) return false;
    seen.add(String(key));
  }
  return true;
}

/** `prev` changed by `delta`; throws a JsonDeltaError where the delta does not fit `prev`. */
export function applyJsonDelta(prev: Json, delta: JsonDelta): Json {
  if (typeof delta !== 'object' || delta === null) throw new JsonDeltaError('a delta is an object');
  if ('r' in delta) return delta.r;
  if ('o' in delta) {
    if (!isObject(prev)) throw new JsonDeltaError('an object delta for a value that is no object');
    const out: Record<string, Json> = { ...prev };
    for (const field of delta.x ?? []) delete out[field];
    for (const [field, change] of Object.entries(delta.o))
      define(out, field, Object.hasOwn(prev, field) ? applyJsonDelta(prev[field]!, change) : whole(change));
    return out;
  }
  if (!Array.isArray(prev)) throw new JsonDeltaError('an array delta for a value that is no array');
  if ('f' in delta) return applyKeyed(prev, delta);
  if ('i' in delta) {
    const length = delta.n ?? prev.length;
    const out = prev.slice(0, length);
    for (const [index, change] of Object.entries(delta.i)) {
      const at = Number(index);
      if (!Number.isInteger(at) || at < 0 || at >= length) throw new JsonDeltaError(`no index ${index}`);
      out[at] = at < prev.length ? applyJsonDelta(prev[at]!, change) : whole(change);
    }
    for (let at = prev.length; at < length; at++)
      if (!Object.hasOwn(out, at)) throw new JsonDeltaError('an array delta leaves a gap');
    return out;
  }
  throw new JsonDeltaError('an unknown kind of delta');
}

function applyKeyed(
  prev: readonly Json[],
  delta: {
    readonly f: KeyField;
    readonly e: Readonly<Record<string, JsonDelta>>;
    readonly k?: readonly (string | number)[];
  },
): Json[] {
  if (!(KEY_FIELDS as readonly string[]).includes(delta.f)) throw new JsonDeltaError('an unknown key field');
  const before = new Map(prev.map((item) => [String(isObject(item) ? item[delta.f] : undefined), item]));
  const keys = delta.k ?? prev.map((item) => (item as JsonObject)[delta.f] as string | number);
  return keys.map((rawKey) => {
    const key = String(rawKey);
    const old = before.get(key);
    const change = Object.hasOwn(delta.e, key) ? delta.e[key] : undefined;
    if (old === undefined) {
      if (!change) throw new JsonDeltaError(`no element with ${delta.f} ${key}`);
      return whole(change);
    }
    return change ? applyJsonDelta(old, change) : old;
  });
}

function whole(delta: JsonDelta): Json {
  if (typeof delta !== 'object' || delta === null || !('r' in delta))
    throw new JsonDeltaError('a new element comes whole');
  return delta.r;
}

/** Sets an own field, even one named `__proto__`, without touching any prototype. */
function define<T>(target: Record<string, T>, field: string, value: T): void {
  Object.defineProperty(target, field, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The value with every non-integer number rounded to `decimals` places: positions to a tenth of
 * a millimetre say all a drawing needs, and a delta of them is a third of the bytes.
 */
export function roundJsonNumbers(value: Json, decimals: number): Json {
  const factor = 10 ** decimals;
  const round = (v: Json): Json => {
    if (typeof v === 'number') return Number.isInteger(v) ? v : Math.round(v * factor) / factor;
    if (Array.isArray(v)) return v.map(round);
    if (isObject(v)) {
      const out: Record<string, Json> = {};
      for (const [field, item] of Object.entries(v)) define(out, field, round(item));
      return out;
    }
    return v;
  };
  return round(value);
}
