// Scenario steps that set and clear the tag API's chaos rules (docs/simulation.md#the-scenario-file,
// docs/control-api.md#chaos), run by `tagsim run` in-process while a client under test meets the
// chaos over real HTTP. How a file's chaos steps are checked is in scenario-file.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run-cli.js';
import type { JournalEntry } from '../../main/journal/request-journal.js';
import { cliIo, cliListeningUrl } from '../support/cli-io.js';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-chaos-steps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = { format: 'tagsim-scenario', version: 1, name: 'Chaos' };

describe('tagsim run with chaos steps', () => {
  const write = (name: string, json: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(json));
    return path;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** GET /api/tags until it answers `status`: at most 250 tries, 20 ms apart. */
  async function until(url: string, status: number): Promise<void> {
    for (let i = 0; i < 250; i++) {
      if ((await fetch(`${url}/api/tags?name=Fill`)).status === status) return;
      await sleep(20);
    }
    throw new Error(`GET /api/tags never answered ${status}`);
  }
  const setValve = async (url: string, value: boolean) => {
    const put = await fetch(`${url}/api/tag/values/by-name`, {
      method: 'PUT',
      body: JSON.stringify([{ name: 'Fill valve', value }]),
    });
    expect(await put.json()).toEqual([]);
  };

  it('sets a rule the client meets (503 on a path), then clears it', async () => {
    const path = write('chaos.json', {
      ...base,
      scene: 'Filling Tank',
      timeoutMs: 20_000,
      steps: [
        { chaos: [{ method: 'GET', path: '/api/tags', status: 503 }] },
        { waitFor: { tag: 'Fill valve', equals: true }, timeoutMs: 15_000, name: 'client saw the 503' },
        { chaos: [] },
        { waitFor: { tag: 'Fill valve', equals: false }, timeoutMs: 15_000, name: 'client recovered' },
      ],
    });
    const t = cliIo();
    const done = runCli(['run', path, '--port', '0'], t.io);
    const url = await cliListeningUrl(t);
    // The client under test: its reads fail with 503 while the rule is in force...
    await until(url, 503);
    const refused = (await (await fetch(`${url}/tagsim/v1/requests?status=503`)).json()) as JournalEntry[];
    expect(refused[0]).toMatchObject({ method: 'GET', path: '/api/tags', chaos: { rule: 0, status: 503 } });
    // ...a write is not matched by the rule, and tells the scenario it saw them.
    await setValve(url, true);
    // The scenario clears the rule: reads answer again.
    await until(url, 200);
    await setValve(url, false);
    expect(await done).toBe(0);
    expect(t.out).toContainEqual(expect.stringMatching(/\] chaos: GET \/api\/tags answers 503$/));
    expect(t.out).toContainEqual(expect.stringMatching(/\] chaos: rules cleared$/));
    expect(t.out.at(-1)).toMatch(/PASSED: 3 of 3 checks passed \(completed\)$/);
  }, 30_000);

  it("draws a rule's probability from the run's seed: the same seed, the same chaos", async () => {
    const path = write('seeded.json', {
      ...base,
      scene: 'Filling Tank',
      seed: 7,
      timeoutMs: 20_000,
      steps: [
        { chaos: [{ path: '/api/tags', status: 503, probability: 0.5 }] },
        { waitFor: { tag: 'Fill valve', equals: true }, timeoutMs: 15_000 },
      ],
    });
    const statuses = async () => {
      const t = cliIo();
      const done = runCli(['run', path, '--port', '0'], t.io);
      const url = await cliListeningUrl(t);
      const seen: number[] = [];
      for (let i = 0; i < 24; i++) seen.push((await fetch(`${url}/api/tags?name=Fill`)).status);
      await setValve(url, true);
      expect(await done).toBe(0);
      return seen;
    };
    const first = await statuses();
    expect(new Set(first)).toEqual(new Set([200, 503]));
    expect(await statuses()).toEqual(first);
  }, 30_000);

  it('lists a bad rule at its place in the step, and serves nothing', async () => {
    const path = write('bad-rule.json', {
      ...base,
      steps: [{ chaos: [{ path: '/api/tags', status: 302 }] }],
    });
    const t = cliIo();
    expect(await runCli(['run', path, '--port', '0'], t.io)).toBe(1);
    expect(t.err).toEqual([
      'tagsim: bad-rule.json is not a valid scenario (1 problem):',
      '  steps[0].chaos[0].status: must be an error status from 400 to 599; got 302',
    ]);
    expect(t.out.some((l) => l.startsWith('Listening on'))).toBe(false);
  });

  it('refuses to run chaos steps without the control API, before serving', async () => {
    const path = write('no-control.json', { ...base, steps: [{ log: 'x' }, { chaos: [] }] });
    const t = cliIo();
    expect(await runCli(['run', path, '--port', '0', '--no-control'], t.io)).toBe(1);
    expect(t.err).toEqual([
      'tagsim: no-control.json cannot run with --no-control:',
      "  steps[1].chaos: chaos rules are the control API's; remove --no-control",
    ]);
    expect(t.out.some((l) => l.startsWith('Listening on'))).toBe(false);
  });
});
