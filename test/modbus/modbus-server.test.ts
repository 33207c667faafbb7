// The Modbus TCP server of `tagsim serve --modbus` (docs/modbus.md), over real TCP on 127.0.0.1
// with raw frames built in the test: every function code, the exceptions, unit ids, and the
// API's rules for forces, failures and saturation.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTagSim, TagSimStartError, type TagSim } from '../../main/compose/start-tagsim.js';
import { bitsOf, exceptionOf, frame, ModbusTestClient, pdu, registersOf } from '../support/raw-modbus.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function start(
  options: Parameters<typeof startTagSim>[0] = {},
): Promise<{ tagsim: TagSim; client: ModbusTestClient }> {
  const tagsim = await startTagSim({
    server: { port: 0 },
    modbus: { port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
    ...options,
  });
  open.push(tagsim);
  const client = await ModbusTestClient.open(tagsim.modbus!.status.port);
  open.push(client);
  return { tagsim, client };
}

const idOf = (tagsim: TagSim, name: string) => tagsim.engine.tagsNamed(name)[0]!.id;
const valueOf = (tagsim: TagSim, name: string) => tagsim.engine.tagsNamed(name)[0]!.value;
const set = (tagsim: TagSim, name: string, value: unknown) =>
  tagsim.engine.simulate('name', [{ ref: name, value }]);

describe("Modbus TCP: the default scene at the addresses of the simulator's own driver map", () => {
  it('reads the sensors as discrete inputs (FC 2), FACTORY I/O (Running) after the panel', async () => {
    const { tagsim, client } = await start();
    set(tagsim, 'High sensor', true);
    set(tagsim, 'FACTORY I/O (Running)', true);
    const bits = bitsOf(await client.request(pdu.read(2, 0, 14)), 14);
    // High, Low, Pallet, Loaded, four retro-reflective side sensors (true while nothing is
    // there), Start, Reset, Stop and Emergency stop (normally closed), Auto, Running.
    expect(bits).toEqual([
      true,
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
      true,
    ]);
  });

  it('writes actuators as coils (FC 5, FC 15) and reads them back (FC 1)', async () => {
    const { tagsim, client } = await start();
    const echo = await client.request(pdu.writeCoil(1, true));
    expect([...echo.pdu]).toEqual([5, 0, 1, 0xff, 0]);
    expect(valueOf(tagsim, 'Load')).toBe(true);

    const events: number[] = [];
    tagsim.engine.subscribe((e) => events.push(e.tagIds.size));
    const values = [true, false, true, true, false, true, false, true, false, true];
    const answer = await client.request(pdu.writeCoils(0, values));
    expect([...answer.pdu]).toEqual([15, 0, 0, 0, 10]);
    const names = [
      'Conveyor entry',
      'Load',
      'Unload',
      'Transf. left',
      'Transf. right',
      'Conveyor left',
      'Conveyor right',
      'Start light',
      'Reset light',
      'Stop light',
    ];
    expect(names.map((n) => valueOf(tagsim, n))).toEqual(values);
    expect(events, 'one update with the 7 coils that changed').toEqual([7]);
    expect(bitsOf(await client.request(pdu.read(1, 0, 10)), 10)).toEqual(values);
  });

  it('serves the Int Counter as holding register 0 (FC 3, 6, 16, 23), signed and saturated', async () => {
    const { tagsim, client } = await start();
    await client.request(pdu.writeRegister(0, -5));
    expect(valueOf(tagsim, 'Counter')).toBe(-5);
    expect(registersOf(await client.request(pdu.read(3, 0, 1)))).toEqual([-5]);

    expect([...(await client.request(pdu.writeRegisters(0, [1234]))).pdu]).toEqual([16, 0, 0, 0, 1]);
    expect(valueOf(tagsim, 'Counter')).toBe(1234);

    // FC 23 writes before it reads.
    expect(registersOf(await client.request(pdu.readWriteRegisters(0, 2, 0, [77])))).toEqual([77, 0]);

    tagsim.engine.write('set', 'name', [{ name: 'Counter', value: 100_000 }]);
    expect(registersOf(await client.request(pdu.read(3, 0, 1)))).toEqual([32767]);
    tagsim.engine.write('set', 'name', [{ name: 'Counter', value: -100_000 }]);
    expect(registersOf(await client.request(pdu.read(3, 0, 1)))).toEqual([-32768]);
  });

  it('puts the tags the map leaves out from address 1000, in scene order', async () => {
    const { tagsim, client } = await start();
    // Coils 1000-1002: Emitter, Remover left, Remover right (on at rest); then Run, Pause, Reset.
    expect(bitsOf(await client.request(pdu.read(1, 1000, 6)), 6)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    await client.request(pdu.writeCoil(1003, true));
    expect(valueOf(tagsim, 'FACTORY I/O (Run)')).toBe(true);
    // The scene's only register Input, FACTORY I/O (Time Scale) 1.0, × 100; none in the map.
    expect(registersOf(await client.request(pdu.read(4, 1000, 1)))).toEqual([100]);
    expect(registersOf(await client.request(pdu.read(4, 0, 1)))).toEqual([0]);
    // Between the driver's 256 coils and 1000, and past the six, no address exists.
    expect(exceptionOf(await client.request(pdu.read(1, 999, 2)))).toBe(2);
    expect(exceptionOf(await client.request(pdu.read(1, 1000, 7)))).toBe(2);
    expect(exceptionOf(await client.request(pdu.writeCoils(250, Array(800).fill(false) as boolean[])))).toBe(
      2,
    );
  });

  it("a PLC writing 16 coils in one FC 15 (OpenPLC's device size) leaves the emitter, removers and Run alone", async () => {
    const { tagsim, client } = await start();
    const before = bitsOf(await client.request(pdu.read(1, 0, 16)), 16);
    // Coils 10-15 are past the driver's map: empty slots that read 0.
    expect(before.slice(10)).toEqual([false, false, false, false, false, false]);
    const answer = await client.request(
      pdu.writeCoils(
        0,
        Array.from({ length: 16 }, (_, i) => i < 2),
      ),
    );
    expect([...answer.pdu]).toEqual([15, 0, 0, 0, 16]);
    expect(valueOf(tagsim, 'Conveyor entry')).toBe(true);
    expect(valueOf(tagsim, 'Load')).toBe(true);
    for (const name of ['Emitter', 'Remover left', 'Remover right'])
      expect(valueOf(tagsim, name), name).toBe(true);
    expect(valueOf(tagsim, 'FACTORY I/O (Run)')).toBe(false);
    // And all ones in coils 0-15 run nothing the map does not hold either.
    await client.request(
      pdu.writeCoils(
        0,
        Array.from({ length: 16 }, () => true),
      ),
    );
    expect(valueOf(tagsim, 'FACTORY I/O (Run)')).toBe(false);
    expect(valueOf(tagsim, 'FACTORY I/O (Reset)')).toBe(false);
  });
});

describe("Modbus TCP: the API's rules", () => {
  it('reads effective values: forces and failures apply, Always On saturates', async () => {
    const { tagsim, client } = await start();
    tagsim.engine.write('force', 'name', [{ name: 'Counter', value: 7 }]);
    await client.request(pdu.writeRegister(0, 9));
    // A plain write under a force changes the raw value only, as over the API.
    expect(registersOf(await client.request(pdu.read(3, 0, 1)))).toEqual([7]);
    expect(tagsim.engine.getTagState(idOf(tagsim, 'Counter'))).toMatchObject({ raw: 9, value: 7 });

    tagsim.engine.write('alwaysOn', 'name', [{ name: 'Counter', value: true }]);
    expect(registersOf(await client.request(pdu.read(3, 0, 1)))).toEqual([32767]);
    tagsim.engine.write('alwaysOff', 'name', [{ name: 'High sensor', value: true }]);
    set(tagsim, 'High sensor', true);
    expect(bitsOf(await client.request(pdu.read(2, 0, 1)), 1)).toEqual([false]);
    tagsim.engine.write('alwaysOn', 'name', [{ name: 'Load', value: true }]);
    await client.request(pdu.writeCoil(1, false));
    expect(bitsOf(await client.request(pdu.read(1, 1, 1)), 1)).toEqual([true]);
  });

  it("carries Floats as value × the scene's ScaleFactor in one register", async () => {
    const { tagsim, client } = await start({ scene: { builtin: 'Level Control' } });
    // Level Control's map: IR 0 Level meter, HR 0 Fill valve; ScaleFactor 100.
    set(tagsim, 'Level meter', 5.5);
    expect(registersOf(await client.request(pdu.read(4, 0, 1)))).toEqual([550]);
    set(tagsim, 'Level meter', 400);
    expect(registersOf(await client.request(pdu.read(4, 0, 1))), 'saturated').toEqual([32767]);
    await client.request(pdu.writeRegister(0, 250));
    expect(valueOf(tagsim, 'Fill valve')).toBe(2.5);
    await client.request(pdu.writeRegister(0, -10));
    expect(valueOf(tagsim, 'Fill valve')).toBeCloseTo(-0.1, 6);
  });

  it("takes the scale from the option, and the scene's own where it has one", async () => {
    const { tagsim, client } = await start({
      scene: { builtin: 'Level Control' },
      modbus: { port: 0, scaleFactor: 1000 },
    });
    set(tagsim, 'Level meter', 5.5);
    expect(registersOf(await client.request(pdu.read(4, 0, 1)))).toEqual([5500]);
    const warehouse = await start({ scene: { builtin: 'Automated Warehouse' } });
    expect(warehouse.tagsim.modbus!.layout.scaleFactor).toBe(1);
  });

  it('reads 0 at unused addresses of the table and ignores writes there', async () => {
    const { tagsim, client } = await start();
    const before = JSON.stringify(tagsim.engine.listTagStates());
    expect(bitsOf(await client.request(pdu.read(2, 240, 16)), 16)).toEqual(Array(16).fill(false));
    expect(registersOf(await client.request(pdu.read(3, 1, 63)))).toEqual(Array(63).fill(0));
    expect(exceptionOf(await client.request(pdu.writeCoil(200, true)))).toBeUndefined();
    expect(exceptionOf(await client.request(pdu.writeRegisters(10, [1, 2, 3])))).toBeUndefined();
    expect(JSON.stringify(tagsim.engine.listTagStates())).toBe(before);
  });
});

describe('Modbus TCP: exceptions', () => {
  it('answers 01 to a function code it does not serve', async () => {
    const { client } = await start();
    for (const fc of [7, 8, 17, 22, 43, 0x41]) {
      const response = await client.request([fc, 0, 0, 0, 1]);
      expect(response.pdu[0]).toBe(fc | 0x80);
      expect(exceptionOf(response)).toBe(1);
    }
  });

  it('answers 02 past the end of a table (256 bits, 64 registers)', async () => {
    const { client } = await start();
    expect(exceptionOf(await client.request(pdu.read(2, 255, 1)))).toBeUndefined();
    expect(exceptionOf(await client.request(pdu.read(2, 256, 1)))).toBe(2);
    expect(exceptionOf(await client.request(pdu.read(1, 250, 10)))).toBe(2);
    expect(exceptionOf(await client.request(pdu.read(4, 60, 5)))).toBe(2);
    expect(exceptionOf(await client.request(pdu.writeRegister(64, 1)))).toBe(2);
    expect(exceptionOf(await client.request(pdu.writeCoil(0xffff, true)))).toBe(2);
  });

  it("answers 03 to quantities past the protocol's limits and to malformed requests", async () => {
    const { client } = await start();
    const bad: number[][] = [
      pdu.read(1, 0, 0),
      pdu.read(2, 0, 2001),
      pdu.read(3, 0, 126),
      pdu.read(4, 0, 0xffff),
      [5, 0, 0, 0x12, 0x34], // a coil is 0xFF00 or 0x0000
      [15, 0, 0, 0, 9, 1, 0xff], // 9 coils need 2 bytes
      [16, 0, 0, 0, 2, 4, 0, 1], // 4 bytes announced, 2 sent
      [16, 0, 0, 0, 124, 248], // over 123 registers
      [3, 0, 0], // too short
      [3, 0, 0, 0, 1, 0], // too long
      [1],
    ];
    for (const body of bad) expect(exceptionOf(await client.request(body)), JSON.stringify(body)).toBe(3);
  });
});

describe('Modbus TCP: the connection', () => {
  it('answers every unit id by default, echoing it and the transaction id', async () => {
    const { client } = await start();
    for (const unit of [0, 1, 17, 255]) {
      const response = await client.request(pdu.read(3, 0, 1), unit);
      expect(response.unitId).toBe(unit);
      expect(exceptionOf(response)).toBeUndefined();
    }
    client.send(frame(0xbeef, 1, pdu.read(3, 0, 1)));
    expect((await client.next()).transactionId).toBe(0xbeef);
  });

  it('with a unit id, answers only that one; others get 0B (no target)', async () => {
    const { tagsim, client } = await start({ modbus: { port: 0, unitId: 3 } });
    expect(exceptionOf(await client.request(pdu.read(3, 0, 1), 3))).toBeUndefined();
    const other = await client.request(pdu.writeRegister(0, 5), 4);
    expect(exceptionOf(other)).toBe(0x0b);
    expect(valueOf(tagsim, 'Counter')).toBe(0);
    expect(tagsim.modbus!.status.unitId).toBe(3);
  });

  it('answers pipelined requests in order, and a request split across packets', async () => {
    const { client } = await start();
    const requests = [pdu.read(2, 0, 8), pdu.read(3, 0, 1), pdu.read(1, 0, 3)];
    client.send(Buffer.concat(requests.map((r, i) => frame(100 + i, 1, r))));
    const ids = [
      (await client.next()).transactionId,
      (await client.next()).transactionId,
      (await client.next()).transactionId,
    ];
    expect(ids).toEqual([100, 101, 102]);
    const split = frame(7, 1, pdu.read(3, 0, 1));
    client.send(split.subarray(0, 4));
    await new Promise((r) => setTimeout(r, 50));
    client.send(split.subarray(4));
    expect((await client.next()).transactionId).toBe(7);
  });

  it('closes a connection that is not Modbus TCP, and serves the others on', async () => {
    const { tagsim, client } = await start();
    const bad = await ModbusTestClient.open(tagsim.modbus!.status.port);
    open.push(bad);
    bad.send(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(await bad.whenClosed()).toBe(true);
    expect(exceptionOf(await client.request(pdu.read(3, 0, 1)))).toBeUndefined();
  });

  it('closes a connection whose header is not Modbus TCP (protocol id, length) without acting on it', async () => {
    const { tagsim, client } = await start();
    // Coil 0 is Conveyor entry: a Write Single Coil that must not be carried out.
    const writeEntry = frame(1, 1, pdu.writeCoil(0, true));
    const notModbus = Buffer.from(writeEntry);
    notModbus.writeUInt16BE(7, 2); // protocol id 7: not Modbus
    const tooShort = (length: number) => {
      const bytes = Buffer.from(writeEntry);
      bytes.writeUInt16BE(length, 4); // a length under 2 has no room for a function code
      return bytes;
    };
    for (const bytes of [notModbus, tooShort(0), tooShort(1)]) {
      const bad = await ModbusTestClient.open(tagsim.modbus!.status.port);
      open.push(bad);
      bad.send(bytes);
      expect(await bad.whenClosed()).toBe(true);
    }
    expect(valueOf(tagsim, 'Conveyor entry')).toBe(false);
    expect(exceptionOf(await client.request(pdu.read(3, 0, 1)))).toBeUndefined();
  });

  it('counts its clients in the status', async () => {
    const { tagsim } = await start();
    const changes: number[] = [];
    tagsim.modbus!.onStatus((s) => changes.push(s.clients));
    const second = await ModbusTestClient.open(tagsim.modbus!.status.port);
    await expect.poll(() => tagsim.modbus!.status.clients).toBe(2);
    second.close();
    await expect.poll(() => tagsim.modbus!.status.clients).toBe(1);
    expect(changes).toEqual([2, 1]);
    expect(tagsim.modbus!.status).toMatchObject({ state: 'listening', host: '127.0.0.1' });
  });

  it('frees its port on close', async () => {
    const { tagsim } = await start();
    const port = tagsim.modbus!.status.port;
    await tagsim.close();
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise((r) => probe.close(r));
  });

  it('refuses to start, leaving nothing running, when its port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    open.push({ close: () => new Promise((r) => blocker.close(r)) });
    const port = (blocker.address() as { port: number }).port;
    const failed = await startTagSim({ server: { port: 0 }, modbus: { port } }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(TagSimStartError);
    expect(failed).toMatchObject({ part: 'modbus', message: `port ${port} in use` });
  });
});
