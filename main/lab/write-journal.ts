import type { IncomingMessage } from 'node:http';
import { RequestJournal } from '../journal/request-journal.js';
import type { FaultLogEntry } from '../../shared/lab/fault-log.js';
import type { WritesByFault } from '../../shared/lab/fault-report.js';
import { writesAroundFaults, type ClientWrite } from '../../shared/lab/fault-writes.js';
import type { Lab } from './lab-types.js';

/**
 * The writes (PUT and POST) a lab station's journal keeps: the report lists them around each
 * fault, and a student's program polling reads ten times a second must not push them out.
 */
export const LAB_JOURNAL_WRITES = 2000;

type RecordRest = Parameters<RequestJournal['record']> extends [unknown, ...infer R] ? R : never;

/**
 * A write as the journal names it: the tag API's PUT and POST, and a Modbus write (FC5, FC6,
 * FC15, FC16, FC23; the Modbus journal records writes only), since a student's PLC may talk
 * Modbus rather than HTTP.
 */
export function isJournaledWrite(method: string | undefined): boolean {
  return method === 'PUT' || method === 'POST' || /^FC\d+$/.test(method ?? '');
}

/** A request journal that keeps only writes (the tag API's and Modbus's). */
export class WriteJournal extends RequestJournal {
  override record(req: IncomingMessage, ...rest: RecordRest): void {
    if (isJournaledWrite(req.method)) super.record(req, ...rest);
  }
}

/** A station's writes, oldest first, as the report lists them. */
export async function stationWrites(journal: RequestJournal | undefined): Promise<ClientWrite[]> {
  if (!journal) return [];
  const entries = await journal.list({ limit: journal.capacity });
  return entries
    .filter((e) => isJournaledWrite(e.method))
    .reverse()
    .map((e) => ({
      at: Date.parse(e.time),
      client: e.client,
      method: e.method,
      path: e.path,
      body: e.body,
      status: e.status,
      itemErrors: e.itemErrors,
      itemErrorCount: e.itemErrorCount,
    }));
}

/** The writes of each station's clients around each fault of the log (fault-writes.ts). */
export async function writesAround(
  lab: Lab,
  entries: readonly FaultLogEntry[],
  now: number,
): Promise<WritesByFault> {
  const faulted = new Set(entries.filter((e) => e.action === 'applied').map((e) => e.station));
  const writes = new Map<number, ClientWrite[]>();
  for (const station of lab.stations)
    if (faulted.has(station.number))
      writes.set(station.number, await stationWrites(station.tagsim.control?.journal));
  return writesAroundFaults(entries, (station) => writes.get(station) ?? [], now);
}
