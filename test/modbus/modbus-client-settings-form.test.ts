// The Modbus client's Settings form, host side (docs/desktop.md, "The Modbus client's settings"):
// setModbusClientSettings is checked with settings.json's schema, saved atomically to the user's
// settings.json, and the client reconnects to the controller the new settings name. A refused
// payload changes nothing: not the client, not its status, not the file.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { fileSettingsStore, type SettingsStore } from '../../main/settings/settings-store.js';
import { dispatchBridgeCall } from '../../shared/bridge/dispatch.js';
import { MODBUS_CLIENT_DEFAULTS } from '../../shared/drivers/modbus-client-settings.js';
import { STATION_CLIENT_SETTINGS_REFUSED, type StationRestrictions } from '../../shared/lab/restrictions.js';
import { untilStatus } from '../support/driver-waits.js';
import { startController, type TestController } from '../support/modbus-controller.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function controller(): Promise<TestController> {
  const c = await startController();
  open.push(c);
  return c;
}

async function start(
  plcPort: number,
  settings: SettingsStore,
  station?: StationRestrictions,
): Promise<TagSim> {
  const tagsim = await startTagSim({
    server: { port: 0 },
    ...(station ? { bridge: { station } } : {}),
    simulation: { startRunning: false, every: () => () => undefined },
    settings,
    modbusClient: { host: '127.0.0.1', port: plcPort, slaveId: 1, scanTimeMs: 10, timeoutMs: 1000 },
  });
  open.push(tagsim);
  return tagsim;
}

function settingsFile(): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tagsim-client-form-'));
  return { dir, path: join(dir, 'settings.json') };
}

/** A call as the window's transports make it: checked against the spec, then answered. */
const call = (tagsim: TagSim, args: unknown) =>
  dispatchBridgeCall(tagsim.bridge.api, 'setModbusClientSettings', args) as Promise<{
    settings: unknown;
    status: { target: string; state: string };
  }>;

describe('the Modbus client settings from the window', () => {
  it('reconnects the client to the new port and unit, and keeps them in settings.json', async () => {
    const [first, second] = [await controller(), await controller()];
    const { dir, path } = settingsFile();
    const tagsim = await start(first.port, await fileSettingsStore(path));
    const driver = tagsim.clients.all[0]!;
    await untilStatus(driver, (s) => s.state === 'connected');

    const answer = await call(tagsim, { host: '127.0.0.1', port: second.port, slaveId: 7, scanTimeMs: 20 });
    expect(answer.settings).toEqual({
      ...MODBUS_CLIENT_DEFAULTS,
      host: '127.0.0.1',
      port: second.port,
      slaveId: 7,
      scanTimeMs: 20,
    });
    expect(answer.status.target).toBe(`127.0.0.1:${second.port}`);
    await untilStatus(driver, (s) => s.state === 'connected' && s.detail === 'unit 7, every 20 ms');
    await second.until(() => second.heard.length >= 3);
    expect(second.heard[0]).toMatchObject({ unitId: 7, fc: 15 });
    // The first controller hears nothing more once the old connection is closed.
    const heardByFirst = first.heard.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(first.heard.length).toBe(heardByFirst);
    expect((await tagsim.bridge.api.getState(undefined)).modbusClient).toEqual(answer.settings);

    // Written atomically (no temporary file left beside it) and read back at the next start.
    expect(readdirSync(dir)).toEqual(['settings.json']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ modbusClient: answer.settings });
    expect((await fileSettingsStore(path)).get().modbusClient).toEqual(answer.settings);
  });

  it('refuses a bad value with the reason, and changes neither the client nor the file', async () => {
    const plc = await controller();
    const { path } = settingsFile();
    const tagsim = await start(plc.port, await fileSettingsStore(path));
    const driver = tagsim.clients.all[0]!;
    await untilStatus(driver, (s) => s.state === 'connected');
    const settingsBefore = tagsim.clients.modbusClient!.settings;
    const refusals: [unknown, string][] = [
      [{ host: '127.0.0.1', port: 70000 }, 'setModbusClientSettings.port 70000 is above 65535.'],
      [{ host: '127.0.0.1', port: 'x' }, 'setModbusClientSettings.port must be a whole number; got "x".'],
      [{ host: '' }, 'setModbusClientSettings.host must not be empty'],
      [{ port: 502 }, 'setModbusClientSettings.host is missing.'],
      [{ host: 'a b' }, 'setModbusClientSettings.host'],
      [{ host: 'plc', scanTimeMs: 0 }, 'setModbusClientSettings.scanTimeMs'],
      [{ host: 'plc', bitInputCount: 257 }, 'setModbusClientSettings.bitInputCount'],
      [{ host: 'plc', scaleFactor: 1.5 }, 'setModbusClientSettings.scaleFactor'],
      [{ host: 'plc', readCoils: 'yes' }, 'setModbusClientSettings.readCoils must be true or false'],
      [{ host: 'plc', pkiDir: '/etc' }, 'setModbusClientSettings.pkiDir unknown field'],
      [{ host: 'x'.repeat(1_000_000) }, 'setModbusClientSettings.host'],
      [null, 'setModbusClientSettings must be an object; got null.'],
      [[], 'setModbusClientSettings must be an object'],
    ];
    for (const [args, reason] of refusals) await expect(call(tagsim, args)).rejects.toThrow(reason);
    expect(tagsim.clients.modbusClient!.settings).toBe(settingsBefore);
    expect(driver.status).toMatchObject({ state: 'connected', target: `127.0.0.1:${plc.port}` });
    expect(existsSync(path)).toBe(false);
    const heard = plc.heard.length;
    await plc.until(() => plc.heard.length >= heard + 3);
  });

  it("refuses the settings a lab's presets locked, changing nothing", async () => {
    const plc = await controller();
    const { path } = settingsFile();
    const locked = await fileSettingsStore(path, {}, () => undefined, ['modbusClient']);
    const tagsim = await start(plc.port, locked);
    await expect(call(tagsim, { host: '127.0.0.1', port: 1502 })).rejects.toThrow(
      "modbusClient: Set by your lab's presets; it cannot be changed here.",
    );
    expect(tagsim.clients.all[0]!.status.target).toBe(`127.0.0.1:${plc.port}`);
    expect(existsSync(path)).toBe(false);
  });

  it("refuses them at a lab station, whose controller the lab chose, whatever its student's controls", async () => {
    const plc = await controller();
    const { path } = settingsFile();
    const station: StationRestrictions = { name: 'Lab station 2', allowed: ['simulation', 'faults'] };
    const tagsim = await start(plc.port, await fileSettingsStore(path), station);
    await expect(call(tagsim, { host: '127.0.0.1', port: 1502 })).rejects.toThrow(
      STATION_CLIENT_SETTINGS_REFUSED,
    );
    expect(tagsim.clients.all[0]!.status.target).toBe(`127.0.0.1:${plc.port}`);
    expect(existsSync(path)).toBe(false);
  });

  it('a stopped client shows the new controller and stays stopped until Connect', async () => {
    const plc = await controller();
    const tagsim = await start(plc.port, await fileSettingsStore(settingsFile().path));
    const driver = tagsim.clients.all[0]!;
    await tagsim.bridge.api.disconnectDriver({ driver: 'modbusClient' });
    const heard = plc.heard.length;
    const { status } = await call(tagsim, { host: 'plc.example', port: 1502 });
    expect(status).toMatchObject({ state: 'stopped', target: 'plc.example:1502' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(driver.status.state).toBe('stopped');
    expect(plc.heard.length).toBeLessThanOrEqual(heard + 1);
  });

  it('takes any payload the schema accepts and refuses every other, changing nothing then', async () => {
    const plc = await controller();
    const { path } = settingsFile();
    const tagsim = await start(plc.port, await fileSettingsStore(path));
    // Stopped: an accepted host is shown, never looked up.
    await tagsim.bridge.api.disconnectDriver({ driver: 'modbusClient' });
    // Mostly a value every field takes (10 to 64), sometimes one out of range or of another kind.
    const field = fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 10, max: 64 }) },
      { weight: 1, arbitrary: fc.integer({ min: -2, max: 70_000 }) },
      { weight: 1, arbitrary: fc.constantFrom(1.5, -0, Infinity, NaN, '502', true, null, [], {}) },
    );
    const payload = fc.oneof(
      fc.record(
        {
          host: fc.oneof(
            fc.constantFrom('plc', '10.0.0.5', '', ' ', 'a/b', '[::1]'),
            fc.string({ maxLength: 8 }),
          ),
          port: field,
          slaveId: field,
          scanTimeMs: field,
          timeoutMs: field,
          numericOutputCount: field,
          bitInputOffset: field,
          readCoils: fc.oneof(fc.boolean(), field),
          scaleFactor: field,
        },
        { requiredKeys: [] },
      ),
      fc.record({ host: fc.constant('plc'), extra: field }),
      fc.constant(JSON.parse('{"host":"plc","__proto__":{"port":1}}') as unknown),
      fc.anything({ maxDepth: 2 }),
    );
    const seen = { taken: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(payload, async (args) => {
        const before = { settings: tagsim.clients.modbusClient!.settings, file: fileText(path) };
        const outcome = await call(tagsim, args).then(
          (answer) => ({ answer }),
          (error: Error) => ({ error }),
        );
        if ('error' in outcome) {
          seen.refused++;
          expect(outcome.error.name).toBe('BridgeArgumentError');
          expect(tagsim.clients.modbusClient!.settings).toBe(before.settings);
          expect(fileText(path)).toBe(before.file);
        } else {
          seen.taken++;
          expect(tagsim.clients.modbusClient!.settings).toEqual(outcome.answer.settings);
          // As JSON holds them (an IPC payload's -0 is 0 in the file).
          const asJson: unknown = JSON.parse(JSON.stringify(outcome.answer.settings));
          expect(JSON.parse(fileText(path)!).modbusClient).toEqual(asJson);
        }
        expect(tagsim.clients.all[0]!.status.state).toBe('stopped');
      }),
      { numRuns: 150 },
    );
    expect(seen.taken).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });
});

function fileText(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}
