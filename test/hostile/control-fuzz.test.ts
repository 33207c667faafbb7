// The hostile-input suite for the control API: random methods, targets, queries and bodies to
// every route of /tagsim/v1/ (advances of any size, clocks, scenes, snapshots, chaos rules), as
// raw bytes to a real TagSim on 127.0.0.1; then chaos rules that try to hang or flood the server,
// and a journal fed targets and bodies made to bloat it. Whatever arrives: no 5xx that is not a
// documented busy answer, no crash, no file opened, bounded answers, and the server still answers.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { ENTRY_BYTES, ITEM_ERROR_BYTES } from '../../main/journal/journal-bytes.js';
import {
  MAX_PAGE_BYTES,
  RequestJournal,
  type JournalEntry,
  type JournalSummary,
} from '../../main/journal/request-journal.js';
import { httpRequestBytes, rawExchange, type RawHttpResponse } from '../support/raw-http.js';
import { hostileControlRequest } from './support/control-requests.js';

let tagsim: TagSim;
let port: number;
const faults: unknown[] = [];

beforeAll(async () => {
  tagsim = await startTagSim({
    server: { port: 0, timeouts: { headersMs: 1000, requestMs: 2000, keepAliveMs: 1000 } },
    scene: { synthetic: 60 },
    simulation: { startRunning: true, clock: 'virtual' },
    // No file is ever opened by path: random scene names must not reach the disk.
    control: { fileAccess: 'none', journal: 500 },
  });
  tagsim.errors.on((e) => faults.push(e));
  port = tagsim.server.status.port;
});
afterAll(() => tagsim.close());

const get = (target: string, timeoutMs = 5000) =>
  rawExchange(port, httpRequestBytes('GET', target, { Connection: 'close' }), { timeoutMs });

/** The server answers a control request and a tag API request as ever. */
async function stillServing(): Promise<void> {
  expect((await get('/tagsim/v1/status')).responses[0]?.status).toBe(200);
  await tagsim.control!.chaos.set([]);
  expect((await get('/api/tags/by-name/Tag%200')).responses[0]?.status).toBe(200);
}

describe('random requests to the control API', () => {
  it('never get an undocumented 5xx or an unbounded answer, and leave the server serving', async () => {
    await fc.assert(
      fc.asyncProperty(hostileControlRequest({ mutating: true }), async (request) => {
        const ex = await rawExchange(port, request.bytes, { timeoutMs: 8000, maxBytes: 64 * 1024 * 1024 });
        expect(ex.responses.length > 0 || ex.closed, 'answered or closed').toBe(true);
        for (const res of ex.responses) {
          const busy = res.status === 503 && request.target.startsWith('/tagsim/v1/clock/advance');
          if (!busy)
            expect(res.status, `${request.method} ${request.target}: ${res.body.slice(0, 200)}`).toBeLessThan(
              500,
            );
          // Node itself refuses what it cannot parse (a method it does not know) with an empty 400.
          if (res.status >= 400 && res.body !== '')
            expect(JSON.parse(res.body)).toMatchObject({ code: res.status, error: expect.any(String) });
        }
        // A control request is answered without waiting on the tag API's chaos.
        expect((await get('/tagsim/v1/status')).responses[0]?.status).toBe(200);
      }),
      { numRuns: 300, interruptAfterTimeLimit: 60_000 },
    );
    await stillServing();
    expect(faults).toEqual([]);
  }, 120_000);
});

describe('chaos rules that try to hang or flood the server', () => {
  const put = (rules: unknown) =>
    rawExchange(
      port,
      httpRequestBytes('PUT', '/tagsim/v1/chaos', { Connection: 'close' }, JSON.stringify({ rules })),
    );

  it('refuses a latency past a minute; held answers hold up nothing else and end with their client', async () => {
    expect((await put([{ latencyMs: 60_001 }])).responses[0]?.status).toBe(400);
    expect((await put([{ path: '/api/*', latencyMs: 60_000 }])).responses[0]?.status).toBe(200);
    // 50 clients whose answers are held a minute; each gives up after half a second.
    const held = Array.from({ length: 50 }, () => get('/api/tag/values', 500));
    expect((await get('/tagsim/v1/status')).responses[0]?.status).toBe(200);
    const outcomes = await Promise.all(held);
    expect(outcomes.every((ex) => ex.responses.length === 0)).toBe(true);
    expect(
      (await rawExchange(port, httpRequestBytes('DELETE', '/tagsim/v1/chaos', { Connection: 'close' })))
        .responses[0]?.status,
    ).toBe(200);
    await stillServing();
  }, 30_000);

  it('drops a flood of connections as told and keeps serving', async () => {
    expect((await put([{ reset: true }])).responses[0]?.status).toBe(200);
    const dropped = await Promise.all(Array.from({ length: 200 }, () => get('/api/tags')));
    expect(dropped.every((ex) => ex.responses.length === 0 && ex.closed)).toBe(true);
    await stillServing();
  }, 30_000);

  it('bounds the cost of the longest wildcards on the longest paths', async () => {
    const rules = Array.from({ length: 50 }, (_, i) => ({ path: `*${'a'.repeat(250)}${i}*`, status: 500 }));
    expect((await put(rules)).responses[0]?.status).toBe(200);
    expect((await put([...rules, { status: 500 }])).responses[0]?.status).toBe(400);
    const long = `/api/tags/by-name/${'a'.repeat(490)}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(long, 8000)));
    for (const ex of answers) expect(ex.responses[0]?.status).toBe(200);
    await stillServing();
  }, 30_000);
});

describe('a journal fed to bloat it', () => {
  it('keeps bounded targets and item errors, and lists with the longest filters', async () => {
    const longName = 'n'.repeat(100_000);
    const items = Array.from({ length: 20 }, () => ({ name: longName, value: 1 }));
    for (let i = 0; i < 5; i++) {
      await get(`/api/tags/by-name/${'x'.repeat(8000)}`);
      await rawExchange(
        port,
        httpRequestBytes('PUT', '/api/tag/values/by-name', { Connection: 'close' }, JSON.stringify(items)),
      );
    }
    const listed = await get(
      `/tagsim/v1/requests?limit=10000&path=${encodeURIComponent('*' + 'x?'.repeat(127))}`,
    );
    expect(listed.responses[0]?.status).toBe(200);
    const all = JSON.parse(
      (await get('/tagsim/v1/requests?limit=10000')).responses[0]!.body,
    ) as JournalEntry[];
    expect(all.length).toBeLessThanOrEqual(500);
    for (const entry of all) {
      expect(entry.path.length + entry.query.length).toBeLessThanOrEqual(2048);
      expect(entry.body?.length ?? 0).toBeLessThanOrEqual(4096);
      expect(entry.itemErrors?.length ?? 0).toBeLessThanOrEqual(16);
      for (const error of entry.itemErrors ?? []) expect(error.name?.length ?? 0).toBeLessThanOrEqual(256);
    }
    expect(all.find((e) => e.itemErrorCount === 20)).toBeDefined();
    await stillServing();
    expect(faults).toEqual([]);
  }, 60_000);
});

/** What a string takes on V8's heap at least: 1 byte a character if all are Latin-1, else 2. */
const heldBytes = (text: string | null | undefined) =>
  text == null ? 0 : (/[\u0100-\uffff]/.test(text) ? 2 : 1) * text.length;

describe('a journal bounded by bytes, fed hostile requests', () => {
  it('keeps its own byte count under its cap and at least what its strings hold, and lists it in bounded pages', async () => {
    const maxBytes = 256 * 1024;
    const small = await startTagSim({
      server: { port: 0, timeouts: { headersMs: 1000, requestMs: 2000, keepAliveMs: 1000 } },
      scene: { synthetic: 20 },
      control: { fileAccess: 'none', journal: new RequestJournal(5000, maxBytes) },
    });
    const smallFaults: unknown[] = [];
    small.errors.on((e) => smallFaults.push(e));
    const smallPort = small.server.status.port;
    const text = fc.string({
      unit: fc.constantFrom('a', '"', '\\', '\u0000', 'é', 'ж', '€', '\ud83d\ude00', '\ud800'),
      maxLength: 3000,
    });
    const body = fc.oneof(
      text,
      fc
        .array(fc.record({ name: text, value: fc.jsonValue() }), { maxLength: 40 })
        .map((items) => JSON.stringify(items)),
    );
    const target = fc.oneof(
      fc.constant('/api/tag/values/by-name'),
      fc
        .string({ unit: fc.constantFrom('a', '%C3%A9', '%FF', '/', '?', '*'), maxLength: 3000 })
        .map((t) => `/api/tags/by-name/${t}`),
    );
    const summary = async () =>
      JSON.parse(
        (
          await rawExchange(
            smallPort,
            httpRequestBytes('GET', '/tagsim/v1/requests/summary', { Connection: 'close' }),
          )
        ).responses[0]!.body,
      ) as JournalSummary;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom('PUT', 'GET'), target, body), { minLength: 1, maxLength: 20 }),
          async (requests) => {
            for (const [method, path, sent] of requests)
              await rawExchange(smallPort, httpRequestBytes(method, path, { Connection: 'close' }, sent), {
                timeoutMs: 5000,
              });
            const held = await summary();
            expect(held.bytes).toBeLessThanOrEqual(maxBytes);
          },
        ),
        { numRuns: 60, interruptAfterTimeLimit: 45_000 },
      );
      // However little the random requests carried, the journal is then filled past its bytes
      // (a bounded number of 4 KiB bodies), so dropping for bytes is always seen.
      for (let i = 0; i < 64 && (await summary()).droppedForBytes === 0; i++)
        await rawExchange(
          smallPort,
          httpRequestBytes('PUT', '/api/tag/values', { Connection: 'close' }, 'x'.repeat(4096)),
          { timeoutMs: 5000 },
        );
      const held = await summary();
      expect(held.droppedForBytes).toBeGreaterThan(0);
      // Every page, following Link: at most MAX_PAGE_BYTES, the newest entries without a gap.
      const entries: JournalEntry[] = [];
      for (
        let next: string | undefined = '/tagsim/v1/requests?limit=10000', pages = 0;
        next !== undefined;
        pages++
      ) {
        expect(pages).toBeLessThan(1000);
        const res: RawHttpResponse = (
          await rawExchange(smallPort, httpRequestBytes('GET', next, { Connection: 'close' }))
        ).responses[0]!;
        expect(res.status).toBe(200);
        expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
        entries.push(...(JSON.parse(res.body) as JournalEntry[]));
        next = /^<([^>]+)>; rel="next"$/.exec(res.headers.link ?? '')?.[1];
      }
      expect(entries.map((e) => e.seq)).toEqual(
        Array.from({ length: held.entries }, (_, i) => held.lastSeq - i),
      );
      // The count is at least what the strings it keeps take, and the overheads docs/control-api.md
      // gives for each entry and item error: no string escapes it, none is counted short.
      const atLeast = entries.reduce(
        (sum, e) =>
          sum +
          ENTRY_BYTES +
          heldBytes(e.path) +
          heldBytes(e.query) +
          heldBytes(e.body) +
          (e.itemErrors ?? []).reduce(
            (n, error) =>
              n + ITEM_ERROR_BYTES + heldBytes(error.id) + heldBytes(error.name) + heldBytes(error.error),
            0,
          ),
        0,
      );
      expect(atLeast).toBeLessThanOrEqual(held.bytes);
      expect(smallFaults).toEqual([]);
    } finally {
      await small.close();
    }
  }, 120_000);
});
