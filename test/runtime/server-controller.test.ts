import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../shared/bridge/bridge-spec.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { ServerController } from '../../main/runtime/server-controller.js';

const engine = () => new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
let controller: ServerController | undefined;
afterEach(async () => {
  await controller?.stop();
  controller = undefined;
});

describe('ServerController', () => {
  it('starts, reports each state, and stops', async () => {
    controller = new ServerController(engine(), { host: '127.0.0.1', port: 0 });
    const seen: ServerStatus['state'][] = [];
    controller.onStatus((s) => seen.push(s.state));
    const status = await controller.start();
    expect(status).toMatchObject({ state: 'listening', host: '127.0.0.1', controllable: true });
    expect(status.url).toBe(`http://127.0.0.1:${status.port}`);
    expect((await fetch(`${status.url}/api/tags?name=Counter`)).status).toBe(200);
    expect((await controller.stop()).state).toBe('stopped');
    await expect(fetch(`${status.url}/api/tags`)).rejects.toThrow();
    expect(seen).toEqual(['starting', 'listening', 'stopped']);
  });

  it('turns a taken port into a "port N in use" state, and retries on another port', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      controller = new ServerController(engine(), { host: '127.0.0.1', port: taken });
      const failed = await controller.start();
      expect(failed).toMatchObject({ state: 'failed', port: taken, error: `port ${taken} in use` });
      expect((controller.lastError as { code?: string }).code).toBe('EADDRINUSE');
      const retried = await controller.start({ port: 0 });
      expect(retried.state).toBe('listening');
      expect(retried.port).not.toBe(taken);
      expect(controller.lastError).toBeUndefined();
    } finally {
      blocker.close();
    }
  });

  it('restarts on a new port, freeing the old one', async () => {
    controller = new ServerController(engine(), { host: '127.0.0.1', port: 0 });
    const first = await controller.start();
    const second = await controller.start({ port: 0 });
    expect(second.state).toBe('listening');
    await expect(fetch(`${first.url}/api/tags`)).rejects.toThrow();
    expect((await fetch(`${second.url}/api/tags`)).status).toBe(200);
  });

  it('forwards API requests for live statistics', async () => {
    controller = new ServerController(engine(), { host: '127.0.0.1', port: 0 });
    const paths: string[] = [];
    controller.requests.on((r) => paths.push(`${r.method} ${r.path} ${r.status}`));
    const { url } = await controller.start();
    await fetch(`${url}/api/tags/nope`);
    expect(paths).toEqual(['GET /api/tags/nope 404']);
  });
});

describe('ServerController under overlapping calls', () => {
  it('a stop that comes while a start is binding wins: nothing is left listening', async () => {
    controller = new ServerController(engine(), { host: '127.0.0.1', port: 0 });
    const starting = controller.start();
    const stopped = await controller.stop();
    await starting;
    expect(stopped.state).toBe('stopped');
    expect(controller.status.state).toBe('stopped');
    expect(controller.apiServer).toBeUndefined();
  });

  it('of two quick starts, the last one is the server that stays', async () => {
    controller = new ServerController(engine(), { host: '127.0.0.1', port: 0 });
    const first = controller.start();
    const second = controller.start();
    await first;
    const status = await second;
    expect(status.state).toBe('listening');
    expect(controller.status).toEqual(status);
    expect((await fetch(`${status.url}/api/tags?name=Counter`)).status).toBe(200);
  });
});
