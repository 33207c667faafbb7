import { parseArgs } from 'node:util';
import { closest } from '../../shared/scenes/json-words.js';
import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../../shared/sim/sim-lifecycle.js';
import { sceneArgument, type SceneChoice } from '../runtime/resolve-scene.js';
import type { ClockMode } from '../runtime/simulation-host.js';
import type { RunScenarioCommand } from '../scenario/run-scenario.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/create-api-server.js';
import { MAX_JOURNAL_ENTRIES } from '../server/request-journal.js';
import { MODBUS_MAP_CHOICES, type ModbusMapChoice } from '../../shared/modbus/modbus-layout.js';
import { generalHelp } from './cli-help.js';
import { labCommand, type LabCommand } from './lab-command.js';
import {
  COMMAND_SPECS,
  commandsOf,
  GLOBAL_OPTION_SPECS,
  OPTION_SPECS,
  type CommandName,
} from './cli-spec.js';

/** What the command line asked for. */
export type CliCommand =
  /** Help on every command, or on one (`topic`); `bare` when no command was given at all. */
  | { command: 'help'; topic?: CommandName; bare?: boolean }
  | { command: 'version' }
  | { command: 'scenes' }
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
    } & ControlCliOptions)
  | {
      command: 'import';
      from: { url: string } | { csv: string };
      out: string;
      name: string | undefined;
      values: boolean;
      force: boolean;
    }
  | { command: 'export'; scene: SceneChoice; out: string; force: boolean }
  | { command: 'snapshot'; from: string; out: string; force: boolean }
  | { command: 'schema'; out: string | undefined; force: boolean }
  | ({ command: 'run' } & RunScenarioCommand)
  | LabCommand;

/** The control API's options, the same for `serve` and `run`. */
export interface ControlCliOptions {
  /** Where simulation time comes from (--clock); a virtual clock needs the control API. */
  clock: ClockMode;
  /** Serve the control API (false with --no-control). */
  control: boolean;
  /** No token on a non-loopback host (--control-open). */
  controlOpen: boolean;
  /** Requests the journal keeps (--journal; 0: none). */
  journal: number | undefined;
  /** A file of chaos rules to start with (--chaos). */
  chaos: string | undefined;
}

/** The Modbus server a command line asked for. */
export interface ModbusCommandOptions {
  port: number;
  unitId: number | undefined;
  map: ModbusMapChoice;
  scaleFactor: number | undefined;
}

/** A command line that cannot be run; the message is one line that names the problem. */
export class UsageError extends Error {}

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
  // `run` takes the scenario file; no other command takes an argument.
  const taken = command === 'run' ? 1 : 0;
  if (extra.length > taken) throw new UsageError(`unexpected argument '${extra[taken]}'`);
  for (const option of OPTION_SPECS) {
    const commands = commandsOf(option);
    if (values[option.name] === undefined || commands.includes(command)) continue;
    throw new UsageError(
      `--${option.name} is an option of ${commands.map((c) => `'tagsim ${c}'`).join(' and ')}`,
    );
  }
  if (command === 'lab') return labCommand(values as ParsedValues, scenes);
  return commandFrom(command, extra, values as ParsedValues);
}

/** The option values as parseArgs gives them, by their names in OPTION_SPECS. */
export interface ParsedValues {
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
  clock?: string;
  journal?: string;
  chaos?: string;
  'no-control'?: boolean;
  'control-open'?: boolean;
  modbus?: string;
  'modbus-unit'?: string;
  'modbus-map'?: string;
  'modbus-scale'?: string;
  report?: string;
  from?: string;
  csv?: string;
  out?: string;
  name?: string;
  values?: boolean;
  force?: boolean;
  stations?: string;
  'dashboard-port'?: string;
  'lab-file'?: string;
  schedule?: string;
}

function commandFrom(
  command: Exclude<CommandName, 'help' | 'lab'>,
  extra: string[],
  values: ParsedValues,
): CliCommand {
  const force = values.force === true;
  switch (command) {
    case 'scenes':
      return { command: 'scenes' };
    case 'import': {
      if (values.from !== undefined && values.csv !== undefined)
        throw new UsageError('--from and --csv cannot be used together');
      if (values.from === undefined && values.csv === undefined)
        throw new UsageError('tagsim import needs --from <url> or --csv <file>');
      if (values.values && values.from === undefined) throw new UsageError('--values goes with --from');
      return {
        command: 'import',
        from: values.from !== undefined ? { url: parseUrl(values.from) } : { csv: values.csv! },
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
        seed: values.seed === undefined ? undefined : parseSeed(values.seed),
        paused: values.paused === true,
        timeScale: values['time-scale'] === undefined ? undefined : parseTimeScale(values['time-scale']),
        // Only what was given: the run's own defaults stand for the rest.
        ...given<ControlCliOptions>(controlOptions(values), {
          clock: 'real',
          control: true,
          controlOpen: false,
          journal: undefined,
          chaos: undefined,
        }),
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
    seed: values.seed === undefined ? undefined : parseSeed(values.seed),
    paused: values.paused === true,
    timeScale: values['time-scale'] === undefined ? undefined : parseTimeScale(values['time-scale']),
    ...controlOptions(values),
    modbus: modbusOptions(values),
  };
}

/** The fields of `options` that differ from their defaults. */
function given<T extends object>(options: T, defaults: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => value !== (defaults as Record<string, unknown>)[key]),
  ) as Partial<T>;
}

function controlOptions(values: ParsedValues): ControlCliOptions {
  if (values['no-control'] && values['control-open'])
    throw new UsageError('--control-open and --no-control cannot be used together');
  const clock = parseClock(values.clock);
  if (clock === 'virtual' && values['no-control'])
    throw new UsageError('--clock virtual needs the control API, which advances it (not with --no-control)');
  for (const option of ['journal', 'chaos'] as const)
    if (values[option] !== undefined && values['no-control'])
      throw new UsageError(`--${option} goes with the control API (not with --no-control)`);
  if (values.chaos !== undefined && values.chaos.trim() === '')
    throw new UsageError('--chaos needs a file of chaos rules, for example chaos.json');
  return {
    clock,
    control: values['no-control'] !== true,
    controlOpen: values['control-open'] === true,
    journal: values.journal === undefined ? undefined : parseJournal(values.journal),
    chaos: values.chaos?.trim(),
  };
}

function parseJournal(text: string): number {
  const entries = parseWholeNumber('--journal', text);
  if (entries > MAX_JOURNAL_ENTRIES)
    throw new UsageError(`--journal must be from 0 to ${MAX_JOURNAL_ENTRIES}; got '${text}'`);
  return entries;
}

function parseClock(text: string | undefined): ClockMode {
  if (text === undefined) return 'real';
  const mode = text.trim().toLowerCase();
  if (mode === 'real' || mode === 'virtual') return mode;
  throw new UsageError(`--clock must be real or virtual; got '${text}'`);
}

function modbusOptions(values: ParsedValues): ModbusCommandOptions | undefined {
  if (values.modbus === undefined) {
    const stray = (['modbus-unit', 'modbus-map', 'modbus-scale'] as const).find(
      (o) => values[o] !== undefined,
    );
    if (stray) throw new UsageError(`--${stray} goes with --modbus`);
    return undefined;
  }
  const port = parseWholeNumber('--modbus', values.modbus);
  if (port > 65535) throw new UsageError(`--modbus must be a port from 0 to 65535; got '${values.modbus}'`);
  const unit = values['modbus-unit'];
  const unitId = unit === undefined ? undefined : parseWholeNumber('--modbus-unit', unit);
  if (unitId !== undefined && unitId > 255)
    throw new UsageError(`--modbus-unit must be from 0 to 255; got '${unit}'`);
  const map = values['modbus-map']?.trim() ?? 'default';
  if (!(MODBUS_MAP_CHOICES as readonly string[]).includes(map))
    throw new UsageError(`--modbus-map must be ${MODBUS_MAP_CHOICES.join(' or ')}; got '${map}'`);
  const scale = values['modbus-scale'];
  const scaleFactor = scale === undefined ? undefined : parseWholeNumber('--modbus-scale', scale);
  if (scaleFactor !== undefined && (scaleFactor < 1 || scaleFactor > 10000))
    throw new UsageError(`--modbus-scale must be from 1 to 10000; got '${scale}'`);
  return { port, unitId, map: map as ModbusMapChoice, scaleFactor };
}

/**
 * argv with the default written out for each option whose value may be left out and was:
 * `--modbus` alone (or before another option) becomes `--modbus=502`.
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

export function parsePort(text: string | undefined, option = '--port'): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = parseWholeNumber(option, text);
  if (port > 65535) throw new UsageError(`${option} must be from 0 to 65535; got '${text}'`);
  return port;
}

export function parseHost(text: string | undefined): string {
  if (text === undefined) return DEFAULT_HOST;
  if (text.trim() === '') throw new UsageError('--host needs an address, for example 127.0.0.1');
  return text.trim();
}

/** A seed of the simulation's random streams: a whole number that fits 32 bits. */
export function parseSeed(text: string): number {
  const seed = parseWholeNumber('--seed', text);
  if (seed > 0xffffffff) throw new UsageError(`--seed must be from 0 to 4294967295; got '${text}'`);
  return seed;
}

/** A time scale the simulator offers, written `2`, `0.5` or `2x`. */
export function parseTimeScale(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*x?\s*$/i.exec(text);
  const scale = match ? Number(match[1]) : NaN;
  if (!(scale >= MIN_TIME_SCALE && scale <= MAX_TIME_SCALE)) {
    throw new UsageError(
      `--time-scale must be a number from ${MIN_TIME_SCALE} to ${MAX_TIME_SCALE} (like 2 or 0.5); got '${text}'`,
    );
  }
  return scale;
}

export function parseWholeNumber(option: string, text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${option} must be a whole number; got '${text}'`);
  return Number(text.trim());
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
