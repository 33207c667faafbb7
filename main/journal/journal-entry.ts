import type { ChaosShot } from '../../shared/api/chaos-rules.js';
import { splitTarget } from '../net/request-target.js';
import type { ItemError } from '../../shared/core/tag-engine.js';
import { keptBodyText, type KeptBodyPlace } from './journal-bodies.js';

/** How much of a request's body an entry keeps: enough to see what a client sent. */
export const JOURNAL_BODY_BYTES = 4096;
/**
 * What an entry keeps of a target and of the item errors: a hostile client's 16 KiB targets and
 * 100,000 item errors, each echoing a long name, must not make the journal hold gigabytes.
 */
export const MAX_KEPT_TARGET = 2048;
export const MAX_KEPT_ITEM_ERRORS = 16;
const MAX_KEPT_REF = 256;
/** The item errors of an answer that had none: one frozen array for them all. */
export const NO_ERRORS: readonly ItemError[] = Object.freeze([]);

/** What a request did, as the control API lists it (docs/control-api.md). */
export interface JournalEntry {
  seq: number;
  /** When it came in, ISO 8601. */
  time: string;
  /** The client's address and port. */
  client: string;
  method: string;
  /** As the client sent it, without the query. */
  path: string;
  /** The query string without its `?` (empty when none). */
  query: string;
  /** The status answered, or null when the connection was dropped instead (chaos). */
  status: number | null;
  durationMs: number;
  /** The first 4 KiB of the body as read (decoded), or null when there was none. */
  body: string | null;
  /** The first 16 per-item errors of the answer, or null when it has none to give. */
  itemErrors: readonly ItemError[] | null;
  /** How many per-item errors the answer had (it may have had more than the 16 kept). */
  itemErrorCount: number;
  /** The chaos rule that shaped it (its place in the list, and what it did), or null. */
  chaos: ChaosShot | null;
}

/**
 * A place in the ring: an entry as recorded, split into its parts only when it is read. A body is
 * kept as text (`body`: an exchange that was not HTTP) or as bytes in a slab (journal-bodies.ts).
 */
export interface Slot extends KeptBodyPlace {
  seq: number;
  /** Its bytes by the journal's count (journal-bytes.ts). */
  bytes: number;
  startedMs: number;
  durationMs: number;
  address: string | undefined;
  port: number | undefined;
  method: string;
  url: string;
  status: number | null;
  body: string | null;
  itemErrors: readonly ItemError[] | null;
  itemErrorCount: number;
  chaos: ChaosShot | null;
}

/** A text of at most `max` characters that holds on to nothing longer (a slice would). */
export function kept(text: string, max: number): string {
  return text.length <= max ? text : Buffer.from(text.slice(0, max)).toString();
}

export function keptErrors(errors: readonly ItemError[]): ItemError[] {
  return errors.slice(0, MAX_KEPT_ITEM_ERRORS).map((error) => {
    // In the order of the answer: the reference first.
    const copy = {} as ItemError;
    if (error.id !== undefined) copy.id = error.id === null ? null : kept(error.id, MAX_KEPT_REF);
    if (error.name !== undefined) copy.name = error.name === null ? null : kept(error.name, MAX_KEPT_REF);
    copy.code = error.code;
    copy.error = kept(error.error, MAX_KEPT_REF);
    return copy;
  });
}

export function newSlot(): Slot {
  return {
    seq: 0,
    bytes: 0,
    startedMs: 0,
    durationMs: 0,
    address: undefined,
    port: undefined,
    method: '',
    url: '',
    status: null,
    body: null,
    bodySlab: null,
    bodyStart: 0,
    bodyLength: 0,
    itemErrors: null,
    itemErrorCount: 0,
    chaos: null,
  };
}

export function entryOf(slot: Slot): JournalEntry {
  const { path, querystring } = splitTarget(slot.url);
  const address = slot.address ?? '';
  return {
    seq: slot.seq,
    time: new Date(performance.timeOrigin + slot.startedMs).toISOString(),
    client: `${address.includes(':') ? `[${address}]` : address}:${slot.port ?? ''}`,
    method: slot.method,
    path,
    query: querystring,
    status: slot.status,
    durationMs: Math.round(slot.durationMs * 1000) / 1000,
    body: slot.body ?? keptBodyText(slot),
    itemErrors: slot.itemErrors,
    itemErrorCount: slot.itemErrorCount,
    chaos: slot.chaos,
  };
}

export function bodyText(body: Buffer): string {
  return body.toString('utf8', 0, Math.min(body.length, JOURNAL_BODY_BYTES));
}

/** `404` matches that status only, `4xx` the class; anything else is refused before this. */
export function statusFilter(status: string | undefined): (status: number | null) => boolean {
  if (status === undefined) return () => true;
  if (/^[1-5]xx$/i.test(status)) {
    const hundreds = Number(status[0]);
    return (s) => s !== null && Math.floor(s / 100) === hundreds;
  }
  const exact = Number(status);
  return (s) => s === exact;
}

/** Whether a `status` filter is one the journal takes: a status (100-599) or a class (`4xx`). */
export function isStatusFilter(status: string): boolean {
  return /^[1-5](?:\d\d|xx)$/i.test(status);
}
