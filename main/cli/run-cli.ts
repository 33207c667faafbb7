import { BUILTIN_SCENE_NAMES, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { RuntimeStartError, startRuntime, type Runtime } from '../runtime/start-runtime.js';
import { describeListenError } from '../runtime/listen-errors.js';
import { HELP, parseCli, UsageError } from './parse-cli.js';

/** What the CLI needs from its process, injected so tests can run it in-process. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Resolves when the user asks to stop (SIGINT, SIGTERM). */
  stopRequested: Promise<string>;
  version: string;
  /** Where the renderer bundle is, for `serve --ui`. */
  rendererDir: string;
}

/** Exit codes: 0 done, 1 could not run (port taken...), 2 bad command line. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command;
  try {
    command = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`tagsim: ${error.message} (see 'tagsim --help')`);
    return 2;
  }
  switch (command.command) {
    case 'help':
      io.out(HELP.trimEnd());
      return 0;
    case 'version':
      io.out(io.version);
      return 0;
    case 'scenes':
      for (const name of BUILTIN_SCENE_NAMES)
        io.out(name === DEFAULT_SCENE_NAME ? `${name} (default)` : name);
      return 0;
    case 'serve':
      break;
  }

  let runtime: Runtime;
  try {
    runtime = await startRuntime({
      host: command.host,
      port: command.port,
      scene: command.scene,
      ui: command.ui ? { rendererDir: io.rendererDir } : undefined,
    });
  } catch (error) {
    const cause = error instanceof RuntimeStartError ? error.cause : error;
    io.err(`tagsim: ${describeListenError(cause, command.host, command.port)}`);
    return 1;
  }
  runtime.server.errors.on((e) =>
    io.err(`tagsim: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  );
  const { scene } = runtime.engine;
  io.out(`TagSim ${io.version} serving "${scene.name}" (${scene.tags.length} tags)`);
  io.out(`Listening on ${runtime.url}  (Ctrl+C to stop)`);
  if (runtime.uiUrl) io.out(`UI: ${runtime.uiUrl}`);

  const signal = await io.stopRequested;
  await runtime.stop();
  io.out(`TagSim stopped (${signal}).`);
  return 0;
}
