// Wire basics: content type, path matching and decoding, body parsing. docs/api.md, "Wire basics".
import { PRINTABLE_MAX } from '../../shared/problems/message-text.js';
import { describe, expect, it } from 'vitest';
import type { ApiTag } from '../../shared/core/tag-types.js';
import type { RawRequestOptions, RawResponse } from '../support/http-client.js';
import { JSON_CONTENT_TYPE, useTestServer } from '../support/api-server.js';

const t = useTestServer();

function expectJsonError(res: RawResponse, status: number): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
  expect(res.json).toEqual({ code: status, error: expect.any(String) });
  expect((res.json as { error: string }).error.length).toBeGreaterThan(0);
}

describe('Content-Type', () => {
  it('every JSON response carries application/json; charset=utf-8, errors included', async () => {
    const counter = t.idOf('Counter');
    const requests: [string, string, RawRequestOptions?][] = [
      ['GET', '/api/tags'],
      ['GET', `/api/tags/${counter}`],
      ['GET', '/api/tags/nope'],
      ['GET', '/api/tags/by-name/Counter'],
      ['GET', '/api/tags/by-name/Nope'],
      ['GET', '/api/tags?type=double'],
      ['GET', '/api/tag/values'],
      ['GET', '/api/tag/values', { body: '["nope"]' }],
      ['GET', '/api/tag/values/by-name'],
      ['GET', '/api/tag/by-name/values'],
      ['GET', '/api/tag/values', { body: '{' }],
      ['PUT', '/api/tag/values', { body: '[]' }],
      ['PUT', '/api/tag/values', { body: '[{"id":"nope","value":1}]' }],
      ['PUT', '/api/tag/values', { body: '{}' }],
      ['PUT', '/api/tag/values-release', { body: '["nope"]' }],
      ['GET', '/api/nope'],
      ['GET', '/API/TAGS'],
      ['POST', '/api/tags'],
      ['GET', '/api/tags/by-name/%E0%A4%A'],
    ];
    for (const [method, path, options] of requests) {
      const res = await t.client.request(method, path, options);
      expect(res.headers['content-type'], `${method} ${path}`).toBe(JSON_CONTENT_TYPE);
      expect(res.json, `${method} ${path}`).not.toBeUndefined();
    }
  });
});

describe('path matching', () => {
  it.each([
    '/api/tags/',
    '/api/tags/by-name/Counter/',
    '/api/tag/values/',
    '/api/tag/values/by-name/',
    '/api/tag/by-name/values/',
  ])('tolerates one trailing slash: GET %s', async (path) => {
    const res = await t.client.get(path);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
  });

  it('tolerates one trailing slash on /api/tags/{id} and on PUT routes', async () => {
    const counter = t.idOf('Counter');
    const one = await t.client.get(`/api/tags/${counter}/`);
    expect(one.status).toBe(200);
    expect((one.json as ApiTag).id).toBe(counter);
    for (const path of [
      '/api/tag/values-force/',
      '/api/tag/values-alwaysoff/',
      '/api/tag/values-alwayson/',
      '/api/tag/values-force/by-name/',
    ]) {
      const res = await t.client.put(path, [{ name: 'Counter', id: counter, value: false }]);
      expect(res.status, path).toBe(200);
      expect(res.json, path).toEqual([]);
    }
    const release = await t.client.put('/api/tag/values-release/', [counter]);
    expect(release.json).toEqual([]);
    const releaseByName = await t.client.put('/api/tag/values-release/by-name/', ['Counter']);
    expect(releaseByName.json).toEqual([]);
  });

  // The simulator's EmbedIO collapses every run of slashes before routing (routedPath,
  // docs/fidelity.md "Paths"); a public client PUTs to `/api//tag/values/by-name`.
  it('collapses runs of slashes before routing, on the direct path and through Koa', async () => {
    const counter = t.idOf('Counter');
    const write = await t.client.put('/api//tag/values/by-name', [{ name: 'Counter', value: 7 }]);
    expect(write.status, write.text).toBe(200);
    expect(write.json).toEqual([]);
    const read = await t.client.get('//api///tag/values//by-name//', { body: '["Counter"]' });
    expect(read.json).toEqual([{ name: 'Counter', value: 7 }]);
    expect((await t.client.get('/api/tags//')).status).toBe(200);
    expect((await t.client.get('/api/tag/values//')).status).toBe(200);
    // Path parameters go through Koa's router.
    const one = await t.client.get(`/api//tags//${counter}//`);
    expect((one.json as ApiTag).id).toBe(counter);
    const byName = await t.client.get('/api//tags/by-name//Counter');
    expect((byName.json as ApiTag[]).map((tag) => tag.id)).toEqual([counter]);
    // An escaped slash is not a slash before routing; the wrong method still names the path sent.
    expectJsonError(await t.client.get('/api/%2F%2Ftags'), 404);
    const wrong = await t.client.request('POST', '/api//tags');
    expectJsonError(wrong, 405);
    expect((wrong.json as { error: string }).error).toBe(
      'Method POST is not allowed on /api//tags. Allowed: HEAD, GET.',
    );
    // The path sent is echoed escaped and bounded: quotes and backslashes escaped, PRINTABLE_MAX
    // (100) characters.
    expect((await t.client.get('/api/a"b\\c')).json).toEqual({
      code: 404,
      error: 'No such endpoint: GET /api/a\\"b\\\\c',
    });
    const long = await t.client.get(`/api/${'x'.repeat(500)}`);
    expect((long.json as { error: string }).error).toBe(
      `No such endpoint: GET /api/${'x'.repeat(PRINTABLE_MAX - 5)}...`,
    );
  });

  it.each([
    '/API/TAGS',
    '/Api/tags',
    '/api/Tags',
    '/api/tags/BY-NAME/Counter',
    '/api/tag/VALUES',
    '/API/tag/values',
  ])('paths are case-sensitive: GET %s is a 404 JSON error', async (path) => {
    expectJsonError(await t.client.get(path), 404);
  });

  it('case-sensitive paths also hold for PUT', async () => {
    expectJsonError(await t.client.put('/api/tag/Values', []), 404);
    expectJsonError(await t.client.put('/api/tag/values-FORCE', []), 404);
  });

  it.each(['/', '/api', '/api/', '/api/tag', '/api/nope', '/api/tags/x/y', '/api/tag/values/by-id', '/tags'])(
    'an unknown path is a 404 JSON error: GET %s',
    async (path) => {
      expectJsonError(await t.client.get(path), 404);
    },
  );

  it('ignores a query string when matching paths', async () => {
    const res = await t.client.get('/api/tag/values?x=1');
    expect(res.status).toBe(200);
  });
});

describe('percent-decoding of path segments', () => {
  it('decodes once: %2F is a slash, %20 a space, UTF-8 is decoded', async () => {
    const res = await t.client.get('/api/tags/by-name/FACTORY%20I%2FO%20(Reset)');
    expect((res.json as ApiTag[]).map((tag) => tag.kind)).toEqual(['Output', 'Input']);
    expect((await t.client.get('/api/tags/%C3%A9%E2%82%AC')).json).toEqual({
      code: 404,
      error: "Tag with id 'é€' not found.",
    });
  });

  it('%252F is decoded once only, to the literal text %2F', async () => {
    expect((await t.client.get('/api/tags/by-name/FACTORY%20I%252FO%20(Reset)')).json).toEqual([]);
    expect((await t.client.get('/api/tags/x%252Fy')).json).toEqual({
      code: 404,
      error: "Tag with id 'x%2Fy' not found.",
    });
    expect((await t.client.get('/api/tags/x%2525')).json).toEqual({
      code: 404,
      error: "Tag with id 'x%25' not found.",
    });
  });

  it.each([
    '/api/tags/by-name/%E0%A4%A',
    '/api/tags/%E0%A4%A',
    '/api/tags/%',
    '/api/tags/%zz',
    '/api/tags/%C3',
    '/api/tags/by-name/%FF',
  ])('a malformed escape is a whole-request 400: GET %s', async (path) => {
    expectJsonError(await t.client.get(path), 400);
  });

  it('a malformed escape in a PUT path is a 400 too, and nothing is applied', async () => {
    const res = await t.client.put('/api/tag/values/by-name%E0%A4%A', [{ name: 'Counter', value: 1 }]);
    expectJsonError(res, 400);
    expect(t.tag('Counter').value).toBe(0);
  });
});

describe('request bodies', () => {
  const counterRead = () => [{ id: t.idOf('Counter'), value: 0 }];

  it.each([
    ['no Content-Type', null],
    ['text/plain', 'text/plain'],
    ['text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
    ['application/json', 'application/json'],
    ['application/json; charset=utf-8', 'application/json; charset=utf-8'],
    ['application/octet-stream', 'application/octet-stream'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
  ])('a GET body is parsed as JSON with %s', async (_, contentType) => {
    const res = await t.client.request('GET', '/api/tag/values', {
      body: JSON.stringify([t.idOf('Counter')]),
      contentType,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual(counterRead());
  });

  it.each([
    ['no Content-Type', null],
    ['text/plain', 'text/plain'],
    ['application/json; charset=utf-8', 'application/json; charset=utf-8'],
  ])('a PUT body is parsed as JSON with %s', async (_, contentType) => {
    const res = await t.client.request('PUT', '/api/tag/values', {
      body: JSON.stringify([{ id: t.idOf('Counter'), value: 11 }]),
      contentType,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([]);
    expect(t.tag('Counter').value).toBe(11);
  });

  it('a chunked body (no Content-Length) is read too', async () => {
    const res = await t.client.request('GET', '/api/tag/values', {
      body: JSON.stringify([t.idOf('Counter')]),
      chunked: true,
      contentType: null,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(counterRead());
  });

  it('decodes a UTF-8 body', async () => {
    const res = await t.client.request('GET', '/api/tag/values/by-name', {
      body: Buffer.from(JSON.stringify(['Zählwerk €']), 'utf8'),
      contentType: 'text/plain',
    });
    expect(res.json).toEqual([{ name: 'Zählwerk €', code: 404, error: "Tag named 'Zählwerk €' not found." }]);
  });

  it('reads a body that starts with a UTF-8 byte order mark as if it had none', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('["Counter"]')]);
    const res = await t.client.request('GET', '/api/tag/values/by-name', { body });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ name: 'Counter', value: 0 }]);
  });

  it.each([
    ['empty', ''],
    ['one space', ' '],
    ['whitespace', ' \t\r\n  \n'],
  ])('an %s body counts as absent on a GET: all values', async (_, body) => {
    for (const contentType of [null, 'application/json', 'text/plain']) {
      const res = await t.client.request('GET', '/api/tag/values', { body, contentType });
      expect(res.status).toBe(200);
      expect((res.json as unknown[]).length).toBe(t.engine.tagCount);
      const byName = await t.client.request('GET', '/api/tag/values/by-name', { body, contentType });
      expect(byName.status).toBe(200);
      expect((byName.json as unknown[]).length).toBe(t.engine.tagCount);
    }
  });

  it.each([
    ['empty', ''],
    ['whitespace', ' \n\t '],
  ])('an %s body counts as absent on a PUT, where an array is required: 400', async (_, body) => {
    for (const path of ['/api/tag/values', '/api/tag/values-release', '/api/tag/values-force/by-name']) {
      expectJsonError(await t.client.request('PUT', path, { body }), 400);
    }
    expectJsonError(await t.client.request('PUT', '/api/tag/values'), 400);
  });

  it.each(['{', '[1,', '[', 'nope', '[{"id": }]', "['single']", '[1] x', '{"a":1}}', 'undefined', 'NaN'])(
    'malformed JSON %j is a whole-request 400',
    async (body) => {
      expectJsonError(await t.client.request('GET', '/api/tag/values', { body }), 400);
      expectJsonError(await t.client.request('PUT', '/api/tag/values', { body }), 400);
      expectJsonError(await t.client.request('PUT', '/api/tag/values-release/by-name', { body }), 400);
    },
  );

  it.each([
    ['an object', '{"id":"x","value":1}'],
    ['an empty object', '{}'],
    ['a string', '""'],
    ['a non-empty string', '"Counter"'],
    ['a number', '42'],
    ['zero', '0'],
    ['true', 'true'],
    ['null', 'null'],
  ])('a top-level body that is %s, not an array, is a whole-request 400', async (_, body) => {
    const paths: [string, string][] = [
      ['GET', '/api/tag/values'],
      ['GET', '/api/tag/values/by-name'],
      ['GET', '/api/tag/by-name/values'],
      ['PUT', '/api/tag/values'],
      ['PUT', '/api/tag/values/by-name'],
      ['PUT', '/api/tag/by-name/values'],
      ['PUT', '/api/tag/values-force'],
      ['PUT', '/api/tag/values-force/by-name'],
      ['PUT', '/api/tag/values-release'],
      ['PUT', '/api/tag/values-release/by-name'],
      ['PUT', '/api/tag/values-alwaysoff'],
      ['PUT', '/api/tag/values-alwaysoff/by-name'],
      ['PUT', '/api/tag/values-alwayson'],
      ['PUT', '/api/tag/values-alwayson/by-name'],
    ];
    for (const [method, path] of paths) {
      const res = await t.client.request(method, path, { body, contentType: null });
      expectJsonError(res, 400);
    }
  });

  it('an item whose value is wrapped in an object is not unwrapped', async () => {
    const res = await t.client.put('/api/tag/values', [{ id: t.idOf('Counter'), value: { value: 1 } }]);
    expect(res.json).toEqual([
      { id: t.idOf('Counter'), code: 406, error: 'Could not convert value to the tag data type: Int.' },
    ]);
  });
});
