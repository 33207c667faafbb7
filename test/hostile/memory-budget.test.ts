// Many large bodies at once, each under the per-request limits, against a real `tagsim serve`
// process with a small heap: the memory budget turns the excess away with 503 instead of letting
// the heap run out (docs/reliability.md, "Memory").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/http-client.js';
import { serveTagsim, type ServingTagsim } from '../support/tagsim-process.js';

let server: ServingTagsim;
let exitCode: number | null | undefined;

beforeAll(async () => {
  // 384 MB of heap: without the budget, six of these bodies at once exhaust it and the process dies.
  server = await serveTagsim([], { nodeOptions: ['--max-old-space-size=384'], timeoutMs: 15_000 });
  void server.exited.then((code) => (exitCode = code));
}, 20_000);
afterAll(() => server.stop());

describe('large bodies at once', () => {
  it('answers each with its full answer or a 503, and the process survives', async () => {
    // 100,000 items (the cap) of 140-character unknown ids: about 15 MiB each, and an answer of
    // about 30 MB each, since every per-item error echoes its id.
    const id = 'x'.repeat(140);
    const body = JSON.stringify(Array.from({ length: 100_000 }, () => ({ id, value: true })));
    expect(body.length).toBeLessThan(16 * 1024 * 1024);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        rawRequest(server.url, 'PUT', '/api/tag/values', { body, timeoutMs: 120_000 }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    for (const a of answers) {
      if (a.status === 200) expect((a.json as unknown[]).length).toBe(100_000);
      else {
        expect(a.json).toEqual({
          code: 503,
          error: 'TagSim is busy with other large requests; send this one again shortly.',
        });
        expect(a.headers['retry-after']).toBe('1');
      }
    }
    // Still serving, and nothing of the unknown ids changed any tag.
    const after = await rawRequest(server.url, 'GET', '/api/tags/by-name/Counter');
    expect(after.status).toBe(200);
    expect(exitCode, server.err()).toBeUndefined();
  }, 180_000);
});
