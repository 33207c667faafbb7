import type { ItemError } from '../core/tag-engine.js';
import type { FaultLogEntry } from './fault-log.js';
import { andMore } from '../problems/problem-list.js';

/**
 * One write of a student's client to a station's tag API (a PUT or POST), as the station's
 * request journal kept it. Everything but `at` and `status` is what a client sent: hostile input.
 */
export interface ClientWrite {
  /** When it came in, in ms since the epoch. */
  readonly at: number;
  /** The client's address and port. */
  readonly client: string;
  readonly method: string;
  readonly path: string;
  /** The start of the body as the journal kept it, or null when there was none. */
  readonly body: string | null;
  /** The status answered, or null when the connection was dropped instead. */
  readonly status: number | null;
  /** The first per-item errors of the answer, or null when it had none to give. */
  readonly itemErrors: readonly ItemError[] | null;
  /** How many per-item errors the answer had in all. */
  readonly itemErrorCount: number;
}

/** The writes listed with one fault, and how many more the window held. */
export interface FaultWrites {
  readonly writes: readonly ClientWrite[];
  /** Writes in the window past the cap, left out of the report. */
  readonly leftOut: number;
}

/** The window of a fault starts this long before the fault went on (the clocks may differ a little). */
export const WRITES_BEFORE_FAULT_MS = 1000;
/** ...and ends this long after it came off (or after the report, while it is still on). */
export const WRITES_AFTER_CLEAR_MS = 10_000;
/** The most writes listed with one fault; the earliest are kept. */
export const MAX_WRITES_PER_FAULT = 50;
/** How much of a body the report shows. */
export const BODY_EXCERPT_CHARS = 160;
/** How many item errors of one write the report shows. */
const ITEM_ERRORS_SHOWN = 3;

/**
 * Whether a log entry takes `applied` off (or puts another fault in its place): the same station,
 * later, its tag (or every tag).
 */
function clears(entry: FaultLogEntry, applied: FaultLogEntry): boolean {
  if ((entry.action !== 'cleared' && entry.action !== 'replaced') || entry.error !== undefined) return false;
  if (entry.station !== applied.station || entry.at < applied.at) return false;
  if (entry.tag === '') return true;
  return entry.tag === applied.tag && (entry.kind === 'all' || entry.kind === applied.kind);
}

/**
 * For every fault that went on (an `applied` entry without error), the writes of the station's
 * clients from WRITES_BEFORE_FAULT_MS before it until WRITES_AFTER_CLEAR_MS after it came off
 * (or after `now`, while it is on), oldest first, at most MAX_WRITES_PER_FAULT. `writesOf` gives
 * a station's writes, oldest first.
 */
export function writesAroundFaults(
  entries: readonly FaultLogEntry[],
  writesOf: (station: number) => readonly ClientWrite[],
  now: number,
): Map<FaultLogEntry, FaultWrites> {
  const found = new Map<FaultLogEntry, FaultWrites>();
  for (const [i, applied] of entries.entries()) {
    if (applied.action !== 'applied' || applied.error !== undefined) continue;
    const cleared = entries.slice(i + 1).find((e) => clears(e, applied));
    const from = applied.at - WRITES_BEFORE_FAULT_MS;
    const until = (cleared?.at ?? now) + WRITES_AFTER_CLEAR_MS;
    const inWindow = writesOf(applied.station).filter((w) => w.at >= from && w.at <= until);
    found.set(applied, {
      writes: inWindow.slice(0, MAX_WRITES_PER_FAULT),
      leftOut: Math.max(0, inWindow.length - MAX_WRITES_PER_FAULT),
    });
  }
  return found;
}

/** A body's first characters on one line (line breaks and other controls shown as spaces). */
export function bodyExcerpt(body: string | null): string {
  if (body === null) return '';
  // eslint-disable-next-line no-control-regex
  const line = body.slice(0, BODY_EXCERPT_CHARS).replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return body.length > BODY_EXCERPT_CHARS ? `${line}…` : line;
}

/** A write's item errors in one line: `name: error; ...`, with how many more there were. */
export function itemErrorsText(write: ClientWrite): string {
  const shown = (write.itemErrors ?? []).slice(0, ITEM_ERRORS_SHOWN).map((e) => {
    const ref = e.name ?? e.id;
    return typeof ref === 'string' ? `${ref.slice(0, 80)}: ${e.error}` : e.error;
  });
  const more = write.itemErrorCount - shown.length;
  return [...shown, ...(more > 0 ? [`… ${andMore(more, 'error')}`] : [])].join('; ');
}
