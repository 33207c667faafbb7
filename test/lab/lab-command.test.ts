// `tagsim lab` on the command line: what it accepts, and the one line it answers to a mistake.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { usageOf } from '../support/usage.js';
import { runCli } from '../../main/cli/run-cli.js';
import { parseLabFile } from '../../shared/lab/lab-file.js';
import { planLabPorts } from '../../shared/lab/lab-plan.js';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: (signal: string) => void;
  const stopRequested = new Promise<string>((resolve) => (stop = resolve));
  return {
    out,
    err,
    stop,
    io: {
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
      stopRequested,
      version: '9.9.9',
      rendererDir: '/nonexistent/',
    },
  };
}

const usage = usageOf;

describe('tagsim lab on the command line', () => {
  it('takes the station count, the first port, one scene for all or one per station', () => {
    expect(parseCli(['lab', '--stations', '3', '--port', '8000'])).toMatchObject({
      command: 'lab',
      stations: { count: 3, scenes: [undefined, undefined, undefined] },
      port: 8000,
      host: '127.0.0.1',
      dashboardPort: undefined,
    });
    expect(parseCli(['lab', '--stations', '2', '--scene', 'Filling Tank'])).toMatchObject({
      stations: { scenes: [{ builtin: 'Filling Tank' }, { builtin: 'Filling Tank' }] },
    });
    expect(
      parseCli(['lab', '--stations', '2', '--scene', 'Filling Tank', '--scene', 'my.tagsim.json']),
    ).toMatchObject({ stations: { scenes: [{ builtin: 'Filling Tank' }, { file: 'my.tagsim.json' }] } });
    // Every other command takes the last --scene, as before.
    expect(parseCli(['serve', '--scene', 'A', '--scene', 'Filling Tank'])).toMatchObject({
      scene: { builtin: 'Filling Tank' },
    });
  });

  it.each([
    [['lab'], 'tagsim lab needs --stations <n> (1 to 64) or --lab-file <file>'],
    [['lab', '--stations', '0'], "--stations must be from 1 to 64; got '0'"],
    [['lab', '--stations', '65'], "--stations must be from 1 to 64; got '65'"],
    [['lab', '--stations', 'x'], "--stations must be a whole number; got 'x'"],
    [
      ['lab', '--stations', '3', '--scene', 'A', '--scene', 'B'],
      'give one --scene for every station or one for all; got 2 for 3 stations',
    ],
    [
      ['lab', '--stations', '3', '--port', '65534'],
      '3 stations from port 65534 would need ports up to 65536; the highest port is 65535 (choose a lower --port)',
    ],
    [
      ['lab', '--stations', '3', '--port', '9000', '--dashboard-port', '9001'],
      "the dashboard's port 9001 is station 2's; choose one outside 9000-9002",
    ],
    [
      ['lab', '--stations', '2', '--dashboard-port', '70000'],
      "--dashboard-port must be from 0 to 65535; got '70000'",
    ],
    [
      ['lab', '--lab-file', 'lab.json', '--stations', '2'],
      '--lab-file names the stations and their scenes: leave out --stations and --scene',
    ],
    [['serve', '--stations', '2'], "--stations is an option of 'tagsim lab'"],
  ])('%j is refused: %s', (argv, message) => {
    expect(usage(argv)).toBe(message);
  });

  it('the dashboard goes after the last station unless told; port 0 picks free ports for all', () => {
    expect(planLabPorts(3, 7410)).toEqual({ stations: [7410, 7411, 7412], dashboard: 7413 });
    expect(planLabPorts(2, 0)).toEqual({ stations: [0, 0], dashboard: 0 });
    expect(planLabPorts(2, 7410, 9000)).toEqual({ stations: [7410, 7411], dashboard: 9000 });
    expect(planLabPorts(2, 65534)).toMatch(/^the dashboard's port must be from 0 to 65535; got 65536/);
  });

  it('serves the stations until stopped, each on its port, and says so', async () => {
    const t = io();
    const running = runCli(['lab', '--stations', '2', '--port', '0', '--scene', 'Filling Tank'], t.io);
    await expect.poll(() => t.out.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(t.out[0]).toBe('TagSim 9.9.9 lab: 2 stations on 127.0.0.1  (Ctrl+C to stop)');
    const urls = t.out.slice(1, 3).map((line) => /station \d: (http:\S+) {2}"Filling Tank"$/.exec(line)?.[1]);
    expect(urls[0]).not.toBe(urls[1]);
    for (const url of urls) expect((await fetch(`${url}/api/tags`)).status).toBe(200);
    t.stop('SIGINT');
    expect(await running).toBe(0);
    expect(t.out.at(-1)).toBe('TagSim lab stopped (SIGINT).');
  });

  it('reads a lab file: its scene files relative to it, and every problem with its place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-lab-'));
    const file = join(dir, 'lab.json');
    writeFileSync(file, JSON.stringify({ stations: [{ scene: 'Filling Tank', label: 'Bench 1' }, {}] }));
    const t = io();
    const running = runCli(['lab', '--lab-file', file, '--port', '0'], t.io);
    await expect.poll(() => t.out.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(t.out[1]).toMatch(/^ {2}station 1 \(Bench 1\): http:\S+ {2}"Filling Tank"$/);
    expect(t.out[2]).toMatch(/^ {2}station 2: http:\S+ {2}"Sorting by Height \(Basic\)"$/);
    t.stop('SIGTERM');
    expect(await running).toBe(0);

    writeFileSync(file, JSON.stringify({ stations: [{ scene: 3 }, { scne: 'x' }] }));
    const bad = io();
    expect(await runCli(['lab', '--lab-file', file], bad.io)).toBe(1);
    expect(bad.err).toEqual([
      `tagsim: ${file} is not a valid lab file (2 problems):`,
      '  stations[0].scene: must be a string; got number 3',
      "  stations[1].scne: unknown field; did you mean 'scene'? (known fields here: scene, label, studentMode, controlApi, modbusClient, opcuaClient)",
    ]);
  });

  it('refuses a lab file that is not one, in one line', () => {
    expect(() => parseLabFile('[]', 'l.json')).toThrow(
      'l.json is not a valid lab file (1 problem):\n  (file): a lab file is a JSON object such as {"stations": [...]}; got an array',
    );
    expect(() => parseLabFile('{"stations": []}')).toThrow(
      'stations: must be a non-empty array of stations such as {"scene": "Filling Tank"}; got an empty array',
    );
    const many = JSON.stringify({ stations: Array.from({ length: 65 }, () => ({})) });
    expect(() => parseLabFile(many)).toThrow('stations: has 65 stations; a lab has at most 64');
  });

  it('runs a fault schedule file, and refuses one with problems before serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-lab-'));
    const file = join(dir, 'lesson.json');
    writeFileSync(
      file,
      JSON.stringify({ faults: [{ at: 60000, fault: { tag: 'Load', kind: 'alwaysOn' } }] }),
    );
    const t = io();
    const running = runCli(['lab', '--stations', '2', '--port', '0', '--schedule', file], t.io);
    await expect.poll(() => t.out.some((l) => l.startsWith('Dashboard: ')), { timeout: 10_000 }).toBe(true);
    expect(t.out).toContain(`Schedule: ${file} (2 faults to inject)`);
    t.stop('SIGINT');
    expect(await running).toBe(0);

    writeFileSync(file, JSON.stringify({ faults: [{ at: 0, fault: { tag: 'Nope', kind: 'alwaysOn' } }] }));
    const bad = io();
    expect(await runCli(['lab', '--stations', '1', '--port', '0', '--schedule', file], bad.io)).toBe(1);
    expect(bad.err).toEqual([
      `tagsim: ${file} is not a valid fault schedule (1 problem):`,
      `  faults[0].fault.tag (station 1, "Sorting by Height (Basic)"): no tag is named 'Nope' in this scene`,
    ]);
    expect(usage(['lab', '--stations', '1', '--schedule', ' '])).toBe('--schedule needs a file name');
  });

  it('names the station whose scene is unknown or whose port is taken, and starts nothing', async () => {
    const t = io();
    expect(
      await runCli(
        ['lab', '--stations', '2', '--port', '0', '--scene', 'Filling Tank', '--scene', 'Nope'],
        t.io,
      ),
    ).toBe(1);
    expect(t.err).toEqual([
      "tagsim: station 2: unknown scene 'Nope'; 'tagsim scenes' lists the built-in scenes, and a scene file's name ends in .tagsim.json or .factoryio",
    ]);
  });
});
