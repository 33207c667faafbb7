// The window's WebSocket against frames that break the protocol, from an authenticated page:
// each closes only that socket, with the code RFC 6455 gives it, and TagSim keeps serving.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { BRIDGE_MAX_MESSAGE_BYTES } from '../../shared/bridge/bridge-spec.js';
import { httpRequestBytes, rawExchange } from '../support/raw-http.js';
import { clientFrame, openRawWs } from '../support/raw-ws.js';

const TOKEN = 'frames-token';
let tagsim: TagSim;
let port: number;
const errors: unknown[] = [];

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'tagsim-ui-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>TagSim</title>');
  tagsim = await startTagSim({ server: { port: 0 }, ui: { rendererDir, token: TOKEN } });
  tagsim.errors.on((e) => errors.push(e));
  port = tagsim.server.status.port;
});
afterAll(() => tagsim.close());

/** A bridge call as the window sends it. */
const call = (id: number, method: string, args?: unknown) =>
  clientFrame(0x1, JSON.stringify({ id, method, args }));

/** The server still answers HTTP and a fresh socket's calls. */
async function stillServing(): Promise<void> {
  const http = await rawExchange(
    port,
    httpRequestBytes('GET', '/api/tags/by-name/Load', { Connection: 'close' }),
  );
  expect(http.responses[0]!.status).toBe(200);
  const ws = await openRawWs(port, TOKEN);
  ws.socket.write(call(1, 'getScenes'));
  await expect.poll(() => ws.messages.some((m) => m.startsWith('{"id":1,"result"'))).toBe(true);
  ws.socket.destroy();
}

describe('a window socket that sends a frame breaking the protocol', () => {
  it.each([
    ['invalid UTF-8 in a text frame', clientFrame(0x1, Buffer.from([0x22, 0xc3, 0x28, 0x22])), 1007],
    ['an unmasked client frame', clientFrame(0x1, '{"id":1}', { masked: false }), 1002],
    ['RSV1 set without an extension', clientFrame(0x1, '{"id":1}', { rsv: 4 }), 1002],
    ['a length header of 2 GiB', clientFrame(0x1, 'x', { declaredLength: 2n ** 31n }), 1009],
    ['an unknown opcode', clientFrame(0x3, 'x'), 1002],
  ])('%s is closed with code %#: %i', async (_what, frame, code) => {
    const before = errors.length;
    const ws = await openRawWs(port, TOKEN);
    ws.socket.write(frame);
    expect(await ws.closed).toBe(code);
    // Reported once (logged), not thrown.
    await expect.poll(() => errors.length).toBe(before + 1);
    await stillServing();
  });

  it('closes a socket that sends a binary frame (1003) or a message that is not a call (1007)', async () => {
    const binary = await openRawWs(port, TOKEN);
    binary.socket.write(clientFrame(0x2, Buffer.from([1, 2, 3])));
    expect(await binary.closed).toBe(1003);
    const notACall = await openRawWs(port, TOKEN);
    notACall.socket.write(clientFrame(0x1, '[1, 2'));
    expect(await notACall.closed).toBe(1007);
    await stillServing();
  });

  it.each([
    ['1e999', '1e999'],
    ['-1e999', '-1e999'],
    ['2^53', String(2 ** 53)],
    ['1.5', '1.5'],
    ['"1"', '"1"'],
    ['null', 'null'],
  ])('refuses a call whose id is %s (no answer with "id": null), closing with 1007', async (_what, id) => {
    const ws = await openRawWs(port, TOKEN);
    ws.socket.write(clientFrame(0x1, `{"id":${id},"method":"getScenes"}`));
    expect(await ws.closed).toBe(1007);
    expect(ws.messages.filter((m) => m.startsWith('{"id":'))).toEqual([]);
    await stillServing();
  });

  it('answers a call whose id is any safe integer, with that id', async () => {
    const ws = await openRawWs(port, TOKEN);
    for (const id of [0, -1, Number.MAX_SAFE_INTEGER]) ws.socket.write(call(id, 'getScenes'));
    for (const id of [0, -1, Number.MAX_SAFE_INTEGER])
      await expect.poll(() => ws.messages.some((m) => m.startsWith(`{"id":${id},"result"`))).toBe(true);
    ws.socket.destroy();
  });

  it('closes a socket that asks for too many calls at once (1008)', async () => {
    const ws = await openRawWs(port, TOKEN);
    ws.socket.write(Buffer.concat(Array.from({ length: 200 }, (_, i) => call(i, 'getScenes'))));
    expect(await ws.closed).toBe(1008);
    await stillServing();
  });

  it('takes a message as large as the bridge allows and no larger', async () => {
    expect(BRIDGE_MAX_MESSAGE_BYTES).toBe(17 * 1024 * 1024);
    const ws = await openRawWs(port, TOKEN);
    ws.socket.write(clientFrame(0x1, 'x', { declaredLength: BigInt(BRIDGE_MAX_MESSAGE_BYTES + 1) }));
    expect(await ws.closed).toBe(1009);
  });
});
