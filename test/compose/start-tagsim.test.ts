// startTagSim, the one place a TagSim is put together (docs/architecture.md): what the CLI, the
// desktop app and a lab of many stations in one process rely on. Real servers on free ports.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { captureSnapshot, serializeSnapshot } from '../../shared/scenes/runtime-snapshot.js';
import { startTagSim, TagSimStartError, type TagSim } from '../../main/compose/start-tagsim.js';
import { apiClient } from '../support/http-client.js';

const open: TagSim[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

/** A TagSim on a free port whose plant stands still (no timer), closed after the test. */
async function start(options: Parameters<typeof startTagSim>[0] = {}): Promise<TagSim> {
  const tagsim = await startTagSim({
    server: { port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
    ...options,
  });
  open.push(tagsim);
  return tagsim;
}

async function takenPort(): Promise<{ port: number; release(): Promise<void> }> {
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return {
    port: (blocker.address() as { port: number }).port,
    release: () => new Promise<void>((resolve) => blocker.close(() => resolve())),
  };
}

const counterOf = (tagsim: TagSim) => tagsim.engine.listTags({ name: 'Counter' })[0]!;

describe('startTagSim', () => {
  it('serves the default scene on 127.0.0.1 with its simulation, and typed handles to each part', async () => {
    const tagsim = await start();
    expect(tagsim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(tagsim.engine.scene.name).toBe('Sorting by Height (Basic)');
    expect(tagsim.scenes.document).toMatchObject({ origin: 'builtin', dirty: false });
    expect(tagsim.simulation.status.state).toBe('stopped');
    expect(tagsim.server.status).toMatchObject({ state: 'listening', controllable: true });
    expect(tagsim.ui).toBeUndefined();
    expect(tagsim.uiUrl).toBeUndefined();
    const tags = (await apiClient(tagsim.url!).get('/api/tags')).json as unknown[];
    expect(tags).toHaveLength(40);
    // The bridge sees the same engine the API serves.
    const state = await tagsim.bridge.api.getState();
    expect(state.tags).toHaveLength(40);
    expect(state.simulation?.state).toBe('stopped');
  });

  it('holds independent stations in one process: own engine, port, scene and state', async () => {
    const a = await start();
    const b = await start({ scene: { builtin: 'Filling Tank' } });
    expect(a.url).not.toBe(b.url);
    expect(b.engine.scene.name).toBe('Filling Tank');
    const writes = await apiClient(a.url!).put('/api/tag/values-force', [{ id: counterOf(a).id, value: 5 }]);
    expect(writes.json).toStrictEqual([]);
    expect(counterOf(a).value).toBe(5);
    expect(b.engine.listTags({ name: 'Counter' })).toHaveLength(0);
    const c = await start();
    expect(counterOf(c).value).toBe(0);
    // Closing one leaves the others serving.
    await a.close();
    expect((await apiClient(c.url!).get('/api/tags')).status).toBe(200);
  });

  it('close() stops the server and the simulation and frees the port', async () => {
    const stopTimer = vi.fn();
    const tagsim = await start({ simulation: { startRunning: true, every: () => stopTimer } });
    const url = tagsim.url!;
    const port = tagsim.server.status.port;
    await tagsim.close();
    expect(stopTimer).toHaveBeenCalledOnce();
    expect(tagsim.server.status.state).toBe('stopped');
    expect(tagsim.url).toBeUndefined();
    await expect(fetch(`${url}/api/tags`)).rejects.toThrow();
    // The port is free for the next station.
    const next = await start({ server: { port } });
    expect(next.server.status.port).toBe(port);
  });

  it("with listen 'required' (the default), a taken port rejects and leaves nothing running", async () => {
    const blocker = await takenPort();
    const stopTimer = vi.fn();
    try {
      const failed = startTagSim({
        server: { port: blocker.port },
        simulation: { every: () => stopTimer },
      });
      await expect(failed).rejects.toBeInstanceOf(TagSimStartError);
      await expect(failed).rejects.toMatchObject({ cause: { code: 'EADDRINUSE' } });
      expect(stopTimer).toHaveBeenCalledOnce();
    } finally {
      await blocker.release();
    }
  });

  it("with listen 'background', returns at once and a taken port shows in the status", async () => {
    const blocker = await takenPort();
    try {
      const tagsim = await start({ server: { port: blocker.port }, listen: 'background' });
      await vi.waitFor(() => expect(tagsim.server.status.state).toBe('failed'));
      expect(tagsim.server.status.error).toBe(`port ${blocker.port} in use`);
      expect(tagsim.url).toBeUndefined();
      await blocker.release();
      expect((await tagsim.server.start()).state).toBe('listening');
      expect(tagsim.url).toMatch(/^http:/);
    } finally {
      await blocker.release().catch(() => undefined);
    }
  });

  it("with listen 'later', binds nothing until server.start(); the bridge works meanwhile", async () => {
    const tagsim = await start({ listen: 'later' });
    expect(tagsim.server.status.state).toBe('stopped');
    expect(tagsim.url).toBeUndefined();
    expect(await tagsim.bridge.api.setValue({ id: counterOf(tagsim).id, value: 3 })).toBeNull();
    expect(counterOf(tagsim).value).toBe(3);
    await tagsim.server.start();
    expect(tagsim.url).toMatch(/^http:/);
  });

  it('serves the browser UI with its own file access and a server the window cannot stop', async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'tagsim-ui-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>TagSim</title>');
    const tagsim = await start({ ui: { rendererDir, token: 'tok' } });
    expect(tagsim.uiUrl).toBe(`${tagsim.url}/ui/?token=tok`);
    expect(tagsim.uiFileAccess).toBe('any');
    expect(tagsim.server.status.controllable).toBe(false);
    expect((await fetch(`${tagsim.url}/ui/`)).status).toBe(200);
  });

  it('starts from a state snapshot; what it cannot apply is a notice for the window', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-state-'));
    const source = await start();
    source.engine.write('force', 'id', [{ id: counterOf(source).id, value: 9 }], 'api');
    const states = source.engine.listTagStates();
    const snapshot = captureSnapshot(source.engine.scene.name, states, new Date());
    // A tag the scene no longer has: restored without it, with a note.
    snapshot.tags.push({ ...snapshot.tags[0]!, id: 'gone', name: 'Gone' });
    const file = join(dir, 'lab.tagsim-state.json');
    writeFileSync(file, serializeSnapshot(snapshot));
    const tagsim = await start({ state: file, notices: [{ file: 'presets.json', message: 'earlier' }] });
    expect(counterOf(tagsim)).toMatchObject({ value: 9, isForced: true });
    expect(tagsim.restored?.tags).toBe(40);
    expect(tagsim.restored?.notes).toHaveLength(1);
    const { notices } = await tagsim.bridge.api.getState();
    expect(notices?.map((n) => n.file)).toStrictEqual(['presets.json', file]);
  });

  it('serves a scene a host loaded itself, without reading it again', async () => {
    const scene = { ...builtinScene('Filling Tank')!, name: 'Given' };
    const tagsim = await start({ scene: { scene } });
    expect(tagsim.engine.scene.name).toBe('Given');
  });

  it('carries every error on one stream, reported from the very start', async () => {
    const reportError = vi.fn();
    const tagsim = await start({ reportError });
    const seen: unknown[] = [];
    tagsim.errors.on((e) => seen.push(e));
    const failure = new Error('a broken listener');
    tagsim.engine.subscribe(() => {
      throw failure;
    });
    tagsim.engine.write('force', 'id', [{ id: counterOf(tagsim).id, value: 1 }], 'api');
    expect(seen).toStrictEqual([failure]);
    expect(reportError).toHaveBeenCalledWith(failure);
  });
});
