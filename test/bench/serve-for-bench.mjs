// Starts one server under test in its own process, so that it never shares an event loop (or,
// when pinned, a core) with the load generator:
//
//   node test/bench/serve-for-bench.mjs <tagsim|api|bare|naive> <tagCount>
//
// - tagsim: TagSim as `tagsim serve --synthetic <tagCount>` runs it: startTagSim, the one
//   composition root the CLI calls, with the CLI's defaults (control API with its request
//   journal of 10,000 entries, simulation running on the real clock, no window). A synthetic
//   scene has no behaviours, so its running simulation is the lifecycle alone (a 10 ms timer that
//   moves no tag). `plant` then opens the benchmark scene (the same tags with the sine plant,
//   bench-scene.mjs) over it keeping every tag's state, as a user opening a scene with a plant
//   does: the simulation follows and its plant writes the sine waves.
// - api: createApiServer alone on an engine (no control API, no journal, no runtime); `plant`
//   starts a simulation host of the benchmark scene.
// - bare / naive: the baselines (bare-server.mjs, naive-server.mjs).
//
// It serves the benchmark scene of <tagCount> tags (bench-scene.mjs) on 127.0.0.1, on a free
// port (port 0), prints that port alone on the first line of stdout, and runs until
// SIGTERM/SIGINT or until its stdin closes (the parent went away). It exits through
// process.exit so that `--cpu-prof` profiles are written. Commands on stdin, one line each,
// each answered with one stdout line:
//   cpu    the CPU time this process has used so far, in microseconds (user + system);
//   plant  starts the plant (TagSim's simulation, or the naive server's own timer): `plant`.
import { createApiServer } from '../../dist/main/server/create-api-server.js';
import { createSimulationHost } from '../../dist/main/runtime/simulation-host.js';
import { startTagSim } from '../../dist/main/compose/start-tagsim.js';
import { TagEngine } from '../../dist/shared/core/tag-engine.js';
import { syntheticScene } from '../../dist/shared/scenes/builtin-scenes.js';
import { createBareServer } from './bare-server.mjs';
import { benchScene } from './bench-scene.mjs';
import { createNaiveServer } from './naive-server.mjs';

const HOST = '127.0.0.1';
const KINDS = ['tagsim', 'api', 'bare', 'naive'];

const [kind, countArg] = process.argv.slice(2);
const tagCount = Number(countArg);
if (!KINDS.includes(kind) || !Number.isInteger(tagCount) || tagCount < 1) {
  process.stderr.write('usage: node test/bench/serve-for-bench.mjs <tagsim|api|bare|naive> <tagCount>\n');
  process.exit(2);
}

const scene = benchScene(tagCount);

/** A `node:http` server listening on 127.0.0.1:0; resolves with its port and a close function. */
async function listenBare(server) {
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

/** Starts the chosen server; resolves with its port, a close function and its plant switch. */
async function start() {
  if (kind === 'naive') {
    const naive = createNaiveServer(scene);
    return { ...(await listenBare(naive.server)), startPlant: naive.startPlant };
  }
  const reportError = (e) => console.error(e);
  if (kind === 'tagsim') {
    // What run-cli.ts's serve passes for `tagsim serve --synthetic N --port 0`.
    const tagsim = await startTagSim({
      scene: { scene: syntheticScene(tagCount) },
      server: { host: HOST, port: 0 },
      simulation: { startRunning: true, clock: 'real' },
      control: { version: 'bench', open: false },
      reportError,
    });
    return {
      port: Number(new URL(tagsim.url).port),
      close: () => tagsim.close(),
      startPlant: () => tagsim.engine.loadScene(scene, { keepState: true }),
    };
  }
  const engine = new TagEngine(scene);
  const startPlant = () => createSimulationHost(engine, { reportError });
  if (kind === 'api') {
    const api = createApiServer(engine, { host: HOST, port: 0 });
    const { port } = await api.listen();
    return { port, close: () => api.close(), startPlant };
  }
  return { ...(await listenBare(createBareServer(engine))), startPlant };
}

const { port, close, startPlant } = await start();

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
let planted = false;
process.stdin.on('data', (chunk) => {
  for (const line of chunk.split('\n').map((l) => l.trim())) {
    if (line === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.stdout.write(`${user + system}\n`);
    } else if (line === 'plant') {
      if (!planted) startPlant();
      planted = true;
      process.stdout.write('plant\n');
    }
  }
});

process.stdout.write(`${port}\n`);
