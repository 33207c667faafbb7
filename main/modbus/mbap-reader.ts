/** One Modbus TCP frame (a request, or a controller's answer): the MBAP header's ids, and the PDU. */
export interface MbapFrame {
  readonly transactionId: number;
  readonly unitId: number;
  readonly pdu: Buffer;
}

const HEADER_BYTES = 7;
/** The MBAP length field counts the unit id and the PDU, which is at most 253 bytes. */
const MAX_LENGTH_FIELD = 254;

/**
 * Cuts a TCP byte stream into Modbus TCP frames, requests or answers. A header that no Modbus
 * peer sends (protocol id other than 0, a length under 2 or over 254) means the stream cannot be
 * followed any more: `next()` then says 'invalid', and the connection should close. Half a frame
 * waits for the rest.
 */
export class MbapReader {
  private buffer: Buffer = Buffer.alloc(0);

  /** Bytes received and not yet given out as a frame: part of a frame still arriving when > 0. */
  get pending(): number {
    return this.buffer.length;
  }

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
  }

  /** The next whole frame, `undefined` until one has arrived, or 'invalid'. */
  next(): MbapFrame | 'invalid' | undefined {
    const b = this.buffer;
    if (b.length < 6) return undefined;
    const length = b.readUInt16BE(4);
    if (b.readUInt16BE(2) !== 0 || length < 2 || length > MAX_LENGTH_FIELD) return 'invalid';
    if (b.length < 6 + length) return undefined;
    const frame = {
      transactionId: b.readUInt16BE(0),
      unitId: b[6]!,
      pdu: b.subarray(HEADER_BYTES, 6 + length),
    };
    this.buffer = b.subarray(6 + length);
    return frame;
  }
}

/** The response frame to a request: its transaction and unit ids around the response PDU. */
export function mbapResponse(request: MbapFrame, pdu: Buffer): Buffer {
  return mbapFrame(request.transactionId, request.unitId, pdu);
}

/** A Modbus TCP frame: the MBAP header (protocol 0, the length of what follows) and the PDU. */
export function mbapFrame(transactionId: number, unitId: number, pdu: Buffer): Buffer {
  const out = Buffer.alloc(HEADER_BYTES + pdu.length);
  out.writeUInt16BE(transactionId, 0);
  out.writeUInt16BE(0, 2);
  out.writeUInt16BE(pdu.length + 1, 4);
  out[6] = unitId;
  pdu.copy(out, HEADER_BYTES);
  return out;
}
