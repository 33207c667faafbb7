import { maxCount, type ModbusClientSettings, type PointGroup } from '../drivers/modbus-client-settings.js';
import type { ModbusLayout, ModbusTableName } from './modbus-layout.js';

/** Which table of TagSim's driver map each group's points come from. */
const GROUP_TABLE: Readonly<Record<PointGroup, ModbusTableName>> = {
  bitInput: 'discreteInputs',
  bitOutput: 'coils',
  numericInput: 'inputRegisters',
  numericOutput: 'holdingRegisters',
};

/** One request of a scan: its function code and the controller's range. */
export interface ModbusRange {
  readonly fc: 1 | 2 | 3 | 4 | 15 | 16;
  readonly start: number;
  readonly count: number;
}

/**
 * What a scan exchanges. Point n of a group is address n of its table in TagSim's driver map
 * (docs/modbus.md#the-default-map-the-scenes-own-driver-map), and address offset + n at the
 * controller. A group of no points sends no request.
 */
export interface ModbusClientPlan {
  readonly unitId: number;
  /** The Bit Inputs (sensors) to the controller's coils: FC 15. */
  readonly writeBits?: ModbusRange;
  /** The Numeric Inputs to its holding registers: FC 16. */
  readonly writeRegisters?: ModbusRange;
  /** The Bit Outputs (actuators) from its discrete inputs (FC 2) or, with readCoils, coils (FC 1). */
  readonly readBits?: ModbusRange;
  /** The Numeric Outputs from its input registers (FC 4) or, with readHoldingRegisters, holding registers (FC 3). */
  readonly readRegisters?: ModbusRange;
}

/** The scan of `settings` over a scene laid out as `layout`. */
export function modbusClientPlan(settings: ModbusClientSettings, layout: ModbusLayout): ModbusClientPlan {
  const range = (group: PointGroup, fc: ModbusRange['fc']): ModbusRange | undefined => {
    const count =
      settings[`${group}Count`] ?? Math.min(layout.tables[GROUP_TABLE[group]].mapped, maxCount(group));
    return count > 0 ? { fc, start: settings[`${group}Offset`] ?? 0, count } : undefined;
  };
  const writeBits = range('bitInput', 15);
  const writeRegisters = range('numericInput', 16);
  const readBits = range('bitOutput', settings.readCoils ? 1 : 2);
  const readRegisters = range('numericOutput', settings.readHoldingRegisters ? 3 : 4);
  return {
    unitId: settings.slaveId,
    ...(writeBits ? { writeBits } : {}),
    ...(writeRegisters ? { writeRegisters } : {}),
    ...(readBits ? { readBits } : {}),
    ...(readRegisters ? { readRegisters } : {}),
  };
}
