/**
 * How Modbus carries values in a PDU, both ways: bits packed eight to a byte, lowest address in
 * the lowest bit (a read's answer, an FC 15 request), and registers as big-endian 16-bit words
 * (a read's answer, an FC 16 request). The server (modbus-pdu.ts) and the client
 * (client-pdu.ts) both pack and unpack through here.
 */

/** `bits` packed into `out` from byte `at`. */
export function packBits(bits: readonly boolean[], out: Buffer, at: number): void {
  bits.forEach((on, i) => {
    if (on) out[at + (i >> 3)]! |= 1 << (i & 7);
  });
}

/** `count` bits unpacked from byte `at` of `pdu`. */
export function unpackBits(pdu: Buffer, at: number, count: number): boolean[] {
  return Array.from({ length: count }, (_, i) => (pdu[at + (i >> 3)]! & (1 << (i & 7))) !== 0);
}

/** `registers` (0-65535) written into `out` from byte `at`. */
export function packRegisters(registers: readonly number[], out: Buffer, at: number): void {
  registers.forEach((r, i) => out.writeUInt16BE(r, at + i * 2));
}

/** `count` registers read from byte `at` of `pdu`. */
export function unpackRegisters(pdu: Buffer, at: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => pdu.readUInt16BE(at + i * 2));
}
