import { packBits, packRegisters, unpackBits, unpackRegisters } from './pdu-values.js';

/**
 * The Modbus application layer: one request PDU in, one response PDU out, never a throw. The
 * checks run in the order of the Modbus specification's flowcharts (function code, then
 * quantities and lengths, then addresses), so each bad request gets the exception a Modbus
 * client expects: 01 illegal function, 02 illegal data address, 03 illegal data value.
 */

export type BitTable = 'discreteInputs' | 'coils';
export type RegisterTable = 'inputRegisters' | 'holdingRegisters';

/** The tables a request can write. */
export type WriteTable = 'coils' | 'holdingRegisters';

/**
 * The data a Modbus server serves: four tables of fixed addresses. A write gives back its
 * `Outcome` (the engine's refused items, say), which the answer carries (PduAnswer).
 */
export interface ModbusData<Outcome = void> {
  /** Whether every address of the range exists (docs/modbus.md, "The tables"); else 02. */
  holds(table: BitTable | RegisterTable, start: number, count: number): boolean;
  /** Reads `count` bits from `start`; the range is inside the table. */
  readBits(table: BitTable, start: number, count: number): boolean[];
  /** Reads `count` registers (0-65535) from `start`; the range is inside the table. */
  readRegisters(table: RegisterTable, start: number, count: number): number[];
  /** Writes coils from `start`, all in one update. */
  writeCoils(start: number, values: readonly boolean[]): Outcome;
  /** Writes holding registers (0-65535) from `start`, all in one update. */
  writeRegisters(start: number, values: readonly number[]): Outcome;
}

/** The functions that write: the name the Modbus specification gives each, and the table it writes. */
export const MODBUS_WRITE_FUNCTIONS: ReadonlyMap<
  number,
  { readonly name: string; readonly table: WriteTable }
> = new Map([
  [5, { name: 'Write Single Coil', table: 'coils' }],
  [6, { name: 'Write Single Register', table: 'holdingRegisters' }],
  [15, { name: 'Write Multiple Coils', table: 'coils' }],
  [16, { name: 'Write Multiple Registers', table: 'holdingRegisters' }],
  [23, { name: 'Read/Write Multiple Registers', table: 'holdingRegisters' }],
]);

/** A write as the request made it: where, the values sent, and what the data layer gave back. */
export interface PduWrite<Outcome = void> {
  readonly table: WriteTable;
  readonly start: number;
  readonly values: readonly (boolean | number)[];
  readonly outcome: Outcome;
}

/**
 * One request answered: the response PDU, and the write the request made, if it got as far as
 * one (a read has none, nor has a request refused before its write). Whoever hears the answer
 * learns what the write did from here, not from the data layer.
 */
export interface PduAnswer<Outcome = void> {
  readonly response: Buffer;
  readonly write?: PduWrite<Outcome> | undefined;
}

export const EXCEPTION = {
  illegalFunction: 0x01,
  illegalDataAddress: 0x02,
  illegalDataValue: 0x03,
  serverDeviceFailure: 0x04,
  gatewayTargetFailed: 0x0b,
} as const;

/** The protocol's limits on one request (Modbus Application Protocol 1.1b3). */
export const LIMITS = {
  readBits: 2000,
  readRegisters: 125,
  writeCoils: 1968,
  writeRegisters: 123,
  readWriteRegistersWrite: 121,
} as const;

export const SUPPORTED_FUNCTIONS: readonly number[] = [1, 2, 3, 4, 5, 6, 15, 16, 23];

class ModbusException extends Error {
  constructor(readonly code: number) {
    super(`Modbus exception ${code}`);
  }
}

/** The exception response to a request with this function code. */
export function exceptionPdu(functionCode: number, code: number): Buffer {
  return Buffer.from([(functionCode | 0x80) & 0xff, code]);
}

/** The exception code a response PDU carries, or `undefined` when it served the request. */
export function exceptionIn(response: Buffer): number | undefined {
  return (response[0]! & 0x80) !== 0 ? response[1] : undefined;
}

/**
 * The range a write request names in its fields (the address of FC 5 and 6, the start and count
 * of FC 15 and 16, the write half's of FC 23), read whether or not it was served: what a refused
 * write asked for. `undefined` for a function that does not write, or a request too short to say.
 */
export function namedWrite(pdu: Buffer): { table: WriteTable; start: number; count: number } | undefined {
  const fc = pdu[0]!;
  const write = MODBUS_WRITE_FUNCTIONS.get(fc);
  if (write === undefined) return undefined;
  const at = fc === 23 ? 5 : 1;
  const single = fc === 5 || fc === 6;
  if (pdu.length < at + (single ? 2 : 4)) return undefined;
  return { table: write.table, start: pdu.readUInt16BE(at), count: single ? 1 : pdu.readUInt16BE(at + 2) };
}

/** Writes through the data layer for one request, and keeps what the write was and gave back. */
class RequestWriter<Outcome> {
  write: PduWrite<Outcome> | undefined;
  constructor(private readonly data: ModbusData<Outcome>) {}

  coils(start: number, values: readonly boolean[]): void {
    this.write = { table: 'coils', start, values, outcome: this.data.writeCoils(start, values) };
  }

  registers(start: number, values: readonly number[]): void {
    this.write = {
      table: 'holdingRegisters',
      start,
      values,
      outcome: this.data.writeRegisters(start, values),
    };
  }
}

/**
 * Answers one request PDU (function code and data), with the write it made. `onError` hears what
 * the data layer threw, which becomes exception 04.
 */
export function answerPdu<Outcome>(
  pdu: Buffer,
  data: ModbusData<Outcome>,
  onError: (error: unknown) => void,
): PduAnswer<Outcome> {
  const functionCode = pdu[0]!;
  const writer = new RequestWriter(data);
  let response: Buffer;
  try {
    response = handle(functionCode, pdu, data, writer);
  } catch (error) {
    if (error instanceof ModbusException) response = exceptionPdu(functionCode, error.code);
    else {
      onError(error);
      response = exceptionPdu(functionCode, EXCEPTION.serverDeviceFailure);
    }
  }
  return { response, write: writer.write };
}

function handle<O>(fc: number, pdu: Buffer, data: ModbusData<O>, writer: RequestWriter<O>): Buffer {
  switch (fc) {
    case 1:
    case 2:
      return readBits(fc, fc === 1 ? 'coils' : 'discreteInputs', pdu, data);
    case 3:
    case 4:
      return readRegisters(fc, fc === 3 ? 'holdingRegisters' : 'inputRegisters', pdu, data);
    case 5:
      return writeSingleCoil(pdu, data, writer);
    case 6:
      return writeSingleRegister(pdu, data, writer);
    case 15:
      return writeMultipleCoils(pdu, data, writer);
    case 16:
      return writeMultipleRegisters(pdu, data, writer);
    case 23:
      return readWriteRegisters(pdu, data, writer);
    default:
      throw new ModbusException(EXCEPTION.illegalFunction);
  }
}

function readBits<O>(fc: number, table: BitTable, pdu: Buffer, data: ModbusData<O>): Buffer {
  expectLength(pdu, 5);
  const start = pdu.readUInt16BE(1);
  const count = pdu.readUInt16BE(3);
  expectQuantity(count, LIMITS.readBits);
  expectRange(data, table, start, count);
  const bits = data.readBits(table, start, count);
  const bytes = Math.ceil(count / 8);
  const out = Buffer.alloc(2 + bytes);
  out[0] = fc;
  out[1] = bytes;
  packBits(bits, out, 2);
  return out;
}

function readRegisters<O>(fc: number, table: RegisterTable, pdu: Buffer, data: ModbusData<O>): Buffer {
  expectLength(pdu, 5);
  const start = pdu.readUInt16BE(1);
  const count = pdu.readUInt16BE(3);
  expectQuantity(count, LIMITS.readRegisters);
  expectRange(data, table, start, count);
  return registersResponse(fc, data.readRegisters(table, start, count));
}

function writeSingleCoil<O>(pdu: Buffer, data: ModbusData<O>, writer: RequestWriter<O>): Buffer {
  expectLength(pdu, 5);
  const address = pdu.readUInt16BE(1);
  const value = pdu.readUInt16BE(3);
  if (value !== 0x0000 && value !== 0xff00) throw new ModbusException(EXCEPTION.illegalDataValue);
  expectRange(data, 'coils', address, 1);
  writer.coils(address, [value === 0xff00]);
  return Buffer.from(pdu);
}

function writeSingleRegister<O>(pdu: Buffer, data: ModbusData<O>, writer: RequestWriter<O>): Buffer {
  expectLength(pdu, 5);
  const address = pdu.readUInt16BE(1);
  expectRange(data, 'holdingRegisters', address, 1);
  writer.registers(address, [pdu.readUInt16BE(3)]);
  return Buffer.from(pdu);
}

function writeMultipleCoils<O>(pdu: Buffer, data: ModbusData<O>, writer: RequestWriter<O>): Buffer {
  const start = field(pdu, 1);
  const count = field(pdu, 3);
  expectQuantity(count, LIMITS.writeCoils);
  const bytes = pdu[5];
  if (bytes !== Math.ceil(count / 8)) throw new ModbusException(EXCEPTION.illegalDataValue);
  expectLength(pdu, 6 + bytes);
  expectRange(data, 'coils', start, count);
  writer.coils(start, unpackBits(pdu, 6, count));
  return pdu.subarray(0, 5);
}

function writeMultipleRegisters<O>(pdu: Buffer, data: ModbusData<O>, writer: RequestWriter<O>): Buffer {
  const start = field(pdu, 1);
  const count = field(pdu, 3);
  expectQuantity(count, LIMITS.writeRegisters);
  const values = registerValues(pdu, 5, count);
  expectRange(data, 'holdingRegisters', start, count);
  writer.registers(start, values);
  return pdu.subarray(0, 5);
}

/** FC 23: the write is done before the read, as the specification orders. */
function readWriteRegisters<O>(pdu: Buffer, data: ModbusData<O>, writer: RequestWriter<O>): Buffer {
  const readStart = field(pdu, 1);
  const readCount = field(pdu, 3);
  const writeStart = field(pdu, 5);
  const writeCount = field(pdu, 7);
  expectQuantity(readCount, LIMITS.readRegisters);
  expectQuantity(writeCount, LIMITS.readWriteRegistersWrite);
  const values = registerValues(pdu, 9, writeCount);
  expectRange(data, 'holdingRegisters', readStart, readCount);
  expectRange(data, 'holdingRegisters', writeStart, writeCount);
  writer.registers(writeStart, values);
  return registersResponse(23, data.readRegisters('holdingRegisters', readStart, readCount));
}

function registersResponse(fc: number, registers: readonly number[]): Buffer {
  const out = Buffer.alloc(2 + registers.length * 2);
  out[0] = fc;
  out[1] = registers.length * 2;
  packRegisters(registers, out, 2);
  return out;
}

/** The byte count at `at` and the registers after it, which must end the PDU exactly. */
function registerValues(pdu: Buffer, at: number, count: number): number[] {
  if (pdu[at] !== count * 2) throw new ModbusException(EXCEPTION.illegalDataValue);
  expectLength(pdu, at + 1 + count * 2);
  return unpackRegisters(pdu, at + 1, count);
}

/** A 16-bit field of the request; a request too short to hold it is a malformed one (03). */
function field(pdu: Buffer, at: number): number {
  if (pdu.length < at + 2) throw new ModbusException(EXCEPTION.illegalDataValue);
  return pdu.readUInt16BE(at);
}

function expectLength(pdu: Buffer, length: number): void {
  if (pdu.length !== length) throw new ModbusException(EXCEPTION.illegalDataValue);
}

function expectQuantity(count: number, max: number): void {
  if (count < 1 || count > max) throw new ModbusException(EXCEPTION.illegalDataValue);
}

function expectRange<O>(
  data: ModbusData<O>,
  table: BitTable | RegisterTable,
  start: number,
  count: number,
): void {
  if (!data.holds(table, start, count)) throw new ModbusException(EXCEPTION.illegalDataAddress);
}
