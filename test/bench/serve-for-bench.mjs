// Starts one server under test in its own process, so that it never shares an event loop (or,
// when pinned, a core) with the load generator:
//
//   node test/bench/serve-for-bench.mjs <tagsim|bare> <tagCount>
//
// It serves a synthetic scene of <tagCount> tags on 127.0.0.1, on a free port (port 0), prints
// that port alone on the first line of stdout, and runs until SIGTERM/SIGINT or until its stdin
// closes (the parent went away). It exits through process.exit so that `--cpu-prof` profiles
// are written. Each `cpu` line on stdin is answered with one stdout line: the CPU time this
// process has used so far, in microseconds (user + system), for CPU-per-request figures.
import { createApiServer } from '../../dist/main/server/create-api-server.js';
import { TagEngine } from '../../dist/shared/core/tag-engine.js';
import { syntheticScene } from '../../dist/shared/scenes/builtin-scenes.js';
import { createBareServer } from './bare-server.mjs';

const HOST = '127.0.0.1';

const [kind, countArg] = process.argv.slice(2);
const tagCount = Number(countArg);
if ((kind !== 'tagsim' && kind !== 'bare') || !Number.isInteger(tagCount) || tagCount < 1) {
  process.stderr.write('usage: node test/bench/serve-for-bench.mjs <tagsim|bare> <tagCount>\n');
  process.exit(2);
}

const engine = new TagEngine(syntheticScene(tagCount));

/** Starts the chosen server; resolves with its port and a close function. */
async function start() {
  if (kind === 'tagsim') {
    const api = createApiServer(engine, { host: HOST, port: 0 });
    const { port } = await api.listen();
    return { port, close: () => api.close() };
  }
  const server = createBareServer(engine);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, resolve);
  });
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const { port, close } = await start();

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  // Never hang on close: the parent is waiting for this process to go.
  setTimeout(() => process.exit(0), 2000).unref();
  await close().catch(() => undefined);
  process.exit(0);
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  for (const line of chunk.split('\n')) {
    if (line.trim() !== 'cpu') continue;
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${user + system}\n`);
  }
});

process.stdout.write(`${port}\n`);
