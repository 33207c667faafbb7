// The hostile-input suite for HTTP: random methods, targets, upgrade offers, Expect, framing,
// encodings and JSON bodies, as raw bytes to a real `tagsim serve --ui` on 127.0.0.1. Whatever
// arrives: no 5xx, no crash, an answer bounded in size, the tags change only through the valid
// items of an applied request, and a plain request is answered right after.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequestBytes, rawExchange } from '../support/raw-http.js';
import { startFuzzServer } from './support/fuzz-server.js';
import { hostileRequest, writeRoute } from './support/http-requests.js';

let server: Awaited<ReturnType<typeof startFuzzServer>>;
let listingBytes: number;

beforeAll(async () => {
  server = await startFuzzServer();
  const listing = await rawExchange(
    server.port,
    httpRequestBytes('GET', '/api/tags', { Connection: 'close' }),
  );
  listingBytes = listing.bytes;
});
afterAll(() => server.tagsim.close());

describe('random HTTP requests to tagsim serve --ui', () => {
  it('never get a 5xx or an unbounded answer, and change the tags only through valid items', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (request) => {
        const before = server.stateOf(server.tagsim.engine);
        const ex = await rawExchange(server.port, request.bytes, {
          timeoutMs: 8000,
          maxBytes: 64 * 1024 * 1024,
        });
        // Answered, or cut off by the server: never left hanging.
        expect(ex.responses.length > 0 || ex.closed, 'answered or closed').toBe(true);
        for (const res of ex.responses)
          expect(res.status, `status of ${request.method} ${request.target}`).toBeLessThan(500);
        // Bounded by what was sent, and by the body as decoded: a small compressed body may name
        // thousands of tags (a by-name read answers each), up to the decoded body's limit.
        const decoded = Buffer.byteLength(request.json ?? '');
        expect(ex.bytes).toBeLessThanOrEqual(
          3 * request.bytes.length + 32 * decoded + listingBytes + 16 * 1024,
        );

        const answer = ex.responses[0];
        const route = writeRoute(request.target);
        const applied = answer?.status === 200 && request.method === 'PUT' && route !== undefined;
        if (!applied) {
          // Refused as a whole (or a read): nothing changed.
          if (answer?.status !== 200 || request.method !== 'PUT')
            expect(server.stateOf(server.tagsim.engine)).toBe(before);
        } else if (request.json !== undefined) {
          const items = JSON.parse(request.json) as unknown[];
          if (route.operation === 'release') server.shadow.release(route.by, items);
          else server.shadow.write(route.operation, route.by, items);
          expect(server.stateOf(server.tagsim.engine)).toBe(server.stateOf(server.shadow));
        }
        server.resync();

        const control = await rawExchange(
          server.port,
          httpRequestBytes('GET', '/api/tags/by-name/Tag%200', { Connection: 'close' }),
        );
        expect(control.responses[0]?.status).toBe(200);
      }),
      { numRuns: 250, interruptAfterTimeLimit: 60_000 },
    );
    expect(server.faults).toEqual([]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  }, 120_000);

  it('keeps answering while many hostile requests arrive at once', async () => {
    const batch = fc.sample(hostileRequest, { numRuns: 60, seed: 7 });
    const answers = await Promise.all(
      batch.map((r) => rawExchange(server.port, r.bytes, { timeoutMs: 8000 })),
    );
    for (const ex of answers) for (const res of ex.responses) expect(res.status).toBeLessThan(500);
    const control = await rawExchange(
      server.port,
      httpRequestBytes('GET', '/api/tags', { Connection: 'close' }),
    );
    expect(control.responses[0]?.status).toBe(200);
    expect(server.faults).toEqual([]);
  }, 60_000);
});
