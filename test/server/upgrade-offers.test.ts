// Requests that offer a protocol upgrade (Java's HttpClient offers h2c on every plain-http
// request) are answered as ordinary HTTP/1.1, exactly as without the offer, like the simulator
// does; only the window's own WebSocket upgrades. Over raw sockets on 127.0.0.1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../main/server/create-api-server.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { sceneNamed } from '../support/api-server.js';
import { httpRequestBytes, rawExchange } from '../support/raw-http.js';

const H2C = {
  Connection: 'Upgrade, HTTP2-Settings',
  Upgrade: 'h2c',
  'HTTP2-Settings': 'AAMAAABkAARAAAAAAAIAAAAA',
};

/** The same exchange with and without the offer must answer the same. */
async function sameWithOffer(port: number, method: string, target: string, body?: string) {
  const plain = await rawExchange(port, httpRequestBytes(method, target, { Connection: 'close' }, body));
  const offered = await rawExchange(port, httpRequestBytes(method, target, H2C, body));
  expect(offered.responses).toHaveLength(1);
  expect(offered.responses[0]!.status).toBe(plain.responses[0]!.status);
  expect(offered.responses[0]!.body).toBe(plain.responses[0]!.body);
  return offered.responses[0]!;
}

describe('an Upgrade offer on a server whose mount takes upgrades (tagsim serve --ui)', () => {
  let tagsim: TagSim;
  let port: number;

  beforeAll(async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'tagsim-ui-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>TagSim</title>');
    tagsim = await startTagSim({ server: { port: 0 }, ui: { rendererDir, token: 'tok' } });
    port = tagsim.server.status.port;
  });
  afterAll(() => tagsim.close());

  it('answers GET /api/tags as without the offer', async () => {
    const res = await sameWithOffer(port, 'GET', '/api/tags');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toHaveLength(tagsim.engine.tagCount);
  });

  it('answers a GET with a body, a PUT with a body, a chunked body and an error alike', async () => {
    const read = await sameWithOffer(port, 'GET', '/api/tag/values/by-name', '["Counter"]');
    expect(JSON.parse(read.body)).toEqual([{ name: 'Counter', value: 0 }]);
    const write = await sameWithOffer(
      port,
      'PUT',
      '/api/tag/values/by-name',
      '[{"name":"Counter","value":7}]',
    );
    expect(write.body).toBe('[]');
    const chunked = await rawExchange(
      port,
      httpRequestBytes(
        'PUT',
        '/api/tag/values/by-name',
        { ...H2C, 'Transfer-Encoding': 'chunked' },
        '1e\r\n[{"name":"Counter","value":9}]\r\n0\r\n\r\n',
      ),
    );
    expect(chunked.responses[0]).toMatchObject({ status: 200, body: '[]' });
    const after = await sameWithOffer(port, 'GET', '/api/tag/values/by-name', '["Counter"]');
    expect(JSON.parse(after.body)).toEqual([{ name: 'Counter', value: 9 }]);
    const bad = await sameWithOffer(port, 'PUT', '/api/tag/values', '[oops');
    expect(bad.status).toBe(400);
    expect(await sameWithOffer(port, 'GET', '/api/nope')).toMatchObject({ status: 404 });
  });

  it('keeps the connection for the requests that follow the offer', async () => {
    const ex = await rawExchange(
      port,
      Buffer.concat([
        httpRequestBytes('GET', '/api/tags/by-name/Counter', H2C),
        httpRequestBytes('GET', '/api/tags/by-name/Load', {}),
        httpRequestBytes('GET', '/api/tags/by-name/Loaded', {
          ...H2C,
          Connection: 'Upgrade, HTTP2-Settings, close',
        }),
      ]),
      { responses: 3 },
    );
    expect(ex.responses.map((r) => JSON.parse(r.body)[0].name)).toEqual(['Counter', 'Load', 'Loaded']);
  });

  it('survives a malformed upgrade target and keeps serving', async () => {
    for (const target of ['//[bad', '//[', 'http://[::1', '/ui/ws?token=%zz', '*']) {
      const ex = await rawExchange(
        port,
        httpRequestBytes('GET', target, {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        }),
      );
      expect(ex.responses.length === 0 ? ex.closed : ex.responses[0]!.status < 500).toBe(true);
    }
    const after = await rawExchange(
      port,
      httpRequestBytes('GET', '/api/tags/by-name/Counter', { Connection: 'close' }),
    );
    expect(after.responses[0]!.status).toBe(200);
  });
});

describe('an Upgrade offer elsewhere', () => {
  let engine: TagEngine;
  let server: ApiServer;
  let port: number;
  let errors: unknown[];

  beforeAll(async () => {
    engine = new TagEngine(sceneNamed('Sorting by Height (Basic)'));
    errors = [];
    let calls = 0;
    server = createApiServer(engine, {
      port: 0,
      mount: {
        upgrade: () => {
          calls++;
          if (calls % 2 === 0) throw new Error('the mount failed');
          return false;
        },
      },
    });
    server.events.error.on((e) => errors.push(e));
    port = (await server.listen()).port;
  });
  afterAll(() => server.close());

  it('is served as plain HTTP when the mount declines it, and refused cleanly when the mount throws', async () => {
    const first = await rawExchange(port, httpRequestBytes('GET', '/api/tags/by-name/Load', H2C));
    expect(first.responses[0]!.status).toBe(200);
    const second = await rawExchange(port, httpRequestBytes('GET', '/api/tags/by-name/Load', H2C));
    expect(second.responses[0]!.status).toBe(400);
    expect(errors).toHaveLength(1);
    const third = await rawExchange(
      port,
      httpRequestBytes('GET', '/api/tags/by-name/Load', { Connection: 'close' }),
    );
    expect(third.responses[0]!.status).toBe(200);
  });

  it('is served as plain HTTP by a server without any upgrade handler', async () => {
    const plain = createApiServer(engine, { port: 0 });
    const { port: plainPort } = await plain.listen();
    try {
      const ex = await rawExchange(plainPort, httpRequestBytes('GET', '/api/tags/by-name/Load', H2C));
      expect(ex.responses[0]!.status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
