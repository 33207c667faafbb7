// Library -> file -> load -> identical API answers, for every built-in scene, over real HTTP.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SceneService } from '../../main/runtime/scene-service.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { readSceneFile, writeSceneFile } from '../../main/storage/scene-files.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { exportSceneCsv, importSceneCsv } from '../../shared/scenes/scene-csv.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { startTestServer, type TestServer } from '../support/api-server.js';

let t: TestServer;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'tagsim-roundtrip-'));
});
afterAll(() => t.close());

/** What a client sees of the served scene: the tag list and every value, byte for byte. */
async function answers(): Promise<string[]> {
  const tags = await t.client.get('/api/tags');
  const values = await t.client.get('/api/tag/values');
  const byName = await t.client.get('/api/tags/by-name/FACTORY%20I%2FO%20(Time%20Scale)');
  expect([tags.status, values.status, byName.status]).toEqual([200, 200, 200]);
  return [tags.text, values.text, byName.text];
}

it.each(BUILTIN_SCENE_NAMES.map((name) => [name]))(
  '%s: saved as a file and opened again, the API answers exactly as with the built-in',
  async (name) => {
    const service = new SceneService(t.engine, memorySettingsStore());
    expect((await service.open({ builtin: name })).ok).toBe(true);
    const builtin = await answers();

    const path = join(dir, `${name.replace(/[^\w]+/g, '-')}.tagsim.json`);
    await writeSceneFile(path, builtinScene(name)!);
    expect(readFileSync(path, 'utf8')).toBe(serializeScene(builtinScene(name)!));
    await service.open({ builtin: 'Assembler' }); // something else in between
    const opened = await service.open({ path });
    expect(opened).toMatchObject({ ok: true, document: { origin: 'file', path, dirty: false } });
    expect(await answers()).toEqual(builtin);

    // The same through the driver CSV, imported under the scene's name: same ids, same answers.
    const csv = importSceneCsv(exportSceneCsv(builtinScene(name)!), { sceneName: name });
    await service.open({ scene: csv.scene, origin: 'import' }, { discardChanges: true });
    expect(await answers()).toEqual(builtin);
  },
);

it('a saved file reads back to the very scene that was saved', async () => {
  for (const name of BUILTIN_SCENE_NAMES) {
    const path = join(dir, 'again.tagsim.json');
    await writeSceneFile(path, builtinScene(name)!);
    expect((await readSceneFile(path)).scene).toEqual(builtinScene(name));
  }
});
