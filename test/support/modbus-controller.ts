// A controller's Modbus TCP server for the Modbus client's tests: four plain tables of memory
// served over real TCP on 127.0.0.1 by TagSim's own server code (main/modbus/modbus-server.ts),
// with a "program" run after every write, as a PLC runs its logic on the values it was sent.
import type { ModbusData } from '../../main/modbus/modbus-pdu.js';
import { createModbusServer, type ModbusServer } from '../../main/modbus/modbus-server.js';

/** The controller's memory: what TagSim writes (coils, holding registers) and what it reads. */
export interface ControllerMemory {
  coils: boolean[];
  discreteInputs: boolean[];
  holdingRegisters: number[];
  inputRegisters: number[];
}

/** A request the controller heard: its unit id, function code and range. */
export interface HeardRequest {
  unitId: number;
  fc: number;
  start: number;
  count: number;
  atMs: number;
}

export interface TestController {
  readonly port: number;
  readonly memory: ControllerMemory;
  readonly heard: HeardRequest[];
  readonly server: ModbusServer;
  /** Resolves once `predicate` holds of what it heard (checked after each request), or rejects after `ms`. */
  until(predicate: () => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const SIZE = 1024;

export async function startController(
  options: { port?: number; program?: (memory: ControllerMemory) => void; unitId?: number } = {},
): Promise<TestController> {
  const memory: ControllerMemory = {
    coils: Array<boolean>(SIZE).fill(false),
    discreteInputs: Array<boolean>(SIZE).fill(false),
    holdingRegisters: Array<number>(SIZE).fill(0),
    inputRegisters: Array<number>(SIZE).fill(0),
  };
  const heard: HeardRequest[] = [];
  const waiters = new Set<() => void>();
  const data: ModbusData = {
    holds: (_table, start, count) => start + count <= SIZE,
    readBits: (table, start, count) => memory[table].slice(start, start + count),
    readRegisters: (table, start, count) => memory[table].slice(start, start + count),
    writeCoils: (start, values) => {
      values.forEach((v, i) => (memory.coils[start + i] = v));
      options.program?.(memory);
    },
    writeRegisters: (start, values) => {
      values.forEach((v, i) => (memory.holdingRegisters[start + i] = v));
      options.program?.(memory);
    },
  };
  const server = createModbusServer(
    data,
    {
      host: '127.0.0.1',
      port: options.port ?? 0,
      ...(options.unitId !== undefined ? { unitId: options.unitId } : {}),
    },
    (request) => {
      const pdu = request.pdu;
      heard.push({
        unitId: request.unitId,
        fc: pdu[0]!,
        start: pdu.length >= 3 ? pdu.readUInt16BE(1) : -1,
        count: pdu.length >= 5 ? pdu.readUInt16BE(3) : -1,
        atMs: performance.now(),
      });
      for (const wake of [...waiters]) wake();
    },
  );
  const { port } = await server.listen();
  return {
    port,
    memory,
    heard,
    server,
    until: (predicate, ms = 3000) =>
      new Promise((resolve, reject) => {
        if (predicate()) return resolve();
        const check = () => {
          if (!predicate()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the controller did not see it within ${ms} ms`));
        }, ms);
        waiters.add(check);
      }),
    close: () => server.close(),
  };
}
