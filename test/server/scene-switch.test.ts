// Switching scenes while clients poll: no request fails with a 5xx, every answer is well formed and
// shows one whole scene, and a request made after a switch has finished sees the new scene.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SceneService, type SceneSource } from '../../main/runtime/scene-service.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { API_TAG_FIELDS, startTestServer, type TestServer } from '../support/api-server.js';

let t: TestServer;
let agent: Agent;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  agent = new Agent({ keepAlive: true, maxSockets: 16 });
  dir = mkdtempSync(join(tmpdir(), 'tagsim-switch-'));
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

const SWITCHES = 60;
const BUILTINS = [DEFAULT_SCENE_NAME, 'Filling Tank', 'Assembler', 'Sorting by Weight', 'Palletizer'];

it('serves every request while the scene switches 60 times (built-ins and a file)', async () => {
  const internalErrors: unknown[] = [];
  t.server.events.error.on((e) => internalErrors.push(e));
  const service = new SceneService(t.engine, memorySettingsStore());

  // A file scene with its own ids, and a broken file that must change nothing.
  const fromFile: SceneDefinition = {
    ...builtinScene('Palletizer')!,
    name: 'Palletizer (file)',
    tags: builtinScene('Palletizer')!.tags.map((tag) => ({ ...tag, id: `file-${tag.id}` })),
  };
  const filePath = join(dir, 'palletizer.tagsim.json');
  writeFileSync(filePath, serializeScene(fromFile));
  const brokenPath = join(dir, 'broken.tagsim.json');
  writeFileSync(brokenPath, serializeScene(fromFile).replace('"address": 0', '"address": 600'));

  const scenes = [...BUILTINS.map((name) => builtinScene(name)!), fromFile];
  const idSets = new Map(scenes.map((s) => [s.name, [...s.tags.map((tag) => tag.id)].sort().join(',')]));
  const sceneOfIds = (ids: string[]): string | undefined => {
    const key = [...ids].sort().join(',');
    return [...idSets].find(([, set]) => set === key)?.[0];
  };

  let switching = true;
  const counts = { values: 0, tags: 0, writes: 0, reads: 0 };
  const statuses: number[] = [];

  const loop = async (name: keyof typeof counts, once: () => Promise<void>) => {
    try {
      while (switching) {
        await once();
        counts[name]++;
      }
    } catch (error) {
      switching = false; // one bad answer is enough: stop everything
      throw error;
    }
  };

  const valuesLoop = loop('values', async () => {
    const res = await t.client.get('/api/tag/values', { agent });
    statuses.push(res.status);
    expect(res.status).toBe(200);
    const entries = res.json as { id: string; value: unknown }[];
    for (const e of entries) {
      expect(typeof e.id).toBe('string');
      expect(['boolean', 'number']).toContain(typeof e.value);
    }
    expect(sceneOfIds(entries.map((e) => e.id)), 'one whole scene').toBeDefined();
  });
  const tagsLoop = loop('tags', async () => {
    const res = await t.client.get('/api/tags', { agent });
    statuses.push(res.status);
    expect(res.status).toBe(200);
    const tags = res.json as ApiTag[];
    for (const tag of tags) {
      expect(Object.keys(tag)).toEqual(API_TAG_FIELDS);
    }
    expect(sceneOfIds(tags.map((tag) => tag.id)), 'one whole scene').toBeDefined();
  });
  const writeLoop = loop('writes', async () => {
    const res = await t.client.put(
      '/api/tag/values/by-name',
      [
        { name: 'FACTORY I/O (Run)', value: true },
        { name: 'Conveyor entry', value: true }, // in some scenes only
      ],
      { agent },
    );
    statuses.push(res.status);
    expect(res.status).toBe(200);
    const errors = res.json as unknown[];
    expect(errors.length).toBeLessThanOrEqual(1);
    for (const e of errors)
      expect(e).toEqual({
        name: 'Conveyor entry',
        code: 404,
        error: "Tag named 'Conveyor entry' not found.",
      });
  });
  const readLoop = loop('reads', async () => {
    const res = await t.client.getWithJson('/api/tag/values/by-name', ['FACTORY I/O (Running)'], { agent });
    statuses.push(res.status);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ name: 'FACTORY I/O (Running)', value: false }]);
  });

  const switcher = (async () => {
    try {
      for (let i = 0; i < SWITCHES; i++) {
        const target = i % 6 === 5 ? fromFile : scenes[i % BUILTINS.length]!;
        const source: SceneSource = target === fromFile ? { path: filePath } : { builtin: target.name };
        const outcome = await service.open(source);
        expect(outcome.ok).toBe(true);
        // A request made once the switch is done sees the new scene.
        const after = await t.client.get('/api/tags', { agent });
        expect(after.status).toBe(200);
        expect(sceneOfIds((after.json as ApiTag[]).map((tag) => tag.id))).toBe(target.name);
        if (i % 10 === 9) {
          // A broken file in the middle of it all changes nothing.
          expect(await service.open({ path: brokenPath })).toMatchObject({ ok: false, reason: 'invalid' });
          const same = await t.client.get('/api/tags', { agent });
          expect(sceneOfIds((same.json as ApiTag[]).map((tag) => tag.id))).toBe(target.name);
        }
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    } finally {
      switching = false;
    }
  })();

  await Promise.all([switcher, valuesLoop, tagsLoop, writeLoop, readLoop]);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(internalErrors).toEqual([]);
  // Every loop ran alongside many switches.
  for (const [name, n] of Object.entries(counts)) expect(n, name).toBeGreaterThan(SWITCHES / 4);
});
