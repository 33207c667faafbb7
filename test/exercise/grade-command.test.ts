// `tagsim grade` in-process: the command line, a controller it runs over the real tag API on a
// virtual clock (passing, then failing), a controller already running, and an exercise that
// cannot run. Every run writes the JUnit report and the class report.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { cliIo, cliListeningUrl } from '../support/cli-io.js';
import { childElements, parseXmlStrict } from '../scenario/strict-xml.js';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-grade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EXERCISE = 'From A to B, with a watchdog';

/**
 * The model answer of the exercise as a student's program: it reads the sensors over the tag API,
 * writes the conveyor, and advances the virtual clock one scan at a time. With `watchdog` false it
 * ignores the dead sensor; with `idle` it writes nothing at all (and only moves the clock).
 */
function controllerScript(name: string, mode: 'model' | 'ignoring' | 'idle'): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `const url = process.env.TAGSIM_URL;
const call = async (method, path, body) => {
  const res = await fetch(url + path, { method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
  return res.json();
};
const tags = await call('GET', '/api/tags');
const id = (name) => tags.find((t) => t.name === name && t.kind === 'Input').id;
const [a, b] = [id('Sensor A'), id('Sensor B')];
const SCAN = 200;
let run = false, sinceA = 0, resting = 0;
console.log('controller ready at', url);
for (;;) {
  if (${JSON.stringify(mode)} !== 'idle') {
    const values = Object.fromEntries((await call('GET', '/api/tag/values')).map((v) => [v.id, v.value]));
    const atA = values[a] === false;
    if (resting > 0 && (resting -= SCAN) <= 0) { resting = 0; run = true; sinceA = 0; }
    else if (resting === 0 && atA) run = true;
    if (values[b] === false) run = false;
    sinceA = run && !atA ? sinceA + SCAN : 0;
    if (${JSON.stringify(mode)} === 'model' && sinceA > 6000) { run = false; resting = 5000; }
    await call('PUT', '/api/tag/values/by-name', [{ name: 'Conveyor', value: run }]);
  }
  const status = await call('POST', '/tagsim/v1/clock/advance', { ms: SCAN });
  if (status.code) process.exit(0);
}
`,
  );
  return path;
}

function outputFolder(name: string): string {
  const folder = join(dir, name);
  return folder;
}

/** The JUnit report's test cases: name, and failure or error message if any. */
function testcases(path: string): [string, string | undefined][] {
  const suite = parseXmlStrict(readFileSync(path, 'utf8'));
  return childElements(suite, 'testcase').map((c) => {
    const problem = [...childElements(c, 'failure'), ...childElements(c, 'error')][0];
    return [c.attributes['name']!, problem?.attributes['message']];
  });
}

describe('tagsim grade: the command line', () => {
  it('takes the exercise and the options of a grading', () => {
    expect(
      parseCli([
        'grade',
        'ex.json',
        '--controller-cmd',
        'python3 plc.py',
        '--port',
        '0',
        '--report',
        'j.xml',
      ]),
    ).toEqual({
      command: 'grade',
      exercise: 'ex.json',
      controllerCmd: 'python3 plc.py',
      host: '127.0.0.1',
      port: 0,
      report: 'j.xml',
      results: '.',
      seed: undefined,
      timeScale: undefined,
      clock: 'real',
    });
  });

  it.each([
    [['grade'], 'tagsim grade needs an exercise: tagsim grade <exercise.tagsim-exercise.json>'],
    [
      ['grade', 'x', '--controller-cmd', ' '],
      '--controller-cmd needs a command, for example "python3 plc.py"',
    ],
    [['grade', 'x', '--paused'], "--paused is an option of 'tagsim serve' and 'tagsim run' and 'tagsim lab'"],
    [['grade', 'x', '--clock', 'fast'], "--clock must be real or virtual; got 'fast'"],
    [['grade', 'x', 'y'], "unexpected argument 'y'"],
  ])('refuses %j', async (argv, message) => {
    const t = cliIo();
    expect(await runCli(argv, t.io)).toBe(2);
    expect(t.err).toEqual([`tagsim: ${message} (see 'tagsim --help')`]);
  });
});

describe('tagsim grade: a controller it runs', () => {
  it('passes the model answer: exit 0, every criterion a passed test case, the report in the folder', async () => {
    const t = cliIo();
    const script = controllerScript('model.mjs', 'model');
    const results = outputFolder('model');
    const report = join(dir, 'model.xml');
    const argv = [
      'grade',
      EXERCISE,
      '--clock',
      'virtual',
      '--port',
      '0',
      '--report',
      report,
      '--results',
      results,
    ];
    expect(await runCli([...argv, '--controller-cmd', `node "${script}"`], t.io)).toBe(0);
    expect(t.out).toContain(`[   0.000 s] controller: node "${script}"`);
    expect(t.out.some((l) => /^\[controller\] controller ready at http:\/\/127\.0\.0\.1:\d+$/.test(l))).toBe(
      true,
    );
    expect(t.out).toContain("[  23.000 s] fault  'Dead sensor B' on (Sensor B: alwaysOn, hidden)");
    expect(
      t.out.some((l) => /^\[ {2}\d\d\.\d{3} s\] PASSED: 100 of 100 points, 70 needed \(completed\)$/.test(l)),
    ).toBe(true);
    expect(testcases(report)).toEqual([
      ['Eight boxes delivered to B', undefined],
      ['Stops the belt when sensor B is dead', undefined],
      ['Never runs the belt for 20 s on end', undefined],
      ['passes with 70 of 100 points', undefined],
    ]);
    expect(readdirSync(results).sort()).toEqual([`${EXERCISE} results.csv`, `${EXERCISE} results.html`]);
    const csv = readFileSync(join(results, `${EXERCISE} results.csv`), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^1,,"From A to B, with a watchdog",ended,completed,yes,100,70,100,/);
    expect(csv[1]).toMatch(/applied Sensor B Always On \(hidden\) by Dead sensor B/);
  }, 60_000);

  it('fails one that ignores the fault: exit 1, the reaction a failed test case with its reason', async () => {
    const t = cliIo();
    const script = controllerScript('ignoring.mjs', 'ignoring');
    const report = join(dir, 'ignoring.xml');
    const argv = ['grade', EXERCISE, '--clock', 'virtual', '--port', '0', '--report', report];
    expect(
      await runCli(
        [...argv, '--results', outputFolder('ignoring'), '--controller-cmd', `node "${script}"`],
        t.io,
      ),
    ).toBe(1);
    const cases = testcases(report);
    expect(cases[1]![1]).toMatch(
      /^not within 16 s of the fault 'Dead sensor B' \(at 23 s\): 'belt' stopped for 3 s; then/,
    );
    expect(cases[2]![1]).toMatch(/^happened at /);
    expect(cases[3]).toEqual(['passes with 70 of 100 points', 'scored 50 of 100 points; 70 needed']);
  }, 60_000);
});

describe('tagsim grade: a controller already running', () => {
  it('grades whatever connects to the printed address; Ctrl+C stops it ungraded', async () => {
    const t = cliIo();
    const report = join(dir, 'waiting.xml');
    const run = runCli(
      [
        'grade',
        EXERCISE,
        '--clock',
        'virtual',
        '--port',
        '0',
        '--report',
        report,
        '--results',
        outputFolder('waiting'),
      ],
      t.io,
    );
    const url = await cliListeningUrl(t);
    // The controller: it runs the belt for 5 s of plant time, then stops.
    const call = (method: string, path: string, body: unknown) =>
      fetch(url + path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await call('PUT', '/api/tag/values/by-name', [{ name: 'Conveyor', value: true }]);
    await call('POST', '/tagsim/v1/clock/advance', { ms: 5000 });
    t.stop('SIGINT');
    expect(await run).toBe(1);
    expect(t.out).toContain('[   5.000 s] STOPPED (interrupted (SIGINT)): not graded');
    expect(testcases(report)).toEqual([
      ['Eight boxes delivered to B', 'not decided: the exercise interrupted (SIGINT)'],
      ['Stops the belt when sensor B is dead', 'not decided: the exercise interrupted (SIGINT)'],
      ['Never runs the belt for 20 s on end', 'not decided: the exercise interrupted (SIGINT)'],
      ['passes with 70 of 100 points', 'not graded: the exercise interrupted (SIGINT) at 5 s'],
    ]);
  }, 30_000);
});

describe('tagsim grade: an exercise that cannot run', () => {
  it('prints every problem, writes a JUnit report that says why, and exits 1', async () => {
    const path = join(dir, 'broken.tagsim-exercise.json');
    writeFileSync(
      path,
      JSON.stringify({
        format: 'tagsim-exercise',
        version: 1,
        name: 'Broken',
        task: 'x',
        scene: 'Queue of Items',
        timeLimitMs: 1000,
        passMark: 1,
        criteria: [{ name: 'n', points: 1, reach: { items: { exit: 'bufer' }, ge: 1 } }],
      }),
    );
    const t = cliIo();
    const report = join(dir, 'broken.xml');
    expect(await runCli(['grade', path, '--report', report], t.io)).toBe(1);
    expect(t.err).toEqual([
      'tagsim: broken.tagsim-exercise.json is not a valid exercise for the scene "Queue of Items" (1 problem):',
      "  criteria[0].reach.items.exit: no conveyor of this scene's plant is named 'bufer'; did you mean 'buffer'?",
    ]);
    expect(testcases(report)).toEqual([
      [
        'scenario can run',
        'broken.tagsim-exercise.json is not a valid exercise for the scene "Queue of Items" (1 problem):',
      ],
    ]);
  });
});
