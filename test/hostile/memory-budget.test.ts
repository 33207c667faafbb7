// Many large bodies at once, each under the per-request limits, against a real `tagsim serve`
// process with a small heap: the memory budget turns the excess away with 503 instead of letting
// the heap run out (docs/reliability.md, "Memory").
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/http-client.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = `${root}dist/main/cli/main.js`;

let url = '';
let exitCode: number | null | undefined;
let stderr = '';
let stop = () => {};

beforeAll(async () => {
  // 384 MB of heap: without the budget, six of these bodies at once exhaust it and the process dies.
  const child = spawn(process.execPath, ['--max-old-space-size=384', bin, 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.on('exit', (code) => (exitCode = code));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tagsim serve did not start: ${stderr}`)), 15_000);
    child.stdout.on('data', () => {
      if (/Listening on http:\/\/127\.0\.0\.1:\d+/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  url = /Listening on (\S+)/.exec(out)![1]!;
  stop = () => child.kill('SIGTERM');
}, 20_000);
afterAll(() => stop());

describe('large bodies at once', () => {
  it('answers each with its full answer or a 503, and the process survives', async () => {
    // 100,000 items (the cap) of 140-character unknown ids: about 15 MiB each, and an answer of
    // about 30 MB each, since every per-item error echoes its id.
    const id = 'x'.repeat(140);
    const body = JSON.stringify(Array.from({ length: 100_000 }, () => ({ id, value: true })));
    expect(body.length).toBeLessThan(16 * 1024 * 1024);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        rawRequest(url, 'PUT', '/api/tag/values', { body, timeoutMs: 120_000 }),
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
    const after = await rawRequest(url, 'GET', '/api/tags/by-name/Counter');
    expect(after.status).toBe(200);
    expect(exitCode, stderr).toBeUndefined();
  }, 180_000);
});
