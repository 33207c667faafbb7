// The control API's options of `tagsim serve` and `tagsim run` (docs/control-api.md): parsed,
// documented in --help, and what they do to a real server.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandHelp } from '../../main/cli/cli-help.js';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { createControlApi } from '../../main/control/control-api.js';
import { controlNotice } from '../../main/control/control-notice.js';
import { SceneService } from '../../main/runtime/scene-service.js';
import { createSimulationHost } from '../../main/runtime/simulation-host.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';

/** `tagsim <argv>` in process: its lines, its exit code, and Ctrl+C. */
const cli = (argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: (signal: string) => void;
  const done = runCli(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    stopRequested: new Promise((resolve) => (stop = resolve)),
    version: '9.9.9',
    rendererDir: '/nonexistent/',
  });
  return { out, err, done, stop: (signal = 'SIGTERM') => stop(signal) };
};

describe('--no-control and --control-open', () => {
  it('are parsed for serve and run; the control API is on by default', () => {
    expect(parseCli(['serve'])).toMatchObject({ control: true, controlOpen: false });
    expect(parseCli(['serve', '--no-control'])).toMatchObject({ control: false });
    expect(parseCli(['serve', '--host', '0.0.0.0', '--control-open'])).toMatchObject({ controlOpen: true });
    expect(parseCli(['run', 's.json', '--no-control'])).toMatchObject({ command: 'run', control: false });
    expect(parseCli(['run', 's.json', '--control-open'])).toMatchObject({ controlOpen: true });
  });

  it.each([
    [['serve', '--no-control', '--control-open'], '--control-open and --no-control cannot be used together'],
    [['import', '--no-control'], "--no-control is an option of 'tagsim serve' and 'tagsim run'"],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(message);
  });

  it('are in the help of serve and run', () => {
    for (const command of ['serve', 'run'] as const) {
      const help = commandHelp(command);
      expect(help).toMatch(/^ {2}--no-control +Do not serve the control API at \/tagsim\/v1\//m);
      expect(help).toMatch(/^ {2}--control-open +On a --host that is not a loopback address/m);
    }
  });

  it('serve --no-control answers /tagsim/v1/ paths like any unknown path', async () => {
    const t = cli(['serve', '--port', '0', '--paused', '--no-control']);
    await expect.poll(() => t.out.some((line) => line.startsWith('Simulation:'))).toBe(true);
    const url = /Listening on (\S+)/.exec(t.out[1]!)![1]!;
    const answer = await fetch(`${url}/tagsim/v1/status`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ code: 404, error: 'No such endpoint: GET /tagsim/v1/status' });
    // Nothing is said of a control API on a loopback host.
    expect(t.out.filter((line) => line.includes('Control API'))).toEqual([]);
    t.stop();
    expect(await t.done).toBe(0);
  });
});

describe('--journal', () => {
  it('is parsed for serve and run, from 0 to 100000, and goes with the control API', () => {
    expect(parseCli(['serve'])).toMatchObject({ journal: undefined });
    expect(parseCli(['serve', '--journal', '0'])).toMatchObject({ journal: 0 });
    expect(parseCli(['run', 's.json', '--journal', '50'])).toMatchObject({ journal: 50 });
    expect(() => parseCli(['serve', '--journal', '100001'])).toThrow(
      "--journal must be from 0 to 100000; got '100001'",
    );
    expect(() => parseCli(['serve', '--journal', '-1'])).toThrow("option '--journal' needs a value");
    expect(() => parseCli(['serve', '--journal', '5', '--no-control'])).toThrow(
      '--journal goes with the control API (not with --no-control)',
    );
    expect(commandHelp('serve')).toMatch(/^ {2}--journal <n> +Keep the last n requests to the tag API/m);
  });

  it('serve --journal 2 keeps the last two requests; --journal 0 keeps none', async () => {
    const t = cli(['serve', '--port', '0', '--paused', '--journal', '2']);
    await expect.poll(() => t.out.some((line) => line.startsWith('Simulation:'))).toBe(true);
    const url = /Listening on (\S+)/.exec(t.out[1]!)![1]!;
    for (const path of ['/api/tags', '/api/tag/values', '/api/tags?x'])
      await (await fetch(`${url}${path}`)).text();
    const kept = (await (await fetch(`${url}/tagsim/v1/requests`)).json()) as { path: string }[];
    expect(kept.map((e) => e.path)).toEqual(['/api/tags', '/api/tag/values']);
    t.stop();
    expect(await t.done).toBe(0);

    const off = cli(['serve', '--port', '0', '--paused', '--journal', '0']);
    await expect.poll(() => off.out.some((line) => line.startsWith('Simulation:'))).toBe(true);
    const offUrl = /Listening on (\S+)/.exec(off.out[1]!)![1]!;
    expect((await fetch(`${offUrl}/tagsim/v1/requests`)).status).toBe(409);
    off.stop();
    expect(await off.done).toBe(0);
  });
});

describe('--chaos', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagsim-chaos-'));

  it('serve starts with the rules of the file, and says so', async () => {
    const file = join(dir, 'chaos.json');
    writeFileSync(file, JSON.stringify({ rules: [{ method: 'PUT', status: 503, probability: 0.1 }] }));
    const t = cli(['serve', '--port', '0', '--paused', '--chaos', file]);
    await expect.poll(() => t.out.some((line) => line.startsWith('Chaos:'))).toBe(true);
    expect(t.out[3]).toBe(`Chaos: 1 rule from ${file} (GET /tagsim/v1/chaos lists them)`);
    const url = /Listening on (\S+)/.exec(t.out[1]!)![1]!;
    expect(await (await fetch(`${url}/tagsim/v1/chaos`)).json()).toEqual({
      rules: [{ method: 'PUT', status: 503, probability: 0.1, hits: 0 }],
    });
    t.stop();
    expect(await t.done).toBe(0);
  });

  it('refuses a file with problems, listing them, and a file it cannot read', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ rules: [{ status: 200 }, { latencyMs: -1 }] }));
    const bad = cli(['serve', '--port', '0', '--chaos', file]);
    expect(await bad.done).toBe(1);
    expect(bad.err).toEqual([
      'tagsim: bad.json is not a valid chaos rules file (2 problems):',
      '  rules[0].status: must be an error status from 400 to 599; got 200',
      '  rules[1].latencyMs: must be a whole number of milliseconds from 0 to 60000, or a range [min, max] of them; got -1',
    ]);
    const missing = cli(['run', join(dir, 'no-scenario.json'), '--chaos', join(dir, 'none.json')]);
    expect(await missing.done).toBe(1);
    const gone = cli(['serve', '--port', '0', '--chaos', join(dir, 'none.json')]);
    expect(await gone.done).toBe(1);
    expect(gone.err).toEqual([`tagsim: cannot open ${join(dir, 'none.json')}: no such file`]);
    expect(() => parseCli(['serve', '--chaos', 'x.json', '--no-control'])).toThrow(
      '--chaos goes with the control API (not with --no-control)',
    );
    expect(commandHelp('run')).toMatch(/^ {2}--chaos <file> +Start with the chaos rules of this file/m);
  });
});

describe('--clock', () => {
  it('serve --clock virtual stands still and says how it moves', async () => {
    const t = cli(['serve', '--port', '0', '--clock', 'virtual']);
    const out = t.out;
    await expect.poll(() => out.some((line) => line.startsWith('Simulation:'))).toBe(true);
    expect(out[2]).toBe(
      'Simulation: running on a virtual clock (it moves only through POST /tagsim/v1/clock/advance), ' +
        "seed 1; the scene's 6 behaviours",
    );
    const url = /Listening on (\S+)/.exec(out[1]!)![1]!;
    expect(await (await fetch(`${url}/tagsim/v1/status`)).json()).toMatchObject({
      clock: 'virtual',
      version: '9.9.9',
      simTimeMs: 0,
    });
    t.stop();
    expect(await t.done).toBe(0);
  });

  it('is in the help of serve and run', () => {
    expect(commandHelp('serve')).toMatch(
      /^ {2}--clock <mode> +real \(default\): simulation time follows the real clock/m,
    );
    expect(commandHelp('run')).toContain("the scenario's step times follow it");
  });
});

describe('the start-up line', () => {
  const controlOn = (host: string, open = false) => {
    const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
    const parts = {
      engine,
      scenes: new SceneService(engine, memorySettingsStore()),
      simulation: createSimulationHost(engine, { every: () => () => undefined }),
      host: () => host,
    };
    return createControlApi(parts, { token: 'the-token-printed-at-start', open });
  };

  it('prints the token on a non-loopback host, or that it is open, and nothing on loopback', () => {
    expect(controlNotice(controlOn('0.0.0.0'), 'http://0.0.0.0:7410', '0.0.0.0')).toBe(
      'Control API: http://0.0.0.0:7410/tagsim/v1/ (send Authorization: Bearer the-token-printed-at-start)',
    );
    expect(controlNotice(controlOn('0.0.0.0', true), 'http://0.0.0.0:7410', '0.0.0.0')).toBe(
      'Control API: http://0.0.0.0:7410/tagsim/v1/ takes requests without a token from anyone who can reach 0.0.0.0 (--control-open)',
    );
    expect(controlNotice(controlOn('127.0.0.1'), 'http://127.0.0.1:7410', '127.0.0.1')).toBeUndefined();
    expect(controlNotice(undefined, 'http://0.0.0.0:7410', '0.0.0.0')).toBeUndefined();
  });
});
