// What a hostile or merely unusual client can send the tag API, over real HTTP on 127.0.0.1:
// too many items, encodings that do not decode, `__proto__` keys, a failure after a write, and
// clients too slow to finish a request. The server answers each clearly and keeps serving.
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../main/server/create-api-server.js';
import {
  TagEngine,
  type ItemError,
  type RefKind,
  type WriteOperation,
} from '../../shared/core/tag-engine.js';
import { sceneNamed, useTestServer } from '../support/api-server.js';
import { rawRequest } from '../support/http-client.js';
import { httpRequestBytes, rawExchange } from '../support/raw-http.js';

const t = useTestServer();

const TOO_MANY = { code: 413, error: 'Request has too many items (at most 100000).' };
const counterValue = async () => (await t.client.get('/api/tags/by-name/Counter')).json;

describe('the number of items in one request', () => {
  it('refuses more than 100,000 items with 413 before any item is applied', async () => {
    const items = Array.from({ length: 100_001 }, (_, i) => ({ name: 'Counter', value: i + 1 }));
    const res = await rawRequest(t.url, 'PUT', '/api/tag/values/by-name', { body: JSON.stringify(items) });
    expect(res.status).toBe(413);
    expect(res.json).toEqual(TOO_MANY);
    expect(t.engine.tagsNamed('Counter')[0]!.value).toBe(0);
  });

  it('refuses as many on reads, releases and by-id writes', async () => {
    const ones = JSON.stringify(Array.from({ length: 100_001 }, () => 1));
    for (const [method, path] of [
      ['GET', '/api/tag/values'],
      ['GET', '/api/tag/values/by-name'],
      ['PUT', '/api/tag/values-release'],
      ['PUT', '/api/tag/values-force'],
      ['PUT', '/api/tag/values-alwayson/by-name'],
    ] as const) {
      const res = await rawRequest(t.url, method, path, { body: ones });
      expect([path, res.status, res.json]).toEqual([path, 413, TOO_MANY]);
    }
  });

  it('takes exactly 100,000 items, and answers each bad one within that bound', async () => {
    const res = await rawRequest(t.url, 'PUT', '/api/tag/values', {
      body: JSON.stringify(Array(100_000).fill(1)),
    });
    expect(res.status).toBe(200);
    expect((res.json as unknown[]).length).toBe(100_000);
  });

  it('survives six 16 MiB bodies at once, changes nothing, and answers the next client', async () => {
    // `[1,1,...]` just under the body limit: today's worst case for per-item errors.
    const body = Buffer.from(`[${'1,'.repeat(8 * 1024 * 1024 - 4)}1]`);
    expect(body.length).toBeLessThan(16 * 1024 * 1024);
    const before = (await t.client.get('/api/tags')).text;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        rawRequest(t.url, 'PUT', '/api/tag/values', { body, timeoutMs: 60_000 }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(res.text.length).toBeLessThan(200);
    }
    expect((await t.client.get('/api/tags')).text).toBe(before);
  }, 120_000);
});

describe('Content-Encoding', () => {
  const write = (body: Buffer | string, encoding: string) =>
    rawRequest(t.url, 'PUT', '/api/tag/values/by-name', { body, headers: { 'Content-Encoding': encoding } });
  const json = (value: number) => JSON.stringify([{ name: 'Counter', value }]);

  it('decodes gzip, deflate and br bodies, in any letter case', async () => {
    for (const [encoding, body, value] of [
      ['gzip', gzipSync(json(1)), 1],
      ['GZip', gzipSync(json(2)), 2],
      ['deflate', deflateSync(json(3)), 3],
      ['br', brotliCompressSync(json(4)), 4],
      ['identity', json(5), 5],
    ] as const) {
      const res = await write(body, encoding);
      expect([encoding, res.status, res.text]).toEqual([encoding, 200, '[]']);
      expect(await counterValue()).toMatchObject([{ value }]);
    }
  });

  it('answers 400 when a supported encoding does not decode, and changes nothing', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await write(json(9), encoding);
      expect(res.status).toBe(400);
      expect((res.json as { error: string }).error).toMatch(
        new RegExp(`^Request body is not valid ${encoding} data`),
      );
    }
    expect(await counterValue()).toMatchObject([{ value: 0 }]);
  });

  it('answers 415 for an encoding it does not support, naming it without echoing control characters', async () => {
    const res = await write(json(9), 'xz');
    expect(res.status).toBe(415);
    expect(res.json).toEqual({
      code: 415,
      error: "Content-Encoding 'xz' is not supported; send the body as gzip, deflate, br or identity.",
    });
    const odd = await write(json(9), 'x\tz');
    expect(odd.status).toBe(415);
    expect((odd.json as { error: string }).error).toContain("'x\\tz'");
    expect(await counterValue()).toMatchObject([{ value: 0 }]);
    // The connection stays usable after an early answer.
    expect((await t.client.get('/api/tags/by-name/Counter')).status).toBe(200);
  });
});

describe('keys named __proto__', () => {
  it('are unknown keys like any other: the item applies and no prototype changes', async () => {
    const body = '[{"name": "Counter", "value": 12, "__proto__": {"polluted": true}}, {"__proto__": 1}]';
    const res = await rawRequest(t.url, 'PUT', '/api/tag/values/by-name', { body });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { name: null, code: 400, error: "Item must be an object with a string 'name' and a 'value'." },
    ]);
    expect(await counterValue()).toMatchObject([{ value: 12 }]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const read = await rawRequest(t.url, 'GET', '/api/tag/values/by-name', {
      body: '["Counter", "__proto__"]',
    });
    expect(read.json).toEqual([
      { name: 'Counter', value: 12 },
      { name: '__proto__', code: 404, error: "Tag named '__proto__' not found." },
    ]);
  });
});

describe('a failure after a write was applied', () => {
  /** An engine whose answers cannot be serialised: the write itself succeeds. */
  class AnswerFails extends TagEngine {
    override write(operation: WriteOperation, by: RefKind, items: readonly unknown[]): ItemError[] {
      super.write(operation, by, items);
      return [
        {
          toJSON: () => {
            throw new Error('cannot serialise');
          },
        } as unknown as ItemError,
      ];
    }
  }
  let server: ApiServer;
  let engine: AnswerFails;
  let url: string;
  beforeAll(async () => {
    engine = new AnswerFails(sceneNamed('Sorting by Height (Basic)'));
    server = createApiServer(engine, { port: 0 });
    url = (await server.listen()).url;
  });
  afterAll(() => server.close());

  it('answers 500 without claiming the write was not applied', async () => {
    const res = await rawRequest(url, 'PUT', '/api/tag/values/by-name', {
      body: '[{"name":"Counter","value":3}]',
    });
    expect(engine.tagsNamed('Counter')[0]!.value).toBe(3);
    expect(res.json).toEqual({
      code: 500,
      error: 'Internal error in TagSim after the request was applied; read the tags to see its effect.',
    });
  });
});

describe('slow clients', () => {
  let server: ApiServer;
  let port: number;
  beforeAll(async () => {
    server = createApiServer(new TagEngine(sceneNamed('Sorting by Height (Basic)')), {
      port: 0,
      timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 300 },
    });
    port = (await server.listen()).port;
  });
  afterAll(() => server.close());

  /** Writes the bytes one at a time, `gapMs` apart, until the server closes or all are sent. */
  function trickle(bytes: Buffer, gapMs: number): Promise<{ closedAfter: number; answered: string }> {
    return new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      let sent = 0;
      let answered = '';
      socket.on('data', (d: Buffer) => (answered += d.toString()));
      socket.on('error', () => undefined);
      const timer = setInterval(() => {
        if (sent < bytes.length && !socket.destroyed) socket.write(bytes.subarray(sent, ++sent));
        else if (sent >= bytes.length) socket.destroy();
      }, gapMs);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ closedAfter: sent, answered });
      });
    });
  }

  it('cuts off a client that sends its head too slowly, while others are answered', async () => {
    const head = httpRequestBytes('GET', '/api/tags', { 'X-Slow': 'a'.repeat(200) });
    const slow = trickle(head, 20);
    const quick = await rawExchange(
      port,
      httpRequestBytes('GET', '/api/tags/by-name/Load', { Connection: 'close' }),
    );
    expect(quick.responses[0]!.status).toBe(200);
    const { closedAfter, answered } = await slow;
    expect(closedAfter).toBeLessThan(head.length);
    expect(answered).not.toContain('HTTP/1.1 200');
  });

  it('keeps answering with 300 idle connections open, and closes them at the head timeout', async () => {
    const idle = await Promise.all(
      Array.from(
        { length: 300 },
        () =>
          new Promise<{ closed: Promise<void> }>((resolve, reject) => {
            const socket = connect({ host: '127.0.0.1', port });
            const closed = new Promise<void>((done) => socket.on('close', () => done()));
            socket.on('error', () => undefined);
            socket.resume(); // read what the server says (a 408) and its close
            socket.once('connect', () => resolve({ closed }));
            socket.once('error', reject);
          }),
      ),
    );
    const quick = await rawExchange(port, httpRequestBytes('GET', '/api/tags', { Connection: 'close' }));
    expect(quick.responses[0]!.status).toBe(200);
    // Nothing sent: each is a head that never comes, and goes when its time is up.
    await Promise.all(idle.map((s) => s.closed));
  }, 30_000);

  it('cuts off a body that never finishes', async () => {
    const ex = await rawExchange(
      port,
      httpRequestBytes('PUT', '/api/tag/values', { 'Content-Length': '100' }, '[{"id":'),
      { timeoutMs: 10_000 },
    );
    // Node answers 408 Request Timeout and closes.
    expect(ex.closed || ex.responses[0]?.status === 408).toBe(true);
    expect(ex.responses.every((r) => r.status !== 200)).toBe(true);
  });
});

describe('a request target in absolute form', () => {
  const port = () => Number(new URL(t.url).port);
  const get = async (target: string) =>
    (await rawExchange(port(), httpRequestBytes('GET', target, { Connection: 'close' }))).responses[0]!;

  it('with a host or port that is no URL answers 400 in words, before Node parses it (no DEP0170)', async () => {
    for (const target of ['http://[::1', 'http://[::1]:99999/api/tags', 'http://a:b/']) {
      const res = await get(target);
      expect(res.status, target).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        code: 400,
        error: `The request target ${JSON.stringify(target)} is not a valid URL.`,
      });
    }
  });

  it('that is a valid URL is served as its path', async () => {
    expect((await get(`http://[::1]:${port()}/api/tags/by-name/Counter`)).status).toBe(200);
  });
});
