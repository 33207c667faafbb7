// The real `tagsim` processes end to end: import a scene from a running `tagsim serve`, serve the
// imported file, and a client set up against the source works unchanged (identical answers).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { apiClient } from '../support/http-client.js';
import { serveTagsim, type ServingTagsim, TAGSIM_BIN as bin } from '../support/tagsim-process.js';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-live-'));

const running: ServingTagsim[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
});

/** Starts `tagsim serve` on an ephemeral port of 127.0.0.1 and resolves with its URL. */
async function serve(...args: string[]): Promise<string> {
  const p = await serveTagsim(args);
  running.push(p);
  return p.url;
}

function tagsim(...args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
}

it('imports a live scene keeping its ids, and serves it with identical answers', async () => {
  // A scene without a plant (a built-in's tags under a name that is no built-in): the imported
  // copy (another new name) has none either, so their sensors agree.
  const sourceFile = join(dir, 'palletizer-line.tagsim.json');
  writeFileSync(
    sourceFile,
    serializeScene({ name: 'Palletizer line', tags: builtinScene('Palletizer')!.tags }),
  );
  const source = await serve('--scene', sourceFile);
  const out = join(dir, 'palletizer.tagsim.json');
  // With --values: the API shows no initial values, and this scene rests with some tags on (its
  // normally closed buttons, the emitters it keeps on).
  const imported = tagsim(
    'import',
    '--from',
    source,
    '--out',
    out,
    '--name',
    'Palletizer station',
    '--values',
  );
  expect(imported.stderr).toBe('');
  expect(imported.status).toBe(0);
  expect(imported.stdout.trim()).toMatch(
    new RegExp(`^Wrote ${out}: "Palletizer station", \\d+ tags from ${source}$`),
  );

  const copy = await serve('--scene', out);
  const a = apiClient(source);
  const b = apiClient(copy);
  expect((await b.get('/api/tags')).text).toBe((await a.get('/api/tags')).text);

  // A client configured against the source's ids does the same against the copy.
  const ids = ((await a.get('/api/tags?kind=output&type=bit')).json as { id: string }[]).map((tag) => tag.id);
  const inputId = ((await a.get('/api/tags?kind=input')).json as { id: string }[])[0]!.id;
  for (const client of [a, b]) {
    expect(
      (
        await client.put(
          '/api/tag/values',
          ids.map((id) => ({ id, value: true })),
        )
      ).text,
    ).toBe('[]');
    expect((await client.put('/api/tag/values-force', [{ id: inputId, value: true }])).text).toBe('[]');
  }
  // Those writes include the system Outputs: each server's simulation resets (a 100 ms pulse on
  // the Input FACTORY I/O (Reset)) and pauses, on its own clock; once settled, they agree.
  const same = async (path: string) => (await b.get(path)).text === (await a.get(path)).text;
  await expect.poll(() => same('/api/tags'), { timeout: 5_000 }).toBe(true);
  await expect.poll(() => same('/api/tag/values'), { timeout: 5_000 }).toBe(true);
});

it('a file with problems: serve prints each one on its own line and exits 1', () => {
  const path = join(dir, 'broken.tagsim.json');
  const good = tagsim('export', '--scene', 'Filling Tank', '--out', path);
  expect(good.status).toBe(0);
  const json = JSON.parse(readFileSync(path, 'utf8'));
  json.tags[0].address = 600;
  json.version = 2;
  writeFileSync(path, JSON.stringify(json));
  const r = tagsim('serve', '--port', '0', '--scene', path);
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.split('\n')).toEqual([
    'tagsim: broken.tagsim.json is not a valid scene (2 problems):',
    '  version: 2 is newer than this TagSim reads (1); update TagSim',
    '  tags[0].address: 600 is outside the Bit range 0-511',
    '',
  ]);
});
