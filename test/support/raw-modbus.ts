// A Modbus TCP client for tests, written from the specification and independent of TagSim's
// server code: it builds every frame byte by byte, so a misreading of the protocol on one side
// is not repeated on the other.
import { connect, type Socket } from 'node:net';

/** One response: the MBAP header's ids and the PDU (function code and data). */
export interface ModbusResponse {
  transactionId: number;
  unitId: number;
  pdu: Buffer;
}

/** An exception response: function code with the high bit, and the exception code. */
export function exceptionOf(response: ModbusResponse): number | undefined {
  return (response.pdu[0]! & 0x80) !== 0 ? response.pdu[1] : undefined;
}

/** A whole Modbus TCP frame: MBAP header (protocol 0, length = unit + PDU) and PDU. */
export function frame(transactionId: number, unitId: number, pdu: readonly number[] | Buffer): Buffer {
  const body = Buffer.from(pdu as number[]);
  const head = Buffer.alloc(7);
  head.writeUInt16BE(transactionId, 0);
  head.writeUInt16BE(0, 2);
  head.writeUInt16BE(body.length + 1, 4);
  head[6] = unitId;
  return Buffer.concat([head, body]);
}

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];

/** Request PDUs by function code. */
export const pdu = {
  read: (fc: 1 | 2 | 3 | 4, start: number, count: number) => [fc, ...u16(start), ...u16(count)],
  writeCoil: (address: number, on: boolean) => [5, ...u16(address), on ? 0xff : 0, 0],
  writeRegister: (address: number, value: number) => [6, ...u16(address), ...u16(value & 0xffff)],
  writeCoils: (start: number, values: readonly boolean[]) => {
    const bytes = Array.from({ length: Math.ceil(values.length / 8) }, () => 0);
    values.forEach((on, i) => {
      if (on) bytes[i >> 3]! |= 1 << (i & 7);
    });
    return [15, ...u16(start), ...u16(values.length), bytes.length, ...bytes];
  },
  writeRegisters: (start: number, values: readonly number[]) => [
    16,
    ...u16(start),
    ...u16(values.length),
    values.length * 2,
    ...values.flatMap((v) => u16(v & 0xffff)),
  ],
  readWriteRegisters: (
    readStart: number,
    readCount: number,
    writeStart: number,
    values: readonly number[],
  ) => [
    23,
    ...u16(readStart),
    ...u16(readCount),
    ...u16(writeStart),
    ...u16(values.length),
    values.length * 2,
    ...values.flatMap((v) => u16(v & 0xffff)),
  ],
};

/** The bits of a FC 1/2 response, `count` of them. */
export function bitsOf(response: ModbusResponse, count: number): boolean[] {
  return Array.from({ length: count }, (_, i) => (response.pdu[2 + (i >> 3)]! & (1 << (i & 7))) !== 0);
}

/** The registers of a FC 3/4/23 response, as signed 16-bit numbers. */
export function registersOf(response: ModbusResponse): number[] {
  const count = response.pdu[1]! / 2;
  return Array.from({ length: count }, (_, i) => response.pdu.readInt16BE(2 + i * 2));
}

/** A connection that sends requests and collects responses in order. */
export class ModbusTestClient {
  private buffer = Buffer.alloc(0);
  private waiting: { take: (r: ModbusResponse) => void; fail: () => void }[] = [];
  private received: ModbusResponse[] = [];
  private nextId = 1;
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      while (this.buffer.length >= 6 && this.buffer.length >= 6 + this.buffer.readUInt16BE(4)) {
        const length = this.buffer.readUInt16BE(4);
        const response = {
          transactionId: this.buffer.readUInt16BE(0),
          unitId: this.buffer[6]!,
          pdu: Buffer.from(this.buffer.subarray(7, 6 + length)),
        };
        this.buffer = this.buffer.subarray(6 + length);
        const waiter = this.waiting.shift();
        if (waiter) waiter.take(response);
        else this.received.push(response);
      }
    });
    socket.on('close', () => {
      this.closed = true;
      for (const waiter of this.waiting.splice(0)) waiter.fail();
    });
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<ModbusTestClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(new ModbusTestClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends one request (unit 1 unless told) and resolves with its response. */
  request(body: readonly number[] | Buffer, unitId = 1): Promise<ModbusResponse> {
    const id = this.nextId++ & 0xffff;
    this.socket.write(frame(id, unitId, body));
    return this.next();
  }

  /** Sends bytes as they are. */
  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** The next response, or a rejection after `timeoutMs`. */
  next(timeoutMs = 5000): Promise<ModbusResponse> {
    const ready = this.received.shift();
    if (ready) return Promise.resolve(ready);
    if (this.closed) return Promise.reject(new Error('the server closed the connection'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        reject(new Error('no Modbus response'));
      }, timeoutMs);
      const waiter = {
        take: (r: ModbusResponse) => {
          clearTimeout(timer);
          resolve(r);
        },
        fail: () => {
          clearTimeout(timer);
          reject(new Error('the server closed the connection'));
        },
      };
      this.waiting.push(waiter);
    });
  }

  /** Resolves once the server has closed the connection (or after `timeoutMs`, with false). */
  whenClosed(timeoutMs = 5000): Promise<boolean> {
    if (this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * Sends bytes on a fresh connection; collects what comes back until `quietMs` of silence or a
 * close. With `complete`, silence counts only once what came back is complete (a busy machine may
 * take longer than `quietMs` to answer), for at most `waitMs`.
 */
export function modbusExchange(
  port: number,
  bytes: Buffer,
  quietMs = 100,
  complete?: (data: Buffer) => boolean,
  waitMs = 5000,
): Promise<{ data: Buffer; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let data = Buffer.alloc(0);
    let timer: NodeJS.Timeout;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ data, closed });
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), complete && !complete(data) ? waitMs : quietMs);
    };
    socket.on('connect', () => {
      socket.write(bytes);
      quiet();
    });
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      quiet();
    });
    socket.on('close', () => finish(true));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? finish(true) : reject(e)));
  });
}
