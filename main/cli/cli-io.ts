/** What the CLI needs from its process, injected so tests can run it in-process. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Resolves when the user asks to stop (SIGINT, SIGTERM). */
  stopRequested: Promise<string>;
  version: string;
  /** Where the renderer bundle is, for `serve --ui`. */
  rendererDir: string;
  /** The environment (TAGSIM_UI_TOKEN_FILE...); the process's when absent. */
  env?: NodeJS.ProcessEnv;
}
