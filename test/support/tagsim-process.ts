// The built `tagsim` command (dist/, built by the global setup) as a real child process: what a
// user or a CI pipeline runs. One way to start it, capture what it prints and find its address.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const TAGSIM_BIN = fileURLToPath(new URL('../../dist/main/cli/main.js', import.meta.url));

export interface TagsimProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The exit code (null after a signal the process did not handle). */
  exited: Promise<number | null>;
  /** Everything printed so far on stdout and on stderr. */
  out(): string;
  err(): string;
}

/**
 * Starts `tagsim <args>`; `nodeOptions` go to Node before the script (`--max-old-space-size`);
 * `install` runs another install's `tagsim` (its bin and folder) instead of the checkout's.
 */
export function spawnTagsim(
  args: readonly string[],
  nodeOptions: readonly string[] = [],
  install?: { bin: string; cwd: string },
): TagsimProcess {
  const child = spawn(process.execPath, [...nodeOptions, install?.bin ?? TAGSIM_BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(install ? { cwd: install.cwd } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** The address up to the space or line end after it, so that a port cut by the pipe is never read half. */
const LISTENING = /Listening on (http:\/\/127\.0\.0\.1:\d+)\s/;

/**
 * The API's address once the process prints "Listening on …". Fails with what it printed when
 * it exits first or takes longer than `timeoutMs`.
 */
export function listeningUrl(p: TagsimProcess, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const stopWaiting = () => {
      clearTimeout(timer);
      p.child.stdout.off('data', check);
      p.child.off('exit', exitedFirst);
    };
    const check = () => {
      const url = LISTENING.exec(p.out())?.[1];
      if (url === undefined) return;
      stopWaiting();
      resolve(url);
    };
    const fail = (why: string) => {
      stopWaiting();
      reject(new Error(`tagsim ${why}:\n${p.out()}${p.err()}`));
    };
    const exitedFirst = (code: number | null) => fail(`exited (${code}) before listening`);
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    // Registered after spawnTagsim's own listener, so the chunk is in out() when this runs.
    p.child.stdout.on('data', check);
    p.child.once('exit', exitedFirst);
    check();
  });
}

export interface ServingTagsim extends TagsimProcess {
  url: string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `tagsim serve --port 0 <args>` on 127.0.0.1, resolved once it listens. */
export async function serveTagsim(
  args: readonly string[] = [],
  options: { nodeOptions?: readonly string[]; timeoutMs?: number } = {},
): Promise<ServingTagsim> {
  const p = spawnTagsim(['serve', '--port', '0', ...args], options.nodeOptions);
  try {
    const url = await listeningUrl(p, options.timeoutMs);
    return {
      ...p,
      url,
      stop: (signal = 'SIGTERM') => {
        p.child.kill(signal);
        return p.exited;
      },
    };
  } catch (error) {
    p.child.kill('SIGKILL');
    throw error;
  }
}
