// A saved scene's own Modbus TCP/IP Server map (its <ModbusTCPServer> block), served over Modbus
// TCP by `--modbus`: each address holds the tag the file's slot names, Floats at its ScaleFactor.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTagSim } from '../../main/compose/start-tagsim.js';
import { savedDriverMap } from '../../shared/drivers/driver-map.js';
import { modbusLayout } from '../../shared/modbus/modbus-layout.js';
import { fioTag, writeFactoryIo } from '../support/factoryio-writer.mjs';
import { bitsOf, ModbusTestClient, pdu, registersOf } from '../support/raw-modbus.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

const tag = fioTag;
const SENSOR_A = tag('BinaryInput', 'Sensor A', 0, { forced: true, forcedValue: true });
const SENSOR_B = tag('BinaryInput', 'Sensor B', 1);
const BELT = tag('BinaryOutput', 'Belt', 0);
const LEVEL = tag('AnalogueInput', 'Level', 0, { forced: true, forcedValue: 5.5 });
const VALVE = tag('AnalogueOutput', 'Valve', 0);

/** Sensor B before Sensor A, an empty slot, the belt at coil 2, registers at a scale of 1000. */
const SCENE = writeFactoryIo({
  parts: [SENSOR_A, SENSOR_B, BELT, LEVEL, VALVE].map((t, i) => ({
    prefab: 'DiffusePhotoelectricSensor',
    position: [i * 8, 5, 0] as [number, number, number],
    groups: [{ tags: [t] }],
  })),
  drivers: {
    modbusServer: {
      slots: {
        BitInput: [SENSOR_B.key, null, SENSOR_A.key],
        BitOutput: [null, null, BELT.key],
        NumericInput: [LEVEL.key],
        NumericOutput: [VALVE.key],
      },
    },
    serverProperties: { ScaleFactor: 1000 },
  },
});

describe("a saved scene's Modbus map", () => {
  it('is served as saved over Modbus TCP, with its scale factor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-saved-map-'));
    const file = join(dir, 'Mapped.factoryio');
    writeFileSync(file, SCENE);
    const tagsim = await startTagSim({
      scene: { file },
      server: { port: 0 },
      modbus: { port: 0 },
      simulation: { startRunning: false, every: () => () => undefined },
    });
    open.push(tagsim);
    expect(tagsim.modbus!.layout).toMatchObject({ source: 'saved driver map', scaleFactor: 1000 });
    const client = await ModbusTestClient.open(tagsim.modbus!.status.port);
    open.push(client);
    expect(bitsOf(await client.request(pdu.read(2, 0, 3)), 3)).toEqual([false, false, true]);
    expect(registersOf(await client.request(pdu.read(4, 0, 1)))).toEqual([5500]);
    await client.request(pdu.writeCoil(2, true));
    expect(tagsim.engine.getTag(BELT.key)?.value).toBe(true);
    await client.request(pdu.writeRegister(0, 2500));
    expect(tagsim.engine.getTag(VALVE.key)?.value).toBe(2.5);
  });

  it('counts and offsets shape the tables; a map of no tag at all is no map', () => {
    const map = savedDriverMap('S', {
      PointIOCount: { BitInputCount: 4 },
      PointIOOffset: { BitInputOffset: 2 },
      PointIOKeys: { BitInput: ['a', null, 'b', 'c', 'beyond the count'] },
      Properties: { ScaleFactor: 10 },
    });
    expect(map).toMatchObject({
      scaleFactor: 10,
      discreteInputs: [null, null, 'a', null, 'b', 'c'],
      coils: [],
    });
    expect(savedDriverMap('S', { PointIOKeys: { BitInput: [null, null] } })).toBeUndefined();
    const scene = { name: 'S', tags: [], drivers: { ModbusTCPServer: { PointIOKeys: {} } } };
    expect(modbusLayout(scene).source).toBe('scene order');
  });
});
