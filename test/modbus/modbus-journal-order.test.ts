// The Modbus journal records each write from the answer to that write (modbus-pdu.ts's answerPdu
// says what it wrote), not from a note the data layer left behind: two writes whose answers are
// heard in the other order still each record their own values. Real engine, real Modbus data
// layer, real request journal; only the client's socket is a stand-in (its address is all that
// is read of it).
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { EngineModbusData } from '../../main/modbus/engine-modbus-data.js';
import type { MbapFrame } from '../../main/modbus/mbap-reader.js';
import { ModbusWriteJournal } from '../../main/modbus/modbus-journal.js';
import { answerPdu } from '../../main/modbus/modbus-pdu.js';
import { RequestJournal } from '../../main/journal/request-journal.js';
import { loadScene } from '../../main/runtime/resolve-scene.js';
import { pdu } from '../support/raw-modbus.js';

const plc = { remoteAddress: '127.0.0.1', remotePort: 50_200 } as Socket;

async function served() {
  const { scene } = await loadScene();
  const engine = new TagEngine(scene);
  const data = new EngineModbusData(engine);
  const journal = new RequestJournal();
  const writes = new ModbusWriteJournal(engine, data, journal);
  const request = (transactionId: number, bytes: readonly number[]) => {
    const frame: MbapFrame = { transactionId, unitId: 1, pdu: Buffer.from(bytes) };
    return { frame, answer: answerPdu(frame.pdu, data, (e) => expect.fail(String(e))) };
  };
  return { engine, journal, writes, request };
}

describe('the Modbus journal hears what each write did from its answer', () => {
  it('records two writes heard in the other order, each with its own table, range and values', async () => {
    const { engine, journal, writes, request } = await served();
    // Coils 0-2 are Conveyor entry, Load and Unload; holding register 0 is Counter.
    const coils = request(1, pdu.writeCoils(0, [true, false, true]));
    const register = request(2, pdu.writeRegister(0, 42));
    writes.answered(register.frame, register.answer, plc, 0);
    writes.answered(coils.frame, coils.answer, plc, 0);

    const [last, first] = await journal.list({ limit: 10 });
    expect(first).toMatchObject({ method: 'FC6', path: 'modbus://unit/1/holdingRegisters/0+1', status: 200 });
    expect(JSON.parse(first!.body!)).toEqual({
      function: 'Write Single Register',
      writes: [{ address: 0, value: 42, tag: 'Counter', tagValue: 42 }],
    });
    expect(last).toMatchObject({ method: 'FC15', path: 'modbus://unit/1/coils/0+3', status: 200 });
    expect(JSON.parse(last!.body!)).toMatchObject({
      function: 'Write Multiple Coils',
      writes: [
        { address: 0, value: true, tag: 'Conveyor entry' },
        { address: 1, value: false, tag: 'Load' },
        { address: 2, value: true, tag: 'Unload' },
      ],
    });
    expect(engine.readValues('name', ['Counter'])[0]).toMatchObject({ value: 42 });
  });

  it('records a write refused before it wrote with the range its request named', async () => {
    const { journal, writes, request } = await served();
    const past = request(1, pdu.writeRegisters(60_000, [1, 2]));
    // A write that went through first: nothing of it may leak into the refused one's entry.
    const done = request(2, pdu.writeCoil(1, true));
    writes.answered(past.frame, past.answer, plc, 0);
    writes.answered(done.frame, done.answer, plc, 0);
    const [, refused] = await journal.list({ limit: 10 });
    expect(refused).toMatchObject({
      method: 'FC16',
      path: 'modbus://unit/1/holdingRegisters/60000+2',
      status: 404,
      itemErrors: null,
    });
    expect(JSON.parse(refused!.body!)).toMatchObject({ exception: '02 illegal data address' });
  });
});
