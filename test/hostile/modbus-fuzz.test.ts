// The hostile-input suite for Modbus TCP (docs/modbus.md): random frames, wrong lengths, half
// frames, huge length fields, many clients and a client that never reads, as raw bytes to the
// Modbus port of a real TagSim on 127.0.0.1. Whatever arrives: no crash, no fault, only
// well-formed answers (or that connection closed), the tags change only through an accepted
// write, and a plain request is answered right after.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../main/journal/request-journal.js';
import { apiClient } from '../support/http-client.js';
import {
  exceptionOf,
  frame,
  modbusExchange,
  ModbusTestClient,
  pdu,
  registersOf,
} from '../support/raw-modbus.js';
import {
  hostileModbusBytes,
  MODBUS_WRITES,
  parseModbusAnswers,
  type ModbusAnswer,
} from './support/modbus-frames.js';
import { startFuzzServer } from './support/fuzz-server.js';

let server: Awaited<ReturnType<typeof startFuzzServer>>;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(() => server.tagsim.close());

/** The response frames in the bytes; fails the test on anything that is not a well-formed one. */
function responses(data: Buffer): ModbusAnswer[] {
  const parsed = parseModbusAnswers(data);
  if (typeof parsed === 'string') throw new Error(`a malformed answer: ${parsed}`);
  return parsed;
}

const exchange = (bytes: Buffer, quietMs?: number, complete?: (data: Buffer) => boolean) =>
  modbusExchange(server.modbusPort, bytes, quietMs, complete);

async function controlRequest(): Promise<void> {
  const client = await ModbusTestClient.open(server.modbusPort);
  try {
    expect(exceptionOf(await client.request(pdu.read(3, 0, 1)))).toBeUndefined();
  } finally {
    client.close();
  }
}

describe('random bytes to the Modbus port', () => {
  it('get well-formed answers or a closed connection, and change tags only through accepted writes', async () => {
    await fc.assert(
      fc.asyncProperty(hostileModbusBytes, async (sent) => {
        const before = server.stateOf(server.tagsim.engine);
        // A well-formed request is answered: wait for its answer, however busy the machine.
        const { data } = await exchange(
          sent.bytes,
          undefined,
          sent.request ? (d) => responses(d).length > 0 : undefined,
        );
        const answers = responses(data);
        for (const answer of answers) {
          const code = exceptionOf({ transactionId: 0, unitId: 0, pdu: answer.pdu });
          if (code !== undefined) expect([1, 2, 3]).toContain(code);
        }
        if (sent.request) {
          expect(answers, 'one well-formed request, one answer').toHaveLength(1);
          const accepted = (answers[0]!.pdu[0]! & 0x80) === 0;
          if (!accepted || !MODBUS_WRITES.has(sent.request[0]!))
            expect(server.stateOf(server.tagsim.engine)).toBe(before);
          if (accepted) expect(answers[0]!.pdu[0]).toBe(sent.request[0]);
        }
      }),
      { numRuns: 250, interruptAfterTimeLimit: 60_000 },
    );
    expect(server.faults).toEqual([]);
    await controlRequest();
  }, 120_000);

  it('close a connection that sends half a frame and then nothing, after the idle time', async () => {
    const { data, closed } = await exchange(frame(1, 1, pdu.read(3, 0, 1)).subarray(0, 9), 3000);
    expect(data.length).toBe(0);
    expect(closed).toBe(true);
  });

  it('close a connection whose header announces more than a Modbus frame can hold', async () => {
    const huge = Buffer.from([0, 1, 0, 0, 0xff, 0xff, 1, 3]);
    const { data, closed } = await exchange(huge, 2000);
    expect(data.length).toBe(0);
    expect(closed).toBe(true);
    await controlRequest();
  });
});

describe('random writes in the request journal', () => {
  it('each leave one well-formed, bounded entry, whatever their fields', async () => {
    const http = apiClient(`http://127.0.0.1:${server.port}`);
    const statuses = [200, 400, 404, 500, 501, 504];
    await fc.assert(
      fc.asyncProperty(hostileModbusBytes, async (sent) => {
        expect((await http.request('DELETE', '/tagsim/v1/requests')).status).toBe(200);
        // A well-formed request is answered: wait for its answer, however busy the machine.
        const { data } = await exchange(
          sent.bytes,
          undefined,
          sent.request ? (d) => responses(d).length > 0 : undefined,
        );
        responses(data);
        const entries = (await http.get('/tagsim/v1/requests?limit=100')).json as JournalEntry[];
        for (const entry of entries) {
          expect(entry.method).toMatch(/^FC(5|6|15|16|23)$/);
          expect(entry.path).toMatch(/^modbus:\/\/unit\/\d{1,3}\/(coils|holdingRegisters)(\/\d+\+\d+)?$/);
          expect(statuses).toContain(entry.status);
          expect(entry.body!.length).toBeLessThanOrEqual(4096);
          if (entry.body!.length < 4096) expect(() => JSON.parse(entry.body!) as unknown).not.toThrow();
        }
        if (sent.request)
          expect(entries.length, 'a write, and only a write, is recorded').toBe(
            MODBUS_WRITES.has(sent.request[0]!) ? 1 : 0,
          );
      }),
      { numRuns: 150, interruptAfterTimeLimit: 45_000 },
    );
    expect(server.faults).toEqual([]);
  }, 90_000);
});

describe('many Modbus clients', () => {
  it('beyond the limit are refused, and the server serves on', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 100 }, () => ModbusTestClient.open(server.modbusPort).catch(() => undefined)),
    );
    const answered = await Promise.all(
      sockets.map(
        (c) =>
          c?.request(pdu.read(2, 0, 8)).then(
            () => true,
            () => false,
          ) ?? false,
      ),
    );
    expect(answered.filter(Boolean).length).toBeGreaterThanOrEqual(60);
    expect(answered.filter(Boolean).length).toBeLessThanOrEqual(64);
    for (const c of sockets) c?.close();
    await expect.poll(() => server.tagsim.modbus!.status.clients).toBe(0);
    await controlRequest();
  });

  it('a client that sends thousands of requests and does not read holds the server up for no one else', async () => {
    const greedy = await ModbusTestClient.open(server.modbusPort);
    greedy.socket.pause();
    const count = 4000;
    greedy.send(Buffer.concat(Array.from({ length: count }, (_, i) => frame(i, 1, pdu.read(3, 0, 64)))));
    await controlRequest();
    greedy.socket.resume();
    const last = await Promise.all(Array.from({ length: count }, () => greedy.next(20_000)));
    expect(last.map((r) => r.transactionId)).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(registersOf(last[0]!)).toHaveLength(64);
    greedy.close();
  }, 60_000);
});
