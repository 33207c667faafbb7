// Modbus writes in the request journal (docs/modbus.md#in-the-request-journal): raw frames over
// real TCP on 127.0.0.1, then GET /tagsim/v1/requests over real HTTP shows each write, newest
// first, with the tags it reached; reads are not recorded; the bound, DELETE and the filters hold;
// without the control API or with --journal 0 nothing is recorded.
import { afterEach, describe, expect, it } from 'vitest';
import { loadScene } from '../../main/runtime/resolve-scene.js';
import type { TagSimOptions } from '../../main/compose/start-tagsim.js';
import type { JournalEntry } from '../../main/journal/request-journal.js';
import { closeStations, startStation, type ControlStation } from '../control/control-station.js';
import { exceptionOf, ModbusTestClient, pdu } from '../support/raw-modbus.js';

const clients: ModbusTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await closeStations();
});

/** The default scene served with Modbus on a free port, and a Modbus client connected to it. */
async function start(
  options: TagSimOptions = {},
): Promise<{ station: ControlStation; plc: ModbusTestClient }> {
  const station = await startStation({ modbus: { port: 0 }, ...options });
  const plc = await ModbusTestClient.open(station.tagsim.modbus!.status.port);
  clients.push(plc);
  return { station, plc };
}

async function journal(station: ControlStation, query = ''): Promise<JournalEntry[]> {
  const answer = await station.call('GET', `requests${query}`);
  expect(answer.status).toBe(200);
  return answer.json as JournalEntry[];
}

const plcAddress = (plc: ModbusTestClient) => `127.0.0.1:${plc.socket.localPort}`;
const bodyOf = (entry: JournalEntry | undefined) => JSON.parse(entry!.body!) as Record<string, unknown>;

describe('Modbus writes in the request journal', () => {
  it('records FC 5, 6, 15, 16 and 23 with the values, the tags they reached and the client', async () => {
    const { station, plc } = await start();
    // Coils 0-2 are Conveyor entry, Load and Unload; holding register 0 is Counter (the driver map).
    await plc.request(pdu.writeCoils(0, [true, false, true]));
    await plc.request(pdu.writeRegisters(0, [7, 9]));
    await plc.request(pdu.writeCoil(1, true));
    await plc.request(pdu.writeRegister(0, 0xffff));
    await plc.request(pdu.readWriteRegisters(0, 1, 0, [42]));

    const entries = await journal(station);
    expect(entries.map((e) => [e.method, e.path, e.status, e.query])).toEqual([
      ['FC23', 'modbus://unit/1/holdingRegisters/0+1', 200, ''],
      ['FC6', 'modbus://unit/1/holdingRegisters/0+1', 200, ''],
      ['FC5', 'modbus://unit/1/coils/1+1', 200, ''],
      ['FC16', 'modbus://unit/1/holdingRegisters/0+2', 200, ''],
      ['FC15', 'modbus://unit/1/coils/0+3', 200, ''],
    ]);
    for (const entry of entries) {
      expect(entry.client).toBe(plcAddress(plc));
      expect(entry).toMatchObject({ itemErrors: [], itemErrorCount: 0, chaos: null });
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(bodyOf(entries[4])).toEqual({
      function: 'Write Multiple Coils',
      writes: [
        { address: 0, value: true, tag: 'Conveyor entry', tagValue: true },
        { address: 1, value: false, tag: 'Load', tagValue: false },
        { address: 2, value: true, tag: 'Unload', tagValue: true },
      ],
    });
    // Register 1 holds no tag: the write there reached none.
    expect(bodyOf(entries[3])).toEqual({
      function: 'Write Multiple Registers',
      writes: [
        { address: 0, value: 7, tag: 'Counter', tagValue: 7 },
        { address: 1, value: 9, tag: null },
      ],
    });
    // A register is a signed 16-bit number for the tag: 0xFFFF reached Counter as -1.
    expect(bodyOf(entries[1])).toMatchObject({ writes: [{ address: 0, value: 65535, tagValue: -1 }] });
    expect(bodyOf(entries[0])).toMatchObject({ function: 'Read/Write Multiple Registers' });
    expect(station.value('Counter')).toBe(42);
  });

  it('writes a tag name as JSON, whatever its characters', async () => {
    const { scene } = await loadScene();
    const odd = 'Lo"ad \\ ✓';
    // Without the plant, whose behaviours name Load.
    const tags = scene.tags.map((t) => (t.name === 'Load' ? { ...t, name: odd } : t));
    const renamed = { ...scene, tags, behaviours: [] };
    const { station, plc } = await start({ scene: { scene: renamed } });
    await plc.request(pdu.writeCoil(1, true));
    const [entry] = await journal(station);
    expect(bodyOf(entry)).toMatchObject({ writes: [{ address: 1, tag: odd, tagValue: true }] });
  });

  it('shares one timeline and one count with the API requests', async () => {
    const { station, plc } = await start();
    await station.client.get('/api/tags?name=Load');
    await plc.request(pdu.writeCoil(1, true));
    await station.write({ Load: false });
    const entries = await journal(station);
    expect(entries.map((e) => `${e.seq} ${e.method} ${e.path}`)).toEqual([
      '3 PUT /api/tag/values/by-name',
      '2 FC5 modbus://unit/1/coils/1+1',
      '1 GET /api/tags',
    ]);
  });

  it('records a refused write with its exception, as an HTTP status of the same meaning', async () => {
    const { station, plc } = await start();
    const size = station.tagsim.modbus!.layout.tables.coils.size;
    expect(exceptionOf(await plc.request(pdu.writeCoils(size - 1, [true, true])))).toBe(2);
    expect(exceptionOf(await plc.request([5, 0, 1, 0x12, 0x34]))).toBe(3);
    expect(exceptionOf(await plc.request([16, 0]))).toBe(3);
    const [short, badValue, pastEnd] = await journal(station);
    expect(pastEnd).toMatchObject({
      method: 'FC15',
      path: `modbus://unit/1/coils/${size - 1}+2`,
      status: 404,
      itemErrors: null,
    });
    expect(bodyOf(pastEnd)).toEqual({
      function: 'Write Multiple Coils',
      exception: '02 illegal data address',
      pdu: Buffer.from(pdu.writeCoils(size - 1, [true, true])).toString('hex'),
    });
    expect(badValue).toMatchObject({ method: 'FC5', path: 'modbus://unit/1/coils/1+1', status: 400 });
    expect(bodyOf(badValue)).toMatchObject({ exception: '03 illegal data value', pdu: '05000112' + '34' });
    // Too short to say where it would have written.
    expect(short).toMatchObject({ method: 'FC16', path: 'modbus://unit/1/holdingRegisters', status: 400 });
    expect(await journal(station, '?status=4xx')).toHaveLength(3);
  });

  it('records a write to another unit than --modbus-unit as 504 (exception 0B)', async () => {
    const { station, plc } = await start({ modbus: { port: 0, unitId: 1 } });
    expect(exceptionOf(await plc.request(pdu.writeCoil(1, true), 7))).toBe(0x0b);
    const [entry] = await journal(station);
    expect(entry).toMatchObject({ method: 'FC5', path: 'modbus://unit/7/coils/1+1', status: 504 });
    expect(bodyOf(entry)).toMatchObject({ exception: '0B gateway target device failed to respond' });
    expect(station.value('Load')).toBe(false);
  });

  it('leaves reads out', async () => {
    const { station, plc } = await start();
    for (const fc of [1, 2, 3, 4] as const) await plc.request(pdu.read(fc, 0, 1));
    expect(exceptionOf(await plc.request([43, 14, 1, 0]))).toBe(1);
    expect(await journal(station)).toEqual([]);
  });

  it('is filtered by the path wildcard, bounded, and cleared by DELETE', async () => {
    const { station, plc } = await start({ control: { journal: 3 } });
    await plc.request(pdu.writeCoil(0, true));
    await plc.request(pdu.writeRegister(0, 1));
    const many = Array.from({ length: 256 }, (_, i) => i % 3 === 0);
    await plc.request(pdu.writeCoils(0, many));
    await station.client.get('/api/tags');
    const entries = await journal(station);
    expect(entries.map((e) => e.method)).toEqual(['GET', 'FC15', 'FC6']);
    // The first 4 KiB of what a 256-coil write did, like the body of an API request.
    expect(entries[1]!.body!.length).toBe(4096);
    expect(entries[1]!.body!.startsWith('{"function":"Write Multiple Coils","writes":[{"address":0,')).toBe(
      true,
    );
    expect((await journal(station, '?path=modbus://*')).map((e) => e.method)).toEqual(['FC15', 'FC6']);
    expect((await journal(station, '?path=modbus://unit/1/holding*')).map((e) => e.method)).toEqual(['FC6']);
    expect((await journal(station, '?path=/api/*')).map((e) => e.method)).toEqual(['GET']);
    const cleared = await station.call('DELETE', 'requests');
    expect(cleared.json).toEqual({ cleared: 3 });
    expect(await journal(station)).toEqual([]);
    await plc.request(pdu.writeCoil(0, false));
    expect((await journal(station)).map((e) => e.seq)).toEqual([5]);
  });

  it('records nothing with --journal 0 or without the control API, and Modbus serves on', async () => {
    for (const control of [{ journal: 0 }, false] as const) {
      const { station, plc } = await start({ control });
      expect(exceptionOf(await plc.request(pdu.writeCoil(1, true)))).toBeUndefined();
      expect(station.value('Load')).toBe(true);
      const answer = await station.call('GET', 'requests');
      expect(answer.status).toBe(control === false ? 404 : 409);
      expect(station.tagsim.control?.journal).toBeUndefined();
    }
  });
});
