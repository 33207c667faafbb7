// Modbus on view: the window (through the bridge) and the tray show that Modbus TCP is on, its
// port and its connected clients; presets and settings.json turn it on in the desktop app.
import { afterEach, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { buildTrayModel, type TrayState } from '../../main/electron/tray-menu.js';
import { parsePresets } from '../../main/settings/presets.js';
import { parseSettings } from '../../main/settings/settings.js';
import type { ModbusStatus } from '../../shared/bridge/bridge-spec.js';
import { modbusStatusLine } from '../../shared/window/modbus-status-line.js';
import { ModbusTestClient } from '../support/raw-modbus.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function start(modbus = true): Promise<TagSim> {
  const tagsim = await startTagSim({
    server: { port: 0 },
    ...(modbus ? { modbus: { port: 0 } } : {}),
    simulation: { startRunning: false, every: () => () => undefined },
  });
  open.push(tagsim);
  return tagsim;
}

describe('the window sees Modbus through the bridge', () => {
  it('in its state, and as an event each time a client comes or goes', async () => {
    const tagsim = await start();
    const port = tagsim.modbus!.status.port;
    expect((await tagsim.bridge.api.getState(undefined)).modbus).toEqual({
      state: 'listening',
      host: '127.0.0.1',
      port,
      clients: 0,
    });
    const seen: ModbusStatus[] = [];
    tagsim.bridge.events.on((e) => {
      if (e.event === 'modbus') seen.push(e.payload);
    });
    const client = await ModbusTestClient.open(port);
    await expect.poll(() => seen.at(-1)?.clients).toBe(1);
    client.close();
    await expect.poll(() => seen.at(-1)?.clients).toBe(0);
  });

  it('has no modbus where none is served', async () => {
    const tagsim = await start(false);
    expect(tagsim.modbus).toBeUndefined();
    expect((await tagsim.bridge.api.getState(undefined)).modbus).toBeUndefined();
  });
});

describe('the status line of the window and the tray', () => {
  const listening: ModbusStatus = { state: 'listening', host: '127.0.0.1', port: 502, clients: 2 };

  it('says where Modbus listens and how many clients it has, or why it is not serving', () => {
    expect(modbusStatusLine(listening)).toBe('Modbus TCP on 127.0.0.1:502, 2 clients');
    expect(modbusStatusLine({ ...listening, clients: 1 })).toBe('Modbus TCP on 127.0.0.1:502, 1 client');
    expect(modbusStatusLine({ ...listening, state: 'failed', clients: 0, error: 'port 502 in use' })).toBe(
      'Modbus: port 502 in use',
    );
  });

  it("is the tray menu's second line and part of its tooltip", () => {
    const state: TrayState = {
      server: {
        state: 'listening',
        host: '127.0.0.1',
        port: 7410,
        url: 'http://127.0.0.1:7410',
        controllable: true,
      },
      modbus: listening,
      pinned: [],
      forced: 0,
      failed: 0,
      scenes: {
        builtins: [],
        recent: [],
        document: {
          scene: { name: 'Sorting by Height (Basic)', tags: [] },
          origin: 'builtin',
          dirty: false,
          canUndo: false,
          canRedo: false,
        },
      },
    };
    const model = buildTrayModel(state);
    expect(model.menu[1]).toMatchObject({ label: 'Modbus TCP on 127.0.0.1:502, 2 clients', enabled: false });
    expect(model.tooltip).toContain('Modbus TCP on 127.0.0.1:502, 2 clients');
    const { modbus: _off, ...withoutModbus } = state;
    expect(buildTrayModel(withoutModbus).menu[1]).toMatchObject({ type: 'separator' });
  });
});

describe("the desktop app's setting", () => {
  it('is read from settings.json and presets, and refused in words when wrong', () => {
    expect(parseSettings({ modbus: { port: 5020 } }).modbus).toEqual({ port: 5020 });
    expect(parseSettings({ modbus: { port: 502, unitId: 1, map: 'address' } }).modbus).toEqual({
      port: 502,
      unitId: 1,
      map: 'address',
    });
    expect(parseSettings({ modbus: { port: 502, scaleFactor: 1000 } }).modbus).toEqual({
      port: 502,
      scaleFactor: 1000,
    });
    for (const scaleFactor of [0, 10001, 2.5, '100'])
      expect(
        parseSettings({ modbus: { port: 502, scaleFactor } }).modbus,
        String(scaleFactor),
      ).toBeUndefined();
    expect(parseSettings({}).modbus).toBeUndefined();
    const good = parsePresets({ modbus: { port: 5020 } }, 'presets.json');
    expect(good.presets.settings.modbus).toEqual({ port: 5020 });
    expect(good.problems).toEqual([]);
    const bad = parsePresets({ modbus: { port: 'x' } }, 'presets.json');
    expect(bad.presets.settings.modbus).toBeUndefined();
    expect(bad.problems.map((p) => p.message).join('\n')).toMatch(/modbus.*"port": 0 to 65535/);
    expect(bad.problems.map((p) => p.message).join('\n')).toMatch(/"scaleFactor": 1 to 10000/);
  });
});
