import type { IncomingMessage } from 'node:http';
import type { ChaosShot } from '../../shared/api/chaos-rules.js';
import type { ItemError } from '../../shared/core/tag-engine.js';
import { compileWildcard } from '../../shared/core/wildcard.js';
import { BodySlabs } from './journal-bodies.js';
import { ListingTurns, type RestIfSpent } from './listing-turns.js';
import { asciiPrefix, DEFAULT_JOURNAL_BYTES, entryBytes } from './journal-bytes.js';
import {
  bodyText,
  entryOf,
  JOURNAL_BODY_BYTES,
  kept,
  keptErrors,
  MAX_KEPT_TARGET,
  newSlot,
  NO_ERRORS,
  statusFilter,
  type JournalEntry,
  type Slot,
} from './journal-entry.js';

export { DEFAULT_JOURNAL_BYTES, JOURNAL_BODY_BYTES, MAX_KEPT_TARGET };
export { MAX_KEPT_ITEM_ERRORS, isStatusFilter, type JournalEntry } from './journal-entry.js';

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
 * The most bytes of JSON one listing answers: a client reads the rest page by page (`before`).
 * Eight clients reading the whole journal at once then hold a page each at most, not a journal
 * each, and the page's last step (joined and written in one go) stays short. The control API's
 * pages and the window's (the bridge's listRequests) have this bound alike.
 */
export const MAX_PAGE_BYTES = 256 * 1024;

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
  /** The chaos rule that shaped it (a Modbus client's scan delayed or dropped), if one did. */
  readonly chaos?: ChaosShot | undefined;
}

export interface JournalQuery {
  /** At most this many entries, newest first. */
  readonly limit: number;
  /** Only entries older than this `seq`: the page after one that ended there. */
  readonly before?: number;
  /** A wildcard the path must match (case-insensitive; `*` and `?`). */
  readonly path?: string;
  /** An exact status (`404`) or a class (`4xx`). */
  readonly status?: string;
}

/** One page of a listing, as JSON text and as entries, and where the next page starts. */
export interface JournalPage {
  /** A JSON array of entries, newest first: at most MAX_PAGE_BYTES of UTF-8. */
  readonly json: string;
  /** The same entries (the window's listing over IPC); `json` is exactly their JSON. */
  readonly entries: JournalEntry[];
  readonly count: number;
  /** The `before` of the next page, or undefined when the listing reached the oldest entry. */
  readonly nextBefore: number | undefined;
}

/** What the journal holds and has dropped (`GET /tagsim/v1/requests/summary`). */
export interface JournalSummary {
  entries: number;
  maxEntries: number;
  /** By the journal's own count of each entry (journal-bytes.ts). */
  bytes: number;
  maxBytes: number;
  /** The `seq` of the newest entry (0: none yet). */
  lastSeq: number;
  /** Entries pushed out to make room, oldest first: for the count of entries or of bytes. */
  dropped: number;
  /** Of them, those pushed out for the bytes: fewer entries than `maxEntries` fit. */
  droppedForBytes: number;
}

/**
 * The last requests to the tag API, in a ring of fixed size, bounded by entries and by bytes:
 * recording one puts nothing new on the heap but the request's target (the slot of the oldest
 * entry is reused, the first 4 KiB of its body are copied into a slab off the heap and decoded
 * only when read, the target is split only when read, and its bytes are counted from a few
 * lengths), so it can stay on by default.
 */
export class RequestJournal {
  private readonly slots: Slot[] = [];
  // The bodies' bytes: recording a write puts no new string on the heap (journal-bodies.ts).
  private readonly bodies = new BodySlabs(JOURNAL_BODY_BYTES);
  private next = 0;
  private seq = 0;
  private count = 0;
  private bytes = 0;
  private dropped = 0;
  private droppedForBytes = 0;

  constructor(
    readonly capacity: number = DEFAULT_JOURNAL_ENTRIES,
    readonly maxBytes: number = DEFAULT_JOURNAL_BYTES,
    /** The time budget its listings take turns in; a lab shares one among its stations. */
    private readonly turns: ListingTurns = new ListingTurns(),
  ) {
    if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= MAX_JOURNAL_ENTRIES))
      throw new RangeError(`A journal holds 1 to ${MAX_JOURNAL_ENTRIES} entries; got ${capacity}`);
    if (!(Number.isInteger(maxBytes) && maxBytes >= 64 * 1024))
      throw new RangeError(`A journal holds at least 64 KiB; got ${maxBytes} bytes`);
  }

  /** How many entries it holds now. */
  get size(): number {
    return this.count;
  }

  summary(): JournalSummary {
    return {
      entries: this.count,
      maxEntries: this.capacity,
      bytes: this.bytes,
      maxBytes: this.maxBytes,
      lastSeq: this.seq,
      dropped: this.dropped,
      droppedForBytes: this.droppedForBytes,
    };
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
    this.fill(slot, status, itemErrors, chaos ?? null);
    slot.body = null;
    this.bodies.keep(body, slot);
    this.admit(slot, body === undefined || asciiPrefix(body, slot.bodyLength));
  }

  /**
   * Adds an exchange that did not come over HTTP (a Modbus write, main/modbus/modbus-journal.ts;
   * a Modbus client's scan, main/modbus/client-journal.ts), with its own method and path words,
   * into the same ring and sequence as the requests.
   */
  recordExchange(exchange: JournalExchange, startedMs: number): void {
    const slot = this.nextSlot(startedMs);
    slot.address = exchange.address;
    slot.port = exchange.port;
    slot.method = exchange.method;
    slot.url = kept(exchange.path, MAX_KEPT_TARGET);
    this.fill(slot, exchange.status, exchange.itemErrors, exchange.chaos ?? null);
    this.bodies.keep(undefined, slot);
    // Text that cannot be over 4 KiB of UTF-8 (3 bytes a UTF-16 unit at most) is kept as it is.
    const { body } = exchange;
    slot.body = body.length * 3 <= JOURNAL_BODY_BYTES ? body : bodyText(Buffer.from(body));
    this.admit(slot, false);
  }

  private nextSlot(startedMs: number): Slot {
    // Full: the slot about to be reused holds the oldest entry.
    if (this.count === this.capacity) this.dropOldest(false);
    const slot = (this.slots[this.next] ??= newSlot());
    this.next = (this.next + 1) % this.capacity;
    this.count++;
    slot.seq = ++this.seq;
    slot.startedMs = startedMs;
    slot.durationMs = performance.now() - startedMs;
    return slot;
  }

  /** Counts a recorded entry's bytes, and drops the oldest entries until they fit. */
  private admit(slot: Slot, bodyIsAscii: boolean): void {
    slot.bytes = entryBytes(slot, bodyIsAscii);
    this.bytes += slot.bytes;
    while (this.bytes > this.maxBytes && this.count > 1) this.dropOldest(true);
  }

  private dropOldest(forBytes: boolean): void {
    const slot = this.slots[(this.next - this.count + this.capacity) % this.capacity]!;
    this.bytes -= slot.bytes;
    this.count--;
    this.dropped++;
    if (forBytes) this.droppedForBytes++;
    // Let go of what it held: a slot dropped for bytes is not reused at once.
    slot.seq = 0;
    slot.bytes = 0;
    slot.url = '';
    slot.body = null;
    this.bodies.release(slot);
    slot.itemErrors = null;
    slot.chaos = null;
  }

  private fill(
    slot: Slot,
    status: number | null,
    itemErrors: readonly ItemError[] | undefined,
    chaos: ChaosShot | null,
  ): void {
    slot.status = status;
    slot.itemErrorCount = itemErrors?.length ?? 0;
    slot.itemErrors =
      itemErrors === undefined ? null : itemErrors.length === 0 ? NO_ERRORS : keptErrors(itemErrors);
    slot.chaos = chaos;
  }

  /**
   * The entries that match, newest first, as objects (the window's Traffic view, a lab's report).
   * It yields to the event loop every 5 ms, so a filter over a full journal never holds up the
   * server; entries recorded meanwhile are left out, and entries dropped meanwhile are gone.
   */
  async list(query: JournalQuery): Promise<JournalEntry[]> {
    const out: JournalEntry[] = [];
    await this.scan(query, (entry) => (out.push(entry) < query.limit ? 'more' : 'enough'));
    return out;
  }

  /**
   * The entries that match, newest first, as JSON of at most MAX_PAGE_BYTES (and `limit`
   * entries), serialised one entry at a time as the scan goes, in the listings' time budget: the
   * control API's listing and the window's (the bridge's listRequests, which sends this very
   * JSON over its WebSocket rather than serialising the entries again outside the budget).
   */
  async page(query: JournalQuery, maxBytes = MAX_PAGE_BYTES): Promise<JournalPage> {
    const entries: JournalEntry[] = [];
    const parts: string[] = [];
    let bytes = 2; // []
    const nextBefore = await this.scan(query, (entry) => {
      const text = JSON.stringify(entry);
      const size = Buffer.byteLength(text) + (parts.length > 0 ? 1 : 0);
      if (parts.length > 0 && bytes + size > maxBytes) return 'full';
      bytes += size;
      entries.push(entry);
      return parts.push(text) < query.limit ? 'more' : 'enough';
    });
    return { json: `[${parts.join(',')}]`, entries, count: parts.length, nextBefore };
  }

  /**
   * Visits the entries that match, newest first, until `take` says `enough` (after this one) or
   * `full` (before this one, which it did not take). Answers the `before` that continues where it
   * stopped, or undefined when it reached the oldest entry.
   */
  private scan(
    query: JournalQuery,
    take: (entry: JournalEntry) => 'more' | 'enough' | 'full',
  ): Promise<number | undefined> {
    if (query.path !== undefined && query.path.length > MAX_FILTER_LENGTH)
      throw new RangeError(`A path filter has at most ${MAX_FILTER_LENGTH} characters`);
    // One at a time: eight readers side by side would each run a slice before the event loop
    // got back to the tag API, and each hold a page.
    return this.turns.run((rest) => this.scanNow(query, take, rest));
  }

  private async scanNow(
    query: JournalQuery,
    take: (entry: JournalEntry) => 'more' | 'enough' | 'full',
    restIfSpent: RestIfSpent,
  ): Promise<number | undefined> {
    const pathFilter = query.path === undefined ? undefined : compileWildcard(query.path);
    const pathMatches = (path: string) =>
      pathFilter === undefined || (path.length <= MAX_FILTERED_PATH && pathFilter(path));
    const statusMatches = statusFilter(query.status);
    const upTo = this.seq;
    const newest = this.next;
    const held = this.count;
    // Entry i (1: the newest) has seq upTo - i + 1: a page after `before` starts right there.
    const first = query.before === undefined ? 1 : Math.max(1, upTo - query.before + 2);
    for (let i = first; i <= held; i++) {
      const slot = this.slots[(newest - i + this.capacity) % this.capacity];
      // Cleared, dropped, or overwritten by a request newer than the listing: what was there is gone.
      if (slot !== undefined && slot.seq !== 0 && slot.seq <= upTo && statusMatches(slot.status)) {
        const entry = entryOf(slot);
        if (pathMatches(entry.path)) {
          const taken = take(entry);
          if (taken === 'full') return upTo - i + 2;
          if (taken === 'enough') return i < held ? upTo - i + 1 : undefined;
        }
      }
      if ((i & 15) === 0) await restIfSpent();
    }
    return undefined;
  }

  clear(): void {
    this.slots.length = 0;
    this.bodies.clear();
    this.next = 0;
    this.count = 0;
    this.bytes = 0;
  }
}
