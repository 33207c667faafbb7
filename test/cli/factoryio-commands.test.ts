// The simulator's saved scenes (.factoryio) on the command line, in-process: serve --scene, import
// to a .tagsim.json, and a bad file, with their messages and exit codes.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run-cli.js';
import { readSceneFile } from '../../main/storage/scene-files.js';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { cliIo, cliListeningUrl } from '../support/cli-io.js';
import { keyOf, writeFactoryIo } from '../support/factoryio-writer.mjs';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-cli-factoryio-'));
const path = (name: string) => join(dir, name);

const SCENE = writeFactoryIo({
  parts: [
    {
      prefab: 'DiffusePhotoelectricSensor',
      position: [0, 5, 0],
      groups: [{ tags: [{ element: 'BinaryInput', name: 'Far', address: 600, key: keyOf('far') }] }],
    },
    {
      prefab: 'Emitter',
      position: [8, 6, 0],
      groups: [
        {
          tags: [
            {
              element: 'BinaryOutput',
              name: 'Emitter',
              address: 0,
              key: keyOf('em'),
              forced: true,
              forcedValue: true,
            },
          ],
        },
      ],
    },
  ],
  systemKeys: {
    RunInputKey: keyOf('run'),
    TimeScaleInputKey: keyOf('ts'),
    PauseInputKey: keyOf('p'),
    ResetInputKey: keyOf('r'),
  },
});
writeFileSync(path('Line 3.factoryio'), SCENE);

async function cli(...argv: string[]) {
  const t = cliIo();
  const code = await runCli(argv, t.io);
  return { code, out: t.out, err: t.err };
}

describe('tagsim and saved scenes', () => {
  it('serve --scene file.factoryio serves its tags, saying what it decided', async () => {
    const t = cliIo();
    const done = runCli(
      ['serve', '--port', '0', '--no-control', '--paused', '--scene', path('Line 3.factoryio')],
      t.io,
    );
    const url = await cliListeningUrl(t);
    const tags = (await (await fetch(`${url}/api/tags`)).json()) as ApiTag[];
    expect(tags.find((x) => x.name === 'Emitter')).toMatchObject({
      id: keyOf('em'),
      isForced: true,
      value: true,
    });
    expect(tags.find((x) => x.name === 'FACTORY I/O (Running)')!.id).toBe(keyOf('run'));
    expect(t.out[0]).toMatch(/^TagSim 9\.9\.9 serving "Line 3" \(9 tags\)$/);
    expect(t.out[1]).toMatch(
      /^note: line \d+: 'Far' has Bit address 600, outside the user range 0-495; it gets Input Bit 0$/,
    );
    // Neither stands over a conveyor: the generic plant moves neither.
    expect(t.out.slice(2, 5)).toEqual([
      'Not simulated (their tags are yours to set): 2 parts',
      '  Diffuse photoelectric sensor 1: Far',
      '  Emitter 1: Emitter',
    ]);
    t.stop('SIGTERM');
    expect(await done).toBe(0);
  });

  it('import file.factoryio --out writes a .tagsim.json that serves the same tags', async () => {
    const result = await cli('import', path('Line 3.factoryio'), '--out', path('line3.tagsim.json'));
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out.at(-1)).toBe(
      `Wrote ${path('line3.tagsim.json')}: "Line 3", 9 tags from ${path('Line 3.factoryio')}`,
    );
    const [from, to] = await Promise.all([
      readSceneFile(path('Line 3.factoryio')),
      readSceneFile(path('line3.tagsim.json')),
    ]);
    expect(to.scene).toEqual(from.scene);
    expect(to.format).toBe('tagsim');

    const renamed = await cli(
      'import',
      path('Line 3.factoryio'),
      '--name',
      'Line three',
      '--out',
      path('three.tagsim.json'),
    );
    expect(renamed.code).toBe(0);
    expect((await readSceneFile(path('three.tagsim.json'))).scene.name).toBe('Line three');
  });

  it('prints the problems of a bad file with their lines, exits 1, and writes nothing', async () => {
    writeFileSync(path('cut.factoryio'), SCENE.slice(0, 400));
    const result = await cli('import', path('cut.factoryio'), '--out', path('cut.tagsim.json'));
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      'tagsim: cut.factoryio is not a valid FACTORY I/O scene (1 problem):',
      expect.stringMatching(
        /^ {2}line \d+: the file ends inside <\w+> \(opened at line \d+\): it is cut off$/,
      ),
    ]);
    expect(existsSync(path('cut.tagsim.json'))).toBe(false);
    const served = await cli('serve', '--port', '0', '--scene', path('cut.factoryio'));
    expect(served.code).toBe(1);
    expect(served.err[0]).toBe('tagsim: cut.factoryio is not a valid FACTORY I/O scene (1 problem):');
  });

  it('never writes a .factoryio: a scene is saved as .tagsim.json', async () => {
    const result = await cli('export', '--scene', path('Line 3.factoryio'), '--out', path('copy.factoryio'));
    expect(result.code).toBe(2);
    expect(existsSync(path('copy.factoryio'))).toBe(false);
  });
});
