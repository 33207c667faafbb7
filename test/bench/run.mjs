// `npm run bench`: load-tests TagSim's tag API as `tagsim serve` runs it (control API and request
// journal on, simulation running) against the server a user would improvise (the naive server:
// node:http, plain objects, JSON.stringify on every GET), a bare node:http server on TagSim's own
// engine, and createApiServer alone, in the same run, and prints requests per second, CPU per
// request, latency, the ratios, scaling with the number of tags, a start-up figure and the
// machine's load average.
//
// - Load comes from load.mjs in this process (keep-alive connections, no pipelining); each server
//   under test runs in its own child process (serve-for-bench.mjs) on 127.0.0.1 only. On Linux with two or more CPUs and
//   `taskset`, the load generator is pinned to one CPU and the servers to another.
// - Scenes: synthetic scenes of N = 100 and N = 10 000 tags (bench-scene.mjs), each with a plant
//   that writes a sine wave on one tag in a hundred every 10 ms once started.
// - Cases, plant stopped: GET /api/tag/values, GET /api/tags, PUT /api/tag/values with 10-item
//   batches (two that alternate, so writes change values). Then the plant is started in every
//   server and the two GETs run again: values change between polls.
// - Every case: a warm-up of each server, then rounds of 1 s slices, one per server, in an order
//   that reverses every round. Each ratio is the median of the per-round ratios, which cancels
//   most of the drift of a shared machine. The servers also report their own CPU time.
// - Start-up: `tagsim serve --synthetic 100000`, timed until it listens, with its RSS.
// - A saved scene (.factoryio) the size and shape of the largest public one: opened in a fresh
//   process, and its generic plant's CPU per 10 ms step (saved-scene.mjs).
// - The whole run is bounded by a watchdog and kills its children on exit.
//
// Knobs (environment): BENCH_DURATION (rounds per case, 1 s each per server, default 5),
// BENCH_WARMUP (s, default 1), BENCH_CONNECTIONS (default 50), BENCH_TAGS (default "100,10000"),
// BENCH_STARTUP_TAGS (default 100000; 0 skips it), BENCH_STARTUP_RUNS (default 3),
// BENCH_SAVED_RUNS (fresh processes that open the saved scene, default 5; 0 skips it), BENCH_PIN=0
// (no CPU pinning), BENCH_NODE_ARGS (extra node flags for the servers, e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { availableParallelism, cpus, loadavg } from 'node:os';
import { createHistogram } from 'node:perf_hooks';
import { API_PATHS } from '../../dist/shared/api/routes.js';
import { syntheticScene } from '../../dist/shared/scenes/builtin-scenes.js';
import { load } from './load.mjs';
import { killChildren, pinCpus, startServer, stopServer } from './processes.mjs';
import { fmtN, fmtRps, fmtUs, LABEL, report } from './report.mjs';
import { measureSavedScene, savedSceneReport } from './saved-scene.mjs';
import { measureStartup } from './startup.mjs';

const HOST = '127.0.0.1';

function intFromEnv(name, fallback, { allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || (n === 0 && !allowZero)) {
    throw new Error(`${name} must be a positive integer; got '${raw}'.`);
  }
  return n;
}

const ROUNDS = intFromEnv('BENCH_DURATION', 5);
const SLICE_S = 1;
const WARMUP_S = intFromEnv('BENCH_WARMUP', 1);
const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 50);
const TAG_COUNTS = (process.env.BENCH_TAGS ?? '100,10000').split(',').map((s) => Number(s.trim()));
const STARTUP_TAGS = intFromEnv('BENCH_STARTUP_TAGS', 100_000, { allowZero: true });
const STARTUP_RUNS = intFromEnv('BENCH_STARTUP_RUNS', 3);
const SAVED_RUNS = intFromEnv('BENCH_SAVED_RUNS', 5, { allowZero: true });
const SERVER_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
// tagsim: as `tagsim serve` runs it; api: createApiServer alone, an extra row (serve-for-bench.mjs).
const SERVERS = ['tagsim', 'naive', 'bare', 'api'];
const BATCH_SIZE = 10;
const PUT_ROUTE = `PUT /api/tag/values (${BATCH_SIZE} items)`;
const GOALS = [
  // Issue 24: TagSim as shipped, values still (its plant is the synthetic scene's: none).
  { tagCount: 100, route: 'GET /api/tag/values', plant: false, ratio: 2 },
  { tagCount: 100, route: 'GET /api/tags', plant: false, ratio: 2 },
  { tagCount: 100, route: PUT_ROUTE, plant: false, ratio: 0.8 },
  { tagCount: 10_000, route: 'GET /api/tag/values', plant: false, ratio: 15 },
  { tagCount: 10_000, route: 'GET /api/tags', plant: false, ratio: 15 },
  { tagCount: 10_000, route: PUT_ROUTE, plant: false, ratio: 0.8 },
  // Issue 13: the plant moving values between polls.
  { tagCount: 10_000, route: 'GET /api/tag/values', plant: true, ratio: 5 },
  { tagCount: 10_000, route: 'GET /api/tags', plant: true, ratio: 5 },
];
const STARTUP_GOAL_MS = 2000;
/** How far past linear a slowdown may go before it is flagged: run-to-run noise on a shared machine. */
const LINEAR_MARGIN = 0.3;

if (TAG_COUNTS.some((n) => !Number.isInteger(n) || n < 2 * BATCH_SIZE)) {
  throw new Error(`BENCH_TAGS must list integers >= ${2 * BATCH_SIZE}.`);
}

// ---------------------------------------------------------------------------------------------
// The cases.

const TYPE_VALUES = { Bit: [true, false], Int: [42, 7], Float: [1.5, 2.25] };

/** Two 10-item batches over Output tags spread across the scene, with different valid values. */
function writeBatches(tagCount) {
  const tags = syntheticScene(tagCount).tags;
  const picked = Array.from(
    { length: BATCH_SIZE },
    (_, k) => tags[2 * Math.floor((k * tagCount) / 2 / BATCH_SIZE)],
  );
  if (picked.some((t) => t.kind !== 'Output')) throw new Error('The write batch must hold Output tags only.');
  return [0, 1].map((variant) =>
    JSON.stringify(picked.map((t) => ({ id: t.id, value: TYPE_VALUES[t.type][variant] }))),
  );
}

const READS = [
  { name: 'GET /api/tag/values', requests: [{ method: 'GET', path: API_PATHS.values }] },
  { name: 'GET /api/tags', requests: [{ method: 'GET', path: API_PATHS.tags }] },
];

function writeCase(tagCount) {
  return {
    name: PUT_ROUTE,
    requests: writeBatches(tagCount).map((body) => ({
      method: 'PUT',
      path: API_PATHS.values,
      headers: { 'content-type': 'application/json' },
      body,
    })),
  };
}

/** One HTTP exchange with fetch, for the checks. */
async function exchange(port, { method, path, headers, body }) {
  const res = await fetch(`http://${HOST}:${port}${path}`, { method, headers, body });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/**
 * Before any load: every server must answer every case alike (status, Content-Type, body), and
 * the write batches must succeed (`[]`). Returns the response sizes.
 */
async function checkEquivalent(servers, cases) {
  const sizes = new Map();
  for (const route of cases) {
    for (const request of route.requests) {
      const [first, ...rest] = await Promise.all(servers.map((s) => exchange(s.port, request)));
      for (const [i, other] of rest.entries()) {
        const same = first.status === other.status && first.type === other.type && first.body === other.body;
        if (!same || first.status !== 200) {
          throw new Error(
            `${route.name}: ${servers[0].kind} and ${servers[i + 1].kind} differ or fail ` +
              `(${first.status} vs ${other.status}): ${first.body.slice(0, 200)}`,
          );
        }
      }
      if (request.method === 'PUT' && first.body !== '[]')
        throw new Error(`${route.name}: item errors ${first.body}`);
      sizes.set(route.name, Buffer.byteLength(first.body));
    }
  }
  return sizes;
}

/** Starts every server's plant and checks that values do change between two polls. */
async function startPlants(servers) {
  await Promise.all(servers.map((s) => s.send('plant')));
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const server of servers) {
    // A busy shared machine may not run a server's plant for a while: up to 40 tries 50 ms apart.
    const before = await exchange(server.port, READS[0].requests[0]);
    let moved = false;
    for (let i = 0; i < 40 && !moved; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      moved = (await exchange(server.port, READS[0].requests[0])).body !== before.body;
    }
    if (!moved) throw new Error(`${server.kind}: the plant changes no values`);
  }
}

/** One bounded load run; latency is recorded with microsecond resolution into `latencyUs`. */
async function slice(server, route, seconds, latencyUs) {
  const cpuBefore = await server.cpuUs();
  const result = await load({
    port: server.port,
    connections: CONNECTIONS,
    seconds,
    requests: route.requests,
    onLatency: latencyUs && ((ms) => latencyUs.record(Math.max(1, Math.round(ms * 1000)))),
  });
  const cpuUs = (await server.cpuUs()) - cpuBefore;
  return {
    requests: result.requests,
    seconds: result.seconds,
    cpuUs,
    problems: result.errors + result.timeouts + result.non2xx,
  };
}

/** The machine's load average: on a shared machine, how far to trust this run's figures. */
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Warm-up of every server, then rounds of slices; aggregates per server and paired ratios. */
async function measureCase(servers, route) {
  for (const server of servers) await slice(server, route, WARMUP_S);
  const stats = new Map(servers.map((s) => [s.kind, { slices: [], latencyUs: createHistogram() }]));
  const perRound = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    const rps = {};
    for (const server of order) {
      const stat = stats.get(server.kind);
      const s = await slice(server, route, SLICE_S, stat.latencyUs);
      stat.slices.push(s);
      rps[server.kind] = s.requests / s.seconds;
    }
    perRound.push(rps);
  }
  const ratios = {};
  for (const other of SERVERS.filter((k) => k !== 'tagsim')) {
    const values = perRound.map((rps) => rps.tagsim / rps[other]);
    ratios[other] = { median: median(values), min: Math.min(...values), max: Math.max(...values) };
  }
  const out = {};
  for (const [kind, { slices, latencyUs }] of stats) {
    const sum = (key) => slices.reduce((acc, s) => acc + s[key], 0);
    out[kind] = {
      rps: sum('requests') / sum('seconds'),
      cpuPerRequestUs: sum('cpuUs') / sum('requests'),
      serverBusy: sum('cpuUs') / 1e6 / sum('seconds'),
      p50: latencyUs.percentile(50) / 1000,
      p99: latencyUs.percentile(99) / 1000,
      problems: sum('problems'),
    };
  }
  return { ratios, stats: out };
}

async function runCase(servers, tagCount, route, plant, bytes) {
  const row = { tagCount, route: route.name, plant, bytes, ...(await measureCase(servers, route)) };
  console.log(
    `  N=${fmtN(tagCount).padEnd(6)} ${route.name.padEnd(30)} ${plant ? 'moving' : 'still '} ` +
      SERVERS.map(
        (k) => `${LABEL[k]} ${fmtRps(row.stats[k].rps)} req/s ${fmtUs(row.stats[k].cpuPerRequestUs)} us`,
      ).join('  ') +
      `  TagSim/naive ${row.ratios.naive.median.toFixed(2)}  load ${loadAverage()}`,
  );
  return row;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const casesPerSize = READS.length * 2 + 1;
  const planned =
    TAG_COUNTS.length * casesPerSize * SERVERS.length * (WARMUP_S + ROUNDS * SLICE_S) +
    (STARTUP_TAGS > 0 ? STARTUP_RUNS * 15 : 0);
  const watchdog = setTimeout(
    () => {
      process.stderr.write('bench: watchdog fired, the run took far longer than planned.\n');
      killChildren('SIGKILL');
      process.exit(1);
    },
    (planned * 1.5 + 90) * 1000,
  );
  watchdog.unref();

  // Before pinning: afterwards this process only sees its own CPU.
  const cpuCount = availableParallelism();
  const pin = pinCpus();
  const started = Date.now();
  console.log('TagSim benchmark');
  console.log(`  node ${process.version}, ${cpuCount} CPUs (${cpus()[0]?.model ?? 'unknown'})`);
  console.log(`  CPU pinning: ${pin.note}`);
  console.log(`  load average (1, 5, 15 min) at the start: ${loadAverage()}`);
  console.log(
    `  ${CONNECTIONS} connections, ${HOST} only; per case and server: ${WARMUP_S} s warm-up, then ` +
      `${ROUNDS} rounds of ${SLICE_S} s slices; about ${Math.ceil(planned / 60)} min`,
  );
  if (SERVER_NODE_ARGS.length > 0) console.log(`  server node flags: ${SERVER_NODE_ARGS.join(' ')}`);
  console.log('');

  const results = [];
  for (const tagCount of TAG_COUNTS) {
    const servers = [];
    try {
      for (const kind of SERVERS) {
        servers.push(
          await startServer(kind, tagCount, { serverCpu: pin.serverCpu, nodeArgs: SERVER_NODE_ARGS }),
        );
      }
      const stopped = [...READS, writeCase(tagCount)];
      const sizes = await checkEquivalent(servers, stopped);
      for (const route of stopped)
        results.push(await runCase(servers, tagCount, route, false, sizes.get(route.name)));
      await startPlants(servers);
      for (const route of READS)
        results.push(await runCase(servers, tagCount, route, true, sizes.get(route.name)));
    } finally {
      await Promise.all(servers.map(stopServer));
    }
  }

  const startup =
    STARTUP_TAGS > 0
      ? await measureStartup(STARTUP_TAGS, { runs: STARTUP_RUNS, cpu: pin.serverCpu })
      : undefined;

  const saved =
    SAVED_RUNS > 0 ? await measureSavedScene({ runs: SAVED_RUNS, cpu: pin.serverCpu }) : undefined;

  const missed = report({
    results,
    servers: SERVERS,
    goals: GOALS,
    startup,
    startupGoalMs: STARTUP_GOAL_MS,
    linearMargin: LINEAR_MARGIN,
  });
  if (saved) missed.push(...savedSceneReport(saved));

  const problems = results.flatMap((r) =>
    SERVERS.filter((k) => r.stats[k].problems > 0).map(
      (k) => `${LABEL[k]} N=${r.tagCount} ${r.route}: ${r.stats[k].problems}`,
    ),
  );
  console.log(
    `\nDone in ${Math.round((Date.now() - started) / 1000)} s; load average at the end: ${loadAverage()}.`,
  );
  // A missed goal is reported, not failed: the figures depend on the machine.
  if (missed.length > 0) console.log(`${missed.length} goal(s) not met in this run.`);
  if (problems.length > 0) {
    console.error(`\nErrors, timeouts or non-2xx answers during the runs:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  killChildren('SIGKILL');
}
// The servers are gone; do not wait for idle keep-alive sockets or timers.
process.exit();
