import { parseArgs } from 'node:util';
import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../../shared/sim/sim-lifecycle.js';
import { sceneArgument, type SceneChoice } from '../runtime/resolve-scene.js';

/** What the command line asked for. */
export type CliCommand =
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'scenes' }
  | {
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
    }
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
  | {
      command: 'run';
      /** The scenario file. */
      scenario: string;
      scene: SceneChoice | undefined;
      host: string;
      port: number;
      /** Where to write the JUnit XML report. */
      report: string | undefined;
      seed: number | undefined;
      /** Do not run the simulation on start: the scenario's clock waits for a client to run it. */
      paused: boolean;
      /** The simulation's time scale from the start, 0.25 to 8. */
      timeScale: number | undefined;
    };

/** A command line that cannot be run; the message is one line that names the problem. */
export class UsageError extends Error {}

export const HELP = `Usage: tagsim <command> [options]

A stand-in for the FACTORY I/O Web API (tags on port 7410).

Commands:
  serve              Serve the tag API headless until Ctrl+C
  scenes             List the built-in scenes
  import             Make a scene file from a running simulator (--from) or a driver CSV (--csv)
  export             Save a built-in scene or a scene file as a scene file or a driver CSV
  snapshot           Save the state of a running simulator (values, forces, failures) to a file
  schema             Print the JSON Schema of scene files (or write it with --out)
  run <scenario>     Serve a scene and run a scenario file's steps against the client under test;
                     exit 0 when every check passed, 1 when one failed (see docs/simulation.md)
  help               Show this help

Options of serve:
  --port <n>         Port to listen on (default 7410; 0 picks a free one)
  --host <address>   Interface to bind (default 127.0.0.1; 0.0.0.0 exposes it to the network)
  --scene <scene>    Built-in scene name, or a scene file (path ending in .tagsim.json)
                     (default "Sorting by Height (Basic)")
  --synthetic <n>    Serve a generated scene of n tags instead (load and UI testing)
  --state <file>     Start from a state snapshot (.tagsim-state.json): values, forces, failures
  --ui               Also serve the live tag window at /ui/ (its URL, with an access token, is printed)
  --ui-files         Let that window open and save files by path on this machine even when --host
                     is not a loopback address (off there by default: it uploads and downloads)
  --seed <n>         Seed of the simulation's random streams (default 1): the same seed, the same run
  --paused           Do not run the simulation on start (the Run tag, the window or the tray start it)
  --time-scale <x>   Simulation time runs x times as fast as real time: 0.25 to 8 (default 1)

Options of import:
  --from <url>       A running simulator, real or TagSim (http://host:7410): reads /api/tags
                     and keeps its ids, names, kinds, types and addresses
  --csv <file>       A driver configuration CSV: Name,Type,Data Type,Address
  --out <file>       The scene file to write (.tagsim.json)
  --name <name>      The scene's name (default: the CSV's file name, or "Imported from <host>")
  --values           With --from: the tags start from the values they have now

Options of export:
  --scene <scene>    Built-in scene name or scene file
  --out <file>       A .tagsim.json scene file, or a .csv driver tag list

Options of run (and --port, --host, --scene as for serve):
  --report <file>    Write a JUnit XML report of the run's checks
  --seed <n>         The simulation's seed (default: the scenario's seed, else 1)
  --paused           Do not run the simulation on start: step times wait until a client runs it
                     (a rising edge on FACTORY I/O (Run))
  --time-scale <x>   Run the simulation x times as fast as real time: 0.25 to 8 (default 1);
                     step times and waitFor timeouts are simulation time, the file's timeoutMs
                     stays real time

Options of snapshot:
  --from <url>       A running simulator (http://host:7410)
  --out <file>       The snapshot to write (.tagsim-state.json)

  --force            import, export, snapshot, schema: replace --out if it exists
                     (a scene file keeps its previous version as <file>.bak)
  -h, --help         Show this help
  -v, --version      Show the version

Exit codes: 0 done, 1 could not do it (the reason is printed), 2 bad command line.
`;

/** Which commands take each option (help and version are taken everywhere). */
const OPTION_COMMANDS: Readonly<Record<string, readonly string[]>> = {
  port: ['serve'],
  host: ['serve'],
  synthetic: ['serve'],
  state: ['serve'],
  ui: ['serve'],
  'ui-files': ['serve'],
  scene: ['serve', 'export'],
  report: ['run'],
  seed: ['serve', 'run'],
  paused: ['serve', 'run'],
  'time-scale': ['serve', 'run'],
  from: ['import', 'snapshot'],
  csv: ['import'],
  name: ['import'],
  values: ['import'],
  out: ['import', 'export', 'snapshot', 'schema'],
  force: ['import', 'export', 'snapshot', 'schema'],
};
/** Options of serve that run takes too (left out of the table above to keep its messages short). */
const RUN_ALSO = ['port', 'host', 'scene'];
const COMMANDS = ['help', 'scenes', 'serve', 'import', 'export', 'snapshot', 'schema', 'run'];

/** Parses argv (without node and the script) into a command, or throws a UsageError. */
export function parseCli(argv: readonly string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        scene: { type: 'string' },
        synthetic: { type: 'string' },
        state: { type: 'string' },
        ui: { type: 'boolean' },
        'ui-files': { type: 'boolean' },
        from: { type: 'string' },
        csv: { type: 'string' },
        out: { type: 'string' },
        name: { type: 'string' },
        values: { type: 'boolean' },
        force: { type: 'boolean' },
        report: { type: 'string' },
        seed: { type: 'string' },
        paused: { type: 'boolean' },
        'time-scale': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const [command, ...extra] = positionals;
  // `run` takes the scenario file; no other command takes an argument.
  const taken = command === 'run' ? 1 : 0;
  if (extra.length > taken) throw new UsageError(`unexpected argument '${extra[taken]}'`);
  if (command === undefined || command === 'help') return { command: 'help' };
  if (!COMMANDS.includes(command)) throw new UsageError(`unknown command '${command}'`);
  for (const [option, commands] of Object.entries(OPTION_COMMANDS)) {
    if (values[option as keyof typeof values] === undefined || commands.includes(command)) continue;
    if (command === 'run' && RUN_ALSO.includes(option)) continue;
    throw new UsageError(`--${option} is an option of ${commands.map((c) => `'tagsim ${c}'`).join(' and ')}`);
  }
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
      };
    }
  }
  if (values.scene !== undefined && values.synthetic !== undefined) {
    throw new UsageError('--scene and --synthetic cannot be used together');
  }
  if (values['ui-files'] && !values.ui) throw new UsageError('--ui-files goes with --ui');
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
  };
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

function parsePort(text: string | undefined): number {
  if (text === undefined) return 7410;
  const port = parseWholeNumber('--port', text);
  if (port > 65535) throw new UsageError(`--port must be from 0 to 65535; got '${text}'`);
  return port;
}

function parseHost(text: string | undefined): string {
  if (text === undefined) return '127.0.0.1';
  if (text.trim() === '') throw new UsageError('--host needs an address, for example 127.0.0.1');
  return text.trim();
}

/** A seed of the simulation's random streams: a whole number that fits 32 bits. */
function parseSeed(text: string): number {
  const seed = parseWholeNumber('--seed', text);
  if (seed > 0xffffffff) throw new UsageError(`--seed must be from 0 to 4294967295; got '${text}'`);
  return seed;
}

/** A time scale the simulator offers, written `2`, `0.5` or `2x`. */
function parseTimeScale(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*x?\s*$/i.exec(text);
  const scale = match ? Number(match[1]) : NaN;
  if (!(scale >= MIN_TIME_SCALE && scale <= MAX_TIME_SCALE)) {
    throw new UsageError(
      `--time-scale must be a number from ${MIN_TIME_SCALE} to ${MAX_TIME_SCALE} (like 2 or 0.5); got '${text}'`,
    );
  }
  return scale;
}

function parseWholeNumber(option: string, text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${option} must be a whole number; got '${text}'`);
  return Number(text.trim());
}

function describeParseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const option = /'(-[^' ]*)/.exec(message ?? '')?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option '${option ?? message}'`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    // Also the code of a switch given a value (--ui=yes), which is not a missing value.
    return /does not take an argument/.test(message ?? '')
      ? `option '${option ?? '?'}' does not take a value`
      : `option '${option ?? '?'}' needs a value`;
  return (message ?? String(error)).split('\n')[0]!;
}
