// The Modbus TCP/IP Client (docs/modbus.md#the-modbus-tcpip-client): TagSim connects to a
// controller's Modbus server (TagSim's own server code over plain memory, on real TCP) and every
// scan writes the sensors to it and reads the actuators back, through the engine's rules.
import { afterEach, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import type { ModbusClientSettings } from '../../shared/drivers/modbus-client-settings.js';
import { untilStatus, untilValue, valueOf } from '../support/driver-waits.js';
import { startController, type ControllerMemory, type TestController } from '../support/modbus-controller.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function start(
  controller: TestController,
  settings: Partial<ModbusClientSettings> = {},
): Promise<TagSim> {
  const tagsim = await startTagSim({
    server: { port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
    modbusClient: {
      host: '127.0.0.1',
      port: controller.port,
      slaveId: 1,
      scanTimeMs: 10,
      timeoutMs: 1000,
      ...settings,
    },
  });
  open.push(tagsim);
  return tagsim;
}

async function controller(program?: (memory: ControllerMemory) => void) {
  const c = await startController(program ? { program } : {});
  open.push(c);
  return c;
}

const set = (tagsim: TagSim, name: string, value: unknown) =>
  tagsim.engine.simulate('name', [{ ref: name, value }]);

describe('Modbus client: each scan writes the Inputs and reads the Outputs', () => {
  it("scans with the default scene's map: FC 15 of 14 sensors, FC 2 of 10 actuators, FC 4 of 1 register, unit 1", async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    await plc.until(() => plc.heard.length >= 6);
    const scan = plc.heard.slice(0, 3).map(({ unitId, fc, start, count }) => ({ unitId, fc, start, count }));
    expect(scan).toEqual([
      { unitId: 1, fc: 15, start: 0, count: 14 },
      { unitId: 1, fc: 2, start: 0, count: 10 },
      { unitId: 1, fc: 4, start: 0, count: 1 },
    ]);
    // The sensors' effective values: Stop and Emergency stop are normally closed, the side
    // conveyors' retro-reflective sensors are 1 while nothing is there.
    expect(plc.memory.coils.slice(0, 14)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(tagsim.clients.all[0]!.status).toMatchObject({
      state: 'connected',
      target: `127.0.0.1:${plc.port}`,
    });
  });

  it("takes the controller's actuators into the tags within a few scans, and its register as an Int", async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    plc.memory.discreteInputs[1] = true; // Load
    plc.memory.discreteInputs[7] = true; // Start light
    plc.memory.inputRegisters[0] = 0xfffe; // Counter: -2 as a signed register
    await untilValue(tagsim, 'Counter', -2);
    expect(valueOf(tagsim, 'Load')).toBe(true);
    expect(valueOf(tagsim, 'Start light')).toBe(true);
    expect(valueOf(tagsim, 'Conveyor entry')).toBe(false);
  });

  it('sends a sensor change on the next scan, so a controller program closes the loop', async () => {
    // The program: Conveyor entry (discrete input 0) runs while High sensor (coil 0) is off.
    const plc = await controller((m) => (m.discreteInputs[0] = !m.coils[0]));
    const tagsim = await start(plc);
    await untilValue(tagsim, 'Conveyor entry', true);
    set(tagsim, 'High sensor', true);
    await untilValue(tagsim, 'Conveyor entry', false);
  });

  it('reads coils (FC 1) and holding registers (FC 3) when asked, at the offsets given', async () => {
    const plc = await controller();
    await start(plc, {
      readCoils: true,
      readHoldingRegisters: true,
      bitInputOffset: 100,
      bitOutputOffset: 200,
      numericOutputOffset: 300,
      bitInputCount: 16,
      numericInputCount: 2,
      numericInputOffset: 400,
    });
    await plc.until(() => plc.heard.length >= 4);
    expect(plc.heard.slice(0, 4).map(({ fc, start, count }) => [fc, start, count])).toEqual([
      [15, 100, 16],
      [16, 400, 2],
      [1, 200, 10],
      [3, 300, 1],
    ]);
  });

  it('sends another unit id when told, and no request for a group of no points', async () => {
    const plc = await controller();
    await start(plc, { slaveId: 7, bitOutputCount: 0, numericOutputCount: 0 });
    await plc.until(() => plc.heard.length >= 3);
    expect(new Set(plc.heard.map((h) => `${h.unitId}/${h.fc}`))).toEqual(new Set(['7/15']));
  });

  it('scans about every scan time, start to start', async () => {
    const plc = await controller();
    await start(plc, { scanTimeMs: 50 });
    await plc.until(() => plc.heard.filter((h) => h.fc === 15).length >= 6);
    const starts = plc.heard.filter((h) => h.fc === 15).map((h) => h.atMs);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(45);
    expect(median).toBeLessThan(150);
  });
});

describe('Modbus client: the same rules as every other way in', () => {
  it('sends forced and failed sensors as their effective values, and leaves a forced actuator forced', async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    tagsim.engine.write('force', 'name', [{ name: 'High sensor', value: true }]);
    tagsim.engine.setFailure(tagsim.engine.tagsNamed('Stop')[0]!.id, 'alwaysOff');
    tagsim.engine.write('force', 'name', [{ name: 'Load', value: false }]);
    plc.memory.discreteInputs[1] = true; // the controller switches Load on
    plc.heard.length = 0;
    await plc.until(() => plc.heard.filter((h) => h.fc === 15).length >= 3);
    expect(plc.memory.coils[0]).toBe(true); // High sensor, forced on
    expect(plc.memory.coils[10]).toBe(false); // Stop, normally closed, failed Always Off
    const load = tagsim.engine.getTagState(tagsim.engine.tagsNamed('Load')[0]!.id)!;
    expect(load.value).toBe(false); // the force wins
    expect(load.raw).toBe(true); // what the controller wrote
  });

  it("records in the journal each scan that changed an Output, with what it wrote, and no scan that didn't", async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    await plc.until(() => plc.heard.length >= 6);
    const journal = tagsim.control!.journal!;
    const scansBefore = (await journal.list({ limit: 100, path: 'modbus-client://*' })).length;
    expect(scansBefore).toBe(1); // the first scan: every Output, as read
    plc.memory.discreteInputs[1] = true;
    await untilValue(tagsim, 'Load', true);
    plc.heard.length = 0;
    await plc.until(() => plc.heard.filter((h) => h.fc === 2).length >= 5);
    const entries = await journal.list({ limit: 100, path: 'modbus-client://*' });
    expect(entries).toHaveLength(2);
    const entry = entries[0]!;
    expect(entry).toMatchObject({
      method: 'SCAN',
      path: `modbus-client://127.0.0.1:${plc.port}/unit/1`,
      status: 200,
      itemErrors: [],
      chaos: null,
    });
    expect(JSON.parse(entry.body!)).toEqual({
      function: 'Modbus client scan',
      writes: [{ point: 'Bit Output 1', address: 1, value: true, tag: 'Load', tagValue: true }],
    });
  });

  it('shows a refusal of the controller as a warning and goes on scanning', async () => {
    const plc = await startController({ unitId: 5 }); // answers 0B to any other unit id
    open.push(plc);
    const tagsim = await start(plc);
    const status = await untilStatus(tagsim.clients.all[0]!, (s) => s.warning !== undefined);
    expect(status).toMatchObject({
      state: 'connected',
      warning: 'exception 0B (gateway target device failed to respond) to FC 15 at 0+14',
    });
    const count = plc.heard.length;
    await plc.until(() => plc.heard.length >= count + 6);
  });
});

describe('Modbus client: the controller goes away, and comes back', () => {
  it('keeps serving, shows the driver disconnected with why, and reconnects to a controller that returns', async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    const driver = tagsim.clients.all[0]!;
    await untilStatus(driver, (s) => s.state === 'connected');
    await plc.close();
    const lost = await untilStatus(driver, (s) => s.state === 'disconnected');
    expect(lost.error).toMatch(/closed the connection|reset the connection|connection refused/);
    expect(lost.retryInMs).toBeGreaterThan(0);
    // Everything else serves on.
    const answer = await fetch(`${tagsim.url}/api/tags`);
    expect(answer.status).toBe(200);
    const back = await startController({ port: plc.port });
    open.push(back);
    await untilStatus(driver, (s) => s.state === 'connected', 15_000);
    await back.until(() => back.heard.length >= 3);
  });

  it('is stopped and connected again from the bridge (the window and the tray), which hear each status', async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    const heard: string[] = [];
    tagsim.bridge.events.on((m) => {
      if (m.event === 'driver') heard.push(m.payload.state);
    });
    await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'connected');
    heard.length = 0;
    expect((await tagsim.bridge.api.getState(undefined)).drivers).toEqual([tagsim.clients.all[0]!.status]);
    const stopped = await tagsim.bridge.api.disconnectDriver({ driver: 'modbusClient' });
    expect(stopped.state).toBe('stopped');
    const count = plc.heard.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(plc.heard.length).toBeLessThanOrEqual(count + 1); // at most the request already sent
    await tagsim.bridge.api.connectDriver({ driver: 'modbusClient' });
    await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'connected');
    expect(heard).toEqual(['stopped', 'connecting', 'connected']);
    await expect(tagsim.bridge.api.connectDriver({ driver: 'opcuaClient' })).rejects.toThrow(
      'this TagSim has no OPC UA client',
    );
  });
});

describe('Modbus client: chaos rules delay, drop a scan, or drop the connection', () => {
  it('drops the scans a rule with a status matches, and journals each with the rule', async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    await plc.until(() => plc.heard.length >= 3);
    tagsim.control!.chaos.set([{ method: 'SCAN', path: 'modbus-client://*', status: 503, times: 2 }]);
    await plc.until(() => plc.heard.length >= 12);
    const dropped = await tagsim.control!.journal!.list({
      limit: 10,
      path: 'modbus-client://*',
      status: '503',
    });
    expect(dropped).toHaveLength(2);
    expect(dropped[0]!.chaos).toMatchObject({ rule: 0, status: 503 });
    expect(JSON.parse(dropped[0]!.body!)).toEqual({
      function: 'Modbus client scan',
      dropped: 'a chaos rule dropped this scan',
    });
  });

  it('drops the connection on a reset rule, then reconnects', async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    const driver = tagsim.clients.all[0]!;
    await untilStatus(driver, (s) => s.state === 'connected');
    tagsim.control!.chaos.set([{ method: 'SCAN', reset: true, times: 1 }]);
    const lost = await untilStatus(driver, (s) => s.state === 'disconnected');
    expect(lost.error).toBe('a chaos rule dropped the connection (rule 0)');
    await untilStatus(driver, (s) => s.state === 'connected');
  });

  it('holds a scan for the latency a rule gives', async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    await plc.until(() => plc.heard.length >= 3);
    tagsim.control!.chaos.set([{ method: 'SCAN', latencyMs: 300, times: 1 }]);
    const from = performance.now();
    const seen = plc.heard.length;
    await plc.until(() => plc.heard.length >= seen + 6);
    expect(performance.now() - from).toBeGreaterThanOrEqual(280);
  });
});

describe("Modbus client: the control API's status and its connect and disconnect", () => {
  it('shows the driver in GET /tagsim/v1/status, and disconnects and connects it by POST', async () => {
    const plc = await controller();
    const tagsim = await start(plc);
    await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'connected');
    const call = async (method: string, path: string) => {
      const answer = await fetch(`${tagsim.url}/tagsim/v1/${path}`, { method });
      return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
    };
    const status = await call('GET', 'status');
    expect(status.json['drivers']).toEqual([
      {
        driver: 'modbusClient',
        state: 'connected',
        target: `127.0.0.1:${plc.port}`,
        detail: 'unit 1, every 10 ms',
      },
    ]);
    expect((await call('POST', 'drivers/modbusClient/disconnect')).json).toMatchObject({ state: 'stopped' });
    expect((await call('POST', 'drivers/modbusClient/connect')).json).toMatchObject({ state: 'connecting' });
    await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'connected');
    expect(await call('POST', 'drivers/opcuaClient/connect')).toEqual({
      status: 404,
      json: { code: 404, error: 'This TagSim runs no OPC UA client.' },
    });
  });
});
