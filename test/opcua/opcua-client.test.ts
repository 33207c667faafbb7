// The OPC UA client (docs/opcua.md) against a real OPC UA server (node-opcua's, started here, on
// 127.0.0.1): tags bound by node name or by a CSV, the actuators monitored, the sensors written,
// security None and SignAndEncrypt with TagSim's certificate in its own folder, and the server
// going away. One server for the file: it takes seconds to start.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/app/start-tagsim.js';
import type { OpcuaClientSettings } from '../../shared/opcua/client-settings.js';
import { untilStatus, untilValue } from '../support/driver-waits.js';
import { startOpcuaServer, type TestOpcuaServer } from '../support/opcua-server.js';

const PLC = [
  { name: 'Conveyor entry', id: 'GVL.ConveyorEntry', type: 'Boolean' },
  { name: 'Load', id: 'GVL.Load', type: 'Boolean' },
  { name: 'Counter', id: 'GVL.Counter', type: 'Int16' },
  { name: 'High sensor', id: 'GVL.HighSensor', type: 'Boolean' },
  { name: 'Stop', id: 'GVL.Stop', type: 'Boolean' },
  { name: 'Spare output', id: 'GVL.Q7', type: 'Boolean' },
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

async function start(settings: Partial<OpcuaClientSettings> = {}): Promise<TagSim> {
  const tagsim = await startTagSim({
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

describe('OPC UA client', () => {
  it('binds tags by node name, monitors the actuators and writes the sensors', async () => {
    const tagsim = await start();
    const driver = tagsim.clients.all[0]!;
    const status = await untilStatus(driver, (s) => s.state === 'connected', 30_000);
    expect(status).toMatchObject({
      driver: 'opcuaClient',
      target: server.endpointUrl,
      detail: '5 tags bound (2 written, 3 monitored), None',
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
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.method)).toContain('DATA');
  });

  it('binds from a CSV of tag name and node id, and says which tags it could not bind', async () => {
    const tagsim = await start({
      bindings: [
        { tag: 'Load', nodeId: server.nodeId('GVL.Q7') },
        { tag: 'No such tag', nodeId: server.nodeId('GVL.Load') },
      ],
    });
    const status = await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'connected', 30_000);
    expect(status.detail).toBe('1 tags bound (0 written, 1 monitored), None');
    expect(status.warning).toBe('no tag named No such tag');
    server.write('GVL.Q7', true);
    await untilValue(tagsim, 'Load', true);
  });

  it('connects with SignAndEncrypt, its certificate made and kept in its own folder', async () => {
    const pkiDir = join(pki, 'secure');
    const tagsim = await start({ security: 'SignAndEncrypt', pkiDir });
    const status = await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'connected', 60_000);
    expect(status.detail).toMatch(/SignAndEncrypt$/);
    expect((await readdir(join(pkiDir, 'own', 'certs'))).some((f) => f.endsWith('.pem'))).toBe(true);
    server.write('GVL.ConveyorEntry', true);
    await untilValue(tagsim, 'Conveyor entry', true);
  }, 90_000);

  it('shows a server that is not there as disconnected, with why', async () => {
    const tagsim = await start({ endpointUrl: 'opc.tcp://127.0.0.1:9' });
    const lost = await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'disconnected', 30_000);
    expect(lost.error).toMatch(/connection refused/);
  });

  it('shows the server going away as disconnected, and serves on', async () => {
    const tagsim = await start();
    const driver = tagsim.clients.all[0]!;
    await untilStatus(driver, (s) => s.state === 'connected', 30_000);
    await server.shutdown();
    const lost = await untilStatus(driver, (s) => s.state === 'disconnected', 30_000);
    expect(lost.error).toMatch(/\S/);
    expect((await fetch(`${tagsim.url}/api/tags`)).status).toBe(200);
  }, 60_000);
});
