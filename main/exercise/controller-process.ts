import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** The student's controller that `tagsim grade --controller-cmd` runs beside the exercise. */
export interface ControllerProcess {
  /** Resolves when it has exited, by itself or stopped: its exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** Ends it (and what it started): SIGTERM to its process group, SIGKILL 2 s later if it is still there. */
  stop(): Promise<void>;
}

/** The longest line of the controller's output that is passed on; the rest of it is cut. */
const MAX_LINE_CHARS = 2000;
const KILL_AFTER_MS = 2000;

/**
 * Runs `command` with the system's shell (a course's CI writes `python3 plc.py` or `node
 * plc.js`), its environment with `env` added (TAGSIM_URL...), and hands each line it prints to
 * `onLine`. On POSIX it leads a process group of its own, so that stopping it stops what the
 * shell started too.
 */
export function startController(
  command: string,
  env: Readonly<Record<string, string>>,
  onLine: (line: string, stream: 'out' | 'err') => void,
): ControllerProcess {
  const posix = process.platform !== 'win32';
  const child = spawn(command, {
    shell: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: posix,
    windowsHide: true,
  });
  const follow = (stream: Readable, name: 'out' | 'err') =>
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
      // Control characters (a terminal's escape sequences) are not passed on.
      // eslint-disable-next-line no-control-regex
      onLine(line.slice(0, MAX_LINE_CHARS).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '?'), name),
    );
  follow(child.stdout, 'out');
  follow(child.stderr, 'err');
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('error', (error) => {
      onLine(`could not start: ${error.message}`, 'err');
      resolve({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let done = false;
  void exited.then(() => (done = true));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (posix && child.pid !== undefined) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Gone already.
    }
  };
  return {
    exited,
    async stop() {
      if (done) return;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), KILL_AFTER_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
