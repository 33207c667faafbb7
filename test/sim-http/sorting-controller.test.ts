// The end-to-end check: the real `tagsim serve` (a child process of the built CLI) serves
// "Sorting by Height (Basic)" with its plant running, and a straightforward controller written
// for the real scene, talking HTTP only (GET /api/tag/values/by-name with a body, PUT
// /api/tag/values/by-name) and scanning every 20 ms, sorts boxes by height until its Counter
// reaches 10. The server runs at 4x, so that the minute of plant time takes about 16 s while the
// shortest thing to see (a box passing the height sensors, 1.1 s of plant time) still lasts
// about 14 scans.
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawRequest } from '../support/http-client.js';
import { INPUTS, sortTenBoxes, type Value } from '../support/sorting-controller.js';

const bin = fileURLToPath(new URL('../../dist/main/cli/main.js', import.meta.url));
const SCAN_MS = 20;
const TIME_LIMIT_MS = 28_000;

/** The server's process: started once for the file, stopped with SIGTERM. */
const server = {
  url: '',
  out: '',
  err: '',
  child: undefined as ReturnType<typeof spawn> | undefined,
  exited: Promise.resolve<number | null>(null),
};
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--scene', 'Sorting by Height (Basic)', '--port', '0', '--time-scale', '4'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.child = child;
  server.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  child.stdout.on('data', (d: Buffer) => (server.out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (server.err += d.toString()));
  await vi.waitFor(() => expect(server.out).toMatch(/Listening on http:\/\/127\.0\.0\.1:\d+/), {
    timeout: 10_000,
  });
  server.url = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.out)![1]!;
});

afterAll(async () => {
  agent.destroy();
  server.child?.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(server.err).toBe('');
});

async function read(names: readonly string[]): Promise<Record<string, Value>> {
  const res = await rawRequest(server.url, 'GET', '/api/tag/values/by-name', {
    body: JSON.stringify(names),
    agent,
  });
  expect(res.status).toBe(200);
  const values: Record<string, Value> = {};
  for (const entry of res.json as { name: string; value: Value }[]) values[entry.name] = entry.value;
  return values;
}

async function write(values: Record<string, Value>): Promise<void> {
  const items = Object.entries(values).map(([name, value]) => ({ name, value }));
  const res = await rawRequest(server.url, 'PUT', '/api/tag/values/by-name', {
    body: JSON.stringify(items),
    agent,
  });
  expect([res.status, res.json]).toEqual([200, []]);
}

describe('tagsim serve with the Sorting by Height (Basic) plant, over HTTP', () => {
  it('a controller scanning every 20 ms sorts 10 boxes by height', { timeout: 45_000 }, async () => {
    expect(server.out).toContain('Simulation: running at 4x, seed 1;');
    await sortTenBoxes(async (scan) => write(scan(await read(INPUTS))), {
      scanMs: SCAN_MS,
      timeLimitMs: TIME_LIMIT_MS,
    });

    // The Counter the controller wrote, read back from the server.
    expect(await read(['Counter'])).toEqual({ Counter: 10 });
    // The simulator's system tags tell the same story: running, at 4x.
    expect(await read(['FACTORY I/O (Running)', 'FACTORY I/O (Time Scale)'])).toEqual({
      'FACTORY I/O (Running)': true,
      'FACTORY I/O (Time Scale)': 4,
    });
  });
});
