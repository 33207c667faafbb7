import type { IncomingMessage } from 'node:http';
import type { ChaosShot } from '../../shared/api/chaos-rules.js';
import type { ItemError } from '../../shared/core/tag-engine.js';
import { compileWildcard } from '../../shared/core/wildcard.js';

/** How much of a request's body an entry keeps: enough to see what a client sent. */
export const JOURNAL_BODY_BYTES = 4096;
/** Entries kept unless told otherwise. */
export const DEFAULT_JOURNAL_ENTRIES = 10_000;
/** The most entries a journal keeps: each may hold 4 KiB of body. */
export const MAX_JOURNAL_ENTRIES = 100_000;
/**
 * A path filter's longest wildcard, and the longest path it is tried on (a longer one, which no
 * route of the tag API has, never matches a filter): a wildcard costs up to its length times the
 * path's, for every entry.
 */
export const MAX_FILTER_LENGTH = 256;
export const MAX_FILTERED_PATH = 512;
/**
 * What an entry keeps of a target and of the item errors: a hostile client's 16 KiB targets and
 * 100,000 item errors, each echoing a long name, must not make the journal hold gigabytes.
 */
export const MAX_KEPT_TARGET = 2048;
export const MAX_KEPT_ITEM_ERRORS = 16;
const MAX_KEPT_REF = 256;
const NO_ERRORS: readonly ItemError[] = Object.freeze([]);
/** How long a listing runs before it lets the event loop serve others. */
const LIST_SLICE_MS = 10;

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

/** An exchange that did not come over HTTP, in the words of a journal entry. */
export interface JournalExchange {
  readonly address: string | undefined;
  readonly port: number | undefined;
  readonly method: string;
  /** Its path, with no query (a `?` in it would be taken for one). */
  readonly path: string;
  readonly status: number | null;
  /** What it carried, as text of which the first 4 KiB (of UTF-8) are kept. */
  readonly body: string;
  readonly itemErrors: readonly ItemError[] | undefined;
}

export interface JournalQuery {
  /** At most this many entries, newest first. */
  readonly limit: number;
  /** A wildcard the path must match (case-insensitive; `*` and `?`). */
  readonly path?: string;
  /** An exact status (`404`) or a class (`4xx`). */
  readonly status?: string;
}

/**
 * The last requests to the tag API, in a ring of fixed size: recording one costs no allocation
 * beyond the 4 KiB of body text it keeps (the slot of the oldest entry is reused, and the target
 * is split only when the journal is read), so it can stay on by default.
 */
export class RequestJournal {
  private readonly slots: Slot[] = [];
  private next = 0;
  private seq = 0;

  constructor(readonly capacity: number = DEFAULT_JOURNAL_ENTRIES) {
    if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= MAX_JOURNAL_ENTRIES))
      throw new RangeError(`A journal holds 1 to ${MAX_JOURNAL_ENTRIES} entries; got ${capacity}`);
  }

  /** How many entries it holds now. */
  get size(): number {
    return this.slots.length;
  }

  /**
   * Adds a request that started at `startedMs` (performance.now) and is answered now with
   * `status` (null: its connection was dropped). Positional, so that recording allocates nothing.
   */
  record(
    req: IncomingMessage,
    startedMs: number,
    status: number | null,
    body: Buffer | undefined,
    itemErrors: readonly ItemError[] | undefined,
    chaos: ChaosShot | undefined,
  ): void {
    const slot = this.nextSlot(startedMs);
    slot.address = req.socket?.remoteAddress;
    slot.port = req.socket?.remotePort;
    slot.method = req.method ?? '';
    slot.url = kept(req.url ?? '', MAX_KEPT_TARGET);
    this.fill(slot, status, body, itemErrors, chaos ?? null);
  }

  /**
   * Adds an exchange that did not come over HTTP (a Modbus write, main/modbus/modbus-journal.ts),
   * with its own method and path words, into the same ring and sequence as the requests.
   */
  recordExchange(exchange: JournalExchange, startedMs: number): void {
    const slot = this.nextSlot(startedMs);
    slot.address = exchange.address;
    slot.port = exchange.port;
    slot.method = exchange.method;
    slot.url = kept(exchange.path, MAX_KEPT_TARGET);
    this.fill(slot, exchange.status, undefined, exchange.itemErrors, null);
    // Text that cannot be over 4 KiB of UTF-8 (3 bytes a UTF-16 unit at most) is kept as it is.
    const { body } = exchange;
    slot.body = body.length * 3 <= JOURNAL_BODY_BYTES ? body : bodyText(Buffer.from(body));
  }

  private nextSlot(startedMs: number): Slot {
    const slot = (this.slots[this.next] ??= newSlot());
    this.next = (this.next + 1) % this.capacity;
    slot.seq = ++this.seq;
    slot.startedMs = startedMs;
    slot.durationMs = performance.now() - startedMs;
    return slot;
  }

  private fill(
    slot: Slot,
    status: number | null,
    body: Buffer | undefined,
    itemErrors: readonly ItemError[] | undefined,
    chaos: ChaosShot | null,
  ): void {
    slot.status = status;
    slot.body = body === undefined ? null : bodyText(body);
    slot.itemErrorCount = itemErrors?.length ?? 0;
    slot.itemErrors =
      itemErrors === undefined ? null : itemErrors.length === 0 ? NO_ERRORS : keptErrors(itemErrors);
    slot.chaos = chaos;
  }

  /**
   * The entries that match, newest first. It yields to the event loop every 10 ms, so a filter
   * over a full journal never holds up the server; entries recorded meanwhile are left out, and
   * entries overwritten meanwhile are gone.
   */
  async list(query: JournalQuery): Promise<JournalEntry[]> {
    if (query.path !== undefined && query.path.length > MAX_FILTER_LENGTH)
      throw new RangeError(`A path filter has at most ${MAX_FILTER_LENGTH} characters`);
    const pathFilter = query.path === undefined ? undefined : compileWildcard(query.path);
    const pathMatches = (path: string) =>
      pathFilter === undefined || (path.length <= MAX_FILTERED_PATH && pathFilter(path));
    const statusMatches = statusFilter(query.status);
    const upTo = this.seq;
    const newest = this.next;
    const out: JournalEntry[] = [];
    let sliceEnd = performance.now() + LIST_SLICE_MS;
    for (let i = 1; i <= this.slots.length && out.length < query.limit; i++) {
      const slot = this.slots[(newest - i + this.capacity) % this.capacity];
      // Cleared, or overwritten by a request newer than the listing: what was there is gone.
      if (slot === undefined || slot.seq === 0 || slot.seq > upTo) continue;
      if (statusMatches(slot.status)) {
        const entry = entryOf(slot);
        if (pathMatches(entry.path)) out.push(entry);
      }
      if ((i & 63) === 0 && performance.now() > sliceEnd) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceEnd = performance.now() + LIST_SLICE_MS;
      }
    }
    return out;
  }

  clear(): void {
    this.slots.length = 0;
    this.next = 0;
  }
}

interface Slot {
  seq: number;
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
function kept(text: string, max: number): string {
  return text.length <= max ? text : Buffer.from(text.slice(0, max)).toString();
}

function keptErrors(errors: readonly ItemError[]): ItemError[] {
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

function newSlot(): Slot {
  return {
    seq: 0,
    startedMs: 0,
    durationMs: 0,
    address: undefined,
    port: undefined,
    method: '',
    url: '',
    status: null,
    body: null,
    itemErrors: null,
    itemErrorCount: 0,
    chaos: null,
  };
}

function entryOf(slot: Slot): JournalEntry {
  const queryAt = slot.url.indexOf('?');
  const address = slot.address ?? '';
  return {
    seq: slot.seq,
    time: new Date(performance.timeOrigin + slot.startedMs).toISOString(),
    client: `${address.includes(':') ? `[${address}]` : address}:${slot.port ?? ''}`,
    method: slot.method,
    path: queryAt < 0 ? slot.url : slot.url.slice(0, queryAt),
    query: queryAt < 0 ? '' : slot.url.slice(queryAt + 1),
    status: slot.status,
    durationMs: Math.round(slot.durationMs * 1000) / 1000,
    body: slot.body,
    itemErrors: slot.itemErrors,
    itemErrorCount: slot.itemErrorCount,
    chaos: slot.chaos,
  };
}

function bodyText(body: Buffer): string {
  return body.toString('utf8', 0, Math.min(body.length, JOURNAL_BODY_BYTES));
}

/** `404` matches that status only, `4xx` the class; anything else is refused before this. */
function statusFilter(status: string | undefined): (status: number | null) => boolean {
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
