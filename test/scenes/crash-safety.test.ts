// Saving never loses work: a process killed between writing the temporary file and renaming it
// leaves the old file whole, a kill at any moment leaves the old or the new file (never a broken
// one), and the backup holds the version before.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSceneFile, writeSceneFile } from '../../main/storage/scene-files.js';
import { STALE_TEMP_FILE_MS } from '../../main/storage/write-file-atomic.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';

const helper = fileURLToPath(new URL('./helpers/crash-save.mjs', import.meta.url));
const scene = (name: string) => ({ ...builtinScene(DEFAULT_SCENE_NAME)!, name });

/** Runs the helper; resolves with how it ended once it has. */
function run(args: string[], onStdout?: (child: ReturnType<typeof spawn>) => void) {
  const child = spawn(process.execPath, [helper, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.once('data', () => onStdout?.(child));
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
}

describe('crash safety of saving', () => {
  it('a kill after the temporary file is written and synced, before the rename, keeps the old file whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-crash-'));
    const path = join(dir, 'line.tagsim.json');
    await writeSceneFile(path, scene('Version 1'));
    const v1 = readFileSync(path, 'utf8');

    const ended = await run([path, 'before-rename', 'Version 2']);
    expect(ended).toMatchObject({ code: null, signal: 'SIGKILL', stderr: '' });

    // The target is the old file, complete, and it reads.
    expect(readFileSync(path, 'utf8')).toBe(v1);
    expect((await readSceneFile(path)).scene.name).toBe('Version 1');
    // The backup was made before the write: the version before this save.
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(v1);
    // The new version is complete in the temporary file the crash left behind.
    const temps = readdirSync(dir).filter((f) => f.endsWith('.tmp'));
    expect(temps).toHaveLength(1);
    expect(temps[0]).toMatch(/^\.line\.tagsim\.json\.[0-9a-f]{12}\.tmp$/);
    expect(readFileSync(join(dir, temps[0]!), 'utf8')).toBe(serializeScene(scene('Version 2')));

    // The next save works and keeps the previous version as the backup.
    await writeSceneFile(path, scene('Version 3'));
    expect((await readSceneFile(path)).scene.name).toBe('Version 3');
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(v1);
  });

  it("the next save deletes what a crashed save left, and only TagSim's own leftovers of that file", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-crash-'));
    const path = join(dir, 'line.tagsim.json');
    await writeSceneFile(path, scene('Version 1'));
    expect(await run([path, 'before-rename', 'Version 2'])).toMatchObject({ signal: 'SIGKILL' });
    const [left] = readdirSync(dir).filter((f) => /^\.line\.tagsim\.json\.[0-9a-f]{12}\.tmp$/.test(f));
    expect(left).toBeDefined();
    const old = new Date(Date.now() - 2 * STALE_TEMP_FILE_MS);
    utimesSync(join(dir, left!), old, old);
    // Lookalikes that are not this file's temp files, and one a save may be writing right now.
    const keep = [
      '.line.tagsim.json.zzzzzzzzzzzz.tmp',
      '.other.tagsim.json.0123456789ab.tmp',
      'line.tagsim.json.0123456789ab.tmp',
      '.line.tagsim.json.0123456789ab.tmp.bak',
    ];
    for (const name of keep) {
      writeFileSync(join(dir, name), 'not ours');
      utimesSync(join(dir, name), old, old);
    }
    writeFileSync(join(dir, '.line.tagsim.json.aaaaaaaaaaaa.tmp'), 'a save in progress');

    await writeSceneFile(path, scene('Version 3'));
    const after = readdirSync(dir);
    expect(after).not.toContain(left);
    for (const name of [...keep, '.line.tagsim.json.aaaaaaaaaaaa.tmp']) expect(after).toContain(name);
    expect((await readSceneFile(path)).scene.name).toBe('Version 3');
  });

  it('a kill at any moment of repeated saves leaves the old or the new file, and a backup one version behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-crash-'));
    const path = join(dir, 'loop.tagsim.json');
    await writeSceneFile(path, scene('Version 0'));
    const versions = [0];
    for (let round = 0; round < 6; round++) {
      const ended = await run([path, 'loop', String(versions.at(-1)! + 1)], (child) => {
        setTimeout(() => child.kill('SIGKILL'), 5 + ((round * 37) % 60));
      });
      expect(ended.signal).toBe('SIGKILL');
      // Whatever the moment, both files read as whole scenes.
      const current = (await readSceneFile(path)).scene.name;
      const backup = (await readSceneFile(`${path}.bak`)).scene.name;
      const n = Number(/^Version (\d+)$/.exec(current)?.[1]);
      const b = Number(/^Version (\d+)$/.exec(backup)?.[1]);
      expect(n).toBeGreaterThan(versions.at(-1)!); // at least the first save of the round landed
      // The backup is the version before, or the same one when the kill fell between the two writes.
      expect([n - 1, n]).toContain(b);
      versions.push(n);
    }
    expect(versions.at(-1)).toBeGreaterThanOrEqual(6);
  });
});
