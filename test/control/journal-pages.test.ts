// The request journal's bounds over real HTTP (docs/control-api.md, "The request journal"): a
// listing answers at most 256 KiB a page and says where the next page starts (`Link`, `before`),
// and the journal holds at most its bytes, dropping the oldest entries first and counting them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntry, JournalSummary } from '../../main/journal/request-journal.js';
import { MAX_PAGE_BYTES, RequestJournal } from '../../main/journal/request-journal.js';
import { startTestLab } from '../lab/support.js';
import { closeStations, startStation, type ControlStation } from './control-station.js';

afterEach(closeStations);

/** A write of 20 unknown tags with long names: a 4 KiB body kept and 16 item errors. */
const heavyWrite = (station: ControlStation, i: number) =>
  station.client.put(
    '/api/tag/values/by-name',
    Array.from({ length: 20 }, (_, k) => ({ name: `${'n'.repeat(200)} ${i} ${k}`, value: 1 })),
  );

interface Page {
  entries: JournalEntry[];
  bytes: number;
  next: string | undefined;
}

async function page(station: ControlStation, target: string): Promise<Page> {
  const answer = await station.client.get(target);
  expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  const link = answer.headers.link as string | undefined;
  const next = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)![1];
  return { entries: answer.json as JournalEntry[], bytes: Buffer.byteLength(answer.text), next };
}

/** Every page from `first` on, following `Link: rel="next"`. */
async function allPages(station: ControlStation, first: string): Promise<Page[]> {
  const pages = [await page(station, first)];
  for (let next = pages[0]!.next; next !== undefined; next = pages.at(-1)!.next) {
    expect(pages.length, 'a bounded number of pages').toBeLessThan(100);
    pages.push(await page(station, next));
  }
  return pages;
}

const summary = async (station: ControlStation) =>
  (await station.call('GET', 'requests/summary')).json as JournalSummary;

describe('a listing of the whole journal', () => {
  it('answers at most 256 KiB a page, and each page continues where the last stopped', async () => {
    const station = await startStation();
    for (let i = 0; i < 300; i++) expect((await heavyWrite(station, i)).status).toBe(200);
    const pages = await allPages(station, '/tagsim/v1/requests?limit=10000');
    expect(pages.length).toBeGreaterThan(2);
    for (const p of pages) {
      expect(p.bytes).toBeLessThanOrEqual(MAX_PAGE_BYTES);
      expect(p.entries.length).toBeGreaterThan(0);
    }
    // Full pages: the next entry would not have fitted.
    expect(pages[0]!.bytes).toBeGreaterThan(MAX_PAGE_BYTES - 16 * 1024);
    const seqs = pages.flatMap((p) => p.entries.map((e) => e.seq));
    expect(seqs).toEqual(Array.from({ length: 300 }, (_, i) => 300 - i));
    expect(pages.at(-1)!.next).toBeUndefined();
  }, 60_000);

  it('pages by limit too, keeping the filters, and leaves out what came after the first page', async () => {
    const station = await startStation();
    for (let i = 0; i < 7; i++) {
      await station.client.get('/api/tags');
      await station.client.get('/nope');
    }
    const first = await page(station, '/tagsim/v1/requests?status=4xx&limit=3');
    expect(first.next).toBe('/tagsim/v1/requests?status=4xx&limit=3&before=10');
    await station.client.get('/nope');
    const rest = await allPages(station, first.next!);
    expect([...first.entries, ...rest.flatMap((p) => p.entries)].map((e) => e.seq)).toEqual([
      14, 12, 10, 8, 6, 4, 2,
    ]);
    expect((await page(station, '/tagsim/v1/requests?before=3')).entries.map((e) => e.seq)).toEqual([2, 1]);
    expect((await page(station, '/tagsim/v1/requests?before=1')).entries).toEqual([]);
  });
});

describe('the journal bounded by bytes', () => {
  it('drops the oldest entries past its bytes, counts them, and says so in the summary', async () => {
    const maxBytes = 256 * 1024;
    const station = await startStation({ control: { journal: new RequestJournal(1000, maxBytes) } });
    for (let i = 0; i < 120; i++) await heavyWrite(station, i);
    const held = await summary(station);
    expect(held).toMatchObject({ maxEntries: 1000, maxBytes, lastSeq: 120 });
    expect(held.bytes).toBeLessThanOrEqual(maxBytes);
    expect(held.entries).toBeLessThan(120);
    expect(held.entries).toBeGreaterThan(10);
    expect(held.dropped).toBe(120 - held.entries);
    expect(held.droppedForBytes).toBe(held.dropped);
    // The newest are kept, without a gap.
    const seqs = (await page(station, '/tagsim/v1/requests?limit=10000')).entries.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: held.entries }, (_, i) => 120 - i));
  }, 60_000);

  it('counts drops for the number of entries apart from drops for bytes', async () => {
    const station = await startStation({ control: { journal: 3 } });
    for (let i = 0; i < 5; i++) await station.client.get('/api/tags');
    expect(await summary(station)).toMatchObject({
      entries: 3,
      maxEntries: 3,
      lastSeq: 5,
      dropped: 2,
      droppedForBytes: 0,
    });
    await station.call('DELETE', 'requests');
    expect(await summary(station)).toMatchObject({ entries: 0, bytes: 0, lastSeq: 5 });
  });
});

describe('listings side by side', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Fills a journal with `count` small exchanges. */
  function fill(journal: RequestJournal, count: number): void {
    for (let i = 0; i < count; i++)
      journal.recordExchange(
        {
          address: '127.0.0.1',
          port: 502,
          method: 'WRITE',
          path: `/coil/${i}`,
          status: 200,
          body: '',
          itemErrors: undefined,
        },
        0,
      );
  }

  /**
   * A clock that moves 1 ms each time a listing looks at it (a page of 48 entries looks 3 times,
   * so one page fits a 5 ms slice and eight together do not), and the event loop's turns counted.
   */
  function clockAndTurns(): { turns(): number; stop(): void } {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    return {
      turns: () => turns,
      stop: () => {
        counting = false;
        vi.restoreAllMocks();
      },
    };
  }

  /** Eight pages of 48 entries, one from each journal (or all from one), as queued listings. */
  async function eightPages(journals: readonly RequestJournal[]): Promise<number[]> {
    for (const journal of journals) fill(journal, journals.length === 1 ? 8 * 48 : 48);
    const loop = clockAndTurns();
    const pagesDoneAt: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, k) => {
        const journal = journals[k % journals.length]!;
        const before = journals.length === 1 ? 8 * 48 - 48 * k + 1 : undefined;
        return journal.page({ limit: 48, ...(before ? { before } : {}) }).then((page) => {
          expect(page.count).toBe(48);
          pagesDoneAt.push(loop.turns());
        });
      }),
    );
    loop.stop();
    return pagesDoneAt;
  }

  it('share one slice: eight queued pages let the event loop in between, not after all eight', async () => {
    // Without one shared slice all eight pages end in the same turn of the event loop.
    expect(new Set(await eightPages([new RequestJournal()])).size).toBeGreaterThanOrEqual(3);
  });

  it('hold a client reading page after page to the budget too: it rests once it has spent a slice', async () => {
    const journal = new RequestJournal();
    fill(journal, 12 * 48);
    // The same clock, which moves no time while the client waits.
    const loop = clockAndTurns();
    const gaps: number[] = [];
    let before: number | undefined;
    for (let k = 0; k < 12; k++) {
      const from = loop.turns();
      const page = await journal.page({ limit: 48, ...(before ? { before } : {}) });
      gaps.push(loop.turns() - from);
      before = page.nextBefore;
      // The client's round trip: a turn of the event loop before it asks again.
      await new Promise((resolve) => setImmediate(resolve));
    }
    loop.stop();
    // A page waited for a rest (a 5 ms timer: many turns) once the pages before had spent the
    // slice; before, each page after a turn started a fresh slice and none ever rested.
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(3);
  });

  it("share one slice across a lab's journals: eight pages of four stations let the event loop in between", async () => {
    const lab = await startTestLab({ stations: [{}, {}, {}, {}], dashboard: undefined });
    try {
      const journals = lab.stations.map((station) => station.tagsim.control!.journal!);
      expect(new Set(await eightPages(journals)).size).toBeGreaterThanOrEqual(3);
    } finally {
      await lab.close();
    }
  });
});
