import type { ItemError, RefKind } from './engine-types.js';
import { messages } from './messages.js';

/** A per-item error in wire shape: the item's ref (null when it had none), its code and message. */
export function itemError(
  by: RefKind,
  ref: string | null,
  code: ItemError['code'],
  error: string,
): ItemError {
  return { [by]: ref, code, error } as ItemError;
}

export function notFound(by: RefKind, ref: string): ItemError {
  return itemError(by, ref, 404, by === 'id' ? messages.idNotFound(ref) : messages.nameNotFound(ref));
}

/** The error of a read or release item that is not a string. */
export function malformedRef(by: RefKind): ItemError {
  return itemError(by, null, 400, messages.malformedRef(by));
}

/** The error of a write item that is not an object with a string ref. */
export function malformedValueItem(by: RefKind): ItemError {
  return itemError(by, null, 400, messages.malformedValueItem(by));
}

/** The `id` or `name` of a write item, or `undefined` when the item has no string one. */
export function refOf(item: unknown, by: RefKind): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const ref = (item as Record<string, unknown>)[by];
  return typeof ref === 'string' ? ref : undefined;
}
