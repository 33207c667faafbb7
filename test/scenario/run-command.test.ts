import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { byNameClient } from '../support/by-name.js';
import { cliIo, cliListeningUrl } from '../support/cli-io.js';
import { childElements, parseXmlStrict } from './strict-xml.js';

// `tagsim run` in-process: the command line, and the runs that cannot start. The real command,
// with a client under test, is in run-e2e.test.ts.

const dir = mkdtempSync(join(tmpdir(), 'tagsim-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function scenarioFile(name: string, json: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof json === 'string' ? json : JSON.stringify(json));
  return path;
}

const base = { format: 'tagsim-scenario', version: 1, name: 'In process' };

describe('tagsim run: the command line', () => {
  it('takes the scenario file and the options of a run', () => {
    expect(
      parseCli([
        'run',
        's.json',
        '--scene',
        'filling tank',
        '--port',
        '0',
        '--host',
        '0.0.0.0',
        '--report',
        'r.xml',
        '--seed',
        '42',
      ]),
    ).toEqual({
      command: 'run',
      scenario: 's.json',
      scene: { builtin: 'filling tank' },
      host: '0.0.0.0',
      port: 0,
      report: 'r.xml',
      seed: 42,
      paused: false,
      timeScale: undefined,
    });
    expect(parseCli(['run', 's.json'])).toEqual({
      command: 'run',
      scenario: 's.json',
      scene: undefined,
      host: '127.0.0.1',
      port: 7410,
      report: undefined,
      seed: undefined,
      paused: false,
      timeScale: undefined,
    });
    expect(parseCli(['run', 's.json', '--scene', 'line3.tagsim.json'])).toMatchObject({
      scene: { file: 'line3.tagsim.json' },
    });
  });

  it('takes --paused and --time-scale as serve does (2, 0.5 or 2x)', () => {
    expect(parseCli(['run', 's.json', '--paused', '--time-scale', '4'])).toMatchObject({
      command: 'run',
      paused: true,
      timeScale: 4,
    });
    expect(parseCli(['run', 's.json', '--time-scale', '0.25x'])).toMatchObject({
      paused: false,
      timeScale: 0.25,
    });
    expect(parseCli(['run', 's.json', '--time-scale', '8'])).toMatchObject({ timeScale: 8 });
  });

  it.each([
    [['run'], 'tagsim run needs a scenario file: tagsim run <scenario.json>'],
    [['run', 'a.json', 'b.json'], "unexpected argument 'b.json'"],
    [['serve', '--report', 'r.xml'], "--report is an option of 'tagsim run' and 'tagsim grade'"],
    [
      ['scenes', '--seed', '1'],
      "--seed is an option of 'tagsim serve' and 'tagsim run' and 'tagsim lab' and 'tagsim grade'",
    ],
    [['run', 's.json', '--ui'], "--ui is an option of 'tagsim serve' and 'tagsim lab'"],
    [['run', 's.json', '--seed', 'x'], "--seed must be a whole number; got 'x'"],
    [['run', 's.json', '--seed', '4294967296'], "--seed must be from 0 to 4294967295; got '4294967296'"],
    [['run', 's.json', '--report', ' '], '--report needs a file name, for example junit.xml'],
    [['run', 's.json', '--port', '99999'], "--port must be from 0 to 65535; got '99999'"],
    [
      ['run', 's.json', '--time-scale', '9'],
      "--time-scale must be a number from 0.25 to 8 (like 2 or 0.5); got '9'",
    ],
    [
      ['run', 's.json', '--time-scale', 'abc'],
      "--time-scale must be a number from 0.25 to 8 (like 2 or 0.5); got 'abc'",
    ],
    [['run', 's.json', '--time-scale'], "option '--time-scale' needs a value"],
    [['scenes', '--paused'], "--paused is an option of 'tagsim serve' and 'tagsim run' and 'tagsim lab'"],
  ])('rejects %j with exit code 2', async (argv, message) => {
    const t = cliIo();
    expect(await runCli(argv, t.io)).toBe(2);
    expect(t.err).toEqual([`tagsim: ${message} (see 'tagsim --help')`]);
  });

  it('is in the help', async () => {
    const t = cliIo();
    await runCli(['--help'], t.io);
    expect(t.out.join('\n')).toContain('run <scenario>');
    expect(t.out.join('\n')).toContain('--report <file>');
    const runOptions = t.out.join('\n').split('Options of run')[1]!.split('Options of snapshot')[0]!;
    expect(runOptions).toContain('--paused');
    expect(runOptions).toContain('--time-scale <x>');
  });
});

describe('tagsim run: a run that cannot start', () => {
  it('lists the problems of the scenario file and says so in the report', async () => {
    const path = scenarioFile('bad.json', { ...base, version: 3, steps: [{ at: 0, set: 'A' }] });
    const report = join(dir, 'reports', 'bad.xml');
    const t = cliIo();
    expect(await runCli(['run', path, '--port', '0', '--report', report], t.io)).toBe(1);
    expect(t.err).toEqual([
      'tagsim: bad.json is not a valid scenario (2 problems):',
      '  version: 3 is newer than this TagSim reads (1); update TagSim',
      '  steps[0].value: set needs a value (true/false, or a number)',
    ]);
    expect(t.out).toEqual([]);
    const suite = parseXmlStrict(readFileSync(report, 'utf8'));
    expect(suite.attributes).toMatchObject({ name: 'bad.json', tests: '1', errors: '1' });
    const error = childElements(childElements(suite, 'testcase')[0]!, 'error')[0]!;
    expect(error.attributes['message']).toBe('bad.json is not a valid scenario (2 problems):');
  });

  it('names a missing file', async () => {
    const t = cliIo();
    expect(await runCli(['run', join(dir, 'nope.json'), '--port', '0'], t.io)).toBe(1);
    expect(t.err).toEqual([`tagsim: cannot open ${join(dir, 'nope.json')}: no such file`]);
  });

  it('checks the tags against the scene before serving', async () => {
    const path = scenarioFile('tags.json', {
      ...base,
      scene: 'Filling Tank',
      steps: [{ force: 'Pallet sensor', value: true }],
    });
    const report = join(dir, 'tags.xml');
    const t = cliIo();
    expect(await runCli(['run', path, '--port', '0', '--report', report], t.io)).toBe(1);
    expect(t.err).toEqual([
      'tagsim: tags.json is not a valid scenario for the scene "Filling Tank" (1 problem):',
      "  steps[0].force: no tag is named 'Pallet sensor' in this scene (names are case-sensitive)",
    ]);
    // The suite is named after the scenario once the file could be read.
    expect(parseXmlStrict(readFileSync(report, 'utf8')).attributes['name']).toBe('In process');
  });

  it('names an unknown scene and a taken port', async () => {
    const path = scenarioFile('ok.json', { ...base, steps: [{ log: 'hi' }] });
    const t = cliIo();
    expect(await runCli(['run', path, '--port', '0', '--scene', 'Nope'], t.io)).toBe(1);
    expect(t.err[0]).toMatch(/^tagsim: unknown scene 'Nope'/);

    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const u = cliIo();
      const report = join(dir, 'port.xml');
      expect(await runCli(['run', path, '--port', String(port), '--report', report], u.io)).toBe(1);
      expect(u.err).toEqual([
        `tagsim: port ${port} on 127.0.0.1 is already in use; stop the other program or choose another port with --port`,
      ]);
      expect(existsSync(report)).toBe(true);
    } finally {
      blocker.close();
    }
  });
});

describe('tagsim run: in process', () => {
  it('serves the scenario scene, runs the steps and stops serving', async () => {
    const path = scenarioFile('pass.json', {
      ...base,
      scene: 'filling tank',
      timeoutMs: 10_000,
      steps: [
        { force: 'Fill', value: true },
        { waitFor: { tag: 'Fill valve', equals: true }, timeoutMs: 8000, name: 'client opens the valve' },
        { expect: { tag: 'Fill', equals: true } },
      ],
    });
    const t = cliIo();
    const done = runCli(['run', path, '--port', '0'], t.io);
    await expect.poll(() => t.out.find((l) => l.startsWith('Listening on')), { timeout: 5000 }).toBeDefined();
    expect(t.out[0]).toBe('TagSim 9.9.9 running scenario "In process" (3 steps) on "Filling Tank" (14 tags)');
    const url = /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(
      t.out.find((l) => l.startsWith('Listening on'))!,
    )![1]!;
    // The client under test: sees Fill (forced on by the scenario), opens the valve.
    const tags = (await (await fetch(`${url}/api/tags?name=Fill`)).json()) as { value: boolean }[];
    expect(tags[0]!.value).toBe(true);
    const put = await fetch(`${url}/api/tag/values/by-name`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ name: 'Fill valve', value: true }]),
    });
    expect(await put.json()).toEqual([]);
    expect(await done).toBe(0);
    expect(t.out.at(-1)).toMatch(/PASSED: 3 of 3 checks passed \(completed\)$/);
    expect(t.out.some((l) => /ok {4}"client opens the valve"/.test(l))).toBe(true);
    await expect(fetch(`${url}/api/tags`)).rejects.toThrow();
  });

  it('times steps on simulation time: a paused simulation holds them back', async () => {
    const path = scenarioFile('paused.json', {
      ...base,
      timeoutMs: 10_000,
      steps: [
        { waitFor: { tag: { name: 'FACTORY I/O (Paused)', kind: 'Input' }, equals: true }, timeoutMs: 5000 },
        { after: 300, log: '300 ms of simulation time later' },
      ],
    });
    const t = cliIo();
    const done = runCli(['run', path, '--port', '0', '--seed', '5'], t.io);
    const tags = byNameClient(await cliListeningUrl(t));
    expect(t.out[1]).toMatch(/^Step times are simulation time \(running at 1x, seed 5; \d+ behaviours\)$/);
    await tags.write({ 'FACTORY I/O (Pause)': true });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(t.out.some((l) => l.includes('log:'))).toBe(false);
    await tags.write({ 'FACTORY I/O (Run)': true, 'FACTORY I/O (Pause)': false });
    expect(await done).toBe(0);
    expect(t.out.some((l) => l.endsWith('log: 300 ms of simulation time later'))).toBe(true);
  });

  it('ends as interrupted on Ctrl+C, with the report saying so', async () => {
    const path = scenarioFile('interrupted.json', {
      ...base,
      steps: [{ waitFor: { tag: 'Counter', ge: 1 }, name: 'a count' }],
    });
    const report = join(dir, 'interrupted.xml');
    const t = cliIo();
    const done = runCli(['run', path, '--port', '0', '--report', report], t.io);
    await cliListeningUrl(t);
    t.stop('SIGINT');
    expect(await done).toBe(1);
    const suite = parseXmlStrict(readFileSync(report, 'utf8'));
    expect(suite.attributes).toMatchObject({ tests: '2', failures: '1', errors: '1' });
    const [wait, run] = childElements(suite, 'testcase');
    expect(childElements(wait!, 'failure')[0]!.attributes['message']).toBe(
      'the run was interrupted (SIGINT) while it was waiting: expected Counter >= 1; actual: Counter = 0',
    );
    expect(childElements(run!, 'error')[0]!.attributes['message']).toBe(
      'interrupted (SIGINT); it was at steps[0] (wait for Counter >= 1)',
    );
  });
});
