// The real `tagsim run` command (dist/, built by the global setup) as a CI pipeline runs it: the
// scenario drives the default scene while this test plays the client under test over HTTP, and
// the exit code and the JUnit report say whether the client did what the scenario expects.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningUrl, spawnTagsim } from '../support/tagsim-process.js';
import { childElements, parseXmlStrict, textOf } from './strict-xml.js';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-run-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Tag {
  name: string;
  kind: 'Input' | 'Output';
  value: boolean | number;
}

/** Starts `tagsim run` with a scenario (and more options); its URL follows "Listening on". */
function startRun(name: string, scenario: unknown, options: readonly string[] = []) {
  const file = join(dir, `${name}.json`);
  const report = join(dir, `${name}-junit.xml`);
  writeFileSync(file, JSON.stringify(scenario, null, 2));
  const run = spawnTagsim(['run', file, '--port', '0', '--report', report, ...options]);
  // Never leave a run behind, whatever the test does.
  const deadline = setTimeout(() => run.child.kill('SIGKILL'), 25_000);
  void run.exited.then(() => clearTimeout(deadline));
  return { ...run, report };
}

/**
 * The client under test: a small controller that scans every 20 ms until the server goes away.
 * When the high sensor sees a box it runs the left conveyor; once the box has gone from the sensor
 * and the transfer reports Loaded, it counts the box and stops the conveyor.
 */
async function client(url: string, until: Promise<unknown>): Promise<string[]> {
  const wrote: string[] = [];
  let done = false;
  void until.then(() => (done = true));
  let leftOn = false;
  let counted = false;
  const write = async (items: { name: string; value: boolean | number }[]) => {
    const res = await fetch(`${url}/api/tag/values/by-name`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(items),
    });
    expect(await res.json()).toEqual([]);
    wrote.push(items.map((i) => `${i.name}=${String(i.value)}`).join(', '));
  };
  while (!done) {
    let tags: Tag[];
    try {
      tags = (await (await fetch(`${url}/api/tags`)).json()) as Tag[];
    } catch {
      break; // the run ended and the server stopped
    }
    const value = (name: string, kind: Tag['kind']) =>
      tags.find((t) => t.name === name && t.kind === kind)?.value;
    try {
      if (!leftOn && value('High sensor', 'Input') === true) {
        await write([{ name: 'Conveyor left', value: true }]);
        leftOn = true;
      } else if (
        leftOn &&
        !counted &&
        value('High sensor', 'Input') === false &&
        value('Loaded', 'Input') === true
      ) {
        await write([
          { name: 'Counter', value: 1 },
          { name: 'Conveyor left', value: false },
        ]);
        counted = true;
      }
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return wrote;
}

async function runWithClient(name: string, scenario: unknown) {
  const run = startRun(name, scenario);
  const url = await listeningUrl(run);
  const wrote = await client(url, run.exited);
  const code = await run.exited;
  return {
    code,
    wrote,
    out: run.out(),
    err: run.err(),
    report: parseXmlStrict(readFileSync(run.report, 'utf8')),
  };
}

describe('tagsim run with a client under test', () => {
  it('exits 0 with a passing report when the client does what the scenario waits for', async () => {
    const r = await runWithClient('pass', {
      format: 'tagsim-scenario',
      version: 1,
      name: 'Client sorts one high box',
      timeoutMs: 20_000,
      steps: [
        { at: 0, force: { name: 'High sensor', kind: 'Input' }, value: true },
        {
          waitFor: { tag: { name: 'Conveyor left', kind: 'Output' }, equals: true },
          timeoutMs: 10_000,
          name: 'client runs the left conveyor',
        },
        { after: 200, release: 'High sensor' },
        { fail: 'Loaded', mode: 'alwaysOn' },
        {
          waitFor: {
            all: [
              { tag: 'Counter', equals: 1 },
              { tag: 'Conveyor left', equals: false },
            ],
          },
          timeoutMs: 10_000,
          name: 'client counts the box',
        },
        { expect: { tag: 'Counter', equals: 1 }, forMs: 300, name: 'the count stays at one' },
        { fail: 'Loaded', mode: 'none' },
        { expect: { tag: { name: 'FACTORY I/O (Running)', kind: 'Input' }, equals: true } },
      ],
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.wrote).toEqual(['Conveyor left=true', 'Counter=1, Conveyor left=false']);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toBe(
      'TagSim 0.1.0 running scenario "Client sorts one high box" (8 steps) on "Sorting by Height (Basic)" (40 tags)',
    );
    expect(lines[1]).toMatch(/^Step times are simulation time \(running at 1x, seed 1; \d+ behaviours\)$/);
    // One line per step, then the summary and the report.
    const steps = lines
      .slice(3)
      .map((l) => l.replace(/^\[ *[\d.]+ s\] /, '').replace(/ \(after [\d.]+ m?s\)$/, ' (after …)'));
    expect(steps).toEqual([
      'force High sensor = true',
      'ok    "client runs the left conveyor": wait for Conveyor left = true (after …)',
      'release High sensor',
      'fail Loaded: Always On',
      'ok    "client counts the box": wait for all of (Counter = 1, Conveyor left = false) (after …)',
      'ok    "the count stays at one": expect Counter = 1 (for 300 ms)',
      'fail Loaded: none (failure cleared)',
      'ok    expect FACTORY I/O (Running) = true',
      'PASSED: 5 of 5 checks passed (completed)',
      expect.stringMatching(/^Report: .*pass-junit\.xml$/),
    ]);
    expect(r.report.attributes).toMatchObject({
      name: 'Client sorts one high box',
      tests: '5',
      failures: '0',
      errors: '0',
      skipped: '0',
    });
    const cases = childElements(r.report, 'testcase');
    expect(cases.map((c) => c.attributes['name'])).toEqual([
      'client runs the left conveyor',
      'client counts the box',
      'the count stays at one',
      'steps[7]: expect FACTORY I/O (Running) = true',
      'scenario finishes within 20 s',
    ]);
    expect(cases.every((c) => childElements(c).length === 0)).toBe(true);
    const properties = childElements(childElements(r.report, 'properties')[0]!, 'property');
    expect(properties.map((p) => [p.attributes['name'], p.attributes['value']])).toContainEqual([
      'time',
      'simulation',
    ]);
  }, 30_000);

  it('exits 1 with the failures in the report when the client falls short', async () => {
    const r = await runWithClient('fail', {
      format: 'tagsim-scenario',
      version: 1,
      name: 'Client sorts five boxes',
      timeoutMs: 20_000,
      steps: [
        { force: 'High sensor', value: true },
        {
          waitFor: { tag: 'Conveyor left', equals: true },
          timeoutMs: 10_000,
          name: 'client runs the left conveyor',
        },
        { expect: { tag: 'Counter', equals: 5 }, name: 'counter is five already' },
        { waitFor: { tag: 'Counter', ge: 5 }, timeoutMs: 1000, name: 'five boxes' },
        { expect: { always: true }, name: 'never reached' },
      ],
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL {2}"counter is five already": expected Counter = 5; actual: Counter = 0\n/);
    expect(r.out).toMatch(/FAIL {2}"five boxes": expected Counter >= 5 within 1 s; actual: Counter = 0\n/);
    expect(r.out).toMatch(/FAILED: 2 of 5 checks passed, 2 failed, 1 skipped \(waitFor failed\)\n/);
    expect(r.report.attributes).toMatchObject({ tests: '5', failures: '2', errors: '0', skipped: '1' });
    const cases = childElements(r.report, 'testcase');
    const [left, already, five, never, run] = cases;
    expect(childElements(left!)).toEqual([]);
    expect(childElements(already!, 'failure')[0]!.attributes).toEqual({
      message: 'expected Counter = 5; actual: Counter = 0',
      type: 'expect',
    });
    const failure = childElements(five!, 'failure')[0]!;
    expect(failure.attributes['message']).toBe('expected Counter >= 5 within 1 s; actual: Counter = 0');
    expect(textOf(failure)).toContain('timeout: 1 s of simulation time');
    expect(Number(five!.attributes['time'])).toBeGreaterThan(0.5);
    expect(childElements(never!, 'skipped')[0]!.attributes['message']).toBe(
      'not run: the scenario stopped at steps[3] (waitFor failed)',
    );
    expect(childElements(run!)).toEqual([]);
    expect(textOf(childElements(r.report, 'system-out')[0]!)).toContain('FAIL  "five boxes"');
  }, 30_000);
});

describe('tagsim run with the simulation options', () => {
  async function read(url: string, name: string, kind: Tag['kind']): Promise<Tag['value'] | undefined> {
    const tags = (await (await fetch(`${url}/api/tags`)).json()) as Tag[];
    return tags.find((t) => t.name === name && t.kind === kind)?.value;
  }

  function properties(report: ReturnType<typeof parseXmlStrict>): [string?, string?][] {
    return childElements(childElements(report, 'properties')[0]!, 'property').map((p) => [
      p.attributes['name'],
      p.attributes['value'],
    ]);
  }

  it('--time-scale 4: step times are simulation time at 4x, and the report records the scale', async () => {
    const run = startRun(
      'scale',
      {
        format: 'tagsim-scenario',
        version: 1,
        name: 'Runs at four times',
        timeoutMs: 20_000,
        steps: [
          { at: 4000, log: 'four seconds of simulation time' },
          {
            expect: { tag: { name: 'FACTORY I/O (Time Scale)', kind: 'Input' }, equals: 4 },
            name: 'the simulation runs at 4x',
          },
        ],
      },
      ['--time-scale', '4'],
    );
    const url = await listeningUrl(run);
    // The client under test sees the scale where the simulator shows it.
    expect(await read(url, 'FACTORY I/O (Time Scale)', 'Input')).toBe(4);
    expect(await run.exited).toBe(0);
    expect(run.err()).toBe('');
    const lines = run.out().trim().split('\n');
    expect(lines[1]).toMatch(/^Step times are simulation time \(running at 4x, seed 1; \d+ behaviours\)$/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[ +4\.\d{3} s\] log: four seconds of simulation time$/),
    );
    expect(run.out()).toMatch(/\] PASSED: 2 of 2 checks passed \(completed\)\n/);
    const report = parseXmlStrict(readFileSync(run.report, 'utf8'));
    expect(report.attributes).toMatchObject({ tests: '2', failures: '0', errors: '0' });
    expect(properties(report)).toContainEqual(['timeScale', '4']);
    expect(properties(report).map(([name]) => name)).not.toContain('paused');
  }, 30_000);

  it('--paused: nothing comes due until the client runs the simulation over HTTP', async () => {
    const run = startRun(
      'paused',
      {
        format: 'tagsim-scenario',
        version: 1,
        name: 'Waits for the client to run it',
        timeoutMs: 20_000,
        steps: [
          { at: 300, log: 'the simulation ran for 300 ms' },
          {
            expect: { tag: { name: 'FACTORY I/O (Running)', kind: 'Input' }, equals: true },
            name: 'the client started the simulation',
          },
        ],
      },
      ['--paused'],
    );
    const url = await listeningUrl(run);
    expect(run.out().split('\n')[1]).toMatch(
      /^Step times are simulation time \(not started at 1x, seed 1; \d+ behaviours\); the clock starts when a client runs the simulation \(FACTORY I\/O \(Run\)\)$/,
    );
    expect(await read(url, 'FACTORY I/O (Running)', 'Input')).toBe(false);
    // Real time passes, simulation time does not: the step at 300 ms stays due.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(run.out()).not.toContain('log:');
    expect(await read(url, 'FACTORY I/O (Running)', 'Input')).toBe(false);
    // The client runs the simulation as a controller does: a rising edge on the Run Output.
    for (const value of [false, true]) {
      const res = await fetch(`${url}/api/tag/values/by-name`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ name: 'FACTORY I/O (Run)', value }]),
      });
      expect(await res.json()).toEqual([]);
    }
    expect(await run.exited).toBe(0);
    expect(run.err()).toBe('');
    expect(run.out()).toMatch(/\] log: the simulation ran for 300 ms\n/);
    expect(run.out()).toMatch(
      /ok {4}"the client started the simulation": expect FACTORY I\/O \(Running\) = true\n/,
    );
    const report = parseXmlStrict(readFileSync(run.report, 'utf8'));
    expect(report.attributes).toMatchObject({ tests: '2', failures: '0', errors: '0' });
    expect(properties(report)).toEqual(
      expect.arrayContaining([
        ['timeScale', '1'],
        ['paused', 'true'],
      ]),
    );
  }, 30_000);
});
