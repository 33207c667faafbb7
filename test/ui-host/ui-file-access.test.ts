// The browser UI's file access over the real WebSocket bridge of `tagsim serve --ui`: with 'none'
// every by-path call is refused and nothing on disk changes; uploads and downloads still work.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeClient, type BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { UiFileAccess } from '../../shared/bridge/bridge-spec.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { uiWebSocketTransport } from '../support/bridge-transports.js';

const TOKEN = 'files-token';
const REFUSAL = /cannot open or save files on the server.*--ui-files/;

interface Fixture {
  dir: string;
  /** The scene file the tagsim started from (so the document has a path, and recent has it). */
  sceneFile: string;
  /** Another scene file, to open by path. */
  otherFile: string;
  /** A state snapshot of the served scene, with Counter forced to 42. */
  stateFile: string;
  tagsim: TagSim;
  client: BridgeClient;
  close(): Promise<void>;
}

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function start(fileAccess?: UiFileAccess): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'tagsim-ui-files-'));
  const rendererDir = mkdtempSync(join(tmpdir(), 'tagsim-ui-'));
  const sceneFile = join(dir, 'line.tagsim.json');
  writeFileSync(sceneFile, serializeScene({ ...builtinScene('Sorting by Height (Basic)')!, name: 'Line' }));
  const otherFile = join(dir, 'other.tagsim.json');
  writeFileSync(otherFile, serializeScene({ ...builtinScene('Sorting by Weight')!, name: 'Other' }));
  const tagsim = await startTagSim({
    server: { port: 0 },
    scene: { file: sceneFile },
    simulation: { startRunning: false },
    ui: { rendererDir, token: TOKEN, ...(fileAccess ? { fileAccess } : {}) },
  });
  // A snapshot written by TagSim itself (not through the bridge): Counter forced to 42.
  const counter = tagsim.engine.listTags({ name: 'Counter' })[0]!;
  tagsim.engine.write('force', 'id', [{ id: counter.id, value: 42 }], 'api');
  const stateFile = join(dir, 'faults.tagsim-state.json');
  const saved = await tagsim.scenes.saveSnapshot();
  if (!saved.ok) throw new Error(saved.message);
  writeFileSync(stateFile, saved.content);
  tagsim.engine.release('id', [counter.id], 'api');
  const transport = await uiWebSocketTransport(`${tagsim.url!.replace('http:', 'ws:')}/ui/ws?token=${TOKEN}`);
  return (fixture = {
    dir,
    sceneFile,
    otherFile,
    stateFile,
    tagsim,
    client: createBridgeClient(transport),
    close: async () => {
      transport.close();
      await tagsim.close();
    },
  });
}

/** Every file of the folder with its bytes: what "nothing on disk changed" compares. */
function disk(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

const counterOf = (f: Fixture) => f.tagsim.engine.listTagStates().find((t) => t.name === 'Counter')!;

describe("the browser UI with file access 'none'", () => {
  it('says so in getState and does not list the recent files', async () => {
    const f = await start('none');
    expect((await f.client.getState(undefined)).fileAccess).toBe('none');
    expect(f.tagsim.scenes.recent).toEqual([f.sceneFile]);
    const scenes = await f.client.getScenes(undefined);
    expect(scenes.recent).toEqual([]);
    expect(scenes.document.scene.name).toBe('Line');
  });

  it('refuses to open a scene by path, keeping the scene it serves', async () => {
    const f = await start('none');
    const before = disk(f.dir);
    const outcome = await f.client.openScene({ path: f.otherFile });
    expect(outcome).toEqual({ ok: false, reason: 'error', message: expect.stringMatching(REFUSAL) });
    expect(f.tagsim.engine.scene.name).toBe('Line');
    expect(f.tagsim.scenes.recent).toEqual([f.sceneFile]);
    expect(disk(f.dir)).toEqual(before);
  });

  it('refuses to save the scene to its own file or to a new path, even with changes', async () => {
    const f = await start('none');
    const edited = await f.client.editScene({ edit: { op: 'renameScene', name: 'Line 2' } });
    expect(edited.ok).toBe(true);
    const before = disk(f.dir);
    for (const args of [undefined, { overwrite: true }, { path: join(f.dir, 'new.tagsim.json') }]) {
      const outcome = await f.client.saveScene(args);
      expect(outcome).toEqual({ ok: false, reason: 'error', message: expect.stringMatching(REFUSAL) });
    }
    expect(disk(f.dir)).toEqual(before);
    expect(f.tagsim.scenes.document.dirty).toBe(true);
  });

  it('refuses to save or restore a snapshot by path; the download and the upload still work', async () => {
    const f = await start('none');
    const before = disk(f.dir);
    const saved = await f.client.saveSnapshot({ path: join(f.dir, 'taken.tagsim-state.json') });
    expect(saved).toEqual({ ok: false, reason: 'error', message: expect.stringMatching(REFUSAL) });
    const restored = await f.client.restoreSnapshot({ path: f.stateFile });
    expect(restored).toEqual({ ok: false, reason: 'error', message: expect.stringMatching(REFUSAL) });
    expect(counterOf(f).isForced).toBe(false);
    expect(disk(f.dir)).toEqual(before);

    const download = await f.client.saveSnapshot({});
    expect(download).toMatchObject({ ok: true, fileName: 'Line.tagsim-state.json' });
    const upload = await f.client.restoreSnapshot({
      text: readFileSync(f.stateFile, 'utf8'),
      fileName: 'faults.tagsim-state.json',
    });
    expect(upload).toMatchObject({ ok: true });
    expect(counterOf(f)).toMatchObject({ isForced: true, forcedValue: 42 });
    expect(disk(f.dir)).toEqual(before);
  });

  it('opens an uploaded scene file', async () => {
    const f = await start('none');
    const outcome = await f.client.openScene({
      text: readFileSync(f.otherFile, 'utf8'),
      fileName: 'other.tagsim.json',
    });
    expect(outcome).toMatchObject({ ok: true, document: { origin: 'import' } });
    expect(f.tagsim.engine.scene.name).toBe('Other');
  });
});

describe("the browser UI with file access 'any' (the default on 127.0.0.1)", () => {
  it('is the default on a loopback host and lists the recent files', async () => {
    const f = await start();
    expect(f.tagsim.uiFileAccess).toBe('any');
    expect((await f.client.getState(undefined)).fileAccess).toBe('any');
    expect((await f.client.getScenes(undefined)).recent).toEqual([f.sceneFile]);
  });

  it('opens, saves, and saves and restores snapshots by path', async () => {
    const f = await start('any');
    expect(await f.client.openScene({ path: f.otherFile })).toMatchObject({ ok: true });
    expect(f.tagsim.engine.scene.name).toBe('Other');

    const copy = join(f.dir, 'copy.tagsim.json');
    expect(await f.client.saveScene({ path: copy })).toMatchObject({ ok: true });
    expect(JSON.parse(readFileSync(copy, 'utf8'))).toMatchObject({ name: 'Other' });

    const taken = join(f.dir, 'taken.tagsim-state.json');
    expect(await f.client.saveSnapshot({ path: taken })).toMatchObject({ ok: true });
    expect(existsSync(taken)).toBe(true);

    expect(await f.client.openScene({ path: f.sceneFile })).toMatchObject({ ok: true });
    expect(await f.client.restoreSnapshot({ path: f.stateFile })).toMatchObject({ ok: true });
    expect(counterOf(f)).toMatchObject({ isForced: true, forcedValue: 42 });
  });
});
