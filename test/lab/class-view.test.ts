// `tagsim class`: one instructor's dashboard over the stations of several lab processes
// (docs/deploy.md). Two real labs on 127.0.0.1 (one reached by the name `localhost`, so by
// lookup), a third that is down, the class view started by the real CLI; everything over HTTP.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run-cli.js';
import { countFaults } from '../../shared/core/fault-count.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { rawRequest, type RawResponse } from '../support/http-client.js';
import { dashboardRequest, openFeed, RENDERER_DIR, startTestLab, until } from './support.js';

const errorOf = (response: RawResponse) => (response.json as { error?: string }).error;
const CLASS_TOKEN = 'the-class-view-token-42';
const dir = mkdtempSync(join(tmpdir(), 'tagsim-class-'));
const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('tagsim class over three lab processes, one of them down', () => {
  let a: Lab;
  let b: Lab;
  let view = '';
  let stop!: (signal: string) => void;
  let running: Promise<number>;
  const out: string[] = [];
  const err: string[] = [];

  beforeAll(async () => {
    a = await startTestLab({
      stations: [{}, {}],
      dashboard: { port: 0, rendererDir: RENDERER_DIR, token: 'lab-a-token-0123456' },
    });
    b = await startTestLab({ stations: [{}, { label: 'Bench 2' }, {}] });
    const labs = [
      {
        name: 'lab-a',
        url: a.dashboard!.url.replace('127.0.0.1', 'localhost'),
        tokenFile: file('a', 'lab-a-token-0123456\n'),
        stations: 2,
      },
      { name: 'lab-b', url: b.dashboard!.url, tokenFile: file('b', b.dashboard!.token), stations: 3 },
      {
        name: 'lab-c',
        url: `http://127.0.0.1:${await closedPort()}`,
        tokenFile: file('c', 'lab-c-token-0123456'),
        stations: 2,
      },
    ];
    const stopRequested = new Promise<string>((resolve) => (stop = resolve));
    const io = {
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
      stopRequested,
      version: '9.9.9',
      rendererDir: RENDERER_DIR,
    };
    const args = [
      'class',
      '--labs',
      file('class.json', JSON.stringify({ labs })),
      '--port',
      '0',
      '--token-file',
      file('t', CLASS_TOKEN),
    ];
    running = runCli(args, io);
    for (let waited = 0; !out.some((l) => l.startsWith('Class view: ')); waited += 50) {
      if (waited > 10_000) throw new Error(`tagsim class did not start: ${err.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    view = /^Class view: (http:\S+)\/\?token=/.exec(out.at(-1)!)![1]!;
  });

  afterAll(async () => {
    stop('SIGTERM');
    expect(await running).toBe(0);
    await Promise.all([a.close(), b.close()]);
  });

  const get = (path: string, token: string | null = CLASS_TOKEN) =>
    rawRequest(view, 'GET', path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const post = (action: unknown) =>
    rawRequest(view, 'POST', '/api/actions', {
      headers: { Authorization: `Bearer ${CLASS_TOKEN}` },
      body: JSON.stringify(action),
    });

  it('says what it serves, and needs its own token', async () => {
    expect(out.slice(0, 4)).toEqual([
      'TagSim 9.9.9 class: 3 labs, 7 stations  (Ctrl+C to stop)',
      expect.stringMatching(/^ {2}lab-a: http:\/\/localhost:\d+ {2}\(2 stations\)$/),
      expect.stringMatching(/^ {2}lab-b: http:\/\/127\.0\.0\.1:\d+ {2}\(3 stations\)$/),
      expect.stringMatching(/^ {2}lab-c: http:\/\/127\.0\.0\.1:\d+ {2}\(2 stations\)$/),
    ]);
    expect((await get('/api/stations', null)).status).toBe(401);
    expect((await get('/api/stations', 'lab-a-token-0123456')).status).toBe(401);
    expect(JSON.parse((await get('/healthz', null)).text)).toEqual({ status: 'serving', stations: 7 });
  });

  it("lists every lab's stations under the class's numbers, and the lab that did not answer", async () => {
    const listed = JSON.parse((await get('/api/stations')).text) as {
      stations: { number: number; label: string }[];
      labs: { name: string; first: number; ok: boolean; error?: string }[];
    };
    expect(listed.stations.map((s) => [s.number, s.label])).toEqual([
      [1, 'lab-a · station 1'],
      [2, 'lab-a · station 2'],
      [3, 'lab-b · station 1'],
      [4, 'lab-b · Bench 2'],
      [5, 'lab-b · station 3'],
    ]);
    expect(listed.labs.map((l) => [l.name, l.first, l.ok])).toEqual([
      ['lab-a', 1, true],
      ['lab-b', 3, true],
      ['lab-c', 6, false],
    ]);
    expect(listed.labs[2]!.error).toMatch(/^cannot reach it \(ECONNREFUSED at 127\.0\.0\.1:\d+\)$/);
  });

  it("answers a station's tags and plant from its own lab, and names a missing or unreachable one", async () => {
    const tags = await get('/api/stations/4/tags');
    expect(tags.status).toBe(200);
    expect(tags.text).toBe((await dashboardRequest(b, 'GET', '/api/stations/2/tags')).text);
    expect((await get('/api/stations/1/plant/layout')).status).toBe(200);
    // A station's plant feed, passed on from its lab as it comes; a page that leaves closes the lab's.
    const feed = await openFeed(view, CLASS_TOKEN, 4);
    expect(feed.res.statusCode).toBe(200);
    await until(() => feed.messages.some((m) => m.event === 'plant'));
    expect(feed.messages[0]).toMatchObject({
      event: 'scene',
      payload: { scene: b.stations[1]!.tagsim.engine.scene.name },
    });
    expect(b.stations[1]!.tagsim.plant()!.watching).toBe(1);
    feed.close();
    await until(() => b.stations[1]!.tagsim.plant()!.watching === 0);
    const feedDown = await get('/api/stations/6/plant/feed');
    expect(feedDown.status).toBe(502);
    expect(errorOf(feedDown)).toMatch(/^lab-c: cannot reach it \(ECONNREFUSED/);
    const missing = await get('/api/stations/8/tags');
    expect([missing.status, errorOf(missing)]).toEqual([404, 'There is no station "8" in this class.']);
    const down = await get('/api/stations/6/tags');
    expect(down.status).toBe(502);
    expect(errorOf(down)).toMatch(/^lab-c: cannot reach it \(ECONNREFUSED/);
  });

  it('drives stations across labs: each lab gets its own numbers, every outcome in the class numbers', async () => {
    const fault = { tag: 'High sensor', kind: 'alwaysOn', hidden: true };
    const applied = await post({ action: 'applyFault', stations: [2, 4], fault });
    expect([applied.status, applied.json]).toEqual([
      200,
      {
        results: [
          { station: 2, ok: true },
          { station: 4, ok: true },
        ],
      },
    ]);
    expect(a.stations.map((s) => s.hidden.size > 0)).toEqual([false, true]);
    expect(b.stations.map((s) => s.hidden.size > 0)).toEqual([false, true, false]);

    const all = JSON.parse((await post({ action: 'clearAllFaults', stations: 'all' })).text) as {
      results: { station: number; ok: boolean; error?: string }[];
    };
    expect(all.results.map((r) => [r.station, r.ok])).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => [n, n <= 5]));
    expect(all.results[5]!.error).toMatch(/^lab-c: cannot reach it/);
    expect([...a.stations, ...b.stations].every((s) => s.hidden.size === 0)).toBe(true);
  });

  it('refuses a bad action whole, as a lab does, and changes nothing', async () => {
    const unknown = await post({ action: 'run', stations: [1, 9] });
    expect([unknown.status, errorOf(unknown)]).toEqual([404, 'There is no station "9" in this class.']);
    const bad = await post({
      action: 'applyFault',
      stations: [1, 3],
      fault: { tag: 'High sensor', kind: 'melt' },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatch(/^The action has problems: fault\.kind/);
    expect(
      [...a.stations, ...b.stations].every(
        (s) =>
          s.hidden.size === 0 &&
          countFaults(s.tagsim.engine.listTags(), s.tagsim.engine.scene.tags).forced === 0,
      ),
    ).toBe(true);
    expect((await post({ action: 'run', stations: 'some' })).status).toBe(400);
    const report = await get('/api/faults/report.csv');
    expect([report.status, errorOf(report)]).toEqual([
      400,
      "Fault schedules, fault logs and class reports are each lab's: use that lab's own dashboard.",
    ]);
  });
});

describe('tagsim class --labs with a broken class file', () => {
  it('names every problem with its place, and serves nothing', async () => {
    const err: string[] = [];
    const io = {
      out: () => undefined,
      err: (l: string) => err.push(l),
      stopRequested: new Promise<string>(() => undefined),
      version: '9.9.9',
      rendererDir: RENDERER_DIR,
    };
    const lab = { name: 'lab-0', url: 'http://10.0.0.5:7474', tokenFile: 'token', stations: 60 };
    const broken = file(
      'broken.json',
      JSON.stringify({
        labs: [lab, { ...lab, url: 'http://x/api', stations: 65 }, { ...lab, url: 'http://10.0.0.6:7474' }],
      }),
    );
    expect(await runCli(['class', '--labs', broken, '--port', '0'], io)).toBe(1);
    expect(err[0]).toBe(`tagsim: ${broken} is not a valid class file (2 problems):`);
    expect(err.slice(1).join('\n')).toMatch(/labs\[1\]\.url: must be a lab dashboard's address/);
    expect(err.slice(1).join('\n')).toMatch(
      /labs\[1\]\.stations: must be the lab's station count, 1 to 64; got 65/,
    );

    err.length = 0;
    const twice = file(
      'twice.json',
      JSON.stringify({ labs: [lab, { ...lab, url: 'http://10.0.0.6:7474' }] }),
    );
    expect(await runCli(['class', '--labs', twice, '--port', '0'], io)).toBe(1);
    expect(err).toEqual([
      `tagsim: ${twice} is not a valid class file (1 problem):`,
      "  labs[1].name: is labs[0]'s too; each lab has its own",
    ]);
  });
});
