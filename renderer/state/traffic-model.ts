import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { JournalView, TrafficEntry } from '../../shared/bridge/control-spec.js';
import { Notifier } from './observable.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/**
 * The newest entries the Traffic panel asks for and draws: a 10,000-entry journal is filtered on
 * the host, and the window only ever holds and renders this many.
 */
export const TRAFFIC_WINDOW = 200;

/** What the Traffic panel shows: a wildcard on the path and a status (`404`) or class (`4xx`). */
export interface TrafficFilter {
  readonly path: string;
  readonly status: string;
}

/** A write to the tag API that was refused (4xx, 5xx) or lost its connection: shown in red. */
export function isRefused(entry: TrafficEntry): boolean {
  return entry.status === null || entry.status >= 400;
}

/**
 * The request journal as the Traffic panel shows it: the newest TRAFFIC_WINDOW entries that match
 * the filter, loaded again whenever the host says the journal changed (`journal` events, at most
 * about 4 a second). The host answers a page of at most 256 KiB at a time (entries with long
 * bodies fill one in about fifty), so a load follows `nextBefore` page after page until it has
 * the window's entries or the journal's oldest. One load runs at a time; changes meanwhile make
 * one more load after it.
 */
export class TrafficModel {
  readonly changes = new Notifier();
  view: JournalView | undefined;
  filter: TrafficFilter = { path: '', status: '' };
  /** Why the last load failed (a filter the host refused, the connection). */
  error: string | undefined;
  /** The entry opened, kept even when newer traffic pushes it out of the window. */
  selected: TrafficEntry | undefined;
  private loading = false;
  private loadAgain = false;

  constructor(private readonly client: BridgeClient) {}

  /** Loads now and follows the host's journal; returns the function that stops following. */
  start(): () => void {
    const stop = this.client.on('journal', () => void this.refresh());
    void this.refresh();
    return stop;
  }

  setFilter(change: Partial<TrafficFilter>): void {
    this.filter = { ...this.filter, ...change };
    void this.refresh();
  }

  select(entry: TrafficEntry | undefined): void {
    this.selected = entry;
    this.changes.notify();
  }

  async clear(): Promise<void> {
    await this.run(() => this.client.clearRequests(undefined));
    this.select(undefined);
  }

  async refresh(): Promise<void> {
    if (this.loading) {
      this.loadAgain = true;
      return;
    }
    this.loading = true;
    try {
      await this.run(() => this.loadWindow());
    } finally {
      this.loading = false;
    }
    if (this.loadAgain) {
      this.loadAgain = false;
      await this.refresh();
    }
  }

  /** The newest TRAFFIC_WINDOW matching entries, page after page, as one view. */
  private async loadWindow(): Promise<JournalView> {
    const { path, status } = this.filter;
    const filter = {
      ...(path.trim() !== '' ? { path: path.trim() } : {}),
      ...(status.trim() !== '' ? { status: status.trim() } : {}),
    };
    let page = await this.client.listRequests({ limit: TRAFFIC_WINDOW, ...filter });
    if (!page.enabled) return page;
    const entries = [...page.entries];
    while (page.enabled && page.nextBefore !== undefined && entries.length < TRAFFIC_WINDOW) {
      const before = page.nextBefore;
      page = await this.client.listRequests({ limit: TRAFFIC_WINDOW - entries.length, before, ...filter });
      if (page.enabled) entries.push(...page.entries);
    }
    if (!page.enabled) return page;
    const { nextBefore, ...rest } = page;
    return {
      ...rest,
      entries,
      ...(entries.length >= TRAFFIC_WINDOW && nextBefore !== undefined ? { nextBefore } : {}),
    };
  }

  private async run(load: () => Promise<JournalView>): Promise<void> {
    try {
      this.view = await load();
      this.error = undefined;
    } catch (error) {
      this.error = errorMessage(error);
    }
    this.changes.notify();
  }
}
