// createApiServer: listen(), close(), url. Not a rule of docs/api.md, but what every host relies on.
import { Agent, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApiServer } from '../../main/server/create-api-server.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { apiClient } from '../support/http-client.js';

function newEngine(): TagEngine {
  return new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
}

describe('createApiServer', () => {
  it('listen() resolves with the URL on 127.0.0.1 and an ephemeral port; close() clears it', async () => {
    const server = createApiServer(newEngine(), { host: '127.0.0.1', port: 0 });
    expect(server.url).toBeUndefined();
    const { url, host, port } = await server.listen();
    expect(host).toBe('127.0.0.1');
    expect(port).toBeGreaterThan(0);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(server.url).toBe(url);
    const res = await apiClient(url).get('/api/tags');
    expect(res.status).toBe(200);
    await server.close();
    expect(server.url).toBeUndefined();
    await server.close(); // closing twice is harmless
  });

  it('close() ends a socket an upgrade took, whose client never hangs up', async () => {
    // A mount that takes the upgrade and keeps the socket, as a WebSocket host does.
    const taken: Socket[] = [];
    const server = createApiServer(newEngine(), {
      host: '127.0.0.1',
      port: 0,
      mount: {
        upgrade: (_req, socket) => {
          taken.push(socket as Socket);
          return true;
        },
      },
    });
    const { port } = await server.listen();
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    client.write('GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    await expect.poll(() => taken.length).toBe(1);
    const clientClosed = new Promise((resolve) => client.once('close', resolve));
    await server.close();
    await clientClosed;
    expect(taken[0]!.destroyed).toBe(true);
  });

  it('listen() on a taken port rejects with EADDRINUSE', async () => {
    const first = createApiServer(newEngine(), { host: '127.0.0.1', port: 0 });
    const { port } = await first.listen();
    const second = createApiServer(newEngine(), { host: '127.0.0.1', port });
    try {
      await expect(second.listen()).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(second.url).toBeUndefined();
      // The first server is unaffected.
      expect((await apiClient(first.url!).get('/api/tags')).status).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('listen() twice rejects', async () => {
    const server = createApiServer(newEngine(), { host: '127.0.0.1', port: 0 });
    await server.listen();
    try {
      await expect(server.listen()).rejects.toThrow();
    } finally {
      await server.close();
    }
  });

  it('close() closes idle keep-alive connections and resolves promptly', async () => {
    const server = createApiServer(newEngine(), { host: '127.0.0.1', port: 0 });
    const { url } = await server.listen();
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    try {
      const client = apiClient(url);
      await client.get('/api/tags', { agent });
      await client.get('/api/tag/values', { agent });
      const sockets = Object.values(agent.freeSockets).flat() as Socket[];
      expect(sockets).toHaveLength(1);
      const socket = sockets[0]!;
      const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

      const started = performance.now();
      await server.close();
      await socketClosed;
      // Far below Node's keep-alive timeout (5 s): the idle connection was closed, not waited for.
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(socket.destroyed).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('a closed server can listen again', async () => {
    const server = createApiServer(newEngine(), { host: '127.0.0.1', port: 0 });
    await server.listen();
    await server.close();
    const { url } = await server.listen();
    try {
      expect((await apiClient(url).get('/api/tags')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('keeps one error listener on the listening server, which reports instead of crashing', async () => {
    // The node:http server is reached through a request's socket (Node sets `socket.server`).
    let http: Server | undefined;
    const server = createApiServer(newEngine(), {
      host: '127.0.0.1',
      port: 0,
      mount: {
        pathPrefix: '/probe',
        middleware: async (ctx, next) => {
          http = (ctx.req.socket as Socket & { server?: Server }).server;
          await next();
        },
      },
    });
    const errors: unknown[] = [];
    server.events.error.on((e) => errors.push(e));
    const { url } = await server.listen();
    try {
      // A path the mount sees (the tag API's own routes may be answered before any middleware).
      await apiClient(url).get('/probe');
      expect(http).toBeDefined();
      // Only the reporting listener: the one that waited for the bind is gone.
      expect(http!.listenerCount('error')).toBe(1);
      const failure = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' });
      http!.emit('error', failure);
      expect(errors).toStrictEqual([failure]);
      expect((await apiClient(url).get('/api/tags')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a failed listen leaves the next attempt free to bind', async () => {
    const blocker = createApiServer(newEngine(), { host: '127.0.0.1', port: 0 });
    const { port } = await blocker.listen();
    const server = createApiServer(newEngine(), { host: '127.0.0.1', port });
    try {
      for (let attempt = 0; attempt < 20; attempt++)
        await expect(server.listen()).rejects.toMatchObject({ code: 'EADDRINUSE' });
      await blocker.close();
      const { url } = await server.listen();
      expect((await apiClient(url).get('/api/tags')).status).toBe(200);
    } finally {
      await server.close();
      await blocker.close();
    }
  });
});
