import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { SceneService } from '../../main/runtime/scene-service.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { keyOf, writeFactoryIo } from '../support/factoryio-writer.mjs';

function setup() {
  const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
  const settings = memorySettingsStore();
  let n = 0;
  const service = new SceneService(engine, settings, 'builtin', () => `id-${++n}`);
  const dir = mkdtempSync(join(tmpdir(), 'tagsim-scenes-'));
  return { engine, settings, service, dir };
}

const rename = (name: string) => ({ op: 'renameScene' as const, name });

describe('SceneService', () => {
  it('opens a built-in scene and serves it', async () => {
    const { engine, service } = setup();
    const outcome = await service.open({ builtin: 'Filling Tank' });
    expect(outcome).toMatchObject({ ok: true, document: { origin: 'builtin', dirty: false } });
    expect(engine.scene.name).toBe('Filling Tank');
  });

  it('reads a saved .factoryio scene and, since it never writes one, saves it as a .tagsim.json', async () => {
    const { engine, service, dir, settings } = setup();
    const file = join(dir, 'Cell.factoryio');
    const key = keyOf('cell belt');
    const parts = [
      {
        prefab: 'Emitter',
        position: [0, 6, 0] as [number, number, number],
        groups: [{ tags: [{ element: 'BinaryOutput' as const, name: 'Emit', address: 0, key }] }],
      },
    ];
    writeFileSync(file, writeFactoryIo({ parts }));
    expect(await service.open({ path: file })).toMatchObject({
      ok: true,
      document: { origin: 'import', readFrom: file, dirty: false },
    });
    expect(engine.getTag(key)?.name).toBe('Emit');
    expect(settings.get().recentScenes[0]).toBe(file);
    expect(await service.save()).toEqual({ ok: false, reason: 'noPath' });
    expect(await service.save({ path: join(dir, 'Copy.factoryio') })).toMatchObject({
      ok: false,
      reason: 'error',
      message: expect.stringMatching(
        /^TagSim saves scenes as \.tagsim\.json files; it does not write Copy\.factoryio/,
      ),
    });
    const saved = await service.save({ path: join(dir, 'Cell.tagsim.json') });
    expect(saved).toMatchObject({
      ok: true,
      document: { origin: 'file', path: join(dir, 'Cell.tagsim.json') },
    });
    expect(saved.ok && saved.document.readFrom).toBeUndefined();
    // A dropped file's text is read by its name too.
    expect(
      await service.open({ text: writeFactoryIo({ parts }), fileName: 'Dropped.factoryio' }),
    ).toMatchObject({
      ok: true,
      document: { origin: 'import', scene: { name: 'Dropped' } },
    });
  });

  it('serves each edit at once and undoes it', () => {
    const { engine, service } = setup();
    const seen: boolean[] = [];
    service.changes.on((d) => seen.push(d.dirty));
    expect(service.edit(rename('Line 3'))).toMatchObject({
      ok: true,
      document: { dirty: true, canUndo: true },
    });
    expect(engine.scene.name).toBe('Line 3');
    expect(service.undo()).toMatchObject({ dirty: false, canRedo: true });
    expect(engine.scene.name).toBe(DEFAULT_SCENE_NAME);
    service.redo();
    expect(engine.scene.name).toBe('Line 3');
    expect(seen).toEqual([true, false, true]);
  });

  it('refuses to switch away from unsaved changes unless told to discard them', async () => {
    const { engine, service } = setup();
    service.edit(rename('Mine'));
    expect(await service.open({ builtin: 'Filling Tank' })).toEqual({ ok: false, reason: 'unsaved' });
    expect(engine.scene.name).toBe('Mine');
    expect((await service.open({ builtin: 'Filling Tank' }, { discardChanges: true })).ok).toBe(true);
    expect(engine.scene.name).toBe('Filling Tank');
  });

  it('keeps the scene it had when a file is broken, and lists every problem', async () => {
    const { engine, service, dir } = setup();
    const path = join(dir, 'broken.tagsim.json');
    const file = JSON.parse(serializeScene(builtinScene('Filling Tank')!)) as {
      tags: Record<string, unknown>[];
    };
    file.tags[0]!['address'] = 600;
    file.tags[1]!['colour'] = 'red';
    writeFileSync(path, JSON.stringify(file));
    expect(await service.open({ path })).toEqual({
      ok: false,
      reason: 'invalid',
      problems: [
        'tags[0].address: 600 is outside the Bit range 0-511',
        'tags[1].colour: unknown field; remove it (known fields: id, name, kind, type, address, initial, min, max, description, forced, forcedValue, failure)',
      ],
    });
    expect(await service.open({ path: join(dir, 'missing.tagsim.json') })).toMatchObject({
      ok: false,
      reason: 'error',
      message: expect.stringContaining('no such file'),
    });
    expect(engine.scene.name).toBe(DEFAULT_SCENE_NAME);
  });

  it('saves to a new file, keeps a backup of the previous version, and remembers it', async () => {
    const { service, settings, dir } = setup();
    const path = join(dir, 'line.tagsim.json');
    expect(await service.save()).toEqual({ ok: false, reason: 'noPath' });
    service.edit(rename('Version 1'));
    expect(await service.save({ path })).toMatchObject({
      ok: true,
      document: { path, dirty: false, origin: 'file' },
    });
    service.edit(rename('Version 2'));
    expect((await service.save()).ok).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8')).name).toBe('Version 2');
    expect(JSON.parse(readFileSync(`${path}.bak`, 'utf8')).name).toBe('Version 1');
    expect(settings.get().recentScenes).toEqual([path]);
  });

  it('will not overwrite a file another program changed since it was opened, unless told to', async () => {
    const { engine, service, dir } = setup();
    const path = join(dir, 'shared.tagsim.json');
    writeFileSync(path, serializeScene(builtinScene('Filling Tank')!));
    await service.open({ path });
    writeFileSync(path, serializeScene({ ...builtinScene('Filling Tank')!, name: 'Changed elsewhere' }));
    service.edit(rename('Mine'));
    expect(await service.save()).toEqual({ ok: false, reason: 'changedOnDisk', path });
    expect(JSON.parse(readFileSync(path, 'utf8')).name).toBe('Changed elsewhere');
    expect((await service.save({ overwrite: true })).ok).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8')).name).toBe('Mine');
    expect(engine.scene.name).toBe('Mine');
  });

  it('opens dropped text and starts new scenes with the system tags', async () => {
    const { engine, service } = setup();
    const text = serializeScene(builtinScene('Level Control')!);
    expect(await service.open({ text, fileName: 'dropped.tagsim.json' })).toMatchObject({
      ok: true,
      document: { origin: 'import', dirty: true },
    });
    expect(engine.scene.name).toBe('Level Control');
    const created = await service.create('Blank', { discardChanges: true });
    expect(created).toMatchObject({ ok: true, document: { origin: 'new' } });
    expect(engine.tagCount).toBe(7);
  });
});

describe('SceneService recent files', () => {
  it('lists a file in the event of the switch, and drops one that is gone', async () => {
    const { service, settings, dir } = setup();
    const path = join(dir, 'kept.tagsim.json');
    writeFileSync(path, serializeScene(builtinScene('Filling Tank')!));
    const recentInEvents: string[][] = [];
    service.changes.on(() => recentInEvents.push(service.recent));
    await service.open({ path });
    expect(recentInEvents[0]).toEqual([path]);
    const gone = join(dir, 'gone.tagsim.json');
    await settings.update({ recentScenes: [gone, path] });
    expect((await service.open({ path: gone })).ok).toBe(false);
    expect(settings.get().recentScenes).toEqual([path]);
  });
});
