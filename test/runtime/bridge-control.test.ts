// The window's journal, clock and chaos over the bridge (docs/ui.md, "Traffic"): each payload is
// checked in main, and each method reaches the very journal, clock and rules the control API
// serves. Real servers on free ports; the host's 250 ms change check is driven by hand.
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeClient, type BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { BridgeEventMessage } from '../../shared/bridge/bridge-spec.js';
import { MAX_TRAFFIC_LISTING, MAX_TRAFFIC_PATH_FILTER } from '../../shared/bridge/control-spec.js';
import { MAX_FILTER_LENGTH, MAX_PAGE_BYTES } from '../../main/journal/request-journal.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { apiClient } from '../support/http-client.js';
import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { jsonTextOf } from '../../shared/bridge/json-text.js';
import { inMemoryTransport } from '../support/bridge-transports.js';

const open: TagSim[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

interface Station {
  tagsim: TagSim;
  client: BridgeClient;
  http: ReturnType<typeof apiClient>;
  events: BridgeEventMessage[];
  /** Runs the host's change check, as its 250 ms timer would, and waits for it. */
  check(): Promise<void>;
}

async function station(options: Parameters<typeof startTagSim>[0] = {}): Promise<Station> {
  const checks: (() => void)[] = [];
  const tagsim = await startTagSim({
    server: { port: 0 },
    simulation: { startRunning: true, clock: 'virtual', every: () => () => undefined },
    bridge: {
      every: (callback) => {
        checks.push(callback);
        return () => undefined;
      },
    },
    ...options,
  });
  open.push(tagsim);
  const client = createBridgeClient(inMemoryTransport(tagsim.bridge));
  const events: BridgeEventMessage[] = [];
  tagsim.bridge.events.on((message) => events.push(message));
  return {
    tagsim,
    client,
    http: apiClient(tagsim.url!),
    events,
    check: async () => {
      checks.forEach((check) => check());
      // The journal's listing is asynchronous: let it answer.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('the request journal over the bridge', () => {
  it('lists a real HTTP write, newest first, with its body and item errors, and filters it', async () => {
    const { client, http } = await station();
    await http.get('/api/tags');
    await http.put('/api/tag/values/by-name', [
      { name: 'Conveyor entry', value: true },
      { name: 'Nope', value: 1 },
    ]);
    const view = await client.listRequests({});
    expect(view.enabled).toBe(true);
    if (!view.enabled) return;
    expect(view.entries.map((e) => `${e.method} ${e.path}`)).toEqual([
      'PUT /api/tag/values/by-name',
      'GET /api/tags',
    ]);
    expect(view.entries[0]).toMatchObject({ status: 200, itemErrorCount: 1 });
    expect(view.entries[0]!.body).toContain('Conveyor entry');
    expect(view.entries[0]!.itemErrors?.[0]).toMatchObject({ name: 'Nope', code: 404 });
    const writes = await client.listRequests({ path: '/api/tag/values*' });
    expect(writes.enabled && writes.entries.map((e) => e.method)).toEqual(['PUT']);
    const ok = await client.listRequests({ status: '2xx', limit: 1 });
    expect(ok.enabled && ok.entries.length).toBe(1);
  });

  it('answers the newest 200 of a full 10,000-entry journal, and filters all of it', async () => {
    const { tagsim, client } = await station();
    const journal = tagsim.control!.journal!;
    const socket = { remoteAddress: '127.0.0.1', remotePort: 50000 };
    for (let i = 0; i < 10_000; i++) {
      const url = i === 0 ? '/api/tag/values-force' : `/api/tags?n=${i}`;
      journal.record(
        { method: 'GET', url, socket } as never,
        performance.now(),
        200,
        undefined,
        undefined,
        undefined,
      );
    }
    const view = await client.listRequests({});
    expect(view.enabled && view.entries.length).toBe(200);
    expect(view.enabled && view.size).toBe(10_000);
    // The oldest entry is found behind 9,999 others.
    const oldest = await client.listRequests({ path: '/api/tag/values-force' });
    expect(oldest.enabled && oldest.entries.map((e) => e.seq)).toEqual([1]);
  });

  it('answers pages of at most 256 KiB, as the control API pages them, continuing exactly at nextBefore', async () => {
    const { tagsim, client, http } = await station();
    const journal = tagsim.control!.journal!;
    const socket = { remoteAddress: '127.0.0.1', remotePort: 50000 };
    // Writes with 4 KiB bodies: a listing of 1,000 used to answer about 5 MB in one message.
    const body = Buffer.from(JSON.stringify([{ name: 'x'.repeat(4000), value: 1 }]));
    for (let i = 0; i < 1500; i++)
      journal.record(
        { method: 'PUT', url: `/api/tag/values?n=${i}`, socket } as never,
        0,
        200,
        body,
        [],
        undefined,
      );
    const seen: number[] = [];
    let before: number | undefined;
    let pages = 0;
    do {
      const page = await client.listRequests({ limit: MAX_TRAFFIC_LISTING, ...(before ? { before } : {}) });
      if (!page.enabled) throw new Error('the journal is on');
      expect(Buffer.byteLength(JSON.stringify(page.entries))).toBeLessThanOrEqual(MAX_PAGE_BYTES);
      // The control API's page from the same place holds the very same entries.
      const query = before ? `&before=${before}` : '';
      const fromHttp = (await http.get(`/tagsim/v1/requests?limit=${MAX_TRAFFIC_LISTING}${query}`)).json as {
        seq: number;
      }[];
      expect(page.entries.map((e) => e.seq)).toEqual(fromHttp.map((e) => e.seq));
      seen.push(...page.entries.map((e) => e.seq));
      before = page.nextBefore;
      pages++;
    } while (before !== undefined && seen.length < MAX_TRAFFIC_LISTING);
    expect(pages).toBeGreaterThan(10);
    // The window's socket sends the JSON the page was measured by: exactly the view's.
    for (const args of [{}, { limit: 3 }, { before: 40, path: '/api/*' }, { status: '5xx' }]) {
      const view = await tagsim.bridge.api.listRequests(args);
      expect(jsonTextOf(view)).toBe(JSON.stringify(view));
    }
    // Newest first, no gap, no entry twice: the pages make the listing of 1,000 it was.
    expect(seen.slice(0, MAX_TRAFFIC_LISTING)).toEqual(
      Array.from({ length: MAX_TRAFFIC_LISTING }, (_, i) => journal.summary().lastSeq - i),
    );
    await expect(client.listRequests({ before: 0 })).rejects.toThrow('listRequests.before');
  });

  it('checks every payload in main: limit, path length, status filter, unknown fields', async () => {
    const { client } = await station();
    await expect(client.listRequests({ limit: 0 })).rejects.toThrow('listRequests.limit');
    await expect(client.listRequests({ path: 'x'.repeat(MAX_TRAFFIC_PATH_FILTER + 1) })).rejects.toThrow(
      'longer than 256',
    );
    await expect(client.listRequests({ status: '6xx' })).rejects.toThrow('status (404) or a class (4xx)');
    await expect(client.listRequests({ bogus: 1 } as never)).rejects.toThrow('not a known field');
    expect(MAX_TRAFFIC_PATH_FILTER).toBe(MAX_FILTER_LENGTH);
  });

  it('tells the window of new entries and of a clear, once per check', async () => {
    const { client, http, events, check } = await station();
    await check();
    events.length = 0;
    await http.get('/api/tags');
    await http.get('/api/tags');
    await check();
    await check();
    const changes = events.filter((e) => e.event === 'journal');
    expect(changes).toHaveLength(1);
    expect(changes[0]!.payload).toMatchObject({ size: 2 });
    const cleared = await client.clearRequests(undefined);
    expect(cleared.enabled && cleared.size).toBe(0);
  });

  it('says plainly when the journal or the control API is off', async () => {
    const noJournal = await station({ control: { journal: 0 } });
    const view = await noJournal.client.listRequests({});
    expect(view).toEqual({ enabled: false, reason: expect.stringContaining('--journal 0') });
    const noControl = await station({ control: false });
    expect(await noControl.client.listRequests({})).toEqual({
      enabled: false,
      reason: expect.stringContaining('--no-control'),
    });
    expect(await noControl.client.getChaos(undefined)).toMatchObject({ enabled: false });
  });
});

describe('the clock over the bridge', () => {
  it('advancing moves the simTimeMs that GET /tagsim/v1/status answers; a step is one tick', async () => {
    const { client, http, events, check } = await station();
    const advanced = await client.advanceClock({ ms: 1000 });
    expect(advanced).toMatchObject({ mode: 'virtual', simulation: { timeMs: 1000 } });
    expect((await client.stepClock(undefined)).simulation.timeMs).toBe(1010);
    expect((await http.get('/tagsim/v1/status')).json).toMatchObject({ clock: 'virtual', simTimeMs: 1010 });
    await check();
    expect(events.filter((e) => e.event === 'clock').at(-1)?.payload).toMatchObject({
      simulation: { timeMs: 1010 },
    });
  });

  it('answers each advance with the time it finished at, though the next one ran on meanwhile', async () => {
    const { client } = await station();
    const answers = await Promise.all([
      client.advanceClock({ ms: 60_000 }),
      client.advanceClock({ ms: 60_000 }),
    ]);
    expect(answers.map((a) => a.simulation.timeMs).sort((a, b) => a - b)).toEqual([60_000, 120_000]);
  });

  it('switches real and virtual and the time scale as PUT /tagsim/v1/clock does, and refuses an advance on the real clock', async () => {
    const { client, http } = await station();
    expect(await client.setClock({ mode: 'real', timeScale: 2 })).toMatchObject({
      mode: 'real',
      simulation: { timeScale: 2 },
    });
    expect((await http.get('/tagsim/v1/status')).json).toMatchObject({ clock: 'real', timeScale: 2 });
    await expect(client.advanceClock({ ms: 10 })).rejects.toThrow('The clock is real');
    await expect(client.advanceClock({ ms: 0 })).rejects.toThrow('advanceClock.ms');
    await expect(client.setClock({ timeScale: 9 })).rejects.toThrow('setClock.timeScale');
    await expect(client.setClock({ mode: 'fast' as never })).rejects.toThrow('setClock.mode');
  });
});

describe('chaos over the bridge', () => {
  it('loads a rules file checked as --chaos checks it, lists hits, and clears, on the rules the API uses', async () => {
    const { client, http } = await station();
    const bad = await client.loadChaosRules({
      text: '{"rules": [{"path": "/api/tags", "probability": 2}]}',
      fileName: 'flaky.json',
    });
    expect(bad).toMatchObject({ ok: false, message: expect.stringContaining('flaky.json') });
    expect(bad.ok === false && bad.message).toContain('rules[0].probability');
    const loaded = await client.loadChaosRules({
      text: '{"rules": [{"path": "/api/tags", "status": 503, "times": 1}]}',
    });
    expect(loaded).toMatchObject({ ok: true, chaos: { enabled: true, rules: [{ status: 503, hits: 0 }] } });
    expect((await http.get('/api/tags')).status).toBe(503);
    expect(await client.getChaos(undefined)).toMatchObject({ rules: [{ hits: 1 }] });
    expect((await http.get('/tagsim/v1/chaos')).json).toMatchObject({ rules: [{ hits: 1 }] });
    expect(await client.clearChaos(undefined)).toEqual({ enabled: true, rules: [] });
    expect((await http.get('/tagsim/v1/chaos')).json).toEqual({ rules: [] });
    await expect(client.loadChaosRules({ text: 'x'.repeat(1024 * 1024 + 1) })).rejects.toThrow(
      'loadChaosRules.text',
    );
  });
});

describe("a lab station's window", () => {
  it("looks at the instructor's journal and chaos, but cannot clear them or load other rules", async () => {
    const { client, http, tagsim } = await station({
      hiddenFaults: new HiddenFaults(),
      control: { chaos: [{ path: '/api/tags', status: 503 }] },
    });
    await http.get('/api/tags');
    const view = await client.listRequests({});
    expect(view.enabled && view.entries).toHaveLength(1);
    expect(await client.getChaos(undefined)).toMatchObject({ rules: [{ hits: 1 }] });
    await expect(client.clearChaos(undefined)).rejects.toThrow("The instructor's journal and chaos rules");
    await expect(client.loadChaosRules({ text: '{"rules": []}' })).rejects.toThrow('ask the instructor');
    await expect(client.clearRequests(undefined)).rejects.toThrow('ask the instructor');
    expect(tagsim.control!.chaos.list()).toHaveLength(1);
    expect(tagsim.control!.journal!.size).toBe(1);
  });
});
