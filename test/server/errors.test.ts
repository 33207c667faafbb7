// Whole-request errors (405, 413, 500) and the server's events. docs/api.md, "Whole-request errors".
import { Agent } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestEvent } from '../../main/server/create-api-server.js';
import type { RawResponse } from '../support/http-client.js';
import { JSON_CONTENT_TYPE, startTestServer, type TestServer } from '../support/api-server.js';

function expectJsonError(res: RawResponse, status: number): string {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
  expect(res.json).toEqual({ code: status, error: expect.any(String) });
  return (res.json as { error: string }).error;
}

function allowOf(res: RawResponse): string[] {
  const allow = res.headers['allow'];
  expect(typeof allow, 'Allow header').toBe('string');
  return (allow as string).split(',').map((method) => method.trim());
}

describe('wrong method: 405 with an Allow header and a JSON body', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['POST', '/api/tags', ['GET']],
    ['PUT', '/api/tags', ['GET']],
    ['DELETE', '/api/tags/some-id', ['GET']],
    ['POST', '/api/tags/by-name/Counter', ['GET']],
    ['DELETE', '/api/tag/values', ['GET', 'PUT']],
    ['POST', '/api/tag/values', ['GET', 'PUT']],
    ['PATCH', '/api/tag/values/by-name', ['GET', 'PUT']],
    ['DELETE', '/api/tag/by-name/values', ['GET', 'PUT']],
    ['GET', '/api/tag/values-force', ['PUT']],
    ['POST', '/api/tag/values-force/by-name', ['PUT']],
    ['GET', '/api/tag/values-release', ['PUT']],
    ['GET', '/api/tag/values-release/by-name', ['PUT']],
    ['GET', '/api/tag/values-alwaysoff', ['PUT']],
    ['GET', '/api/tag/values-alwayson/by-name', ['PUT']],
    ['GET', '/api/tag/values-force/', ['PUT']],
  ])('%s %s', async (method, path, allowed) => {
    const res = await t.client.request(method, path, { body: '[]' });
    const message = expectJsonError(res, 405);
    const allow = allowOf(res);
    for (const m of allowed) expect(allow).toContain(m);
    expect(allow).not.toContain(method);
    expect(message).toContain(method);
  });

  it('a method the router does not know at all is a 405 with an Allow header too', async () => {
    const res = await t.client.request('PROPFIND', '/api/tags');
    expectJsonError(res, 405);
    expect(allowOf(res)).toContain('GET');
  });

  it('a wrong method changes nothing', async () => {
    const id = t.idOf('Counter');
    await t.client.request('POST', '/api/tag/values', { body: JSON.stringify([{ id, value: 9 }]) });
    expect(t.tag('Counter').value).toBe(0);
  });
});

describe('body over the limit: 413', () => {
  const LIMIT = 1024;
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ bodyLimitBytes: LIMIT });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.reset());

  /** A JSON array of exactly `bytes` bytes that sets Counter to 1 (padded with spaces). */
  function paddedBatch(bytes: number): string {
    const core = JSON.stringify([{ id: t.idOf('Counter'), value: 1 }]);
    return `${core.slice(0, -1)}${' '.repeat(bytes - core.length)}]`;
  }

  it('a body at the limit is accepted', async () => {
    const body = paddedBatch(LIMIT);
    expect(Buffer.byteLength(body)).toBe(LIMIT);
    const res = await t.client.request('PUT', '/api/tag/values', { body });
    expect(res.status).toBe(200);
    expect(t.tag('Counter').value).toBe(1);
  });

  it.each([
    ['PUT', '/api/tag/values'],
    ['PUT', '/api/tag/values-release/by-name'],
    ['GET', '/api/tag/values'],
    ['GET', '/api/tag/by-name/values'],
  ])('one byte over the limit: %s %s answers 413 JSON and applies nothing', async (method, path) => {
    const res = await t.client.request(method, path, { body: paddedBatch(LIMIT + 1) });
    expectJsonError(res, 413);
    expect(t.tag('Counter').value).toBe(0);
  });

  it('a large body sent with a Content-Length answers 413 without the client hanging', async () => {
    const res = await t.client.request('PUT', '/api/tag/values', { body: paddedBatch(1024 * 1024) });
    expectJsonError(res, 413);
  });

  it('a chunked body (no Content-Length) over the limit answers 413', async () => {
    for (const size of [LIMIT + 1, 256 * 1024]) {
      const res = await t.client.request('PUT', '/api/tag/values', {
        body: paddedBatch(size),
        chunked: true,
        contentType: null,
      });
      expectJsonError(res, 413);
    }
    expect(t.tag('Counter').value).toBe(0);
  });

  it('a keep-alive connection stays usable after a 413 on a chunked body the client sent in full', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const size of [LIMIT + 1, 2 * 1024 * 1024]) {
        const res = await t.client.request('PUT', '/api/tag/values', {
          body: paddedBatch(size),
          chunked: true,
          agent,
          finishBody: true,
        });
        expectJsonError(res, 413);
        const [socket, ...others] = Object.values(agent.freeSockets).flat();
        expect(others).toEqual([]);
        // The next request goes over the same connection and must not hang.
        const next = await t.client.put('/api/tag/values', [{ id: t.idOf('Counter'), value: 5 }], {
          agent,
          timeoutMs: 5_000,
        });
        expect(next.status).toBe(200);
        expect(Object.values(agent.freeSockets).flat()).toEqual([socket]);
      }
      expect(t.tag('Counter').value).toBe(5);
    } finally {
      agent.destroy();
    }
  });

  it('counts the decoded bytes of a compressed body: one that unpacks past the limit answers 413', async () => {
    const body = gzipSync(paddedBatch(64 * LIMIT));
    expect(body.length).toBeLessThan(LIMIT);
    const res = await t.client.request('PUT', '/api/tag/values', {
      body,
      headers: { 'Content-Encoding': 'gzip' },
    });
    expect(expectJsonError(res, 413)).toBe('Request body is larger than the limit of 1 KiB.');
    expect(t.tag('Counter').value).toBe(0);
  });

  it('the server keeps serving after a 413', async () => {
    await t.client.request('PUT', '/api/tag/values', { body: paddedBatch(4 * LIMIT) });
    const res = await t.client.put('/api/tag/values', [{ id: t.idOf('Counter'), value: 2 }]);
    expect(res.status).toBe(200);
    expect(t.tag('Counter').value).toBe(2);
  });
});

describe('the default body limit is 16 MiB', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a ~17 MiB body answers 413 and the server keeps serving', async () => {
    const id = t.idOf('Counter');
    const item = JSON.stringify({ id, value: 1 });
    const count = Math.ceil((17 * 1024 * 1024) / (item.length + 1));
    const body = `[${Array.from({ length: count }, () => item).join(',')}]`;
    expect(body.length).toBeGreaterThan(17 * 1024 * 1024);
    const res = await t.client.request('PUT', '/api/tag/values', { body, timeoutMs: 20_000 });
    const message = expectJsonError(res, 413);
    expect(message).toContain('16 MiB');
    expect(t.tag('Counter').value).toBe(0);
    const next = await t.client.get('/api/tags?name=Counter');
    expect(next.status).toBe(200);
  });

  it('a body just under 16 MiB is accepted', async () => {
    const id = t.idOf('Counter');
    const core = JSON.stringify([{ id, value: 3 }]);
    const body = `${core.slice(0, -1)}${' '.repeat(16 * 1024 * 1024 - core.length - 1)}]`;
    const res = await t.client.request('PUT', '/api/tag/values', { body });
    expect(res.status).toBe(200);
    expect(t.tag('Counter').value).toBe(3);
  });
});

describe('500 on anything unexpected, and the server events', () => {
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('an engine that throws gives a 500 JSON error, an error event, and the next request succeeds', async () => {
    const errors: unknown[] = [];
    t.server.events.error.on((e) => errors.push(e));
    const boom = new Error('boom');
    vi.spyOn(t.engine, 'listTagsJsonItems').mockImplementationOnce(() => {
      throw boom;
    });
    const res = await t.client.get('/api/tags');
    const message = expectJsonError(res, 500);
    expect(message).not.toContain('boom');
    expect(errors).toEqual([boom]);

    const next = await t.client.get('/api/tags');
    expect(next.status).toBe(200);
    expect((next.json as unknown[]).length).toBe(t.engine.tagCount);
    expect(errors).toHaveLength(1);
  });

  it('a write route that throws gives a 500 and the server keeps serving', async () => {
    const errors: unknown[] = [];
    t.server.events.error.on((e) => errors.push(e));
    vi.spyOn(t.engine, 'write').mockImplementation(() => {
      throw new TypeError('kaput');
    });
    const id = t.idOf('Counter');
    expectJsonError(await t.client.put('/api/tag/values', [{ id, value: 1 }]), 500);
    expectJsonError(
      await t.client.put('/api/tag/values-force/by-name', [{ name: 'Counter', value: 1 }]),
      500,
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toBeInstanceOf(TypeError);
    vi.restoreAllMocks();
    const ok = await t.client.put('/api/tag/values', [{ id, value: 4 }]);
    expect(ok.status).toBe(200);
    expect(t.tag('Counter').value).toBe(4);
  });

  it('a 500 is also answered when no error listener is subscribed', async () => {
    vi.spyOn(t.engine, 'getTagJson').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    expectJsonError(await t.client.get(`/api/tags/${t.idOf('Counter')}`), 500);
    expect((await t.client.get(`/api/tags/${t.idOf('Counter')}`)).status).toBe(200);
  });

  it('the request event fires with method, path and status for every answered request', async () => {
    const events: RequestEvent[] = [];
    t.server.events.request.on((e) => events.push(e));
    const id = t.idOf('Counter');
    await t.client.get('/api/tags');
    await t.client.put('/api/tag/values', [{ id, value: 1 }]);
    await t.client.get('/api/nope');
    await t.client.request('POST', '/api/tags');
    await t.client.get('/api/tags?type=double');
    vi.spyOn(t.engine, 'listTagsJsonItems').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    await t.client.get('/api/tags/');
    expect(events.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/api/tags', status: 200 },
      { method: 'PUT', path: '/api/tag/values', status: 200 },
      { method: 'GET', path: '/api/nope', status: 404 },
      { method: 'POST', path: '/api/tags', status: 405 },
      { method: 'GET', path: '/api/tags', status: 400 },
      { method: 'GET', path: '/api/tags/', status: 500 },
    ]);
    for (const e of events) {
      expect(e.durationMs).toBeGreaterThanOrEqual(0);
      expect(e.remoteAddress).toMatch(/127\.0\.0\.1$/);
    }
  });

  it('a request listener that throws is reported as an error event and does not break the request', async () => {
    const errors: unknown[] = [];
    t.server.events.error.on((e) => errors.push(e));
    const unsubscribe = t.server.events.request.on(() => {
      throw new Error('listener broke');
    });
    const res = await t.client.get('/api/tags');
    expect(res.status).toBe(200);
    expect(errors).toHaveLength(1);
    unsubscribe();
    expect((await t.client.get('/api/tags')).status).toBe(200);
    expect(errors).toHaveLength(1);
  });
});
