import type { ModbusRange } from '../../shared/modbus/client-settings.js';
import { MODBUS_EXCEPTION_STATUS } from './modbus-journal.js';
import { packBits, packRegisters, unpackBits, unpackRegisters } from './pdu-values.js';

/**
 * The client's side of the Modbus application layer (docs/modbus.md#the-modbus-tcpip-client):
 * the four requests a scan sends, and strict readings of the controller's answers. An answer
 * that is not the one the protocol allows for that request (another function code, a byte count
 * that does not fit, a write echoed with another range) throws ModbusAnswerError: a stream that
 * says such things cannot be trusted any more, and the connection is closed. An exception answer
 * is the controller's word and no fault of the stream: it is returned, not thrown.
 */

/** What the controller answered: the values read (or nothing, for a write), or its exception. */
export type ClientAnswer<T> =
  { readonly exception: number } | { readonly exception?: undefined; readonly value: T };

/** The controller's answer broke the protocol; the message says how. */
export class ModbusAnswerError extends Error {}

/** FC 15: `bits` to the coils from `start`. */
export function writeCoilsPdu(start: number, bits: readonly boolean[]): Buffer {
  const bytes = Math.ceil(bits.length / 8);
  const out = Buffer.alloc(6 + bytes);
  out[0] = 15;
  out.writeUInt16BE(start, 1);
  out.writeUInt16BE(bits.length, 3);
  out[5] = bytes;
  packBits(bits, out, 6);
  return out;
}

/** FC 16: `registers` (0-65535) to the holding registers from `start`. */
export function writeRegistersPdu(start: number, registers: readonly number[]): Buffer {
  const out = Buffer.alloc(6 + registers.length * 2);
  out[0] = 16;
  out.writeUInt16BE(start, 1);
  out.writeUInt16BE(registers.length, 3);
  out[5] = registers.length * 2;
  packRegisters(registers, out, 6);
  return out;
}

/** FC 1, 2, 3 or 4: `count` bits or registers from `start`. */
export function readPdu(request: ModbusRange): Buffer {
  const out = Buffer.alloc(5);
  out[0] = request.fc;
  out.writeUInt16BE(request.start, 1);
  out.writeUInt16BE(request.count, 3);
  return out;
}

/** The answer to a read of bits (FC 1, 2). */
export function bitsAnswer(request: ModbusRange, pdu: Buffer): ClientAnswer<boolean[]> {
  const exception = exceptionOf(request, pdu);
  if (exception !== undefined) return { exception };
  const bytes = Math.ceil(request.count / 8);
  expectShape(request, pdu, pdu[1] === bytes && pdu.length === 2 + bytes, `${bytes} bytes of bits`);
  return { value: unpackBits(pdu, 2, request.count) };
}

/** The answer to a read of registers (FC 3, 4). */
export function registersAnswer(request: ModbusRange, pdu: Buffer): ClientAnswer<number[]> {
  const exception = exceptionOf(request, pdu);
  if (exception !== undefined) return { exception };
  const bytes = request.count * 2;
  expectShape(request, pdu, pdu[1] === bytes && pdu.length === 2 + bytes, `${request.count} registers`);
  return { value: unpackRegisters(pdu, 2, request.count) };
}

/** The answer to a write (FC 15, 16): the request's range echoed. */
export function writeAnswer(request: ModbusRange, pdu: Buffer): ClientAnswer<void> {
  const exception = exceptionOf(request, pdu);
  if (exception !== undefined) return { exception };
  const echoed =
    pdu.length === 5 && pdu.readUInt16BE(1) === request.start && pdu.readUInt16BE(3) === request.count;
  expectShape(request, pdu, echoed, `its range ${request.start}+${request.count} echoed`);
  return { value: undefined };
}

/** `exception 02 (illegal data address) to FC 15 at 0+14`: what a refusal says in the status. */
export function describeException(request: ModbusRange, exception: number): string {
  const code = exception.toString(16).toUpperCase().padStart(2, '0');
  const words = MODBUS_EXCEPTION_STATUS.get(exception)?.words;
  return `exception ${code}${words ? ` (${words})` : ''} to FC ${request.fc} at ${request.start}+${request.count}`;
}

function exceptionOf(request: ModbusRange, pdu: Buffer): number | undefined {
  const fc = pdu[0];
  if (fc === (request.fc | 0x80)) {
    if (pdu.length !== 2)
      throw new ModbusAnswerError(`an exception answer of ${pdu.length} bytes to FC ${request.fc}`);
    return pdu[1];
  }
  if (fc !== request.fc)
    throw new ModbusAnswerError(`an answer with function code ${String(fc)} to FC ${request.fc}`);
  return undefined;
}

function expectShape(request: ModbusRange, pdu: Buffer, fits: boolean, expected: string): void {
  if (!fits)
    throw new ModbusAnswerError(`an answer to FC ${request.fc} of ${pdu.length} bytes, not ${expected}`);
}
