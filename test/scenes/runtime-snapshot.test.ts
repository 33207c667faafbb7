// Runtime snapshots: capture, the file format, restore in one engine update, SceneService and the
// bridge methods the window uses.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBridgeHost } from '../../main/runtime/bridge-host.js';
import { SceneService } from '../../main/runtime/scene-service.js';
import { ServerController } from '../../main/runtime/server-controller.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { createBridgeClient } from '../../shared/bridge/bridge-client.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine, type TagChangeEvent } from '../../shared/core/tag-engine.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { captureSnapshot, parseSnapshot, serializeSnapshot } from '../../shared/scenes/runtime-snapshot.js';
import { planRestore } from '../../shared/scenes/restore-plan.js';
import { snapshotFromApiTags } from '../../shared/scenes/snapshot-from-api.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { inMemoryTransport } from '../support/bridge-transports.js';
import { BASE_SCENE } from './corpus.js';

// The default scene in a fixed layout (system tags last), so that indices below stay put.
const scene = () => BASE_SCENE;
const idOf = (s: SceneDefinition, name: string) => s.tags.find((t) => t.name === name)!.id;

/** An engine with one of each: a set Output, a forced Input, a released force, two failures, an Int. */
function busyEngine(): TagEngine {
  const s = scene();
  const engine = new TagEngine(s);
  engine.write('set', 'name', [
    { name: 'Load', value: true },
    { name: 'Counter', value: 42 },
  ]);
  engine.write('force', 'name', [
    { name: 'Pallet sensor', value: true },
    { name: 'Low sensor', value: true },
  ]);
  engine.release('name', ['Low sensor']);
  engine.setFailure(idOf(s, 'High sensor'), 'alwaysOn');
  engine.setFailure(idOf(s, 'Conveyor entry'), 'alwaysOff');
  engine.simulate('name', [{ ref: 'FACTORY I/O (Time Scale)', value: 2.5 }]);
  return engine;
}

function problemsOf(text: string): string[] {
  try {
    parseSnapshot(text, 'state.tagsim-state.json');
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error('accepted');
}

describe('snapshot files', () => {
  it('capture every tag state and read back identical, one tag a line', () => {
    const engine = busyEngine();
    const snapshot = captureSnapshot(
      engine.scene.name,
      engine.listTagStates(),
      new Date('2026-01-31T08:00:00Z'),
    );
    const text = serializeSnapshot(snapshot);
    expect(parseSnapshot(text)).toEqual(snapshot);
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      '{',
      '  "format": "tagsim-state",',
      '  "version": 1,',
      '  "scene": "Sorting by Height (Basic)",',
      '  "savedAt": "2026-01-31T08:00:00.000Z",',
    ]);
    expect(lines).toContain(
      `    {"id":"${idOf(scene(), 'Low sensor')}","name":"Low sensor","kind":"Input","type":"Bit","raw":false,"forced":false,"forcedValue":true,"failure":"none"},`,
    );
    expect(snapshot.tags.find((t) => t.name === 'High sensor')!.failure).toBe('alwaysOn');
    expect(snapshot.tags.find((t) => t.name === 'Conveyor entry')!.failure).toBe('alwaysOff');
    expect(snapshot.tags.find((t) => t.name === 'Counter')!.raw).toBe(42);
    expect(JSON.parse(text)).toMatchObject({ format: 'tagsim-state', version: 1 });
  });

  it('report every problem with its place', () => {
    const good = JSON.parse(serializeSnapshot(captureSnapshot('S', busyEngine().listTagStates())));
    good.version = 2;
    good.extra = 1;
    good.tags[0].raw = 1;
    good.tags[6].forcedValue = 1.5; // Counter is an Int
    good.tags[7].failure = 'broken';
    good.tags[8].forced = 'yes';
    good.tags[9].id = good.tags[10].id;
    good.tags[11].forcde = true;
    expect(problemsOf(JSON.stringify(good))).toEqual([
      'extra: unknown field; remove it (known fields: format, version, scene, savedAt, tags)',
      'version: 2 is newer than this TagSim reads (1); update TagSim',
      'tags[0].raw: must be true or false for a Bit tag; got 1',
      'tags[6].forcedValue: must be a 32-bit whole number for a Int tag; got 1.5',
      'tags[7].failure: must be none, alwaysOff or alwaysOn; got "broken"',
      'tags[8].forced: must be true or false; got "yes"',
      `tags[10].id: '${good.tags[10].id}' is already the id of tags[9]`,
      "tags[11].forcde: unknown field; did you mean 'forced'? (known fields: id, name, kind, type, raw, forced, forcedValue, failure)",
    ]);
    expect(problemsOf('{"format":"tagsim-scene","version":1,"scene":"S","tags":[]}')).toEqual([
      'format: must be "tagsim-state"; got "tagsim-scene" (that is a scene file, not a state snapshot)',
    ]);
    expect(problemsOf('{')).toEqual([
      "(file): not valid JSON at line 1, column 2: Expected property name or '}'",
    ]);
    expect(() => parseSnapshot('[]', 'x.tagsim-state.json')).toThrow(
      'x.tagsim-state.json is not a valid state snapshot (1 problem)',
    );
  });
});

describe('restoring a snapshot', () => {
  it('puts back values, forces (with the kept forced value) and failures in ONE engine update', () => {
    const source = busyEngine();
    const snapshot = captureSnapshot(source.scene.name, source.listTagStates());
    const engine = new TagEngine(scene());
    engine.write('force', 'name', [{ name: 'Loaded', value: true }]); // not in the saved state
    const events: TagChangeEvent[] = [];
    engine.subscribe((e) => events.push(e));
    const { states, notes } = planRestore(snapshot, engine.scene);
    expect(notes).toEqual([]);
    expect(engine.restoreStates(states)).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]!.sceneChanged).toBe(false);
    expect(engine.listTagStates()).toEqual(source.listTagStates());
    // Restoring the same state again changes nothing and says nothing.
    engine.restoreStates(states);
    expect(events).toHaveLength(1);
  });

  it('starts over the tags the snapshot lacks, and notes tags it has that the scene lacks or retyped', () => {
    const source = busyEngine();
    const snapshot = captureSnapshot('Old', source.listTagStates());
    const s = scene();
    const edited: SceneDefinition = {
      ...s,
      tags: s.tags
        .filter((t) => t.name !== 'Load')
        .map((t) => (t.name === 'Counter' ? { ...t, type: 'Float' as const } : t))
        .concat({ id: 'new-tag', name: 'New tag', kind: 'Input', type: 'Bit', address: 9 }),
    };
    const engine = new TagEngine(edited);
    engine.simulate('id', [{ ref: 'new-tag', value: true }]);
    const plan = planRestore(snapshot, engine.scene);
    expect(plan.notes).toEqual([
      "'Counter' is Float now, Int in the snapshot: it starts over",
      "1 tag of the snapshot not in this scene: 'Load'",
      "1 tag of the scene not in the snapshot starts over: 'New tag'",
    ]);
    engine.restoreStates(plan.states);
    expect(engine.getTagState('new-tag')!.raw).toBe(false);
    expect(engine.getTag(idOf(s, 'High sensor'))!.shortCircuit).toBe(true);
  });

  it('refuses a snapshot of another scene, changing nothing', () => {
    const snapshot = captureSnapshot(
      'Filling Tank',
      new TagEngine(builtinScene('Filling Tank')!).listTagStates(),
    );
    expect(() => planRestore(snapshot, scene(), 'tank.tagsim-state.json')).toThrow(
      "tank.tagsim-state.json is not a valid state snapshot for this scene (1 problem):\n  tags: none of its tags is in the scene 'Sorting by Height (Basic)' (it was saved from 'Filling Tank'); open that scene first",
    );
  });

  it('from the API answer: effective values, with OFF under forces and failures', () => {
    const engine = busyEngine();
    const { snapshot, hidden } = snapshotFromApiTags(JSON.parse(JSON.stringify(engine.listTags())), {
      sceneName: 'x',
    });
    // Pallet sensor (forced), High sensor, Conveyor entry (failed), and Emitter, which the scene
    // keeps forced on.
    expect(hidden).toBe(4);
    const fresh = new TagEngine(scene());
    fresh.restoreStates(planRestore(snapshot, fresh.scene).states);
    expect(fresh.listTags()).toEqual(engine.listTags());
    expect(() => snapshotFromApiTags({}, { sceneName: 'x', source: 'u' })).toThrow(
      'u is not a valid tag list (GET /api/tags) (1 problem)',
    );
  });
});

describe('snapshots through SceneService and the bridge', () => {
  function setup() {
    const engine = busyEngine();
    const settings = memorySettingsStore();
    const scenes = new SceneService(engine, settings);
    const server = new ServerController(engine, { host: '127.0.0.1', port: 0 });
    const host = createBridgeHost({ engine, server, settings, scenes });
    const client = createBridgeClient(inMemoryTransport(host));
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-state-'));
    return { engine, scenes, host, client, dir };
  }

  it('saves to a file, or returns the text for a download, and restores from either', async () => {
    const { engine, client, host, dir } = setup();
    const saved = engine.listTagStates();
    const path = join(dir, 'lab.tagsim-state.json');
    const toFile = await client.saveSnapshot({ path });
    expect(toFile).toMatchObject({ ok: true, fileName: 'lab.tagsim-state.json', path });
    expect(toFile.ok && toFile.content).toBe(readFileSync(path, 'utf8'));
    const download = await client.saveSnapshot(undefined);
    expect(download).toMatchObject({ ok: true, fileName: 'Sorting by Height (Basic).tagsim-state.json' });
    expect(download).not.toHaveProperty('path');

    engine.releaseAll('ui');
    engine.clearFailures('ui');
    expect(await client.restoreSnapshot({ path })).toEqual({ ok: true, restored: saved.length, notes: [] });
    expect(engine.listTagStates()).toEqual(saved);

    engine.releaseAll('ui');
    const text = download.ok ? download.content : '';
    expect(await client.restoreSnapshot({ text, fileName: 'dropped.json' })).toMatchObject({ ok: true });
    expect(engine.listTagStates()).toEqual(saved);
    host.dispose();
  });

  it('refuses a broken or missing snapshot and changes nothing', async () => {
    const { engine, client, host, dir } = setup();
    const before = engine.listTagStates();
    const path = join(dir, 'broken.tagsim-state.json');
    writeFileSync(path, '{"format":"tagsim-state","version":1,"scene":"S","tags":[{"id":1}]}');
    expect(await client.restoreSnapshot({ path })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await client.restoreSnapshot({ path: join(dir, 'none.json') })).toEqual({
      ok: false,
      reason: 'error',
      message: `cannot open ${join(dir, 'none.json')}: no such file`,
    });
    expect(await client.restoreSnapshot({ text: 'nope', fileName: 'x.json' })).toEqual({
      ok: false,
      reason: 'invalid',
      problems: ["(file): not valid JSON at line 1, column 2: Unexpected token 'o'"],
    });
    await expect(client.restoreSnapshot({})).rejects.toThrow('exactly one of path or text');
    await expect(client.restoreSnapshot({ path, text: '{}' })).rejects.toThrow('exactly one of path or text');
    expect(engine.listTagStates()).toEqual(before);
    expect(await client.saveSnapshot({ path: join(dir, 'missing-folder', '\0bad') })).toMatchObject({
      ok: false,
      reason: 'error',
    });
    host.dispose();
  });
});
