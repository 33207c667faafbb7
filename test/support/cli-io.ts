// The console of an in-process `runCli`: the lines it prints, and the stop request (Ctrl+C) that
// the test sends when it wants the command to end.
import { expect } from 'vitest';
import type { CliIo } from '../../main/cli/cli-io.js';

export interface TestConsole {
  out: string[];
  err: string[];
  io: CliIo;
  /** Asks the command to stop, as SIGINT or SIGTERM would. */
  stop(signal: string): void;
}

export function cliIo(): TestConsole {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: (signal: string) => void;
  const stopRequested = new Promise<string>((resolve) => (stop = resolve));
  return {
    out,
    err,
    io: {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      stopRequested,
      version: '9.9.9',
      rendererDir: '/nonexistent/',
    },
    stop,
  };
}

/** The API's address once the command has printed its "Listening on" line. */
export async function cliListeningUrl(t: TestConsole): Promise<string> {
  const line = () => t.out.find((l) => l.startsWith('Listening on'));
  await expect.poll(line, { timeout: 5000 }).toBeDefined();
  return /^Listening on (\S+)/.exec(line()!)![1]!;
}
