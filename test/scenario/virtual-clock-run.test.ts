// `tagsim run --clock virtual`: the scenario's step times are on the virtual clock, which moves
// only when the client under test advances it, so a run gives the same log to the millisecond.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-run-virtual-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scenario = {
  format: 'tagsim-scenario',
  version: 1,
  name: 'Virtual',
  timeoutMs: 20_000,
  steps: [
    { waitFor: { tag: 'Pallet sensor', equals: true }, timeoutMs: 60_000, name: 'the first pallet arrives' },
    { after: 5000, log: '5 s of virtual time later' },
    { expect: { tag: 'Pallet sensor', equals: true } },
  ],
};

async function runOnce(): Promise<string[]> {
  const path = join(dir, 'virtual.json');
  writeFileSync(path, JSON.stringify(scenario));
  const out: string[] = [];
  const done = runCli(['run', path, '--port', '0', '--clock', 'virtual'], {
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    stopRequested: new Promise<string>(() => undefined),
    version: '9.9.9',
    rendererDir: '/nonexistent/',
  });
  await expect.poll(() => out.find((l) => l.startsWith('Listening on')), { timeout: 5000 }).toBeDefined();
  const url = /^Listening on (\S+)$/.exec(out.find((l) => l.startsWith('Listening on'))!)![1]!;
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, { method, body: JSON.stringify(body) });
  await send('PUT', '/api/tag/values/by-name', [{ name: 'Conveyor entry', value: true }]);
  // Far past what the run needs: it ends inside the advance, at the step's own time.
  for (let i = 0; i < 4 && out.every((l) => !/PASSED|FAILED/.test(l)); i++)
    await send('POST', '/tagsim/v1/clock/advance', { ms: 30_000 });
  expect(await done).toBe(0);
  return out;
}

describe('tagsim run --clock virtual', () => {
  it('is parsed for run, and refused without the control API that advances it', () => {
    expect(parseCli(['run', 's.json', '--clock', 'virtual'])).toMatchObject({ clock: 'virtual' });
    expect(() => parseCli(['run', 's.json', '--clock', 'virtual', '--no-control'])).toThrow(
      '--clock virtual needs the control API, which advances it (not with --no-control)',
    );
    expect(() => parseCli(['serve', '--clock', 'fast'])).toThrow(
      "--clock must be real or virtual; got 'fast'",
    );
  });

  it('times the steps on the virtual clock, the same to the millisecond on every run', async () => {
    const first = await runOnce();
    expect(first[1]).toBe(
      'Step times are simulation time (running on a virtual clock, seed 1; 6 behaviours); ' +
        'the clock moves only when a client advances it (POST /tagsim/v1/clock/advance)',
    );
    const log = first.filter((l) => l.startsWith('['));
    expect(log[0]).toMatch(/^\[ +10\.750 s\] ok {4}"the first pallet arrives"/);
    expect(log[1]).toMatch(/^\[ +15\.750 s\] log: 5 s of virtual time later$/);
    expect(log.at(-1)).toMatch(/PASSED: 3 of 3 checks passed \(completed\)$/);
    const second = await runOnce();
    expect(second.filter((l) => l.startsWith('['))).toEqual(log);
  }, 30_000);
});
