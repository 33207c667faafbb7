// The hostile-input suite for the lab's dashboard: random methods, targets, tokens, Host
// headers, framings, encodings and action bodies, as raw bytes to a real lab on 127.0.0.1.
// Whatever arrives: no 5xx, no crash, an answer bounded in size, nothing changes without the
// token, and the dashboard answers a plain request right after; a plant feed a request opened
// ends with its connection. The same for a class view
// (`tagsim class`) over the lab, which passes requests on to the lab's dashboard. Its stations serve Modbus too:
// malformed frames to one station's Modbus port leave the lab and the other stations answering.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lab } from '../../main/lab/start-lab.js';
import { httpRequestBytes, rawExchange } from '../support/raw-http.js';
import { exceptionOf, frame, modbusExchange, ModbusTestClient, pdu } from '../support/raw-modbus.js';
import { rawRequest } from '../support/http-client.js';
import { act, RENDERER_DIR, startTestLab, until } from '../lab/support.js';
import { classViewRoutes } from '../../main/lab/class-view.js';
import { dashboardPageDir, startDashboardServer } from '../../main/lab/dashboard-server.js';
import { labClient } from '../../main/lab/lab-client.js';
import {
  buildRequest,
  hostileEncoding,
  hostileFraming,
  hostileMethod,
  jsonBody,
  type HostileRequest,
} from './support/http-requests.js';
import { hostileModbusBytes } from './support/modbus-frames.js';
import { hostileLabAction, hostileSchedule } from './support/lab-actions.js';

const TOKEN = 'dashboard-fuzz-token';
let lab: Lab;
let port: number;
const faults: unknown[] = [];

beforeAll(async () => {
  lab = await startTestLab({
    stations: [{}, {}, { scene: { builtin: 'Filling Tank' } }],
    modbus: { port: 0 },
    dashboard: {
      port: 0,
      token: TOKEN,
      rendererDir: RENDERER_DIR,
      timeouts: { headersMs: 1000, requestMs: 2000, keepAliveMs: 1000 },
    },
    reportError: (error) => faults.push(error),
  });
  port = Number(new URL(lab.dashboard!.url).port);
  // The report lists a student's writes around each fault: give it a fault and hostile writes.
  await act(lab, { action: 'applyFault', stations: [1], fault: { tag: 'High sensor', kind: 'alwaysOff' } });
  for (const body of ['[{"name":"<script>x</script>","value":1}]', '=1+1', '{'.repeat(5000)])
    await rawRequest(lab.stations[0]!.tagsim.url!, 'PUT', '/api/tag/values/by-name', { body });
  // And a PLC's writes over Modbus, among them one to an address that holds no tag.
  const plc = await ModbusTestClient.open(modbusPort(1));
  await plc.request(pdu.writeCoils(0, [true, false, true]));
  await plc.request(pdu.writeRegisters(60, [-1, 32767]));
  plc.close();
});
afterAll(() => lab.close());

const PATHS = [
  '/',
  '/index.html',
  '/lab.js',
  '/lab.css',
  '/api',
  '/healthz',
  '/healthz/',
  '/healthz?x=1',
  '/api/stations',
  '/api/stations/1/tags',
  '/api/stations/3/tags',
  '/api/stations/0/tags',
  '/api/stations/99999999999999999999/tags',
  '/api/stations/%2e%2e/tags',
  '/api/stations/1/plant/layout',
  '/api/stations/2/plant/state',
  '/api/stations/0/plant/state',
  '/api/stations/1/plant/',
  '/api/stations/%2e%2e/plant/layout',
  // The plant feed streams: an answer's head is all the exchange reads, then the page is gone.
  '/api/stations/1/plant/feed',
  '/api/stations/3/plant/feed',
  '/api/stations/0/plant/feed',
  '/api/actions',
  '/api/schedules',
  '/api/faults/report.csv',
  '/api/faults/report.html',
  // A lab without an exercise: 404 (test/hostile/exercise-fuzz.test.ts runs one with it).
  '/api/exercise',
  '/api/exercise/actions',
  '/api/exercise/report.html',
];
const target = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PATHS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...PATHS),
        fc.constantFrom('/', '?x=1', '/..', '%00', '%zz', '//', `?token=${TOKEN}`),
      )
      .map(([p, t]) => p + t),
  },
  { weight: 1, arbitrary: fc.constantFrom('*', '', `/api/${'a'.repeat(9000)}`, '//[bad', '/\u00ff') },
);
const authorization: fc.Arbitrary<readonly string[]> = fc.oneof(
  { weight: 5, arbitrary: fc.constant([`Authorization: Bearer ${TOKEN}`]) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      [],
      ['Authorization: Bearer'],
      ['Authorization: Bearer wrong'],
      [`Authorization: Bearer ${TOKEN}x`],
      [`Authorization: Basic ${TOKEN}`],
      [`Authorization: Bearer ${'a'.repeat(5000)}`],
      [`Authorization: Bearer ${TOKEN}`, `Authorization: Bearer ${TOKEN}`],
    ),
  },
  { weight: 1, arbitrary: fc.constant([`Authorization: Bearer ${TOKEN}`, 'Host: evil.example']) },
);
const hostileDashboardRequest: fc.Arbitrary<HostileRequest & { authorized: boolean }> = fc
  .record({
    method: fc.oneof(hostileMethod, fc.constant('POST')),
    target,
    upgrade: fc.constantFrom('none', 'none', 'websocket'),
    expect: fc.constantFrom('none', 'none', '100-continue'),
    framing: hostileFraming,
    encoding: hostileEncoding,
    body: fc.option(fc.oneof(hostileLabAction, hostileSchedule, jsonBody), { freq: 3 }),
    contentType: fc.constantFrom(undefined, 'application/json', 'text/plain'),
    headers: authorization,
  })
  .map((r) => ({
    ...buildRequest(r),
    // Node keeps the first of repeated Authorization headers: twice the right token is the token.
    authorized:
      r.headers.includes(`Authorization: Bearer ${TOKEN}`) && !r.headers.some((h) => h.startsWith('Host:')),
  }));

/** The status of a plain, authorized request for the stations, on a fresh connection. */
async function dashboardStatus(to = port): Promise<number | undefined> {
  const bytes = httpRequestBytes('GET', '/api/stations', {
    Connection: 'close',
    Authorization: `Bearer ${TOKEN}`,
  });
  return (await rawExchange(to, bytes)).responses[0]?.status;
}

/** What a request could change: the stations' tags and simulations, and the fault log. */
const labState = () =>
  JSON.stringify([
    lab.stations.map((s) => [
      s.tagsim.engine.listTagStates(),
      s.tagsim.simulation.status.state,
      s.hidden.size,
    ]),
    lab.log.entries.length,
    lab.schedules.length,
  ]);

/** The property both the dashboard and the class view over it keep, for requests to `to`. */
async function neverFailsWithoutToken(to: number, runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(hostileDashboardRequest, async (request) => {
      const before = labState();
      const ex = await rawExchange(to, request.bytes, { timeoutMs: 8000, maxBytes: 8 * 1024 * 1024 });
      expect(ex.responses.length > 0 || ex.closed, 'answered or closed').toBe(true);
      for (const res of ex.responses) {
        expect(res.status, `${request.method} ${request.target}`).toBeLessThan(500);
        if (!request.authorized && request.target.startsWith('/api')) expect(res.status).not.toBe(200);
      }
      expect(ex.bytes).toBeLessThanOrEqual(3 * request.bytes.length + 512 * 1024);
      if (!request.authorized) expect(labState()).toBe(before);

      expect(await dashboardStatus(to)).toBe(200);
    }),
    { numRuns: runs, interruptAfterTimeLimit: 60_000 },
  );
  expect(faults).toEqual([]);
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  // Every feed a request opened was closed with its connection: no station's plant stream is left watched.
  await until(() => lab.stations.every((s) => (s.tagsim.plant()?.watching ?? 0) === 0));
}

describe("random HTTP requests to the lab's dashboard", () => {
  it('never get a 5xx or an unbounded answer, and change nothing without the token', async () => {
    await neverFailsWithoutToken(port, 300);
  }, 120_000);

  it('keeps answering while many hostile requests arrive at once', async () => {
    const batch = fc.sample(hostileDashboardRequest, { numRuns: 60, seed: 11 });
    const answers = await Promise.all(batch.map((r) => rawExchange(port, r.bytes, { timeoutMs: 8000 })));
    for (const ex of answers) for (const res of ex.responses) expect(res.status).toBeLessThan(500);
    expect(await dashboardStatus()).toBe(200);
    expect(faults).toEqual([]);
  }, 60_000);
});

describe('random HTTP requests to a class view over the lab (tagsim class)', () => {
  it('never get a 5xx or an unbounded answer, and change nothing without the token', async () => {
    const url = lab.dashboard!.url;
    const view = await startDashboardServer({
      host: '127.0.0.1',
      port: 0,
      pageDir: dashboardPageDir(RENDERER_DIR),
      routes: classViewRoutes([{ name: 'lab', url, stations: 3, client: labClient(url, TOKEN) }]),
      token: TOKEN,
      stations: 3,
      timeouts: { headersMs: 1000, requestMs: 2000, keepAliveMs: 1000 },
      onError: (error) => faults.push(error),
    });
    try {
      await neverFailsWithoutToken(Number(new URL(view.url).port), 150);
    } finally {
      await view.close();
    }
  }, 120_000);
});

function modbusPort(station: number): number {
  return lab.stations[station - 1]!.tagsim.modbus!.status.port;
}

/** A plain read on a station's Modbus port, answered without an exception. */
async function modbusAnswers(station: number): Promise<boolean> {
  const client = await ModbusTestClient.open(modbusPort(station));
  try {
    return exceptionOf(await client.request(pdu.read(3, 0, 1))) === undefined;
  } finally {
    client.close();
  }
}

describe("malformed frames to a lab station's Modbus port", () => {
  it('leave the lab, the other stations and the dashboard answering, their tags untouched', async () => {
    const others = () =>
      JSON.stringify([1, 3].map((n) => lab.stations[n - 1]!.tagsim.engine.listTagStates()));
    // The dashboard's fuzz may have run the simulations: stand them still, so tags change only by writes.
    await act(lab, { action: 'pause', stations: 'all' });
    const before = others();
    const fixed = [
      Buffer.from([0, 1, 0, 0, 0xff, 0xff, 1, 3]), // a length no frame can have
      frame(1, 1, pdu.read(3, 0, 1)).subarray(0, 9), // half a frame
      Buffer.from([0, 1, 0, 7, 0, 6, 1, 5, 0, 0, 0xff, 0]), // protocol id 7
      frame(2, 1, [15, 0, 0, 0xff, 0xff, 1, 0]), // more coils than the byte count holds
      Buffer.alloc(4096, 0xff),
    ];
    for (const bytes of fixed) await modbusExchange(modbusPort(2), bytes, 50);
    await fc.assert(
      fc.asyncProperty(hostileModbusBytes, async (sent) => {
        await modbusExchange(modbusPort(2), sent.bytes, 30);
      }),
      { numRuns: 80, interruptAfterTimeLimit: 20_000 },
    );
    expect(others()).toBe(before);
    for (const station of [1, 2, 3]) expect(await modbusAnswers(station), `station ${station}`).toBe(true);
    expect((await rawRequest(lab.stations[0]!.tagsim.url!, 'GET', '/api/tag/values')).status).toBe(200);
    expect(await dashboardStatus()).toBe(200);
    expect(faults).toEqual([]);
  }, 60_000);
});

describe("random requests to a lab station's control API (the instructor's)", () => {
  it('change nothing and get 401 or 403 without the dashboard token, even from 127.0.0.1; never a 5xx', async () => {
    const controlRequest = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      path: fc.constantFrom(
        '/tagsim/v1/reset',
        '/tagsim/v1/scene',
        '/tagsim/v1/state',
        '/tagsim/v1/status',
        '/tagsim/v1/clock',
        '/tagsim/v1/clock/advance',
        '/tagsim/v1/chaos',
        '/tagsim/v1/requests',
      ),
      body: fc.option(
        fc.oneof(
          fc.constantFrom('{"scene": "Filling Tank"}', '{"ms": 60000}', '{"mode": "virtual"}', '{}'),
          jsonBody,
        ),
      ),
      token: fc.constantFrom(undefined, 'wrong', `${TOKEN}x`, TOKEN),
      station: fc.integer({ min: 0, max: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(controlRequest, async (r) => {
        const before = labState();
        const res = await rawRequest(lab.stations[r.station]!.tagsim.url!, r.method, r.path, {
          ...(r.body !== null ? { body: r.body } : {}),
          headers: r.token !== undefined ? { Authorization: `Bearer ${r.token}` } : {},
        });
        expect(res.status, `${r.method} ${r.path}`).toBeLessThan(500);
        if (r.token !== TOKEN) {
          expect([401, 403]).toContain(res.status);
          expect(labState()).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
  });
});
