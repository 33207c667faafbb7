import { parseArgs } from 'node:util';
import { closest } from '../../shared/problems/json-words.js';
import { sceneArgument, type SceneChoice } from '../runtime/resolve-scene.js';
import type { GradeCommand } from '../exercise/run-grade.js';
import type { RunScenarioCommand } from './run-scenario.js';
import { generalHelp } from './cli-help.js';
import {
  type ControlCliOptions,
  controlOptions,
  type ControlValues,
  givenControlOptions,
} from './control-options.js';
import { gradeCommand, type ExerciseValues } from './exercise-options.js';
import { labCommand, type LabCommand, type LabValues } from './lab-command.js';
import { classCommand, type ClassCommand, type ClassCommandValues } from './class-command.js';
import type { ModbusMapFormat } from './modbus-map-print.js';
import {
  type ModbusCommandOptions,
  type ModbusLayoutOptions,
  modbusLayoutOptions,
  modbusMapFormat,
  modbusOptions,
  type ModbusValues,
} from './modbus-options.js';
import { modbusClientOptions, type ModbusClientValues } from './modbus-client-options.js';
import {
  opcuaClientOptions,
  type OpcuaClientCommand,
  type OpcuaClientValues,
} from './opcua-client-options.js';
import type { ModbusClientSettings } from '../../shared/drivers/modbus-client-settings.js';
import { parseHost, parsePort, parseWholeNumber, simulationOptions, UsageError } from './option-values.js';
import { COMMAND_SPECS, commandsOf, GLOBAL_OPTION_SPECS, OPTION_SPECS } from './cli-spec.js';
import type { CommandName } from './option-spec.js';

/** What the command line asked for. */
export type CliCommand =
  /** Help on every command, or on one (`topic`); `bare` when no command was given at all. */
  | { command: 'help'; topic?: CommandName; bare?: boolean }
  | { command: 'version' }
  | { command: 'scenes' }
  | {
      command: 'modbus-map';
      scene: SceneChoice | undefined;
      layout: ModbusLayoutOptions;
      format: ModbusMapFormat;
    }
  | ({
      command: 'serve';
      host: string;
      port: number;
      scene: SceneChoice | undefined;
      ui: boolean;
      /** Let the browser UI open and save files by path even on a non-loopback host (--ui-files). */
      uiFiles: boolean;
      /** A state snapshot to start from. */
      state: string | undefined;
      /** The simulation's seed (default 1). */
      seed: number | undefined;
      /** Do not run the simulation on start (--paused). */
      paused: boolean;
      /** The simulation's initial time scale, 0.25 to 8. */
      timeScale: number | undefined;
      /** Serve Modbus TCP too (--modbus and its options). */
      modbus: ModbusCommandOptions | undefined;
      /** Scan a controller's Modbus server (--modbus-client and its options). */
      modbusClient: ModbusClientSettings | undefined;
      /** Bind tags to a controller's OPC UA server (--opcua-client and its options). */
      opcuaClient: OpcuaClientCommand | undefined;
      /** Print the Modbus map after starting (--print-map, with --modbus). */
      printModbusMap: boolean;
    } & ControlCliOptions)
  | {
      command: 'import';
      from: { url: string } | { csv: string } | { file: string };
      out: string;
      name: string | undefined;
      values: boolean;
      force: boolean;
    }
  | { command: 'export'; scene: SceneChoice; out: string; force: boolean }
  | { command: 'snapshot'; from: string; out: string; force: boolean }
  | { command: 'schema'; out: string | undefined; force: boolean }
  | ({ command: 'run' } & RunScenarioCommand)
  | ({ command: 'grade' } & GradeCommand)
  | LabCommand
  | ClassCommand;

/** The help of every command (kept as a constant for the tests and docs that quote it). */
export const HELP = generalHelp();

const COMMANDS = COMMAND_SPECS.map((c) => c.name);
const PARSE_OPTIONS = Object.fromEntries(
  [...OPTION_SPECS, ...GLOBAL_OPTION_SPECS].map((o) => [
    o.name,
    { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) },
  ]),
) as Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/** Parses argv (without node and the script) into a command, or throws a UsageError. */
export function parseCli(argv: readonly string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: withOptionalValues(argv),
      allowPositionals: true,
      strict: true,
      options: PARSE_OPTIONS,
    });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  // Only a lab takes several scenes; every other command takes the last, as it always has.
  const scenes = (values['scene'] as string[] | undefined) ?? [];
  values['scene'] = scenes.at(-1);
  const [command, ...extra] = parsed.positionals;
  if (values['version']) return { command: 'version' };
  if (command === undefined) return values['help'] ? { command: 'help' } : { command: 'help', bare: true };
  if (!isCommand(command)) throw new UsageError(unknownCommand(command));
  if (command === 'help') {
    const topic = extra[0];
    if (topic === undefined) return { command: 'help' };
    if (!isCommand(topic)) throw new UsageError(unknownCommand(topic));
    return { command: 'help', topic };
  }
  if (values['help']) return { command: 'help', topic: command };
  // `run` takes the scenario file, `grade` the exercise, `import` a file to import; no other
  // command takes an argument.
  const taken = command === 'run' || command === 'grade' || command === 'import' ? 1 : 0;
  if (extra.length > taken) throw new UsageError(`unexpected argument '${extra[taken]}'`);
  for (const option of OPTION_SPECS) {
    const commands = commandsOf(option);
    if (values[option.name] === undefined || commands.includes(command)) continue;
    throw new UsageError(
      `--${option.name} is an option of ${commands.map((c) => `'tagsim ${c}'`).join(' and ')}`,
    );
  }
  if (command === 'lab') return labCommand(values as ParsedValues, scenes);
  if (command === 'grade') return gradeCommand(values as ParsedValues, extra);
  if (command === 'class') return classCommand(values as ParsedValues);
  return commandFrom(command, extra, values as ParsedValues);
}

/** The option values as parseArgs gives them, by their names in OPTION_SPECS. */
export interface ParsedValues
  extends
    ControlValues,
    ModbusValues,
    ModbusClientValues,
    OpcuaClientValues,
    LabValues,
    ClassCommandValues,
    ExerciseValues {
  port?: string;
  host?: string;
  scene?: string;
  synthetic?: string;
  state?: string;
  ui?: boolean;
  'ui-files'?: boolean;
  seed?: string;
  paused?: boolean;
  'time-scale'?: string;
  report?: string;
  from?: string;
  csv?: string;
  out?: string;
  name?: string;
  values?: boolean;
  force?: boolean;
}

function commandFrom(
  command: Exclude<CommandName, 'help' | 'lab' | 'grade' | 'class'>,
  extra: string[],
  values: ParsedValues,
): CliCommand {
  const force = values.force === true;
  switch (command) {
    case 'scenes':
      return { command: 'scenes' };
    case 'modbus-map':
      return {
        command: 'modbus-map',
        scene: values.scene !== undefined ? sceneArgument(values.scene) : undefined,
        layout: modbusLayoutOptions(values),
        format: modbusMapFormat(values),
      };
    case 'import': {
      const file = extra[0]?.trim() || undefined;
      const given = [values.from && '--from', values.csv && '--csv', file && `'${file}'`].filter(Boolean);
      if (given.length > 1)
        throw new UsageError(`tagsim import takes one source; got ${given.join(' and ')}`);
      if (given.length === 0)
        throw new UsageError(
          'tagsim import needs a saved scene (<file>.factoryio), --from <url> or --csv <file>',
        );
      if (values.values && values.from === undefined) throw new UsageError('--values goes with --from');
      return {
        command: 'import',
        from:
          values.from !== undefined
            ? { url: parseUrl(values.from) }
            : values.csv !== undefined
              ? { csv: values.csv }
              : { file: file! },
        out: requireOut(values.out, 'import', /\.json$/i, 'a scene file ending in .tagsim.json'),
        name: values.name,
        values: values.values === true,
        force,
      };
    }
    case 'export':
      if (values.scene === undefined) throw new UsageError('tagsim export needs --scene <name or file>');
      return {
        command: 'export',
        scene: sceneArgument(values.scene),
        out: requireOut(
          values.out,
          'export',
          /\.(json|csv)$/i,
          'a .tagsim.json scene file or a .csv tag list',
        ),
        force,
      };
    case 'snapshot':
      if (values.from === undefined) throw new UsageError('tagsim snapshot needs --from <url>');
      return {
        command: 'snapshot',
        from: parseUrl(values.from),
        out: requireOut(values.out, 'snapshot', /\.json$/i, 'a snapshot file ending in .tagsim-state.json'),
        force,
      };
    case 'schema':
      return { command: 'schema', out: values.out, force };
    case 'run': {
      const scenario = extra[0]?.trim();
      if (!scenario) throw new UsageError('tagsim run needs a scenario file: tagsim run <scenario.json>');
      if (values.report !== undefined && values.report.trim() === '')
        throw new UsageError('--report needs a file name, for example junit.xml');
      return {
        command: 'run',
        scenario,
        scene: values.scene !== undefined ? sceneArgument(values.scene) : undefined,
        host: parseHost(values.host),
        port: parsePort(values.port),
        report: values.report?.trim(),
        ...simulationOptions(values),
        // Only what was given: the run's own defaults stand for the rest.
        ...givenControlOptions(values),
      };
    }
    case 'serve':
      return serveCommand(values);
  }
}

function serveCommand(values: ParsedValues): CliCommand {
  if (values.scene !== undefined && values.synthetic !== undefined) {
    throw new UsageError('--scene and --synthetic cannot be used together');
  }
  if (values['ui-files'] && !values.ui && values['no-control'])
    throw new UsageError('--ui-files goes with --ui or the control API (not with --no-control)');
  return {
    command: 'serve',
    host: parseHost(values.host),
    port: parsePort(values.port),
    scene:
      values.synthetic !== undefined
        ? { synthetic: parseWholeNumber('--synthetic', values.synthetic) }
        : values.scene !== undefined
          ? sceneArgument(values.scene)
          : undefined,
    ui: values.ui === true,
    uiFiles: values['ui-files'] === true,
    state: values.state,
    ...simulationOptions(values),
    ...controlOptions(values),
    modbus: modbusOptions(values),
    modbusClient: modbusClientOptions(values),
    opcuaClient: opcuaClientOptions(values),
    printModbusMap: values['print-map'] === true,
  };
}

/**
 * argv with the default written out for each option whose value may be left out and was:
 * `--modbus` alone (or before another option) becomes `--modbus=` (the command reading it knows
 * its default port).
 */
function withOptionalValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  argv.forEach((arg, i) => {
    const option = OPTION_SPECS.find((o) => o.optionalValue !== undefined && arg === `--${o.name}`);
    const next = argv[i + 1];
    out.push(option && (next === undefined || !/^\d+$/.test(next)) ? `${arg}=${option.optionalValue}` : arg);
  });
  return out;
}

function isCommand(word: string): word is CommandName {
  return (COMMANDS as readonly string[]).includes(word);
}

function unknownCommand(word: string): string {
  const meant = closest(word, COMMANDS);
  return `unknown command '${word}'${meant ? `; did you mean '${meant}'?` : ''}`;
}

function requireOut(out: string | undefined, command: string, ending: RegExp, what: string): string {
  if (out === undefined || out.trim() === '') throw new UsageError(`tagsim ${command} needs --out <file>`);
  if (!ending.test(out.trim())) throw new UsageError(`--out must name ${what}; got '${out}'`);
  return out.trim();
}

/** `http://host:7410`, also written `host:7410`; the API's own paths are added later. */
function parseUrl(text: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim()) ? text.trim() : `http://${text.trim()}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(
      `--from must be the address of a simulator, like http://127.0.0.1:7410; got '${text}'`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--from must be an http:// address; got '${text}'`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api(\/tags)?$/, '')}`;
}

function describeParseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const option = /'(-[^' ]*)/.exec(message ?? '')?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const known = [...OPTION_SPECS, ...GLOBAL_OPTION_SPECS].map((o) => `--${o.name}`);
    const meant = option?.startsWith('--') ? closest(option.split('=')[0]!, known) : undefined;
    return `unknown option '${option ?? message}'${meant ? `; did you mean '${meant}'?` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    // Also the code of a switch given a value (--ui=yes), which is not a missing value.
    return /does not take an argument/.test(message ?? '')
      ? `option '${option ?? '?'}' does not take a value`
      : `option '${option ?? '?'}' needs a value`;
  return (message ?? String(error)).split('\n')[0]!;
}
