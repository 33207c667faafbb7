// Bytes the HTTP parser cannot take, over real HTTP against the tag API server: a complete
// request before them keeps its own answer (it used to race Node's default bare 400, seen as a
// flaky differential in direct-path.test.ts with seed -1992426023); everything else gets exactly
// Node's default bare answer and the connection is closed.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiServer, type ApiServer } from '../../main/server/create-api-server.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { syntheticScene } from '../../shared/scenes/builtin-scenes.js';
import { exchange, withoutDate } from '../support/wire-exchange.js';

const BARE_400 = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('what the tag API answers to bytes it cannot parse', () => {
  let server: ApiServer;
  let port: number;
  beforeAll(async () => {
    server = createApiServer(new TagEngine(syntheticScene(10)), { port: 0 });
    port = (await server.listen()).port;
  });
  afterAll(() => server.close());

  // Koa (not the direct path) serves a tag by name, a tick or more after the request is read.
  const byName = (connection: string) =>
    `GET /api/tags/by-name/Tag%200 HTTP/1.1\r\nHost: 127.0.0.1\r\n${connection}` +
    'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
  const isTagAnswer = (answer: string) =>
    /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\[\{"name":"Tag 0",[^]*\}\]$/.test(answer);

  it('answers a complete request that Koa serves, then closes, whatever follows it', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await exchange(port, bytes(`${byName('Connection: close\r\n')}0\r\n\r\n`));
      expect(answer).toSatisfy(isTagAnswer);
    }
  });

  it('answers a complete request on a keep-alive connection, then closes', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await exchange(port, bytes(`${byName('')}NOT HTTP\r\n\r\n`));
      expect(answer).toSatisfy(isTagAnswer);
    }
  });

  it('answers a complete request that the direct path serves, whatever follows it', async () => {
    const request =
      'GET /api/tags?type=bit&type=int HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
      'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n0\r\n\r\n';
    expect(withoutDate(await exchange(port, bytes(request)))).toBe(
      'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n' +
        'Content-Length: 73\r\nConnection: close\r\n\r\n' +
        `{"code":400,"error":"Query parameter 'type' must be given at most once."}`,
    );
  });

  it('answers a request it cannot parse with Node’s bare 400', async () => {
    expect(await exchange(port, bytes('NOT HTTP AT ALL\r\n\r\n'))).toBe(BARE_400);
  });

  it('answers a head that is too large with Node’s bare 431', async () => {
    const head = `GET /api/tags HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expect(await exchange(port, bytes(head))).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
    );
  });

  it('answers a broken body with Node’s bare 400: the request never completed', async () => {
    const answer = await exchange(
      port,
      bytes(
        'PUT /api/tag/values HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Transfer-Encoding: chunked\r\n\r\n2\r\n[]\r\nzz\r\n',
      ),
    );
    expect(answer).toBe(BARE_400);
  });

  it('answers bytes after an answered request on a kept-alive connection with the bare 400', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /api/tags HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await vi.waitFor(() => expect(received).toMatch(/\r\n\r\n\[.*\]$/s));
    socket.write('NOT HTTP\r\n\r\n');
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received.endsWith(`]${BARE_400}`)).toBe(true);
  });
});
