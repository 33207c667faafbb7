#!/usr/bin/env node
// The `tagsim` command: wires the real process into runCli and exits with its code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCli } from './run-cli.js';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const stopRequested = new Promise<string>((resolve) => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      resolve(signal);
      // A second signal means "now": do not wait for open connections.
      process.once(signal, () => process.exit(130));
    });
  }
});

const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stopRequested,
  version: pkg.version,
  rendererDir: fileURLToPath(new URL('../../renderer/', import.meta.url)),
});
process.exit(code);
