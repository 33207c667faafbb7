// The OPC UA client (docs/opcua.md) against a real OPC UA server (node-opcua's, started here, on
// 127.0.0.1): tags bound by node name, by a CSV or by a saved scene's OPC items (and bound anew
// when another scene is opened), the actuators monitored, the sensors written, a write the
// server refuses, chaos rules on the writes, security None and SignAndEncrypt with TagSim's
// certificate in its folder, and the server going away. One server and one certificate folder
// for the file: a server takes seconds to start and each new folder a key pair.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import type { OpcuaClientSettings } from '../../shared/drivers/opcua-client-settings.js';
import { untilStatus, untilValue } from '../support/driver-waits.js';
import { fioTag, writeFactoryIo } from '../support/factoryio-writer.mjs';
import { startOpcuaServer, type TestOpcuaServer } from '../support/opcua-server.js';

const PLC = [
  { name: 'Conveyor entry', id: 'GVL.ConveyorEntry', type: 'Boolean' },
  { name: 'Load', id: 'GVL.Load', type: 'Boolean' },
  { name: 'Counter', id: 'GVL.Counter', type: 'Int16' },
  { name: 'High sensor', id: 'GVL.HighSensor', type: 'Boolean' },
  { name: 'Stop', id: 'GVL.Stop', type: 'Boolean' },
  { name: 'Spare output', id: 'GVL.Q7', type: 'Boolean' },
  { name: 'Spare input', id: 'GVL.I7', type: 'Boolean' },
  { name: 'Locked input', id: 'GVL.I8', type: 'Boolean', readOnly: true },
] as const;

let server: TestOpcuaServer;
let pki: string;
beforeAll(async () => {
  pki = await mkdtemp(join(tmpdir(), 'tagsim-opcua-'));
  server = await startOpcuaServer(PLC, pki);
}, 120_000);
afterAll(() => server?.shutdown());

const open: TagSim[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

async function start(settings: Partial<OpcuaClientSettings> = {}, scene?: string): Promise<TagSim> {
  const tagsim = await startTagSim({
    ...(scene ? { scene: { file: scene } } : {}),
    server: { port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
    opcuaClient: {
      endpointUrl: server.endpointUrl,
      security: 'None',
      pkiDir: join(pki, 'tagsim'),
      publishingIntervalMs: 20,
      ...settings,
    },
  });
  open.push(tagsim);
  return tagsim;
}

const connected = (tagsim: TagSim, ms = 30_000) =>
  untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'connected', ms);

/** A custom scene whose saved OPC client items bind two of its tags; `Load` has none. */
async function savedScene(): Promise<string> {
  const feeder = fioTag('BinaryOutput', 'Feeder', 0);
  const part = fioTag('BinaryInput', 'Part at entry', 0);
  const load = fioTag('BinaryOutput', 'Load', 1);
  const start = fioTag('BinaryInput', 'Start button', 1);
  const file = join(pki, 'Line.factoryio');
  await writeFile(
    file,
    writeFactoryIo({
      parts: [feeder, part, load, start].map((t, i) => ({
        prefab: 'DiffusePhotoelectricSensor',
        position: [i * 8, 5, 0] as [number, number, number],
        groups: [{ tags: [t] }],
      })),
      drivers: {
        current: 16384,
        opc: {
          url: server.endpointUrl,
          items: [
            { output: feeder.key, name: server.nodeId('GVL.Q7'), display: 'GVL.Q7' },
            { input: part.key, name: server.nodeId('GVL.I7'), display: 'GVL.I7' },
            { input: start.key, name: 'Channel1.Device1.Start' },
          ],
        },
      },
    }),
  );
  return file;
}

describe('OPC UA client: binding and what travels', () => {
  it('binds tags by node name, monitors the actuators and writes the sensors', async () => {
    const tagsim = await start();
    const status = await connected(tagsim);
    expect(status).toMatchObject({
      driver: 'opcuaClient',
      target: server.endpointUrl,
      detail: '5 tags bound by name (2 written, 3 monitored), None',
    });
    server.write('GVL.Load', true);
    server.write('GVL.Counter', -7);
    await untilValue(tagsim, 'Load', true);
    await untilValue(tagsim, 'Counter', -7);
    tagsim.engine.simulate('name', [{ ref: 'High sensor', value: true }]);
    await expect.poll(() => server.read('GVL.HighSensor')).toBe(true);
    // A forced sensor is written as forced; Stop is normally closed, so true at rest.
    expect(server.read('GVL.Stop')).toBe(true);
    tagsim.engine.write('force', 'name', [{ name: 'Stop', value: false }]);
    await expect.poll(() => server.read('GVL.Stop')).toBe(false);
    const entries = await tagsim.control!.journal!.list({ limit: 10, path: 'opcua-client://*' });
    expect(entries.map((e) => e.method)).toContain('DATA');
    server.write('GVL.Load', false);
  });

  it("binds a saved scene's OPC items, and binds anew by name when another scene is opened", async () => {
    const tagsim = await start({}, await savedScene());
    const status = await connected(tagsim);
    expect(status).toMatchObject({
      detail: "2 tags bound from the scene's items (1 written, 1 monitored), None",
      warning: 'saved items that are no OPC UA node id left out: Channel1.Device1.Start',
    });
    server.write('GVL.Q7', true);
    await untilValue(tagsim, 'Feeder', true);
    tagsim.engine.simulate('name', [{ ref: 'Part at entry', value: true }]);
    await expect.poll(() => server.read('GVL.I7')).toBe(true);
    // Load has a node of its name, but the scene's items do not bind it: Feeder's change, made
    // after Load's, arrives; Load's does not.
    server.write('GVL.Load', true);
    server.write('GVL.Q7', false);
    await untilValue(tagsim, 'Feeder', false);
    expect(tagsim.engine.tagsNamed('Load')[0]!.value).toBe(false);
    server.write('GVL.Load', false);
    await tagsim.scenes.open({ builtin: 'Sorting by Height (Basic)' });
    const again = await untilStatus(tagsim.clients.all[0]!, (s) => /bound by name/.test(s.detail ?? ''));
    expect(again).toMatchObject({
      state: 'connected',
      detail: '5 tags bound by name (2 written, 3 monitored), None',
    });
  });

  it("binds from a CSV given, over the scene's saved items, and says what it could not bind", async () => {
    const tagsim = await start(
      {
        bindings: [
          { tag: 'Feeder', nodeId: server.nodeId('GVL.Load') },
          { tag: 'No such tag', nodeId: server.nodeId('GVL.Load') },
        ],
      },
      await savedScene(),
    );
    const status = await connected(tagsim);
    expect(status.detail).toBe('1 tag bound from the CSV (0 written, 1 monitored), None');
    expect(status.warning).toBe('no tag named No such tag');
    server.write('GVL.Load', true);
    await untilValue(tagsim, 'Feeder', true);
    server.write('GVL.Load', false);
  });

  it('shows a write the server refuses as a warning, and writes the other sensors', async () => {
    const tagsim = await start({
      bindings: [
        { tag: 'High sensor', nodeId: server.nodeId('GVL.I8') },
        { tag: 'Stop', nodeId: server.nodeId('GVL.Stop') },
      ],
    });
    const status = await untilStatus(tagsim.clients.all[0]!, (s) => s.warning !== undefined, 30_000);
    expect(status).toMatchObject({
      state: 'connected',
      warning: 'writes refused: High sensor (BadNotWritable)',
    });
    tagsim.engine.write('force', 'name', [{ name: 'Stop', value: false }]);
    await expect.poll(() => server.read('GVL.Stop')).toBe(false);
    expect(server.read('GVL.I8')).toBe(false);
  });
});

describe('OPC UA client: the same rules as every other way in', () => {
  it('writes a failed sensor as its effective value, leaves a forced actuator forced, and journals what it wrote', async () => {
    const tagsim = await start();
    await connected(tagsim);
    const { engine } = tagsim;
    // Stop is normally closed: true at rest, false once failed Always Off.
    await expect.poll(() => server.read('GVL.Stop')).toBe(true);
    engine.setFailure(engine.tagsNamed('Stop')[0]!.id, 'alwaysOff');
    await expect.poll(() => server.read('GVL.Stop')).toBe(false);
    engine.write('force', 'name', [{ name: 'Load', value: false }]);
    server.write('GVL.Load', true);
    const load = engine.tagsNamed('Load')[0]!.id;
    await expect.poll(() => engine.getTagState(load)!.raw).toBe(true);
    expect(engine.getTagState(load)!.value).toBe(false); // the force wins
    const entries = await tagsim.control!.journal!.list({ limit: 10, path: 'opcua-client://*' });
    const change = entries.find((e) => e.method === 'DATA' && e.body!.includes('GVL.Load'));
    expect(change).toMatchObject({ path: `opcua-client://${new URL(server.endpointUrl).host}`, status: 200 });
    expect(JSON.parse(change!.body!)).toEqual({
      function: 'OPC UA data change',
      writes: [{ node: server.nodeId('GVL.Load'), value: true, tag: 'Load' }],
    });
    server.write('GVL.Load', false);
  });
});

describe('OPC UA client: chaos rules reach its writes', () => {
  it('drops writes a rule with a status matches, delays them by its latency, and drops the connection on reset', async () => {
    const tagsim = await start();
    await connected(tagsim);
    const chaos = tagsim.control!.chaos;
    const journal = tagsim.control!.journal!;
    chaos.set([{ method: 'SCAN', path: 'opcua-client://*', status: 503, times: 2 }]);
    tagsim.engine.simulate('name', [{ ref: 'High sensor', value: true }]);
    // Dropped twice, still due: it goes with the next write.
    await expect.poll(() => server.read('GVL.HighSensor')).toBe(true);
    const dropped = await journal.list({ limit: 10, path: 'opcua-client://*', status: '503' });
    expect(dropped).toHaveLength(2);
    expect(dropped[0]).toMatchObject({ method: 'SCAN', chaos: { rule: 0, status: 503 } });
    expect(JSON.parse(dropped[0]!.body!)).toEqual({
      function: 'OPC UA write',
      dropped: 'a chaos rule dropped this write',
    });

    chaos.set([{ method: 'SCAN', latencyMs: 300, times: 1 }]);
    const from = performance.now();
    tagsim.engine.simulate('name', [{ ref: 'High sensor', value: false }]);
    await expect.poll(() => server.read('GVL.HighSensor')).toBe(false);
    expect(performance.now() - from).toBeGreaterThanOrEqual(280);
    // The server has the value before TagSim has its answer, and the journal entry after that.
    const lateWrite = async () =>
      (await journal.list({ limit: 20, path: 'opcua-client://*', status: '200' })).find(
        (e) => e.method === 'SCAN',
      );
    await expect.poll(lateWrite).toBeDefined();
    const late = await lateWrite();
    expect(late).toMatchObject({ status: 200, chaos: { rule: 0, latencyMs: 300 } });
    expect(JSON.parse(late!.body!)).toEqual({
      function: 'OPC UA write',
      writes: [{ node: server.nodeId('GVL.HighSensor'), value: false, tag: 'High sensor' }],
    });

    chaos.set([{ method: 'SCAN', reset: true, times: 1 }]);
    tagsim.engine.simulate('name', [{ ref: 'High sensor', value: true }]);
    const lost = await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'disconnected');
    expect(lost.error).toBe('a chaos rule dropped the connection (rule 0)');
    await connected(tagsim);
    await expect.poll(() => server.read('GVL.HighSensor')).toBe(true);
    tagsim.engine.simulate('name', [{ ref: 'High sensor', value: false }]);
    await expect.poll(() => server.read('GVL.HighSensor')).toBe(false);
  });
});

describe('OPC UA client: security and a server that goes away', () => {
  it('connects with SignAndEncrypt, with its certificate kept in its folder', async () => {
    const tagsim = await start({ security: 'SignAndEncrypt' });
    const status = await connected(tagsim, 60_000);
    expect(status.detail).toMatch(/SignAndEncrypt$/);
    expect((await readdir(join(pki, 'tagsim', 'own', 'certs'))).some((f) => f.endsWith('.pem'))).toBe(true);
    server.write('GVL.ConveyorEntry', true);
    await untilValue(tagsim, 'Conveyor entry', true);
  }, 90_000);

  it('shows a server that is not there as disconnected, with why', async () => {
    const tagsim = await start({ endpointUrl: 'opc.tcp://127.0.0.1:9' });
    const lost = await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'disconnected', 30_000);
    expect(lost.error).toMatch(/connection refused/);
  });

  // Last: it takes the file's server away.
  it('shows the server going away as disconnected, and serves on', async () => {
    const tagsim = await start();
    const driver = tagsim.clients.all[0]!;
    await connected(tagsim);
    await server.shutdown();
    const lost = await untilStatus(driver, (s) => s.state === 'disconnected', 30_000);
    expect(lost.error).toMatch(/\S/);
    expect((await fetch(`${tagsim.url}/api/tags`)).status).toBe(200);
  }, 60_000);
});
