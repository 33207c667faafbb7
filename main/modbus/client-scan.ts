import type { ModbusClientPlan, ModbusRange } from '../../shared/modbus/client-settings.js';
import {
  bitsAnswer,
  describeException,
  readPdu,
  registersAnswer,
  writeAnswer,
  writeCoilsPdu,
  writeRegistersPdu,
  type ClientAnswer,
} from './client-pdu.js';
import type { EngineModbusData } from './engine-modbus-data.js';

/** Sends a request PDU to the controller and gives back its answer's PDU. */
export interface ModbusRequester {
  request(unitId: number, pdu: Buffer): Promise<Buffer>;
}

/** What one scan brought back from the controller. */
export interface ScanOutcome {
  /** The Bit Outputs read; absent when the plan reads none or the controller refused the read. */
  readonly bits?: boolean[];
  /** The Numeric Outputs read, as registers (0-65535); absent likewise. */
  readonly registers?: number[];
  /** The controller's refusals, in words (`exception 02 (illegal data address) to FC 15 at 0+14`). */
  readonly refusals: string[];
}

/**
 * One scan of the Modbus TCP/IP Client (docs/modbus.md#the-modbus-tcpip-client), in the driver's
 * order: the Inputs go to the controller first (the sensors' effective values, forces and
 * failures applied, as FC 15 to its coils and FC 16 to its holding registers), then the Outputs
 * are read back (FC 2 or 1, FC 4 or 3). A refused request is noted and the scan goes on; an
 * answer that breaks the protocol throws (ModbusAnswerError), as does a connection that ends.
 */
export async function scanOnce(
  controller: ModbusRequester,
  plan: ModbusClientPlan,
  data: EngineModbusData,
): Promise<ScanOutcome> {
  const refusals: string[] = [];
  const ask = async <T>(
    range: ModbusRange,
    pdu: Buffer,
    read: (range: ModbusRange, answer: Buffer) => ClientAnswer<T>,
  ): Promise<T | undefined> => {
    const answer = read(range, await controller.request(plan.unitId, pdu));
    if (answer.exception === undefined) return answer.value;
    refusals.push(describeException(range, answer.exception));
    return undefined;
  };
  const { writeBits, writeRegisters, readBits, readRegisters } = plan;
  if (writeBits) {
    const sensors = data.readBits('discreteInputs', 0, writeBits.count);
    await ask(writeBits, writeCoilsPdu(writeBits.start, sensors), writeAnswer);
  }
  if (writeRegisters) {
    const sensors = data.readRegisters('inputRegisters', 0, writeRegisters.count);
    await ask(writeRegisters, writeRegistersPdu(writeRegisters.start, sensors), writeAnswer);
  }
  const bits = readBits ? await ask(readBits, readPdu(readBits), bitsAnswer) : undefined;
  const registers = readRegisters
    ? await ask(readRegisters, readPdu(readRegisters), registersAnswer)
    : undefined;
  return { ...(bits ? { bits } : {}), ...(registers ? { registers } : {}), refusals };
}
