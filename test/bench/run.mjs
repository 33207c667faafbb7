// `npm run bench`: load-tests TagSim's tag API against a bare `node:http` server that answers the
// same routes from the same core, and prints requests per second, latency and the ratios.
//
// - Load comes from autocannon in this process; each server under test runs in its own child
//   process (test/bench/serve-for-bench.mjs) on 127.0.0.1 only. On Linux with two or more CPUs
//   and `taskset`, the load generator is pinned to one CPU and the servers to another.
// - Scenes: synthetic scenes of N = 100 and N = 10 000 tags (even indexes are Outputs).
// - Routes: GET /api/tag/values (no body), GET /api/tags, PUT /api/tag/values with 10-item
//   batches of valid Output values (two batches that alternate, so writes change values).
// - Every case: a warm-up of each server, then rounds of 1 s slices that alternate TagSim and bare
//   (ABBA order), with a fixed number of connections. The TagSim/bare ratio is the median of the
//   per-round ratios, which cancels most of the drift of a shared machine. The servers also report
//   their own CPU time, giving CPU microseconds per request, a figure that noise disturbs less.
// - The whole run is bounded by a watchdog and kills its children on exit.
//
// Knobs (environment): BENCH_DURATION (measured seconds per server and case, default 5),
// BENCH_WARMUP (s, default 1), BENCH_CONNECTIONS (default 10), BENCH_TAGS (default "100,10000"),
// BENCH_PIN=0 (no CPU pinning), BENCH_NODE_ARGS (extra node flags for the servers, e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, cpus } from 'node:os';
import { createHistogram } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API_PATHS } from '../../dist/shared/api/routes.js';
import { syntheticScene } from '../../dist/shared/scenes/builtin-scenes.js';

const HOST = '127.0.0.1';
const SERVE_SCRIPT = fileURLToPath(new URL('./serve-for-bench.mjs', import.meta.url));

function intFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer; got '${raw}'.`);
  return n;
}

const ROUNDS = intFromEnv('BENCH_DURATION', 5); // one 1 s slice per server and round
const SLICE_S = 1;
const WARMUP_S = intFromEnv('BENCH_WARMUP', 1);
const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 10);
const TAG_COUNTS = (process.env.BENCH_TAGS ?? '100,10000').split(',').map((s) => Number(s.trim()));
const SERVER_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const SERVERS = ['tagsim', 'bare'];
const LABEL = { tagsim: 'TagSim', bare: 'bare' };
const BATCH_SIZE = 10;
const GOAL = { tagCount: 100, route: 'GET /api/tag/values', ratio: 0.8 };
/** How far past linear a slowdown may go before it is flagged: run-to-run noise on a shared machine. */
const LINEAR_MARGIN = 0.3;

if (TAG_COUNTS.some((n) => !Number.isInteger(n) || n < 2 * BATCH_SIZE)) {
  throw new Error(`BENCH_TAGS must list integers >= ${2 * BATCH_SIZE}.`);
}

// ---------------------------------------------------------------------------------------------
// Child processes: started here, always killed on the way out.

const children = new Set();

function killChildren(signal) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

process.on('exit', () => killChildren('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping the servers.\n`);
    killChildren('SIGKILL');
    process.exit(130);
  });
}

/** CPUs this process may run on, from `taskset` (Linux); `undefined` when unknown. */
function allowedCpus() {
  try {
    const out = execFileSync('taskset', ['-c', '-p', String(process.pid)], { encoding: 'utf8' });
    const list = out.slice(out.lastIndexOf(':') + 1).trim();
    return list.split(',').flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    });
  } catch {
    return undefined;
  }
}

/** Pins this process (all threads) to one CPU and returns the CPU for the servers, if possible. */
function pinCpus() {
  if (process.env.BENCH_PIN === '0') return { note: 'off (BENCH_PIN=0)' };
  const allowed = allowedCpus();
  if (!allowed || allowed.length < 2) return { note: 'off (needs taskset and 2 CPUs)' };
  const [loadCpu, serverCpu] = allowed;
  try {
    execFileSync('taskset', ['-a', '-c', '-p', String(loadCpu), String(process.pid)], { stdio: 'ignore' });
  } catch {
    return { note: 'off (taskset failed)' };
  }
  return { serverCpu, note: `load generator on CPU ${loadCpu}, servers on CPU ${serverCpu}` };
}

/**
 * Starts a server under test; resolves once it has printed its port. The result can also ask the
 * server for its CPU time (`cpuUs()`), one stdin/stdout line each way.
 */
function startServer(kind, tagCount, serverCpu) {
  const nodeArgs = [...SERVER_NODE_ARGS, SERVE_SCRIPT, kind, String(tagCount)];
  const [command, args] =
    serverCpu === undefined
      ? [process.execPath, nodeArgs]
      : ['taskset', ['-c', String(serverCpu), process.execPath, ...nodeArgs]];
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const waiting = [];
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 15 s`)), 15_000);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const error = new Error(`${kind} server exited early (${signal ?? code})`);
      reject(error);
      for (const w of waiting.splice(0)) w.reject(error);
    });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const port = Number(line);
      if (!Number.isInteger(port) || port <= 0) {
        reject(new Error(`${kind} server printed '${line}' instead of a port`));
        return;
      }
      lines.on('line', (answer) => waiting.shift()?.resolve(Number(answer)));
      const cpuUs = () =>
        new Promise((res, rej) => {
          waiting.push({ resolve: res, reject: rej });
          child.stdin.write('cpu\n');
        });
      resolve({ kind, child, port, cpuUs });
    });
  });
}

async function stopServer({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// The cases.

const TYPE_VALUES = {
  Bit: [true, false],
  Int: [42, 7],
  Float: [1.5, 2.25],
};

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

function routesFor(tagCount) {
  const json = { 'content-type': 'application/json' };
  return [
    { name: 'GET /api/tag/values', requests: [{ method: 'GET', path: API_PATHS.values }] },
    { name: 'GET /api/tags', requests: [{ method: 'GET', path: API_PATHS.tags }] },
    {
      name: `PUT /api/tag/values (${BATCH_SIZE} items)`,
      requests: writeBatches(tagCount).map((body) => ({
        method: 'PUT',
        path: API_PATHS.values,
        headers: json,
        body,
      })),
    },
  ];
}

/** One HTTP exchange with fetch, for the equivalence check. */
async function exchange(port, { method, path, headers, body }) {
  const res = await fetch(`http://${HOST}:${port}${path}`, { method, headers, body });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/**
 * Before any load: both servers must answer every case alike (status, Content-Type, body), and
 * the write batches must succeed (`[]`, no item errors). Returns the response sizes.
 */
async function checkEquivalent(servers, routes) {
  const sizes = new Map();
  for (const route of routes) {
    for (const request of route.requests) {
      const [a, b] = await Promise.all(servers.map((s) => exchange(s.port, request)));
      const same = a.status === b.status && a.type === b.type && a.body === b.body;
      if (!same || a.status !== 200) {
        throw new Error(
          `${route.name}: servers differ or fail (${a.status} vs ${b.status}): ${a.body.slice(0, 200)}`,
        );
      }
      if (request.method === 'PUT' && a.body !== '[]')
        throw new Error(`${route.name}: item errors ${a.body}`);
      sizes.set(route.name, Buffer.byteLength(a.body));
    }
  }
  return sizes;
}

/** One bounded autocannon run; latency is recorded with microsecond resolution into `latencyUs`. */
async function slice(server, route, seconds, latencyUs) {
  const cpuBefore = await server.cpuUs();
  const run = autocannon({
    url: `http://${HOST}:${server.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: route.requests,
  });
  if (latencyUs) {
    run.on('response', (_client, _status, _bytes, ms) =>
      latencyUs.record(Math.max(1, Math.round(ms * 1000))),
    );
  }
  const result = await run;
  const cpuUs = (await server.cpuUs()) - cpuBefore;
  return {
    requests: result.requests.total,
    seconds: result.duration,
    cpuUs,
    problems: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Warm-up of both servers, then ABBA rounds of slices; aggregates per server and paired ratios. */
async function measureCase(servers, route) {
  for (const server of servers) await slice(server, route, WARMUP_S);
  const stats = new Map(servers.map((s) => [s.kind, { slices: [], latencyUs: createHistogram() }]));
  const roundRatios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    const rps = {};
    for (const server of order) {
      const stat = stats.get(server.kind);
      const s = await slice(server, route, SLICE_S, stat.latencyUs);
      stat.slices.push(s);
      rps[server.kind] = s.requests / s.seconds;
    }
    roundRatios.push(rps.tagsim / rps.bare);
  }
  const out = {
    ratio: median(roundRatios),
    ratioMin: Math.min(...roundRatios),
    ratioMax: Math.max(...roundRatios),
  };
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
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reporting.

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const fmtRps = (n) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n) => n.toFixed(n < 10 ? 2 : 1);
const fmtN = (n) => n.toLocaleString('en-US');
const fmtUs = (n) => (n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));
const fmtBytes = (n) => (n >= 10_000 ? `${Math.round(n / 1024).toLocaleString('en-US')} KiB` : `${n} B`);

function report(results) {
  console.log(
    '\nThroughput (requests per second) and latency (ms); TagSim/bare = median of the paired rounds:\n',
  );
  console.log(
    table(
      [
        'N',
        'Route',
        'Body',
        'TagSim req/s',
        'bare req/s',
        'TagSim/bare',
        '(rounds min-max)',
        'TagSim p50 / p99',
        'bare p50 / p99',
      ],
      results.map((r) => [
        fmtN(r.tagCount),
        r.route,
        fmtBytes(r.bytes),
        fmtRps(r.tagsim.rps),
        fmtRps(r.bare.rps),
        r.ratio.toFixed(2),
        `${r.ratioMin.toFixed(2)}-${r.ratioMax.toFixed(2)}`,
        `${fmtMs(r.tagsim.p50)} / ${fmtMs(r.tagsim.p99)}`,
        `${fmtMs(r.bare.p50)} / ${fmtMs(r.bare.p99)}`,
      ]),
    ),
  );

  console.log('\nServer CPU time per request (us; user + system of the server process):\n');
  console.log(
    table(
      ['N', 'Route', 'TagSim us/req', 'bare us/req', 'bare/TagSim', 'TagSim busy', 'bare busy'],
      results.map((r) => [
        fmtN(r.tagCount),
        r.route,
        fmtUs(r.tagsim.cpuPerRequestUs),
        fmtUs(r.bare.cpuPerRequestUs),
        (r.bare.cpuPerRequestUs / r.tagsim.cpuPerRequestUs).toFixed(2),
        `${Math.round(r.tagsim.serverBusy * 100)}%`,
        `${Math.round(r.bare.serverBusy * 100)}%`,
      ]),
    ),
  );

  const small = Math.min(...TAG_COUNTS);
  const large = Math.max(...TAG_COUNTS);
  const growth = large / small;
  const limit = growth * (1 + LINEAR_MARGIN);
  let superlinear = 0;
  if (large > small) {
    console.log(
      `\nScaling from N=${fmtN(small)} to N=${fmtN(large)} (${fmtN(growth)}x the tags). Slowdown = req/s at ` +
        `N=${fmtN(small)} / req/s at N=${fmtN(large)}: linear in N means at most ${fmtN(growth)}x ` +
        `(flagged above ${fmtN(limit)}x, a ${LINEAR_MARGIN * 100}% margin for noise). CPU growth = server CPU ` +
        `per request at N=${fmtN(large)} / at N=${fmtN(small)}, as a cross-check.\n`,
    );
    const rows = [];
    for (const route of [...new Set(results.map((r) => r.route))]) {
      const at = (n) => results.find((r) => r.route === route && r.tagCount === n);
      for (const kind of SERVERS) {
        const slowdown = at(small)[kind].rps / at(large)[kind].rps;
        const cpuGrowth = at(large)[kind].cpuPerRequestUs / at(small)[kind].cpuPerRequestUs;
        let verdict = `ok: <= ${fmtN(growth)}x, linear or better`;
        if (slowdown > limit) {
          superlinear++;
          verdict = `SLOWER THAN LINEAR (> ${fmtN(limit)}x)`;
        } else if (slowdown > growth) {
          verdict = 'about linear (within the noise margin)';
        }
        rows.push([
          route,
          LABEL[kind],
          fmtRps(at(small)[kind].rps),
          fmtRps(at(large)[kind].rps),
          `${slowdown.toFixed(1)}x`,
          `${cpuGrowth.toFixed(1)}x`,
          verdict,
        ]);
      }
    }
    console.log(
      table(
        [
          'Route',
          'Server',
          `req/s N=${fmtN(small)}`,
          `req/s N=${fmtN(large)}`,
          'Slowdown',
          'CPU growth',
          'Verdict',
        ],
        rows,
      ),
    );
  }

  console.log('');
  const goalRow = results.find((r) => r.tagCount === GOAL.tagCount && r.route === GOAL.route);
  if (goalRow) {
    const met = goalRow.ratio >= GOAL.ratio;
    const cpuRatio = goalRow.bare.cpuPerRequestUs / goalRow.tagsim.cpuPerRequestUs;
    console.log(
      `Goal: ${GOAL.route} at N=${GOAL.tagCount} >= ${GOAL.ratio.toFixed(2)} of bare: ` +
        `${goalRow.ratio.toFixed(2)} -> ${met ? 'MET' : 'NOT MET'} (CPU per request: ${cpuRatio.toFixed(2)} of bare's efficiency)`,
    );
  }
  if (large > small) {
    console.log(
      `Goal: no route slower than linear in N: ${superlinear === 0 ? 'MET' : `NOT MET (${superlinear} cases)`}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const routeCount = routesFor(TAG_COUNTS[0]).length;
  const planned = TAG_COUNTS.length * routeCount * SERVERS.length * (WARMUP_S + ROUNDS * SLICE_S);
  const watchdog = setTimeout(
    () => {
      process.stderr.write('bench: watchdog fired, the run took far longer than planned.\n');
      killChildren('SIGKILL');
      process.exit(1);
    },
    (planned * 1.5 + 60) * 1000,
  );
  watchdog.unref();

  // Before pinning: afterwards this process only sees its own CPU.
  const cpuCount = availableParallelism();
  const pin = pinCpus();
  const started = Date.now();
  console.log('TagSim benchmark');
  console.log(`  node ${process.version}, ${cpuCount} CPUs (${cpus()[0]?.model ?? 'unknown'})`);
  console.log(`  CPU pinning: ${pin.note}`);
  console.log(
    `  ${CONNECTIONS} connections, ${HOST} only; per case and server: ${WARMUP_S} s warm-up, then ` +
      `${ROUNDS} x ${SLICE_S} s slices alternating with the other server; about ${Math.ceil(planned / 60)} min`,
  );
  if (SERVER_NODE_ARGS.length > 0) console.log(`  server node flags: ${SERVER_NODE_ARGS.join(' ')}`);
  console.log('');

  const results = [];
  for (const tagCount of TAG_COUNTS) {
    const servers = [];
    try {
      for (const kind of SERVERS) servers.push(await startServer(kind, tagCount, pin.serverCpu));
      const routes = routesFor(tagCount);
      const sizes = await checkEquivalent(servers, routes);
      for (const route of routes) {
        const row = {
          tagCount,
          route: route.name,
          bytes: sizes.get(route.name),
          ...(await measureCase(servers, route)),
        };
        results.push(row);
        console.log(
          `  N=${fmtN(tagCount).padEnd(6)} ${route.name.padEnd(32)} ` +
            SERVERS.map(
              (k) => `${LABEL[k]} ${fmtRps(row[k].rps)} req/s ${fmtUs(row[k].cpuPerRequestUs)} us/req`,
            ).join('  ') +
            `  ratio ${row.ratio.toFixed(2)}`,
        );
      }
    } finally {
      await Promise.all(servers.map(stopServer));
    }
  }

  report(results);

  const problems = results.flatMap((r) =>
    SERVERS.filter((k) => r[k].problems > 0).map(
      (k) => `${LABEL[k]} N=${r.tagCount} ${r.route}: ${r[k].problems}`,
    ),
  );
  console.log(`\nDone in ${Math.round((Date.now() - started) / 1000)} s.`);
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
