// The memory budget of requests with a body (docs/reliability.md, "Memory"): what a request
// reserves is given back once it is answered, or once its client has gone, so the budget never
// fills up with requests long done.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../main/server/create-api-server.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { rawRequest } from '../support/http-client.js';

// A 10-item write reserves about 3x its body (~1.5 KB) and 2x its possible answer (~4 KB):
// room for one such request at a time, not for two.
const BUDGET = 8_000;

let server: ApiServer | undefined;
afterEach(() => server?.close());

async function start(): Promise<{ url: string; engine: TagEngine }> {
  const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
  server = createApiServer(engine, { host: '127.0.0.1', port: 0, maxBytesInFlight: BUDGET });
  const { url } = await server.listen();
  return { url, engine };
}

function tenItems(engine: TagEngine): string {
  const outputs = engine.listTags().filter((t) => t.kind === 'Output' && t.type === 'Bit');
  return JSON.stringify(
    Array.from({ length: 10 }, (_, i) => ({ id: outputs[i % outputs.length]!.id, value: true })),
  );
}

describe('the memory budget', () => {
  it('gives back what an answered write held: writes one after another never meet a 503', async () => {
    const { url, engine } = await start();
    const body = tenItems(engine);
    for (let i = 0; i < 30; i++) {
      const res = await rawRequest(url, 'PUT', '/api/tag/values', { body });
      expect(res.status, res.text).toBe(200);
    }
  });

  it('turns a second write away while one holds its share, and gives it back when that client goes', async () => {
    const { url, engine } = await start();
    const body = tenItems(engine);
    // A client that announces a body and sends only part of it holds its reservation meanwhile.
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PUT /api/tag/values HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${2 * body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    let busy: Awaited<ReturnType<typeof rawRequest>> | undefined;
    for (let i = 0; i < 50 && busy?.status !== 503; i++) {
      busy = await rawRequest(url, 'PUT', '/api/tag/values', { body });
    }
    expect(busy?.status).toBe(503);
    socket.destroy();
    let after: Awaited<ReturnType<typeof rawRequest>> | undefined;
    for (let i = 0; i < 50 && after?.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await rawRequest(url, 'PUT', '/api/tag/values', { body });
    }
    expect(after?.status, after?.text).toBe(200);
  });

  it('answers a turned-away body only once it has come, so a client still sending reads the 503, not a reset', async () => {
    const { url, engine } = await start();
    const body = tenItems(engine);
    const { port } = new URL(url);
    const open = async () => {
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      return socket;
    };
    const holder = await open(); // holds the budget with a body it never finishes
    holder.write(
      `PUT /api/tag/values HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${2 * body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await expect
      .poll(async () => (await rawRequest(url, 'PUT', '/api/tag/values', { body })).status)
      .toBe(503);
    const late = await open();
    let received = '';
    const errors: Error[] = [];
    late.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    late.on('error', (e) => errors.push(e));
    const ended = new Promise((resolve) => late.once('close', resolve));
    late.write(
      `PUT /api/tag/values HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Connection: close\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toBe(''); // not answered and closed while the client is still sending
    late.end(body.slice(20));
    await ended;
    expect(errors).toEqual([]);
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/\r\nRetry-After: 1\r\n/i);
    expect(received).toContain('TagSim is busy with other large requests; send this one again shortly.');
    holder.destroy();
  });
});
