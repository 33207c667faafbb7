import { Type } from '@sinclair/typebox';
import type { ModbusLayout, ModbusTableName } from './modbus-layout.js';

/**
 * The Modbus TCP/IP Client driver's settings (docs/modbus.md#the-modbus-tcpip-client). The
 * point groups, offsets and properties carry the names a saved scene's `<ModbusTCPClient>` block
 * gives them (`BitInputCount`, `NumericOutputOffset`, `ReadCoils`, `ScaleFactor`), so a scene's
 * saved settings map onto them field for field; host, port, slave id and scan time are the
 * driver window's, which no scene file keeps.
 */
export interface ModbusClientSettings {
  readonly host: string;
  readonly port: number;
  /** The unit id every request carries (the driver window's "Slave ID"). */
  readonly slaveId: number;
  /** A scan starts this often: writes the Inputs, then reads the Outputs. */
  readonly scanTimeMs: number;
  /** An answer later than this ends the connection (TagSim's; the driver's own is not known). */
  readonly timeoutMs: number;
  /** Points of each group; absent: as many as the scene's own driver map holds. */
  readonly bitInputCount?: number;
  readonly bitOutputCount?: number;
  readonly numericInputCount?: number;
  readonly numericOutputCount?: number;
  /** The controller's address of each group's first point (default 0). */
  readonly bitInputOffset?: number;
  readonly bitOutputOffset?: number;
  readonly numericInputOffset?: number;
  readonly numericOutputOffset?: number;
  /** Read the Bit Outputs from the controller's coils (FC 1) instead of its discrete inputs (FC 2). */
  readonly readCoils?: boolean;
  /** Read the Numeric Outputs from its holding registers (FC 3) instead of its input registers (FC 4). */
  readonly readHoldingRegisters?: boolean;
  /** A Float travels as value × this in one register; absent: the scene's own ScaleFactor. */
  readonly scaleFactor?: number;
}

/** The driver's defaults where the evidence shows them (docs/modbus.md), else TagSim's. */
export const MODBUS_CLIENT_DEFAULTS = {
  port: 502,
  slaveId: 1,
  scanTimeMs: 10,
  timeoutMs: 1000,
} as const;

/** The largest counts of the driver's groups: 256 bits and 64 registers, as its server's. */
export const MAX_CLIENT_BITS = 256;
export const MAX_CLIENT_REGISTERS = 64;
export const MIN_SCAN_TIME_MS = 1;
export const MAX_SCAN_TIME_MS = 60_000;
export const MIN_CLIENT_TIMEOUT_MS = 10;
export const MAX_CLIENT_TIMEOUT_MS = 60_000;

/** The four point groups: Inputs are the plant's sensors, Outputs the controller's actuators. */
export const POINT_GROUPS = ['bitInput', 'bitOutput', 'numericInput', 'numericOutput'] as const;
export type PointGroup = (typeof POINT_GROUPS)[number];

/** Which table of TagSim's driver map each group's points come from. */
const GROUP_TABLE: Readonly<Record<PointGroup, ModbusTableName>> = {
  bitInput: 'discreteInputs',
  bitOutput: 'coils',
  numericInput: 'inputRegisters',
  numericOutput: 'holdingRegisters',
};

/** The largest count of a group. */
export function maxCount(group: PointGroup): number {
  return group.startsWith('bit') ? MAX_CLIENT_BITS : MAX_CLIENT_REGISTERS;
}

const whole = (minimum: number, maximum: number) => Type.Optional(Type.Integer({ minimum, maximum }));

/**
 * The settings as JSON (the desktop app's `"modbusClient"` in settings.json or a lab's
 * presets.json, docs/desktop.md): the host is required, every other field has the driver's
 * default. The command line reads the same limits from its options (main/cli/modbus-client-options.ts).
 */
export const MODBUS_CLIENT_SCHEMA = Type.Object(
  {
    host: Type.String({ pattern: '^[^\\s/?#@]+$', maxLength: 253 }),
    port: whole(1, 65535),
    slaveId: whole(0, 255),
    scanTimeMs: whole(MIN_SCAN_TIME_MS, MAX_SCAN_TIME_MS),
    timeoutMs: whole(MIN_CLIENT_TIMEOUT_MS, MAX_CLIENT_TIMEOUT_MS),
    bitInputCount: whole(0, MAX_CLIENT_BITS),
    bitOutputCount: whole(0, MAX_CLIENT_BITS),
    numericInputCount: whole(0, MAX_CLIENT_REGISTERS),
    numericOutputCount: whole(0, MAX_CLIENT_REGISTERS),
    bitInputOffset: whole(0, 65535),
    bitOutputOffset: whole(0, 65535),
    numericInputOffset: whole(0, 65535),
    numericOutputOffset: whole(0, 65535),
    readCoils: Type.Optional(Type.Boolean()),
    readHoldingRegisters: Type.Optional(Type.Boolean()),
    scaleFactor: whole(1, 10_000),
  },
  { additionalProperties: false },
);

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
