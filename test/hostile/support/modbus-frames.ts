// Modbus TCP bytes for the hostile suites (the fuzz test and the soak run): requests a client
// could mean, with random fields near the protocol's limits, and bytes no client should send.
import fc from 'fast-check';
import { frame, pdu } from '../../support/raw-modbus.js';

/** The function codes that write when their request is accepted. */
export const MODBUS_WRITES = new Set([5, 6, 15, 16, 23]);

const u16 = fc.integer({ min: 0, max: 0xffff });

/** Requests a client could mean: each function code with random fields, often near the limits. */
export const plausibleRequest = fc.oneof(
  fc
    .tuple(fc.constantFrom(1, 2, 3, 4), u16, fc.oneof(u16, fc.integer({ min: 0, max: 130 })))
    .map(([f, a, n]) => pdu.read(f, a, n)),
  fc.tuple(fc.integer({ min: 0, max: 300 }), fc.boolean()).map(([a, on]) => pdu.writeCoil(a, on)),
  fc.tuple(fc.integer({ min: 0, max: 80 }), u16).map(([a, v]) => pdu.writeRegister(a, v)),
  fc
    .tuple(fc.integer({ min: 0, max: 300 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 80 }))
    .map(([a, v]) => pdu.writeCoils(a, v)),
  fc
    .tuple(fc.integer({ min: 0, max: 80 }), fc.array(u16, { minLength: 1, maxLength: 30 }))
    .map(([a, v]) => pdu.writeRegisters(a, v)),
  fc
    .tuple(
      fc.integer({ min: 0, max: 80 }),
      fc.integer({ min: 0, max: 130 }),
      fc.integer({ min: 0, max: 80 }),
      fc.array(u16, { minLength: 1, maxLength: 20 }),
    )
    .map(([r, n, w, v]) => pdu.readWriteRegisters(r, n, w, v)),
  fc
    .tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 40 }))
    .map(([f, rest]) => [f, ...rest]),
);

export interface SentModbus {
  bytes: Buffer;
  /** The request when the bytes are exactly one well-formed frame. */
  request?: number[];
  /** Every request PDU in the bytes, where they are whole frames. */
  requests?: number[][];
}

export const hostileModbusBytes: fc.Arbitrary<SentModbus> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(u16, fc.integer({ min: 0, max: 255 }), plausibleRequest)
      .map(([t, unit, body]) => ({ bytes: frame(t, unit, body), request: body, requests: [body] })),
  },
  // Random bytes, wrong protocol ids and length fields, huge lengths, half frames, several frames.
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => ({ bytes: Buffer.from(b) })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(u16, u16, u16, fc.uint8Array({ maxLength: 280 }))
      .map(([t, protocol, length, rest]) => ({
        bytes: Buffer.concat([
          Buffer.from([t >> 8, t & 0xff, protocol >> 8, protocol & 0xff, length >> 8, length & 0xff]),
          Buffer.from(rest),
        ]),
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(plausibleRequest, fc.integer({ min: 1, max: 11 }))
      .map(([body, cut]) => ({ bytes: frame(1, 1, body).subarray(0, cut) })),
  },
  {
    weight: 1,
    arbitrary: fc.array(plausibleRequest, { minLength: 2, maxLength: 6 }).map((bodies) => ({
      bytes: Buffer.concat(bodies.map((b, i) => frame(i, 1, b))),
      requests: bodies,
    })),
  },
);

/** A response frame as read off the wire. */
export interface ModbusAnswer {
  transactionId: number;
  pdu: Buffer;
}

/** The response frames in the bytes, or a description of what is wrong with them. */
export function parseModbusAnswers(data: Buffer): ModbusAnswer[] | string {
  const out: ModbusAnswer[] = [];
  let at = 0;
  while (at < data.length) {
    if (data.length - at < 8) return `a cut-off frame at byte ${at}`;
    if (data.readUInt16BE(at + 2) !== 0) return `protocol id ${data.readUInt16BE(at + 2)}`;
    const length = data.readUInt16BE(at + 4);
    if (length < 2 || length > 254 || at + 6 + length > data.length) return `length field ${length}`;
    out.push({ transactionId: data.readUInt16BE(at), pdu: data.subarray(at + 7, at + 6 + length) });
    at += 6 + length;
  }
  return out;
}
