import { DEFAULT_LAB_MODBUS_PORT, MAX_STATIONS, planLabPorts } from '../../shared/lab/lab-plan.js';
import { sceneArgument, type SceneChoice } from '../runtime/resolve-scene.js';
import type { OptionSpec } from './option-spec.js';
import type { ExerciseValues } from './exercise-options.js';
import { modbusOptions, type ModbusCommandOptions, type ModbusValues } from './modbus-options.js';
import {
  MODBUS_CLIENT_OPTION_SPECS,
  modbusClientAddress,
  modbusClientTemplate,
  type ModbusClientTemplate,
  type ModbusClientValues,
} from './modbus-client-options.js';
import {
  opcuaClientEndpoint,
  opcuaClientTemplate,
  strayOpcuaOption,
  type OpcuaClientTemplate,
  type OpcuaClientValues,
} from './opcua-client-options.js';
import { endpointPlus, endpointPort } from '../../shared/drivers/opcua-client-settings.js';
import {
  parseHost,
  parsePort,
  parseWholeNumber,
  simulationOptions,
  type SimulationValues,
  UsageError,
} from './option-values.js';

/**
 * The options only a lab takes (docs/lab.md). A lab also takes the serving and simulation
 * options of cli-spec.ts, each with help lines of its own there.
 */
export const LAB_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'stations',
    type: 'string',
    value: '<n>',
    help: { lab: [`How many stations, 1 to ${MAX_STATIONS}`] },
  },
  {
    name: 'dashboard-port',
    type: 'string',
    value: '<n>',
    help: { lab: ["The instructor's dashboard's port (default: after the last station's)"] },
  },
  {
    name: 'lab-file',
    type: 'string',
    value: '<file>',
    help: {
      lab: ['The stations from a lab file instead of --stations and --scene (docs/lab.md)'],
    },
  },
  {
    name: 'schedule',
    type: 'string',
    value: '<file>',
    help: { lab: ['A fault schedule to run: faults put on and taken off by time or condition'] },
  },
  {
    name: 'token-file',
    type: 'string',
    value: '<file>',
    help: {
      lab: ["The instructor's token from this file (a Kubernetes Secret, say) instead of a new one"],
      class: ["The class view's token from this file instead of a new one"],
    },
  },
];

/** The values of LAB_OPTION_SPECS as the parser gives them. */
export interface LabValues {
  stations?: string;
  'dashboard-port'?: string;
  'lab-file'?: string;
  schedule?: string;
  'token-file'?: string;
}

/** What `tagsim lab` reads of the parsed values: its own, the Modbus and simulation ones, and where it listens. */
export interface LabCommandValues
  extends LabValues, ModbusValues, ModbusClientValues, OpcuaClientValues, SimulationValues, ExerciseValues {
  port?: string;
  host?: string;
  ui?: boolean;
}

/** `tagsim lab`: the stations, from the command line or a lab file, and where they listen. */
export interface LabCommand {
  command: 'lab';
  /** The stations' scenes, one per station (`stations` of them), when no lab file is given. */
  stations: { count: number; scenes: (SceneChoice | undefined)[] } | { labFile: string };
  host: string;
  /** The first station's port. */
  port: number;
  dashboardPort: number | undefined;
  /** Every station's Modbus server, station k on `modbus.port + k - 1`, when --modbus is given. */
  modbus: ModbusCommandOptions | undefined;
  /**
   * The stations' Modbus clients: station k scans `first`'s host at port + k - 1 (--modbus-client),
   * or the address its lab file gives it; every station with the same settings.
   */
  modbusClient: { first?: { host: string; port: number }; settings: ModbusClientTemplate } | undefined;
  /**
   * The stations' OPC UA clients: station k binds to `first`'s server at port + k - 1
   * (--opcua-client), or to the endpoint its lab file gives it; every station with the same settings.
   */
  opcuaClient: { first?: string; settings: OpcuaClientTemplate } | undefined;
  /** A fault schedule file to run. */
  schedule: string | undefined;
  /** An exercise every station runs (a file or a built-in exercise's name), and where its report goes. */
  exercise: { choice: string; results: string | undefined } | undefined;
  /** The file holding the instructor's token (dashboard and control APIs); a new one when absent. */
  tokenFile: string | undefined;
  ui: boolean;
  seed: number | undefined;
  paused: boolean;
  timeScale: number | undefined;
}

/** Reads the options of `tagsim lab`; `scenes` are every --scene given, in order. */
export function labCommand(values: LabCommandValues, scenes: readonly string[]): LabCommand {
  const labFile = nonBlank(values['lab-file'], '--lab-file needs a file name');
  if (labFile && (values.stations !== undefined || scenes.length > 0))
    throw new UsageError('--lab-file names the stations and their scenes: leave out --stations and --scene');
  const exercise = nonBlank(values.exercise, '--exercise needs an exercise file or a built-in exercise');
  if (exercise && scenes.length > 0)
    throw new UsageError("--exercise sets every station's scene: leave out --scene");
  const results = nonBlank(values.results, '--results needs a folder');
  if (results && !exercise)
    throw new UsageError('--results is where an exercise keeps its report: give --exercise too');
  if (!labFile && values.stations === undefined)
    throw new UsageError(`tagsim lab needs --stations <n> (1 to ${MAX_STATIONS}) or --lab-file <file>`);
  const port = parsePort(values.port);
  const dashboardPort =
    values['dashboard-port'] === undefined
      ? undefined
      : parsePort(values['dashboard-port'], '--dashboard-port');
  const modbus = modbusOptions(values, DEFAULT_LAB_MODBUS_PORT);
  const modbusClient = labModbusClient(values, labFile !== undefined);
  const opcuaClient = labOpcuaClient(values, labFile !== undefined);
  let stations: LabCommand['stations'];
  if (labFile) stations = { labFile };
  else {
    const count = parseWholeNumber('--stations', values.stations!);
    if (count < 1 || count > MAX_STATIONS)
      throw new UsageError(`--stations must be from 1 to ${MAX_STATIONS}; got '${values.stations}'`);
    if (scenes.length > 1 && scenes.length !== count)
      throw new UsageError(
        `give one --scene for every station or one for all; got ${scenes.length} for ${count} stations`,
      );
    const choices = scenes.map(sceneArgument);
    const sceneOf = (i: number) => (choices.length > 1 ? choices[i] : choices[0]);
    stations = { count, scenes: Array.from({ length: count }, (_, i) => sceneOf(i)) };
    // A lab file's station count is known once it is read: startLab checks that plan.
    const plan = planLabPorts(count, port, dashboardPort, modbus?.port);
    if (typeof plan === 'string') throw new UsageError(plan);
    const firstPorts = [
      modbusClient?.first?.port,
      opcuaClient?.first === undefined ? undefined : endpointPort(opcuaClient.first),
    ];
    for (const first of firstPorts)
      if (first !== undefined && first + count - 1 > 65535)
        throw new UsageError(
          `${count} stations' controllers from port ${first} would need ports up to ${first + count - 1}; the highest port is 65535`,
        );
  }
  return {
    command: 'lab',
    stations,
    host: parseHost(values.host),
    port,
    dashboardPort,
    modbus,
    modbusClient,
    opcuaClient,
    schedule: nonBlank(values.schedule, '--schedule needs a file name'),
    exercise: exercise ? { choice: exercise, results } : undefined,
    tokenFile: nonBlank(values['token-file'], '--token-file needs a file name'),
    ui: values.ui === true,
    ...simulationOptions(values),
  };
}

/**
 * The stations' Modbus client settings: with --modbus-client, its address for station 1; with a
 * lab file, whose stations may name their own controllers, the settings alone will do.
 */
function labModbusClient(values: LabCommandValues, labFile: boolean): LabCommand['modbusClient'] {
  const first = modbusClientAddress(values);
  if (first) return { first, settings: modbusClientTemplate(values) };
  if (labFile) return { settings: modbusClientTemplate(values) };
  const stray = MODBUS_CLIENT_OPTION_SPECS.find((o) => values[o.name] !== undefined);
  if (stray) throw new UsageError(`--${stray.name} goes with --modbus-client (or a lab file's modbusClient)`);
  return undefined;
}

/** The same for the OPC UA client: --opcua-client's endpoint for station 1, or a lab file's. */
function labOpcuaClient(values: LabCommandValues, labFile: boolean): LabCommand['opcuaClient'] {
  const first = opcuaClientEndpoint(values);
  if (first !== undefined) return { first, settings: opcuaClientTemplate(values) };
  if (labFile) return { settings: opcuaClientTemplate(values) };
  const stray = strayOpcuaOption(values);
  if (stray) throw new UsageError(`--${stray} goes with --opcua-client (or a lab file's opcuaClient)`);
  return undefined;
}

/** Station `index`'s endpoint: its own (a lab file's), else the lab's first one's port + index. */
export function stationEndpoint(
  client: LabCommand['opcuaClient'],
  own: string | undefined,
  index: number,
): string | undefined {
  return own ?? (client?.first !== undefined ? endpointPlus(client.first, index) : undefined);
}

function nonBlank(text: string | undefined, problem: string): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '') throw new UsageError(problem);
  return text.trim();
}
