// A controller that misbehaves on purpose, for the Modbus client's hostile suite: a raw TCP server
// on 127.0.0.1 that answers each request of its first connection as a plan says (a good answer,
// an exception, another transaction id, garbage, no answer, half a frame then gone...), and later
// connections well. Written from the specification with its own framing, not TagSim's.
import { createServer, type Server, type Socket } from 'node:net';
import { frame } from '../../support/raw-modbus.js';

export type HostileAnswer =
  | { kind: 'good' }
  /** The good answer, sent a byte at a time: slow bytes are no fault. */
  | { kind: 'trickle' }
  | { kind: 'exception'; code: number }
  | { kind: 'wrongTransaction' }
  | { kind: 'garbage'; bytes: Uint8Array }
  /** A frame that is Modbus TCP but not the answer: another function code, a wrong byte count or echo. */
  | { kind: 'misshapen'; variant: 'functionCode' | 'length' | 'echo' }
  | { kind: 'silent' }
  | { kind: 'halfThenClose' }
  | { kind: 'close' }
  /** The good answer, then a frame nobody asked for. */
  | { kind: 'extra' };

/** Whether the client must drop the connection on this answer (the others it takes). */
export function breaks(answer: HostileAnswer): boolean {
  return !['good', 'trickle', 'exception'].includes(answer.kind);
}

export interface HostileController {
  readonly port: number;
  /** Requests heard on the first connection, as [function code, start, count]. */
  readonly heard: number[][];
  readonly connections: number;
  close(): Promise<void>;
}

/** The right answer PDU to a request PDU: random values for reads, the echo for writes. */
function goodAnswer(request: Buffer): Buffer {
  const fc = request[0]!;
  const count = request.readUInt16BE(3);
  if (fc === 1 || fc === 2) {
    const bytes = Math.ceil(count / 8);
    return Buffer.from([fc, bytes, ...Array.from({ length: bytes }, () => Math.floor(Math.random() * 256))]);
  }
  if (fc === 3 || fc === 4)
    return Buffer.from([
      fc,
      count * 2,
      ...Array.from({ length: count * 2 }, () => Math.floor(Math.random() * 256)),
    ]);
  return request.subarray(0, 5);
}

export async function startHostileController(plan: readonly HostileAnswer[]): Promise<HostileController> {
  const heard: number[][] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const first = connections++ === 0;
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 7 && buffer.length >= 6 + buffer.readUInt16BE(4)) {
        const length = buffer.readUInt16BE(4);
        const transaction = buffer.readUInt16BE(0);
        const unit = buffer[6]!;
        const request = Buffer.from(buffer.subarray(7, 6 + length));
        buffer = buffer.subarray(6 + length);
        const answer: HostileAnswer = first ? (plan[heard.length] ?? { kind: 'good' }) : { kind: 'good' };
        if (first) heard.push([request[0]!, request.readUInt16BE(1), request.readUInt16BE(3)]);
        respond(socket, answer, transaction, unit, request);
      }
    });
  };
  const server: Server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    heard,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function respond(
  socket: Socket,
  answer: HostileAnswer,
  transaction: number,
  unit: number,
  request: Buffer,
): void {
  const good = frame(transaction, unit, goodAnswer(request));
  switch (answer.kind) {
    case 'good':
      return void socket.write(good);
    case 'trickle':
      for (const byte of good) socket.write(Buffer.from([byte]));
      return;
    case 'exception':
      return void socket.write(frame(transaction, unit, [request[0]! | 0x80, answer.code]));
    case 'wrongTransaction':
      return void socket.write(frame((transaction + 1) & 0xffff, unit, goodAnswer(request)));
    case 'garbage':
      return void socket.write(Buffer.from(answer.bytes));
    case 'misshapen':
      return void socket.write(frame(transaction, unit, misshapen(request, answer.variant)));
    case 'silent':
      return;
    case 'halfThenClose':
      socket.write(good.subarray(0, Math.max(1, good.length >> 1)));
      return void socket.destroy();
    case 'close':
      return void socket.destroy();
    case 'extra':
      socket.write(good);
      return void socket.write(frame(transaction, unit, goodAnswer(request)));
  }
}

/** An answer of the right transaction that no request allows. */
function misshapen(request: Buffer, variant: 'functionCode' | 'length' | 'echo'): Buffer {
  const good = goodAnswer(request);
  if (variant === 'functionCode') return Buffer.from([good[0] === 3 ? 4 : 3, ...good.subarray(1)]);
  if (variant === 'length') return Buffer.concat([good, Buffer.from([0])]);
  // A read's byte count one short, a write's range echoed one further.
  const fc = request[0]!;
  if (fc <= 4) return Buffer.from([fc, good[1]! + 1, ...good.subarray(2)]);
  const echo = Buffer.from(good);
  echo.writeUInt16BE((echo.readUInt16BE(1) + 1) & 0xffff, 1);
  return echo;
}
