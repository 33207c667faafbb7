import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** A WebSocket opened by hand, to send frames no client library would. */
export interface RawWs {
  socket: Socket;
  /** Resolves with the close code the server sent (or 1006 when it just dropped the socket). */
  closed: Promise<number>;
  /** Every text message the server sent, in order. */
  messages: string[];
}

/** Opens the window socket of `tagsim serve --ui` with a valid handshake (token, Host, Origin). */
export function openRawWs(port: number, token: string): Promise<RawWs> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const messages: string[] = [];
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    let settle: (code: number) => void = () => undefined;
    const closed = new Promise<number>((r) => (settle = r));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no handshake'));
    }, 10_000);
    socket.on('error', () => settle(1006));
    socket.on('close', () => settle(1006));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString();
        buffer = buffer.subarray(end + 4);
        clearTimeout(timer);
        if (!head.startsWith('HTTP/1.1 101')) {
          reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
          return;
        }
        upgraded = true;
        resolve({ socket, closed, messages });
      }
      for (;;) {
        const frame = readFrame(buffer);
        if (!frame) return;
        buffer = buffer.subarray(frame.length);
        if (frame.opcode === 0x8) settle(frame.payload.length >= 2 ? frame.payload.readUInt16BE(0) : 1005);
        if (frame.opcode === 0x1) messages.push(frame.payload.toString());
      }
    });
    socket.write(upgradeRequest(token, `127.0.0.1:${port}`));
  });
}

/** The window socket's upgrade request, with this Host and the Origin that matches it. */
export function upgradeRequest(token: string, host: string): string {
  return [
    `GET /ui/ws?token=${token} HTTP/1.1`,
    `Host: ${host}`,
    `Origin: http://${host}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n');
}

function readFrame(buffer: Buffer): { opcode: number; payload: Buffer; length: number } | undefined {
  if (buffer.length < 2) return undefined;
  let length = buffer[1]! & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buffer.length < 4) return undefined;
    length = buffer.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (buffer.length < 10) return undefined;
    length = Number(buffer.readBigUInt64BE(2));
    offset = 10;
  }
  if (buffer.length < offset + length) return undefined;
  return {
    opcode: buffer[0]! & 0x0f,
    payload: buffer.subarray(offset, offset + length),
    length: offset + length,
  };
}

/**
 * A client frame: FIN and `opcode`, masked unless `masked` is false, with `rsv` in the reserved
 * bits and, when given, a `declaredLength` that differs from the payload's.
 */
export function clientFrame(
  opcode: number,
  payload: Buffer | string,
  options: { masked?: boolean; rsv?: number; declaredLength?: bigint } = {},
): Buffer {
  const data = Buffer.from(payload);
  const masked = options.masked ?? true;
  const first = 0x80 | ((options.rsv ?? 0) << 4) | opcode;
  const declared = options.declaredLength ?? BigInt(data.length);
  let header: Buffer;
  if (declared < 126n) header = Buffer.from([first, (masked ? 0x80 : 0) | Number(declared)]);
  else if (declared < 65536n) {
    header = Buffer.alloc(4);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 126;
    header.writeUInt16BE(Number(declared), 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(declared, 2);
  }
  if (!masked) return Buffer.concat([header, data]);
  const mask = randomBytes(4);
  const body = Buffer.from(data.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([header, mask, body]);
}
