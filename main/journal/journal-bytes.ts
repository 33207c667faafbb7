import { isAscii } from 'node:buffer';
import type { ItemError } from '../../shared/core/tag-engine.js';

/**
 * The most memory a journal holds by its own count (entryBytes), unless told otherwise: past it,
 * the oldest entries are dropped, however many entries `--journal` allows. 10,000 entries of
 * 4 KiB bodies with 16 long item errors each would otherwise take 150 MiB and more.
 */
export const DEFAULT_JOURNAL_BYTES = 48 * 1024 * 1024;

/**
 * What an entry costs besides its strings' characters: the slot object, its numbers, the
 * client's address and the strings' headers (measured: test/bench/journal.mjs).
 */
export const ENTRY_BYTES = 320;
/** An item error object, its place in the array and its strings' headers. */
export const ITEM_ERROR_BYTES = 120;
/** A chaos shot object. */
const CHAOS_BYTES = 64;

/** What the byte count of an entry looks at. */
export interface CountedEntry {
  readonly url: string;
  /** A body kept as text (an exchange that was not HTTP). */
  readonly body: string | null;
  /** A body kept as bytes in a slab (journal-bodies.ts). */
  readonly bodyLength: number;
  readonly itemErrors: readonly ItemError[] | null;
  readonly chaos: object | null;
}

/**
 * An entry's bytes, counted cheaply on the hot path of every write: a few lengths, no
 * serialising. Strings count 2 bytes a character (V8 keeps Latin-1 text in 1); a body kept as
 * bytes counts what its text takes once read: 1 byte a byte when they are pure ASCII
 * (`bodyIsAscii`), else 2 (a character takes at least one byte of UTF-8). So the count is at
 * least what the entry holds, or shows once listed, whatever the client sent.
 */
export function entryBytes(entry: CountedEntry, bodyIsAscii: boolean): number {
  let bytes = ENTRY_BYTES + 2 * entry.url.length + (bodyIsAscii ? 1 : 2) * entry.bodyLength;
  if (entry.body !== null) bytes += 2 * entry.body.length;
  if (entry.itemErrors !== null)
    for (const error of entry.itemErrors)
      bytes +=
        ITEM_ERROR_BYTES + 2 * ((error.id?.length ?? 0) + (error.name?.length ?? 0) + error.error.length);
  if (entry.chaos !== null) bytes += CHAOS_BYTES;
  return bytes;
}

/** Whether the first `length` bytes of a body are ASCII (a native scan, no copy). */
export function asciiPrefix(body: Buffer, length: number): boolean {
  return isAscii(length === body.length ? body : body.subarray(0, length));
}
