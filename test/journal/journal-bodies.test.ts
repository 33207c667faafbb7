// The request journal keeps each body's first 4 KiB as bytes in slabs off the heap and decodes
// them only when it is read (main/journal/journal-bodies.ts): what it lists must be what the
// client sent, decoded as UTF-8, whichever slab a body landed in and however many came before.
import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOURNAL_BODY_BYTES, RequestJournal } from '../../main/journal/request-journal.js';

function request(url: string): IncomingMessage {
  return { method: 'PUT', url, socket: { remoteAddress: '127.0.0.1', remotePort: 50000 } } as IncomingMessage;
}

const body = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.uint8Array({ minLength: JOURNAL_BODY_BYTES - 8, maxLength: JOURNAL_BODY_BYTES + 64 }),
  fc.string({ unit: 'binary', maxLength: 2000 }).map((s) => new TextEncoder().encode(s)),
);

describe('bodies kept by the request journal', () => {
  it('lists each body as its first 4 KiB decoded, over many slabs, and none for a request without one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(body, { nil: undefined }), { minLength: 1, maxLength: 120 }),
        async (bodies) => {
          const journal = new RequestJournal(100);
          for (const [i, bytes] of bodies.entries()) {
            const raw = bytes === undefined ? undefined : Buffer.from(bytes);
            journal.record(request(`/api/tag/values?i=${i}`), performance.now(), 200, raw, [], undefined);
            // The client's buffer is its own again: the journal must have copied what it keeps.
            raw?.fill(0x21);
          }
          const listed = await journal.list({ limit: 100 });
          const kept = bodies.slice(-100).reverse();
          expect(listed).toHaveLength(kept.length);
          for (const [i, entry] of listed.entries()) {
            const bytes = kept[i];
            const expected =
              bytes === undefined
                ? null
                : Buffer.from(bytes).toString('utf8', 0, Math.min(bytes.length, JOURNAL_BODY_BYTES));
            expect(entry.body).toBe(expected);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps every listed body intact while the ring fills emptied slabs again, a cleared journal included', async () => {
    // Slabs empty as the ring drops entries and are filled again: a slab refilled while an entry
    // still had its body in it would list another request's bytes. Bodies of every size, rings of
    // every size, checked every few requests.
    const bodyOf = (i: number, size: number) => Buffer.alloc(size, String.fromCharCode(65 + (i % 26)));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 120 }),
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 64 }),
            fc.integer({ min: JOURNAL_BODY_BYTES - 1000, max: JOURNAL_BODY_BYTES + 100 }),
          ),
          // Long runs, not fast-check's short default: a slab is refilled only after many requests.
          { minLength: 1, maxLength: 400, size: 'max' },
        ),
        fc.nat(400),
        async (capacity, sizes, clearAt) => {
          const journal = new RequestJournal(capacity);
          for (const [i, size] of sizes.entries()) {
            if (i === clearAt) journal.clear();
            journal.record(
              request(`/api/tag/values?i=${i}`),
              performance.now(),
              200,
              bodyOf(i, size),
              [],
              undefined,
            );
            if (i % 8 !== 0 && i !== sizes.length - 1) continue;
            const listed = await journal.list({ limit: capacity });
            expect(listed[0]?.query).toBe(`i=${i}`);
            for (const entry of listed) {
              const n = Number(entry.query.slice('i='.length));
              const expected = bodyOf(n, Math.min(sizes[n]!, JOURNAL_BODY_BYTES)).toString('utf8');
              expect(entry.body).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
