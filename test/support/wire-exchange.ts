// Requests and their whole answers as bytes on the wire, for tests that require two servers to
// answer alike (the direct path and Koa; the tag API with and without the control API).
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { hostileMethod, hostileTarget, jsonBody } from '../hostile/support/http-requests.js';

/** Sends the bytes on a fresh connection; everything the server sends until it closes. */
export function exchange(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, 5000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes);
  });
}

/** The answer as sent, less its Date header: the one part two servers may not share. */
export const withoutDate = (text: string) => text.replace(/\r\nDate: [^\r]*/g, '');

function requestBytes(r: {
  method: string;
  target: string;
  body: string | null;
  encoding: 'identity' | 'gzip' | 'xz';
  chunked: boolean;
  contentType: string | undefined;
}): Buffer {
  const headers = ['Host: 127.0.0.1', 'Connection: close'];
  if (r.contentType !== undefined) headers.push(`Content-Type: ${r.contentType}`);
  let payload = Buffer.alloc(0);
  if (r.body !== null) {
    payload = r.encoding === 'gzip' ? gzipSync(r.body) : Buffer.from(r.body);
    if (r.encoding !== 'identity') headers.push(`Content-Encoding: ${r.encoding}`);
    if (r.chunked) {
      headers.push('Transfer-Encoding: chunked');
      payload = Buffer.concat([
        Buffer.from(`${payload.length.toString(16)}\r\n`),
        payload,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
    } else {
      headers.push(`Content-Length: ${payload.length}`);
    }
  }
  const head = `${r.method} ${r.target} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

/** Requests of every method and target with well-framed bodies (any encoding, any JSON). */
export const wellFramedRequest = fc
  .record({
    method: fc.oneof(hostileMethod, fc.constantFrom('GET', 'PUT')),
    target: fc.oneof(
      hostileTarget,
      fc.constantFrom(
        '/api/tags?type=bit#x',
        '/api/tags?name=Tag%201*&kind=input',
        '/api/tags?name=Tag+1?',
        '/api/tags?type=bit&type=int',
        '/api/tags/?kind=output',
        '/api/tag/values/?x',
        '/api/tag/values-force/by-name/',
        '/api/tag/values//',
        '/api//tag/values/by-name',
        '//api/tag//values-force///by-name/?x',
        '/api//tags//by-name/Tag%200',
        '/api/Tags',
        '/api/tags%2F',
        'http://127.0.0.1/api/tag/values',
      ),
    ),
    body: fc.option(jsonBody, { freq: 3 }),
    encoding: fc.constantFrom('identity', 'identity', 'gzip', 'xz'),
    chunked: fc.boolean(),
    contentType: fc.constantFrom(undefined, 'application/json', 'text/plain'),
  })
  .map(requestBytes);
