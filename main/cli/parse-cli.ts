import { parseArgs } from 'node:util';
import type { SceneChoice } from '../runtime/resolve-scene.js';

/** What the command line asked for. */
export type CliCommand =
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'scenes' }
  | { command: 'serve'; host: string; port: number; scene: SceneChoice | undefined; ui: boolean };

/** A command line that cannot be run; the message is one line that names the problem. */
export class UsageError extends Error {}

export const HELP = `Usage: tagsim <command> [options]

A stand-in for the FACTORY I/O Web API (tags on port 7410).

Commands:
  serve              Serve the tag API headless until Ctrl+C
  scenes             List the built-in scenes
  help               Show this help

Options of serve:
  --port <n>         Port to listen on (default 7410; 0 picks a free one)
  --host <address>   Interface to bind (default 127.0.0.1; 0.0.0.0 exposes it to the network)
  --scene <name>     Built-in scene to serve (default "Sorting by Height (Basic)")
  --synthetic <n>    Serve a generated scene of n tags instead (load and UI testing)
  --ui               Also serve the live tag window at /ui/ (its URL, with an access token, is printed)

  -h, --help         Show this help
  -v, --version      Show the version
`;

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
        ui: { type: 'boolean' },
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
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  if (command === undefined || command === 'help') return { command: 'help' };
  const serveOnly = (['port', 'host', 'scene', 'synthetic', 'ui'] as const).find(
    (o) => values[o] !== undefined,
  );
  if (command === 'scenes') {
    if (serveOnly) throw new UsageError(`--${serveOnly} is an option of 'tagsim serve'`);
    return { command: 'scenes' };
  }
  if (command !== 'serve') throw new UsageError(`unknown command '${command}'`);
  if (values.scene !== undefined && values.synthetic !== undefined) {
    throw new UsageError('--scene and --synthetic cannot be used together');
  }
  return {
    command: 'serve',
    host: parseHost(values.host),
    port: parsePort(values.port),
    scene:
      values.synthetic !== undefined
        ? { synthetic: parseWholeNumber('--synthetic', values.synthetic) }
        : values.scene !== undefined
          ? { builtin: values.scene }
          : undefined,
    ui: values.ui === true,
  };
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

function parseWholeNumber(option: string, text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${option} must be a whole number; got '${text}'`);
  return Number(text.trim());
}

function describeParseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const option = /'(-[^' ]*)/.exec(message ?? '')?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option '${option ?? message}'`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `option '${option ?? '?'}' needs a value`;
  return (message ?? String(error)).split('\n')[0]!;
}
