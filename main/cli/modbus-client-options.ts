import { parseHostPort } from '../../shared/core/host-port.js';
import {
  MAX_CLIENT_TIMEOUT_MS,
  MAX_SCAN_TIME_MS,
  maxCount,
  MIN_CLIENT_TIMEOUT_MS,
  MIN_SCAN_TIME_MS,
  MODBUS_CLIENT_DEFAULTS,
  POINT_GROUPS,
  type ModbusClientSettings,
  type PointGroup,
} from '../../shared/modbus/client-settings.js';
import type { OptionSpec } from './option-spec.js';
import { parseWholeNumber, UsageError } from './option-values.js';

/**
 * The Modbus TCP/IP Client's options (docs/modbus.md#the-modbus-tcpip-client): their table and
 * how they are read. Each setting of the driver has one, with the driver's default.
 */

const { port: DEFAULT_PORT, slaveId, scanTimeMs, timeoutMs } = MODBUS_CLIENT_DEFAULTS;

/** The option of each point group: `--modbus-client-bit-inputs`... */
const GROUP_OPTIONS: Readonly<Record<PointGroup, string>> = {
  bitInput: 'modbus-client-bit-inputs',
  bitOutput: 'modbus-client-bit-outputs',
  numericInput: 'modbus-client-numeric-inputs',
  numericOutput: 'modbus-client-numeric-outputs',
};
const GROUP_HELP: Readonly<Record<PointGroup, string>> = {
  bitInput: 'Bit Inputs (sensors), written to its coils with FC 15',
  bitOutput: 'Bit Outputs (actuators), read from its discrete inputs (FC 2)',
  numericInput: 'Numeric Inputs, written to its holding registers with FC 16',
  numericOutput: 'Numeric Outputs, read from its input registers (FC 4)',
};

function both(lines: readonly string[]): OptionSpec['help'] {
  return { serve: lines, lab: lines };
}

export const MODBUS_CLIENT_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'modbus-client',
    type: 'string',
    value: '<host>[:<port>]',
    help: {
      serve: [
        "Scan a controller's Modbus server, as the simulator's Modbus TCP/IP Client driver",
        `does: write the sensors, read the actuators (default port ${DEFAULT_PORT}; docs/modbus.md)`,
      ],
      lab: [
        "Every station scans its own controller: station k's at port + k - 1, unless the",
        "lab file gives the station's modbusClient address",
      ],
    },
  },
  {
    name: 'modbus-client-slave',
    type: 'string',
    value: '<id>',
    help: both([`The unit (slave) id of every request, 0 to 255 (default ${slaveId})`]),
  },
  {
    name: 'modbus-client-scan',
    type: 'string',
    value: '<ms>',
    help: both([
      `Start a scan every ms milliseconds, ${MIN_SCAN_TIME_MS} to ${MAX_SCAN_TIME_MS} (default ${scanTimeMs})`,
    ]),
  },
  {
    name: 'modbus-client-timeout',
    type: 'string',
    value: '<ms>',
    help: both([`An answer later than this ends the connection; it reconnects (default ${timeoutMs})`]),
  },
  ...POINT_GROUPS.map((group): OptionSpec => ({
    name: GROUP_OPTIONS[group],
    type: 'string',
    value: '<count>[@<offset>]',
    help: both([
      `${GROUP_HELP[group]}: how many, 0 to ${maxCount(group)}, and from which address`,
      "(default: as many as the scene's driver map holds, from address 0)",
    ]),
  })),
  {
    name: 'modbus-client-read-coils',
    type: 'boolean',
    help: both(['Read the Bit Outputs from its coils (FC 1) instead (the driver\'s "Read coils")']),
  },
  {
    name: 'modbus-client-read-holding-registers',
    type: 'boolean',
    help: both(['Read the Numeric Outputs from its holding registers (FC 3) instead']),
  },
  {
    name: 'modbus-client-scale',
    type: 'string',
    value: '<n>',
    help: both(["Float tags travel as value × n in one register (default: the scene's ScaleFactor)"]),
  },
];

/** The values of MODBUS_CLIENT_OPTION_SPECS as the parser gives them. */
export type ModbusClientValues = Partial<
  Record<(typeof MODBUS_CLIENT_OPTION_SPECS)[number]['name'], string | boolean>
>;

/** The driver's settings but the controller's address: what every station of a lab shares. */
export type ModbusClientTemplate = Omit<ModbusClientSettings, 'host' | 'port'>;

/**
 * The Modbus client asked for, or undefined without --modbus-client (whose options then have no
 * use). Every value is checked here, so a bad one stops the command before anything starts.
 */
export function modbusClientOptions(values: ModbusClientValues): ModbusClientSettings | undefined {
  const address = modbusClientAddress(values);
  if (!address) {
    const stray = MODBUS_CLIENT_OPTION_SPECS.find((o) => values[o.name] !== undefined);
    if (stray) throw new UsageError(`--${stray.name} goes with --modbus-client`);
    return undefined;
  }
  return { ...address, ...modbusClientTemplate(values) };
}

/** --modbus-client's host and port (502 unless given), or undefined without it. */
export function modbusClientAddress(values: ModbusClientValues): { host: string; port: number } | undefined {
  const given = values['modbus-client'];
  if (given === undefined) return undefined;
  const address = parseHostPort(String(given), DEFAULT_PORT);
  if ('problem' in address) throw new UsageError(`--modbus-client ${address.problem}`);
  return address;
}

/** Every setting but the address, from its option or the driver's default. */
export function modbusClientTemplate(values: ModbusClientValues): ModbusClientTemplate {
  const number = (name: string, min: number, max: number): number | undefined => {
    const text = values[name];
    if (typeof text !== 'string') return undefined;
    const n = parseWholeNumber(`--${name}`, text);
    if (n < min || n > max) throw new UsageError(`--${name} must be from ${min} to ${max}; got '${text}'`);
    return n;
  };
  const scale = number('modbus-client-scale', 1, 10_000);
  return {
    slaveId: number('modbus-client-slave', 0, 255) ?? slaveId,
    scanTimeMs: number('modbus-client-scan', MIN_SCAN_TIME_MS, MAX_SCAN_TIME_MS) ?? scanTimeMs,
    timeoutMs: number('modbus-client-timeout', MIN_CLIENT_TIMEOUT_MS, MAX_CLIENT_TIMEOUT_MS) ?? timeoutMs,
    ...Object.assign({}, ...POINT_GROUPS.map((group) => pointGroup(group, values[GROUP_OPTIONS[group]]))),
    ...(values['modbus-client-read-coils'] === true ? { readCoils: true } : {}),
    ...(values['modbus-client-read-holding-registers'] === true ? { readHoldingRegisters: true } : {}),
    ...(scale !== undefined ? { scaleFactor: scale } : {}),
  };
}

/** `16` or `16@100`: a group's count and offset, which must stay within the 65,536 addresses. */
function pointGroup(group: PointGroup, text: string | boolean | undefined): Record<string, number> {
  if (typeof text !== 'string') return {};
  const option = `--${GROUP_OPTIONS[group]}`;
  const match = /^\s*(\d+)\s*(?:@\s*(\d+)\s*)?$/.exec(text);
  if (!match) throw new UsageError(`${option} must be a count, or count@offset like 16@100; got '${text}'`);
  const count = Number(match[1]);
  const offset = match[2] === undefined ? 0 : Number(match[2]);
  if (count > maxCount(group))
    throw new UsageError(`${option} must count 0 to ${maxCount(group)} points; got '${text}'`);
  if (offset + count > 65536) throw new UsageError(`${option} runs past address 65535; got '${text}'`);
  return { [`${group}Count`]: count, [`${group}Offset`]: offset };
}
