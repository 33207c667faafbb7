// The hostile-input suite for a lab's exercise: random requests to the dashboard's exercise
// routes (methods, targets, tokens, framings, encodings, action bodies), and random bridge calls
// on a student's window socket, to a real lab running an exercise on 127.0.0.1. Whatever
// arrives: no 5xx, no crash, an answer bounded in size; without the token nothing of the
// exercise changes; and nothing a student's window sends starts, stops or changes it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_METHOD_NAMES } from '../../shared/bridge/bridge-spec.js';
import { EXERCISE_ACTIONS } from '../../shared/exercise/exercise-actions.js';
import { loadExercise } from '../../main/exercise/exercise-setup.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { httpRequestBytes, rawExchange } from '../support/raw-http.js';
import { clientFrame, openRawWs, type RawWs } from '../support/raw-ws.js';
import { RENDERER_DIR, startTestLab } from '../lab/support.js';
import {
  buildRequest,
  hostileEncoding,
  hostileFraming,
  hostileMethod,
  jsonBody,
} from './support/http-requests.js';

const TOKEN = 'exercise-fuzz-token';
const folder = mkdtempSync(join(tmpdir(), 'tagsim-exercise-fuzz-'));
let lab: Lab;
let port: number;
const faults: unknown[] = [];

beforeAll(async () => {
  lab = await startTestLab({
    stations: [{}, {}],
    ui: { rendererDir: RENDERER_DIR },
    simulation: { startRunning: true },
    exercise: { setup: await loadExercise('Sort by height, and stop on a stuck sensor'), folder },
    dashboard: {
      port: 0,
      token: TOKEN,
      rendererDir: RENDERER_DIR,
      timeouts: { headersMs: 1000, requestMs: 2000, keepAliveMs: 1000 },
    },
    reportError: (error) => faults.push(error),
  });
  port = Number(new URL(lab.dashboard!.url).port);
});
afterAll(async () => {
  await lab.close();
  rmSync(folder, { recursive: true, force: true });
});

/** What a request could change: each station's exercise (its run, its state) and the log. */
const exerciseState = () =>
  JSON.stringify(
    lab.exercise!.stations.map((s) => [s.grade?.startedAt, s.grade?.status, s.grade?.endReason]),
  );

const PATHS = [
  '/api/exercise',
  '/api/exercise/',
  '/api/exercise/actions',
  '/api/exercise/report',
  '/api/exercise/report.csv',
  '/api/exercise/report.html',
  '/api/exercise/report.pdf',
  '/api/exercise/%2e%2e/actions',
  '/api/stations',
];
const target = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PATHS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...PATHS), fc.constantFrom('/', '?x=1', '/..', '%00', '//', `?token=${TOKEN}`))
      .map(([p, t]) => p + t),
  },
);
const exerciseAction = fc
  .record(
    {
      action: fc.oneof(fc.constantFrom(...EXERCISE_ACTIONS, 'finish', ''), fc.jsonValue({ maxDepth: 1 })),
      stations: fc.oneof(
        fc.constant('all'),
        fc.array(fc.integer({ min: -2, max: 70 }), { maxLength: 4 }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      extra: fc.constant(1),
    },
    { requiredKeys: ['action'] },
  )
  .map((a) => JSON.stringify(a));
const authorization: fc.Arbitrary<readonly string[]> = fc.oneof(
  { weight: 4, arbitrary: fc.constant([`Authorization: Bearer ${TOKEN}`]) },
  {
    weight: 3,
    arbitrary: fc.constantFrom([], ['Authorization: Bearer wrong'], [`Authorization: Basic ${TOKEN}`]),
  },
);
const request = fc
  .record({
    method: fc.oneof(hostileMethod, fc.constantFrom('POST', 'GET')),
    target,
    upgrade: fc.constant('none' as const),
    expect: fc.constantFrom('none', '100-continue'),
    framing: hostileFraming,
    encoding: hostileEncoding,
    body: fc.option(fc.oneof(exerciseAction, jsonBody), { freq: 3 }),
    contentType: fc.constantFrom(undefined, 'application/json'),
    headers: authorization,
  })
  .map((r) => ({ ...buildRequest(r), authorized: r.headers.includes(`Authorization: Bearer ${TOKEN}`) }));

describe("random HTTP requests to a lab's exercise routes", () => {
  it('never get a 5xx or an unbounded answer, and change nothing of the exercise without the token', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const before = exerciseState();
        const ex = await rawExchange(port, r.bytes, { timeoutMs: 8000, maxBytes: 8 * 1024 * 1024 });
        expect(ex.responses.length > 0 || ex.closed, 'answered or closed').toBe(true);
        for (const res of ex.responses) {
          expect(res.status, `${r.method} ${r.target}`).toBeLessThan(500);
          if (!r.authorized) expect(res.status).not.toBe(200);
        }
        expect(ex.bytes).toBeLessThanOrEqual(3 * r.bytes.length + 512 * 1024);
        if (!r.authorized) expect(exerciseState()).toBe(before);
        const plain = httpRequestBytes('GET', '/api/exercise', {
          Connection: 'close',
          Authorization: `Bearer ${TOKEN}`,
        });
        expect((await rawExchange(port, plain)).responses[0]?.status).toBe(200);
      }),
      { numRuns: 200, interruptAfterTimeLimit: 60_000 },
    );
    expect(faults).toEqual([]);
  }, 120_000);
});

const args = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ format: fc.oneof(fc.constantFrom('html', 'csv', 'pdf', ''), fc.jsonValue({ maxDepth: 1 })) }),
  fc.record({ action: fc.constantFrom(...EXERCISE_ACTIONS), stations: fc.constant('all') }),
);
const call = fc.record({
  id: fc.integer({ min: 0, max: 1e6 }),
  method: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('getExercise', 'exerciseReport') },
    { weight: 2, arbitrary: fc.constantFrom(...BRIDGE_METHOD_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom('startExercise', 'stopExercise', '__proto__', 'nope') },
  ),
  args,
});

describe("random bridge calls on a student's window", () => {
  it('are answered, and none of them starts, stops or changes the exercise', async () => {
    const { tagsim } = lab.stations[0]!;
    let ws: RawWs | undefined;
    const before = exerciseState();
    await fc.assert(
      fc.asyncProperty(call, async (c) => {
        ws ??= await openRawWs(tagsim.server.status.port, tagsim.ui!.token);
        const socket = ws;
        const seen = socket.messages.length;
        socket.socket.write(clientFrame(0x1, JSON.stringify(c)));
        const answer = await Promise.race([
          socket.closed.then(() => undefined),
          new Promise<string>((resolve) => {
            const check = setInterval(() => {
              const found = socket.messages.slice(seen).find((m) => m.startsWith(`{"id":${c.id},`));
              if (found) {
                clearInterval(check);
                resolve(found);
              }
            }, 2);
          }),
        ]);
        if (answer === undefined) {
          socket.socket.destroy();
          ws = undefined;
          return;
        }
        expect(answer.length).toBeLessThan(1024 * 1024);
        const parsed = JSON.parse(answer) as { error?: string; result?: unknown };
        if (parsed.error !== undefined) expect(parsed.error).not.toBe('Internal error in TagSim.');
        // What the window reads of the exercise never names the hidden fault.
        if (c.method === 'getExercise' || c.method === 'exerciseReport')
          expect(answer).not.toMatch(/Stuck high sensor|High sensor/);
        expect(exerciseState()).toBe(before);
      }),
      { numRuns: 150, interruptAfterTimeLimit: 60_000 },
    );
    ws?.socket.destroy();
    expect(faults).toEqual([]);
  }, 120_000);
});
