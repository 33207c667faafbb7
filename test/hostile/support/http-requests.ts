// Generators of hostile and unusual HTTP requests, shared by the fuzz tests and the soak run.
// Each request is raw bytes (so anything can be sent) with what the server should make of it.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { routedPath } from '../../../shared/api/routes.js';
import { objectKeyName } from './object-key-names.js';

/** The real paths of the API and of the window, to build on. */
export const PATHS = [
  '/api/tags',
  '/api/tags/by-name/Tag%200',
  '/api/tags/00000000-0000-0000-0000-000000000000',
  '/api/tag/values',
  '/api/tag/values/by-name',
  '/api/tag/by-name/values',
  '/api/tag/values-force',
  '/api/tag/values-force/by-name',
  '/api/tag/values-release',
  '/api/tag/values-release/by-name',
  '/api/tag/values-alwaysoff',
  '/api/tag/values-alwaysoff/by-name',
  '/api/tag/values-alwayson',
  '/api/tag/values-alwayson/by-name',
  '/ui/',
  '/ui/app.js',
  '/ui/ws',
  '/',
] as const;

/** What a generated request is: its bytes and, when the server can tell, its decoded JSON body. */
export interface HostileRequest {
  method: string;
  target: string;
  bytes: Buffer;
  /** The body the server reads, when framing and encoding are well-formed (else undefined). */
  json: string | undefined;
}

const tail = fc.oneof(
  fc.constantFrom(
    '/',
    '//',
    '/..',
    '/../..',
    '/%2e%2e/',
    '/%2F',
    '?name=*',
    '?type=double',
    '?kind=Input&kind=Output',
  ),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%FF%FE', '%00', '%C0%AF', '?name=' + '*'.repeat(40) + '!'),
  fc.string({ unit: fc.constantFrom(..."abcXYZ019-._~!$&'()*+,;=:@/?%".split('')), maxLength: 40 }),
);

/** Request targets: the real paths, with odd tails, and targets no client should send. */
export const hostileTarget = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PATHS) },
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...PATHS), tail).map(([p, t]) => p + t) },
  { weight: 1, arbitrary: fc.constant(`/api/tags/${'a'.repeat(8000)}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '*',
      '//[bad',
      'http://[::1',
      'http://127.0.0.1/api/tags',
      '/\u00ff\u00fe',
      '',
    ),
  },
);

/** Methods: mostly the API's, some it does not serve, some nobody serves. */
export const hostileMethod = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'PUT') },
  { weight: 2, arbitrary: fc.constantFrom('POST', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH') },
  { weight: 1, arbitrary: fc.constantFrom('BREW', 'CONNECT', 'PRI', 'get') },
);

/** Tags of the synthetic scene the fuzz server runs (`Tag 0` ... ), real and not. */
const ref = fc.oneof(
  fc.integer({ min: 0, max: 70 }).map((i) => `Tag ${i}`),
  objectKeyName,
  fc.constantFrom('', 'FACTORY I/O (Run)'),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom('true', ' FALSE ', '1.5', '1e39', 'NaN', 'Infinity', '-0', '', null),
  fc.string({ maxLength: 8 }),
  fc.constant({}),
  fc.constant([1]),
);
const item = fc.oneof(
  { weight: 5, arbitrary: fc.record({ name: ref, value }) },
  { weight: 3, arbitrary: ref },
  { weight: 1, arbitrary: fc.record({ id: fc.string({ maxLength: 36 }), value }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** JSON-ish bodies: batches of good and bad items, odd JSON, deep nesting, non-JSON. */
export const jsonBody = fc.oneof(
  { weight: 8, arbitrary: fc.array(item, { maxLength: 20 }).map((items) => JSON.stringify(items)) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '[{"name":"Tag 0","value":1,"name":"Tag 2"}]',
      '[{"name":"Tag 0","value":1,"__proto__":{"polluted":1}}]',
      '{"__proto__":[]}',
      '[1e999, -1e999, 5e-324]',
      '["NaN","Infinity","-0"]',
      '[' + '"Tag 0",'.repeat(2000) + '"Tag 1"]',
      '  ',
      '[',
      'null',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
);

type Framing = 'length' | 'chunked' | 'none' | 'long' | 'short' | 'both' | 'badchunk';
type Encoding = 'identity' | 'gzip' | 'deflate' | 'br' | 'badgzip' | 'xz';

/** The framings and encodings a hostile request may come in. */
export const hostileFraming = fc.constantFrom<Framing>(
  'length',
  'length',
  'length',
  'chunked',
  'none',
  'long',
  'short',
  'both',
  'badchunk',
);
export const hostileEncoding = fc.constantFrom<Encoding>(
  'identity',
  'identity',
  'identity',
  'gzip',
  'deflate',
  'br',
  'badgzip',
  'xz',
);

/** One whole request: method, target, upgrade offers, Expect, framing, encoding and body. */
export const hostileRequest: fc.Arbitrary<HostileRequest> = fc
  .record({
    method: hostileMethod,
    target: hostileTarget,
    upgrade: fc.constantFrom('none', 'none', 'h2c', 'websocket'),
    expect: fc.constantFrom('none', 'none', '100-continue', 'weird'),
    framing: hostileFraming,
    encoding: hostileEncoding,
    body: fc.option(jsonBody, { freq: 4 }),
    contentType: fc.constantFrom(
      undefined,
      'application/json',
      'text/plain',
      'application/json; charset=utf-8',
      'x/\u00ff',
    ),
  })
  .map(buildRequest);

/** A request's bytes from its parts; `headers` come after Host (an Authorization, say). */
export function buildRequest(r: {
  method: string;
  target: string;
  upgrade: string;
  expect: string;
  framing: Framing;
  encoding: Encoding;
  body: string | null;
  contentType: string | undefined;
  headers?: readonly string[];
}): HostileRequest {
  const headers: string[] = [
    r.headers?.some((h) => /^host:/i.test(h)) ? '' : 'Host: 127.0.0.1',
    ...(r.headers ?? []),
  ].filter(Boolean);
  if (r.upgrade === 'h2c')
    headers.push('Connection: Upgrade, HTTP2-Settings', 'Upgrade: h2c', 'HTTP2-Settings: AAMAAABkAAQAAP__');
  if (r.upgrade === 'websocket')
    headers.push(
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    );
  if (r.upgrade === 'none') headers.push('Connection: close');
  if (r.expect !== 'none') headers.push(`Expect: ${r.expect}`);
  if (r.contentType !== undefined) headers.push(`Content-Type: ${r.contentType}`);
  let payload: Buffer = Buffer.alloc(0);
  let json: string | undefined;
  if (r.body !== null) {
    const text = Buffer.from(r.body);
    const encoded = encode(text, r.encoding);
    payload = encoded.bytes;
    if (r.encoding !== 'identity') headers.push(`Content-Encoding: ${encoded.name}`);
    if (encoded.decodes && (r.framing === 'length' || r.framing === 'chunked')) json = r.body;
    payload = frame(payload, r.framing, headers);
  }
  const head = Buffer.from(`${r.method} ${r.target} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`, 'latin1');
  return { method: r.method, target: r.target, bytes: Buffer.concat([head, payload]), json };
}

function encode(text: Buffer, encoding: Encoding): { bytes: Buffer; name: string; decodes: boolean } {
  switch (encoding) {
    case 'identity':
      return { bytes: text, name: 'identity', decodes: true };
    case 'gzip':
      return { bytes: gzipSync(text), name: 'gzip', decodes: true };
    case 'deflate':
      return { bytes: deflateSync(text), name: 'deflate', decodes: true };
    case 'br':
      return { bytes: brotliCompressSync(text), name: 'br', decodes: true };
    case 'badgzip':
      return { bytes: text, name: 'gzip', decodes: false };
    case 'xz':
      return { bytes: text, name: 'xz', decodes: false };
  }
}

function frame(body: Buffer, framing: Framing, headers: string[]): Buffer {
  switch (framing) {
    case 'length':
      headers.push(`Content-Length: ${body.length}`);
      return body;
    case 'chunked':
      headers.push('Transfer-Encoding: chunked');
      return Buffer.concat([
        Buffer.from(`${body.length.toString(16)}\r\n`),
        body,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
    case 'none':
      return body; // no framing: the server reads no body, and the bytes become a bad next request
    case 'long':
      headers.push(`Content-Length: ${body.length + 10}`);
      return body; // the server waits for bytes that never come, until its request timeout
    case 'short':
      headers.push(`Content-Length: ${Math.floor(body.length / 2)}`);
      return body;
    case 'both':
      headers.push(`Content-Length: ${body.length}`, 'Transfer-Encoding: chunked');
      return body;
    case 'badchunk':
      headers.push('Transfer-Encoding: chunked');
      return Buffer.concat([Buffer.from('zz\r\n'), body, Buffer.from('\r\n0\r\n\r\n')]);
  }
}

/** Whether a target names one of the PUT routes that change tags, and how. */
export function writeRoute(
  target: string,
): { operation: 'set' | 'force' | 'alwaysOff' | 'alwaysOn' | 'release'; by: 'id' | 'name' } | undefined {
  const path = routedPath(target.split('?', 1)[0]!);
  const routes: Record<
    string,
    { operation: 'set' | 'force' | 'alwaysOff' | 'alwaysOn' | 'release'; by: 'id' | 'name' }
  > = {
    '/api/tag/values': { operation: 'set', by: 'id' },
    '/api/tag/values/by-name': { operation: 'set', by: 'name' },
    '/api/tag/by-name/values': { operation: 'set', by: 'name' },
    '/api/tag/values-force': { operation: 'force', by: 'id' },
    '/api/tag/values-force/by-name': { operation: 'force', by: 'name' },
    '/api/tag/values-alwaysoff': { operation: 'alwaysOff', by: 'id' },
    '/api/tag/values-alwaysoff/by-name': { operation: 'alwaysOff', by: 'name' },
    '/api/tag/values-alwayson': { operation: 'alwaysOn', by: 'id' },
    '/api/tag/values-alwayson/by-name': { operation: 'alwaysOn', by: 'name' },
    '/api/tag/values-release': { operation: 'release', by: 'id' },
    '/api/tag/values-release/by-name': { operation: 'release', by: 'name' },
  };
  return Object.hasOwn(routes, path) ? routes[path] : undefined;
}
