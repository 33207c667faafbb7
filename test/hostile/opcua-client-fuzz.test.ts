// The hostile-input suite for the OPC UA client (docs/opcua.md#hostile-servers): TagSim binds to
// servers that misbehave over real TCP: a raw peer that answers its Hello with garbage (as
// fast-check says), half a message then gone, nothing at all, or a close; a proxy before a real
// server (node-opcua's) that cuts the connection after so many bytes (mid-message) or passes
// them late; and a real server whose nodes are not there or have other types than the tags.
// Whatever it does: no crash, the API answers on, the driver shows why it is disconnected, in
// one line, within the time the docs give, and binds again to a server that behaves.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import type { OpcuaBinding } from '../../shared/drivers/opcua-client-settings.js';
import { untilStatus, untilValue } from '../support/driver-waits.js';
import { startOpcuaServer, type TestOpcuaServer } from '../support/opcua-server.js';
import { startProxy, startRawPeer, type PeerAnswer } from './support/opcua-peers.js';

let pki: string;
let server: TestOpcuaServer;
beforeAll(async () => {
  pki = await mkdtemp(join(tmpdir(), 'tagsim-opcua-hostile-'));
  server = await startOpcuaServer(
    [
      { name: 'Load', id: 'GVL.Load', type: 'Boolean' },
      { name: 'High sensor', id: 'GVL.HighSensor', type: 'Boolean' },
      { name: 'Text', id: 'GVL.Text', type: 'String' },
    ],
    pki,
  );
}, 120_000);
afterAll(() => server?.shutdown());

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

/** TagSim bound to the server at `port`, giving up an opening after `openTimeoutMs` (1 s: the tests' peers are local). */
async function binding(port: number, bindings?: OpcuaBinding[], openTimeoutMs = 1000): Promise<TagSim> {
  const tagsim = await startTagSim({
    server: { port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
    opcuaClient: {
      endpointUrl: `opc.tcp://127.0.0.1:${port}`,
      security: 'None',
      publishingIntervalMs: 20,
      openTimeoutMs,
      pkiDir: join(pki, 'tagsim'),
      ...(bindings ? { bindings } : {}),
    },
  });
  open.push(tagsim);
  return tagsim;
}

const serverPort = () => Number(/:(\d+)$/.exec(server.endpointUrl)![1]);

const answer: fc.Arbitrary<PeerAnswer> = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => ({ kind: 'garbage', bytes }) as const),
  fc.constantFrom<PeerAnswer>({ kind: 'halfThenClose' }, { kind: 'close' }),
);

describe('the OPC UA client against a hostile server', () => {
  it('ends each connection a raw peer breaks, says why in one line, and serves on', async () => {
    await fc.assert(
      fc.asyncProperty(answer, async (plan) => {
        const peer = await startRawPeer(plan);
        const tagsim = await binding(peer.port);
        const errors: unknown[] = [];
        tagsim.errors.on((e) => errors.push(e));
        try {
          const lost = await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'disconnected', 10_000);
          expect(lost.error, JSON.stringify(plan)).toMatch(/^\S[^\n]*$/);
          expect((await fetch(`${tagsim.url}/api/tags`)).status).toBe(200);
          expect(errors).toEqual([]);
        } finally {
          await tagsim.close();
          await peer.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('gives up on a server that never answers, and tries again', async () => {
    const peer = await startRawPeer({ kind: 'silent' });
    open.push(peer);
    const tagsim = await binding(peer.port);
    const driver = tagsim.clients.all[0]!;
    const lost = await untilStatus(driver, (s) => s.state === 'disconnected', 5000);
    expect(lost).toMatchObject({ error: 'no answer within 1000 ms', retryInMs: 500 });
    await untilStatus(driver, (s) => s.state === 'disconnected' && s.retryInMs === 1000, 5000);
    expect(peer.connections).toBe(2);
  });

  it('shows a connection cut mid-message as disconnected, and binds again', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4000 }), async (cutAfter) => {
        const proxy = await startProxy(serverPort(), { cutAfter });
        const tagsim = await binding(proxy.port);
        const driver = tagsim.clients.all[0]!;
        const errors: unknown[] = [];
        tagsim.errors.on((e) => errors.push(e));
        try {
          const lost = await untilStatus(driver, (s) => s.state === 'disconnected', 10_000);
          expect(lost.error, `cut after ${cutAfter}`).toMatch(/^\S[^\n]*$/);
          await untilStatus(driver, (s) => s.state === 'connected', 10_000);
          expect(proxy.connections).toBe(2);
          expect(errors).toEqual([]);
        } finally {
          await tagsim.close();
          await proxy.close();
        }
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('works through a server whose every answer is late', async () => {
    const proxy = await startProxy(serverPort(), { delayMs: 150 });
    open.push(proxy);
    // The opening takes a dozen round trips, a few seconds here: within the default 10 s.
    const tagsim = await binding(proxy.port, undefined, 10_000);
    await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'connected', 20_000);
    server.write('GVL.Load', true);
    await untilValue(tagsim, 'Load', true, 5000);
    server.write('GVL.Load', false);
  }, 60_000);

  it('binds on past nodes that are not there and nodes of a type no tag has', async () => {
    const tagsim = await binding(serverPort(), [
      { tag: 'Load', nodeId: server.nodeId('GVL.Text') },
      { tag: 'High sensor', nodeId: server.nodeId('GVL.Text') },
      { tag: 'Stop', nodeId: server.nodeId('GVL.Missing') },
      { tag: 'Conveyor entry', nodeId: server.nodeId('GVL.Load') },
      { tag: 'Unload', nodeId: server.nodeId('GVL.Gone') },
      { tag: 'Low sensor', nodeId: server.nodeId('GVL.HighSensor') },
    ]);
    const driver = tagsim.clients.all[0]!;
    const status = await untilStatus(driver, (s) => s.state === 'connected', 20_000);
    const bindingProblems =
      "nodes not read: ns=1;s=GVL.Missing (BadNodeIdUnknown); sensors whose node takes no tag's value: High sensor (String)";
    expect(status.detail).toBe('6 tags bound from the CSV (1 written, 3 monitored), None');
    expect(status.warning?.startsWith(bindingProblems)).toBe(true);
    // The node it cannot monitor joins what it could not bind, and stays beside it.
    const allProblems = `${bindingProblems}; ns=1;s=GVL.Gone cannot be monitored: BadNodeIdUnknown (0x80340000)`;
    await expect.poll(() => driver.status.warning).toBe(allProblems);
    // A text where a Bit actuator is: refused by the engine's own check, journalled with its
    // item error; the other actuator's change of the same moment arrives.
    server.write('GVL.Text', 'on');
    server.write('GVL.Load', true);
    await untilValue(tagsim, 'Conveyor entry', true, 5000);
    const journal = tagsim.control!.journal!;
    await expect
      .poll(async () =>
        (await journal.list({ limit: 10, path: 'opcua-client://*' })).some((e) => e.body!.includes('"on"')),
      )
      .toBe(true);
    const [text] = (await journal.list({ limit: 10, path: 'opcua-client://*' })).filter((e) =>
      e.body!.includes('"on"'),
    );
    expect(text!.itemErrors).toEqual([
      expect.objectContaining({ id: tagsim.engine.tagsNamed('Load')[0]!.id }),
    ]);
    expect(tagsim.engine.tagsNamed('Load')[0]!.value).toBe(false);
    tagsim.engine.simulate('name', [{ ref: 'High sensor', value: true }]);
    tagsim.engine.simulate('name', [{ ref: 'Low sensor', value: true }]);
    await expect.poll(() => server.read('GVL.HighSensor')).toBe(true);
    expect(server.read('GVL.Text')).toBe('on');
    // A write taken whole clears no other warning.
    expect(driver.status).toMatchObject({ state: 'connected', warning: allProblems });
    server.write('GVL.Load', false);
  });
});
