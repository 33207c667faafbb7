// Scene files on disk: what saving keeps ($schema, the backup), and how a corrupt or unreadable
// file is refused with a clear error while the app keeps serving the scene it had.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SceneService } from '../../main/runtime/scene-service.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { readSceneFile, writeSceneFile } from '../../main/storage/scene-files.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { startTestServer, type TestServer } from '../support/api-server.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tagsim-files-'));
});

describe('saving a scene file', () => {
  it('keeps the $schema reference the file had, so the editor association survives', async () => {
    const path = join(dir, 'with-schema.tagsim.json');
    writeFileSync(
      path,
      serializeScene(builtinScene('Filling Tank')!, { schema: '../tagsim-scene.schema.json' }),
    );
    await writeSceneFile(path, { ...builtinScene('Filling Tank')!, name: 'Tank 2' });
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved).toMatchObject({ $schema: '../tagsim-scene.schema.json', name: 'Tank 2' });
    expect(Object.keys(saved)[0]).toBe('$schema');
    // A new file gets none.
    const fresh = join(dir, 'fresh.tagsim.json');
    await writeSceneFile(fresh, builtinScene('Filling Tank')!);
    expect(readFileSync(fresh, 'utf8')).not.toContain('$schema');
  });

  it('refuses to write a scene that would not read back, and leaves the file alone', async () => {
    const path = join(dir, 'guarded.tagsim.json');
    await writeSceneFile(path, builtinScene('Filling Tank')!);
    const before = readFileSync(path, 'utf8');
    const bad = { ...builtinScene('Filling Tank')!, tags: builtinScene('Filling Tank')!.tags.slice(1) };
    await expect(writeSceneFile(path, { ...bad, tags: [...bad.tags, bad.tags[0]!] })).rejects.toThrow(
      'is already the id of',
    );
    expect(readFileSync(path, 'utf8')).toBe(before);
  });
});

describe('a corrupt or unreadable scene file', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  const text = serializeScene(builtinScene('Filling Tank')!);
  const cases: [string, () => string, { reason: 'invalid' | 'error'; says: string }][] = [
    [
      'cut off halfway (a save without atomic rename)',
      () => write('cut.tagsim.json', text.slice(0, text.length / 2)),
      { reason: 'invalid', says: '(file): not valid JSON at line ' },
    ],
    [
      'binary garbage',
      () => write('garbage.tagsim.json', Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x10, 0x80])),
      { reason: 'error', says: 'it is a binary file, not text (a NUL byte at offset 0)' },
    ],
    ['empty', () => write('empty.tagsim.json', ''), { reason: 'invalid', says: '(file): the file is empty' }],
    [
      'a folder',
      () => {
        const path = join(dir, 'folder.tagsim.json');
        mkdirSync(path, { recursive: true });
        return path;
      },
      { reason: 'error', says: 'it is a folder, not a file' },
    ],
    [
      'far too big',
      () => {
        const path = write('huge.tagsim.json', '');
        truncateSync(path, 17 * 1024 * 1024); // sparse: no time spent writing it
        return path;
      },
      { reason: 'error', says: 'it is 17825792 bytes; TagSim reads files of at most 16 MiB' },
    ],
    ['missing', () => join(dir, 'gone.tagsim.json'), { reason: 'error', says: 'no such file' }],
    [
      '2 GB (sparse: refused by its size, never read)',
      () => {
        const path = write('two-gb.tagsim.json', '');
        truncateSync(path, 2 * 1024 * 1024 * 1024);
        return path;
      },
      { reason: 'error', says: 'it is 2147483648 bytes; TagSim reads files of at most 16 MiB' },
    ],
    [
      'a named pipe (never opened: reading one would wait forever)',
      () => {
        const path = join(dir, 'pipe.tagsim.json');
        execFileSync('mkfifo', [path]);
        return path;
      },
      { reason: 'error', says: 'it is not a regular file (a pipe, a device or a socket)' },
    ],
    [
      'UTF-16 with a byte-order mark',
      () =>
        write('utf16.tagsim.json', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])),
      { reason: 'error', says: 'it is UTF-16 text; save it as UTF-8' },
    ],
    [
      'UTF-16 without a byte-order mark',
      () => write('utf16-nobom.tagsim.json', Buffer.from(text, 'utf16le')),
      { reason: 'error', says: 'it looks like UTF-16 text; save it as UTF-8' },
    ],
    [
      'a NUL byte inside',
      () => write('nul.tagsim.json', `${text.slice(0, 100)}\0${text.slice(100)}`),
      { reason: 'error', says: 'it is a binary file, not text (a NUL byte at offset 100)' },
    ],
    [
      'Latin-1, not UTF-8',
      () => write('latin1.tagsim.json', Buffer.from(text.replace('Filling Tank', 'Füllstand'), 'latin1')),
      { reason: 'error', says: 'it is not UTF-8 text (an invalid byte near offset' },
    ],
    [
      'a symbolic link that leads back to itself',
      () => {
        const path = join(dir, 'loop.tagsim.json');
        symlinkSync(path, path);
        return path;
      },
      { reason: 'error', says: 'it is a symbolic link that leads back to itself' },
    ],
  ];

  function write(name: string, content: string | Buffer): string {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  }

  it.each(cases)(
    '%s: a clear error, and the app keeps serving the scene it had',
    async (_name, make, expected) => {
      const service = new SceneService(t.engine, memorySettingsStore());
      const before = (await t.client.get('/api/tags')).text;
      const path = make();
      const outcome = await service.open({ path });
      expect(outcome.ok).toBe(false);
      expect(outcome).toMatchObject({ reason: expected.reason });
      const said =
        !outcome.ok && outcome.reason === 'invalid'
          ? outcome.problems.join('\n')
          : !outcome.ok && outcome.reason === 'error'
            ? outcome.message
            : '';
      expect(said).toContain(expected.says);
      if (expected.reason === 'error') expect(said).toContain(path);
      // eslint-disable-next-line no-control-regex
      expect(said).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
      await expect(readSceneFile(path)).rejects.toThrow();
      expect(t.engine.scene.name).toBe(DEFAULT_SCENE_NAME);
      expect((await t.client.get('/api/tags')).text).toBe(before);
      expect(service.recent).toEqual([]);
    },
  );
});

describe('file names and contents that a message must not echo raw', () => {
  it('shows a file name with control characters escaped', async () => {
    const path = join(dir, 'evil\u001b[31mname\u0007.tagsim.json');
    await expect(readSceneFile(path)).rejects.toThrow(`cannot open ${JSON.stringify(path)}: no such file`);
  });

  it('reads a UTF-8 file that starts with a byte-order mark', async () => {
    const path = join(dir, 'bom.tagsim.json');
    writeFileSync(path, `\uFEFF${serializeScene(builtinScene('Filling Tank')!)}`);
    expect((await readSceneFile(path)).scene.name).toBe('Filling Tank');
  });
});
