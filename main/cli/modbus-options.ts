import { DEFAULT_LAB_MODBUS_PORT } from '../../shared/lab/lab-plan.js';
import type { ModbusControllerOptions } from '../modbus/modbus-controller.js';
import { DEFAULT_MODBUS_PORT } from '../modbus/modbus-server.js';
import { MODBUS_MAP_CHOICES, type ModbusMapChoice } from '../../shared/modbus/modbus-layout.js';
import { DEFAULT_SCALE_FACTOR } from '../../shared/modbus/register-value.js';
import { MODBUS_MAP_FORMATS, type ModbusMapFormat } from './modbus-map-print.js';
import type { OptionSpec } from './option-spec.js';
import { parseWholeNumber, UsageError } from './option-values.js';

/** The Modbus TCP server's options (docs/modbus.md): their table and how they are read. */

/**
 * What a bare `--modbus` stands for before a command reads it: its default port differs
 * (`serve` 502, a lab 5020), so the parser writes no number of its own.
 */
const DEFAULT_PORT_MARKER = '';

const MAP_HELP = [
  "Modbus addresses: 'default' is the scene's own driver map (scene order where",
  "the evidence has none); 'address' uses each tag's address (default: default)",
];
const SCALE_HELP = [
  "Float tags travel as value × n in one register (default: the scene's",
  `ScaleFactor, ${DEFAULT_SCALE_FACTOR} for most scenes)`,
];

export const MODBUS_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'modbus',
    type: 'string',
    value: '[<port>]',
    optionalValue: DEFAULT_PORT_MARKER,
    help: {
      serve: [
        `Also serve the tags over Modbus TCP, as the simulator's Modbus server driver does`,
        `(default port ${DEFAULT_MODBUS_PORT}, on the --host; see docs/modbus.md)`,
      ],
      lab: [
        'Each station also serves its tags over Modbus TCP, station k on port + k - 1',
        `(default ${DEFAULT_LAB_MODBUS_PORT}: no administrator rights needed; 0 picks free ports)`,
      ],
    },
  },
  {
    name: 'modbus-unit',
    type: 'string',
    value: '<id>',
    help: {
      serve: ['Answer only this Modbus unit id, 0 to 255 (default: every unit id)'],
      lab: ['Every station answers only this unit id, 0 to 255 (default: every unit id)'],
    },
  },
  {
    name: 'modbus-map',
    type: 'string',
    value: `<${MODBUS_MAP_CHOICES.join('|')}>`,
    help: { serve: MAP_HELP, lab: MAP_HELP, 'modbus-map': MAP_HELP },
  },
  {
    name: 'modbus-scale',
    type: 'string',
    value: '<n>',
    help: { serve: SCALE_HELP, lab: SCALE_HELP, 'modbus-map': SCALE_HELP },
  },
  {
    name: 'print-map',
    type: 'boolean',
    help: { serve: ['With --modbus: print the Modbus map as a table after starting (see modbus-map)'] },
  },
  {
    name: 'format',
    type: 'string',
    value: `<${MODBUS_MAP_FORMATS.join('|')}>`,
    help: {
      'modbus-map': [
        "'table': the table docs/modbus.md shows, a row per address; 'csv': a record",
        'per tag (Table,Address,Name,Kind,Type,Scale,Id) for a spreadsheet (default: table)',
      ],
    },
  },
];

/** The values of MODBUS_OPTION_SPECS as the parser gives them. */
export interface ModbusValues {
  modbus?: string;
  'modbus-unit'?: string;
  'modbus-map'?: string;
  'modbus-scale'?: string;
  'print-map'?: boolean;
  format?: string;
}

/** How the tags are laid out (--modbus-map, --modbus-scale): for a server, or a printed map. */
export interface ModbusLayoutOptions {
  map: ModbusMapChoice;
  scaleFactor: number | undefined;
}

/** The Modbus server a command line asked for. */
export interface ModbusCommandOptions extends ModbusLayoutOptions {
  port: number;
  unitId: number | undefined;
}

/**
 * The Modbus server asked for, or undefined without --modbus (whose options then have no use);
 * a bare --modbus means `defaultPort` (a lab's first station's).
 */
export function modbusOptions(
  values: ModbusValues,
  defaultPort = DEFAULT_MODBUS_PORT,
): ModbusCommandOptions | undefined {
  if (values.modbus === undefined) {
    const stray = (['modbus-unit', 'modbus-map', 'modbus-scale', 'print-map'] as const).find(
      (o) => values[o] !== undefined,
    );
    if (stray) throw new UsageError(`--${stray} goes with --modbus`);
    return undefined;
  }
  const port =
    values.modbus === DEFAULT_PORT_MARKER ? defaultPort : parseWholeNumber('--modbus', values.modbus);
  if (port > 65535) throw new UsageError(`--modbus must be a port from 0 to 65535; got '${values.modbus}'`);
  const unit = values['modbus-unit'];
  const unitId = unit === undefined ? undefined : parseWholeNumber('--modbus-unit', unit);
  if (unitId !== undefined && unitId > 255)
    throw new UsageError(`--modbus-unit must be from 0 to 255; got '${unit}'`);
  return { port, unitId, ...modbusLayoutOptions(values) };
}

/** The layout --modbus-map and --modbus-scale ask for (the scene's own driver map by default). */
export function modbusLayoutOptions(values: ModbusValues): ModbusLayoutOptions {
  const map = values['modbus-map']?.trim() ?? 'default';
  if (!(MODBUS_MAP_CHOICES as readonly string[]).includes(map))
    throw new UsageError(`--modbus-map must be ${MODBUS_MAP_CHOICES.join(' or ')}; got '${map}'`);
  const scale = values['modbus-scale'];
  const scaleFactor = scale === undefined ? undefined : parseWholeNumber('--modbus-scale', scale);
  if (scaleFactor !== undefined && (scaleFactor < 1 || scaleFactor > 10000))
    throw new UsageError(`--modbus-scale must be from 1 to 10000; got '${scale}'`);
  return { map: map as ModbusMapChoice, scaleFactor };
}

/** The format --format asks for (the table by default). */
export function modbusMapFormat(values: ModbusValues): ModbusMapFormat {
  const format = values.format?.trim() ?? 'table';
  if (!(MODBUS_MAP_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be ${MODBUS_MAP_FORMATS.join(' or ')}; got '${format}'`);
  return format as ModbusMapFormat;
}

/** The options of a Modbus server (on the command's host) as the command line asked for it. */
export function modbusServerOptions(modbus: ModbusCommandOptions): Omit<ModbusControllerOptions, 'host'> {
  return {
    port: modbus.port,
    map: modbus.map,
    ...(modbus.unitId !== undefined ? { unitId: modbus.unitId } : {}),
    ...(modbus.scaleFactor !== undefined ? { scaleFactor: modbus.scaleFactor } : {}),
  };
}
