// A naive Modbus TCP server for the benches: MBAP framing and FC 1-4, 15 and 16 over plain
// arrays, with only the checks needed not to crash; any other function code answers exception 01.
// The Modbus bench's baseline against TagSim's server, and the Modbus client bench's controllers.
import { createServer } from 'node:net';

/**
 * `heard(fc)` hears each request's function code as it arrives. By default one bit array serves
 * coils and discrete inputs and one register array both kinds of registers; with `apart` each of
 * the four tables is its own, as in a controller whose program, not whoever writes its coils and
 * holding registers, sets the discrete inputs and input registers read from it.
 */
export function naiveModbusServer(heard = () => undefined, { apart = false } = {}) {
  const coils = new Uint8Array(65536);
  const holding = new Uint16Array(65536);
  const tables = {
    coils,
    discrete: apart ? new Uint8Array(65536) : coils,
    holding,
    input: apart ? new Uint16Array(65536) : holding,
  };
  return createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      while (buffer.length >= 8 && buffer.length >= 6 + buffer.readUInt16BE(4)) {
        const length = buffer.readUInt16BE(4);
        const fc = buffer[7];
        heard(fc);
        const pdu = answer(fc, buffer, tables);
        const out = Buffer.alloc(7 + pdu.length);
        buffer.copy(out, 0, 0, 4);
        out.writeUInt16BE(pdu.length + 1, 4);
        out[6] = buffer[6];
        pdu.copy(out, 7);
        socket.write(out);
        buffer = buffer.subarray(6 + length);
      }
    });
  });
}

function answer(fc, frame, tables) {
  const start = frame.readUInt16BE(8);
  const count = frame.readUInt16BE(10);
  if (fc === 1 || fc === 2) {
    const bits = fc === 1 ? tables.coils : tables.discrete;
    const pdu = Buffer.alloc(2 + Math.ceil(count / 8));
    pdu[0] = fc;
    pdu[1] = pdu.length - 2;
    for (let i = 0; i < count; i++) if (bits[start + i]) pdu[2 + (i >> 3)] |= 1 << (i & 7);
    return pdu;
  }
  if (fc === 3 || fc === 4) {
    const registers = fc === 3 ? tables.holding : tables.input;
    const pdu = Buffer.alloc(2 + count * 2);
    pdu[0] = fc;
    pdu[1] = count * 2;
    for (let i = 0; i < count; i++) pdu.writeUInt16BE(registers[start + i], 2 + i * 2);
    return pdu;
  }
  if (fc === 15) {
    for (let i = 0; i < count; i++) tables.coils[start + i] = (frame[13 + (i >> 3)] >> (i & 7)) & 1;
    return frame.subarray(7, 12);
  }
  if (fc === 16) {
    for (let i = 0; i < count; i++) tables.holding[start + i] = frame.readUInt16BE(13 + i * 2);
    return frame.subarray(7, 12);
  }
  return Buffer.from([fc | 0x80, 1]);
}
