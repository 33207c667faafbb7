// A saved scene's own Modbus TCP/IP Client settings (docs/modbus.md#a-scenes-saved-client-settings):
// `tagsim serve --scene x.factoryio --modbus-client` and a lab file's stations with their own
// scenes scan with the counts, offsets, ReadCoils, ReadHoldingRegisters, ScaleFactor and point
// map the file's <ModbusTCPClient> block saved; options on the command line win over them. Files
// the test writes, a controller over real TCP.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run-cli.js';
import { cliIo, cliListeningUrl, type TestConsole } from '../support/cli-io.js';
import { fioTag, writeFactoryIo } from '../support/factoryio-writer.mjs';
import { startController, type TestController } from '../support/modbus-controller.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

const SENSOR_A = fioTag('BinaryInput', 'Sensor A', 0, { forced: true, forcedValue: true });
const SENSOR_B = fioTag('BinaryInput', 'Sensor B', 1);
const BELT = fioTag('BinaryOutput', 'Belt', 0);
const LAMP = fioTag('BinaryOutput', 'Lamp', 1);
const LEVEL = fioTag('AnalogueInput', 'Level', 0, { forced: true, forcedValue: 5.5 });
const VALVE = fioTag('AnalogueOutput', 'Valve', 0);

/**
 * The server's map in the file's order; the client's edited as a user would: Sensor B at two
 * points, an empty point, each group at its own offset, the Outputs read from coils and holding
 * registers, Floats at a scale of 10.
 */
const LINE = writeFactoryIo({
  parts: [SENSOR_A, SENSOR_B, BELT, LAMP, LEVEL, VALVE].map((t, i) => ({
    prefab: 'DiffusePhotoelectricSensor',
    position: [i * 8, 5, 0] as [number, number, number],
    groups: [{ tags: [t] }],
  })),
  drivers: {
    current: 64,
    modbusServer: {
      slots: {
        BitInput: [SENSOR_A.key, SENSOR_B.key],
        BitOutput: [BELT.key, LAMP.key],
        NumericInput: [LEVEL.key],
        NumericOutput: [VALVE.key],
      },
    },
    modbusClient: {
      slots: {
        BitInput: [SENSOR_B.key, null, SENSOR_A.key, SENSOR_B.key],
        BitOutput: [null, LAMP.key, BELT.key],
        NumericInput: [LEVEL.key],
        NumericOutput: [VALVE.key],
      },
      offsets: { BitInput: 100, BitOutput: 200, NumericInput: 300, NumericOutput: 400 },
    },
    clientProperties: { ReadCoils: true, ReadHoldingRegisters: true },
    clientScaleFactor: 10,
  },
});

const dir = mkdtempSync(join(tmpdir(), 'tagsim-client-saved-'));
const LINE_FILE = join(dir, 'Line.factoryio');
writeFileSync(LINE_FILE, LINE);

async function controller(): Promise<TestController> {
  const plc = await startController();
  open.push(plc);
  return plc;
}

/** Runs a command of the CLI until the test ends; its console. */
function run(argv: string[]): TestConsole {
  const t = cliIo();
  const done = runCli(argv, t.io);
  open.push({
    close: async () => {
      t.stop('SIGINT');
      expect(await done).toBe(0);
    },
  });
  return t;
}

/** The first scan's four requests, as [fc, start, count]. */
async function firstScan(plc: TestController): Promise<number[][]> {
  await plc.until(() => plc.heard.length >= 4);
  return plc.heard.slice(0, 4).map(({ fc, start, count }) => [fc, start, count]);
}

async function tagValues(url: string): Promise<Record<string, unknown>> {
  const tags = (await (await fetch(`${url}/api/tags`)).json()) as { name: string; value: unknown }[];
  return Object.fromEntries(tags.map((t) => [t.name, t.value]));
}

describe("tagsim serve --scene x.factoryio --modbus-client: the scene's saved client settings", () => {
  it('scans with the saved counts, offsets, functions, scale and map of points', async () => {
    const plc = await controller();
    const t = run([
      'serve',
      '--port',
      '0',
      '--paused',
      '--scene',
      LINE_FILE,
      '--modbus-client',
      `127.0.0.1:${plc.port}`,
    ]);
    const url = await cliListeningUrl(t);
    expect(await firstScan(plc)).toEqual([
      [15, 100, 4],
      [16, 300, 1],
      [1, 200, 3],
      [3, 400, 1],
    ]);
    // Sensor B at points 0 and 3, nothing at 1, Sensor A (forced on) at 2; Level (forced 5.5) × 10.
    expect(plc.memory.coils.slice(100, 104)).toEqual([false, false, true, false]);
    expect(plc.memory.holdingRegisters[300]).toBe(55);
    plc.memory.coils[201] = true; // Lamp
    plc.memory.holdingRegisters[400] = 73; // Valve, 7.3 at a scale of 10
    await expect.poll(async () => tagValues(url)).toMatchObject({ Lamp: true, Belt: false, Valve: 7.3 });
    expect(t.out).toContain(
      "Modbus client scans: FC 15 coils 100-103, FC 16 holding registers 300, FC 1 coils 200-202, FC 3 holding registers 400 (the scene's saved client settings; Floats × 10)",
    );
    expect(t.err).toEqual([]);
  });

  it('lets the options given win over the saved settings, each on its own', async () => {
    const plc = await controller();
    run([
      'serve',
      '--port',
      '0',
      '--paused',
      '--scene',
      LINE_FILE,
      '--modbus-client',
      `127.0.0.1:${plc.port}`,
      '--modbus-client-bit-inputs',
      '3@10',
      '--modbus-client-numeric-outputs',
      '0',
      '--modbus-client-scale',
      '100',
    ]);
    expect(await firstScan(plc).then((scan) => scan.slice(0, 3))).toEqual([
      [15, 10, 3],
      [16, 300, 1],
      [1, 200, 3],
    ]);
    expect(plc.heard.some((h) => h.fc === 3 || h.fc === 4)).toBe(false);
    expect(plc.memory.coils.slice(10, 13)).toEqual([false, false, true]);
    expect(plc.memory.holdingRegisters[300]).toBe(550);
  });

  it('scans a scene whose client block maps nothing with its server map, as before', async () => {
    const plain = writeFactoryIo({
      parts: [SENSOR_A, BELT].map((t, i) => ({
        prefab: 'DiffusePhotoelectricSensor',
        position: [i * 8, 5, 0] as [number, number, number],
        groups: [{ tags: [t] }],
      })),
      drivers: {
        modbusServer: { slots: { BitInput: [SENSOR_A.key], BitOutput: [BELT.key] } },
        modbusClient: { counts: { BitInput: 8 }, offsets: { BitInput: 50 } },
        clientProperties: { ReadCoils: true },
      },
    });
    const file = join(dir, 'Plain.factoryio');
    writeFileSync(file, plain);
    const plc = await controller();
    run(['serve', '--port', '0', '--paused', '--scene', file, '--modbus-client', `127.0.0.1:${plc.port}`]);
    await plc.until(() => plc.heard.length >= 2);
    expect(plc.heard.slice(0, 2).map(({ fc, start, count }) => [fc, start, count])).toEqual([
      [15, 0, 1],
      [2, 0, 1],
    ]);
  });
});

describe("tagsim lab: each station's own scene brings its saved client settings", () => {
  it('scans a station of a saved scene with its settings, and a station of a built-in scene with the default map', async () => {
    const [benchA, benchB] = [await controller(), await controller()];
    const labFile = join(dir, 'lab.json');
    writeFileSync(
      labFile,
      JSON.stringify({
        stations: [
          { scene: 'Line.factoryio', modbusClient: `127.0.0.1:${benchA.port}` },
          { modbusClient: `127.0.0.1:${benchB.port}` },
        ],
      }),
    );
    const t = run(['lab', '--lab-file', labFile, '--port', '0', '--dashboard-port', '0', '--paused']);
    await expect.poll(() => t.out.some((l) => l.startsWith('Dashboard:')), { timeout: 10_000 }).toBe(true);
    expect(await firstScan(benchA)).toEqual([
      [15, 100, 4],
      [16, 300, 1],
      [1, 200, 3],
      [3, 400, 1],
    ]);
    expect((await firstScan(benchB)).slice(0, 3)).toEqual([
      [15, 0, 14],
      [2, 0, 10],
      [4, 0, 1],
    ]);
  });
});
