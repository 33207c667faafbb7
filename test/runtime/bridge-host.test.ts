import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { createBridgeHost, type BridgeHost } from '../../main/runtime/bridge-host.js';
import { ServerController } from '../../main/runtime/server-controller.js';
import { memorySettingsStore, type SettingsStore } from '../../main/settings/settings-store.js';

let host: BridgeHost | undefined;
let server: ServerController | undefined;
afterEach(async () => {
  host?.dispose();
  await server?.stop();
});

function setup(port: number): { settings: SettingsStore; host: BridgeHost } {
  const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
  server = new ServerController(engine, { host: '127.0.0.1', port });
  const settings = memorySettingsStore({ port });
  host = createBridgeHost({ engine, server, settings });
  return { settings, host };
}

describe('starting the server from the window', () => {
  it('remembers a port that worked, so the next start uses it', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const free = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));

    const { settings, host } = setup(7410);
    const status = await host.api.startServer({ port: free });
    expect(status).toMatchObject({ state: 'listening', port: free });
    expect(settings.get()).toMatchObject({ port: free, host: '127.0.0.1' });
  });

  it('keeps the saved port when the new one is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const { settings, host } = setup(7410);
      const status = await host.api.startServer({ port: taken });
      expect(status).toMatchObject({ state: 'failed', error: `port ${taken} in use` });
      expect(settings.get().port).toBe(7410);
    } finally {
      blocker.close();
    }
  });
});
