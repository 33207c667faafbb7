// `npm run bench:lab`: the lab's resource goal (docs/lab.md). Starts the real `tagsim lab` with
// 30 stations (its own process, 127.0.0.1 only) and measures, from outside, its resident memory
// and CPU at idle (every simulation running, no client), then with every station polled at
// 10 Hz by three clients, as three PLCs or HMIs would: each poll reads every value
// (GET /api/tag/values); the first client of each station also writes an output each poll
// (PUT /api/tag/values/by-name), as a PLC's scan does.
//
// - On Linux with two CPUs and `taskset`, the lab runs on one CPU and the clients on the other.
// - CPU and memory come from /proc/<pid> (Linux only): utime + stime over the phase, VmRSS.
// - Every loop is bounded: fixed phases, one request in flight per client (a poll that finds
//   the previous one still waiting is counted as missed, not queued), a watchdog.
//
// - A baseline first: one client polling one station alone, the same way, for 10 s. On a shared
//   machine it shows how much of a latency is the machine's (scheduling) rather than the lab's.
//
// Knobs: LAB_BENCH_STATIONS (default 30), LAB_BENCH_CLIENTS (per station, default 3),
// LAB_BENCH_HZ (default 10), LAB_BENCH_IDLE_S (default 20), LAB_BENCH_LOAD_S (default 20).
//
// LAB_BENCH_GRADING=1 measures instead what grading an exercise live costs (docs/lab.md,
// "Exercises and grading"): the same lab without an exercise and with `--exercise` (every
// station graded on LAB_BENCH_EXERCISE, default the built-in Sorting by Height one), in
// LAB_BENCH_ROUNDS interleaved rounds (default 3), each its CPU at idle and under load; then the
// medians of each and how much more the graded lab took. Defaults there: 64 stations, one client
// per station. The phases fit in the exercise's two minutes, so every station is graded
// throughout. Both labs run the same plant: the lab's default scene and seed are the exercise's,
// the exercise has no start state, and its one fault (a sensor stuck on, 30 s to 45 s) changes
// what an Input reads, not what the plant does (docs/performance.md, "Grading an exercise live").
// The two labs' plants were counted doing the same work; `npm run bench:grading`
// (grading-work.mjs) measures grading alone, in one process, steadier than two processes here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { killChildren, nodeCommand, pinCpus, spawnChild, stopServer } from './processes.mjs';

const int = (name, fallback) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
};
const GRADING = process.env.LAB_BENCH_GRADING === '1';
const EXERCISE = process.env.LAB_BENCH_EXERCISE ?? 'Sort by height, and stop on a stuck sensor';
const ROUNDS = int('LAB_BENCH_ROUNDS', 3);
const STATIONS = int('LAB_BENCH_STATIONS', GRADING ? 64 : 30);
const CLIENTS = int('LAB_BENCH_CLIENTS', GRADING ? 1 : 3);
const HZ = int('LAB_BENCH_HZ', 10);
const IDLE_S = int('LAB_BENCH_IDLE_S', 20);
const LOAD_S = int('LAB_BENCH_LOAD_S', 20);
const WARMUP_S = 5;
const BASELINE_S = 10;
const GOALS = { rssMb: 500, idleCpuPct: 10, p99Ms: 20 };
const bin = fileURLToPath(new URL('../../dist/main/cli/main.js', import.meta.url));

const watchdog = setTimeout(
  () => {
    process.stderr.write('lab bench: watchdog fired; stopping.\n');
    killChildren('SIGKILL');
    process.exit(1);
  },
  (GRADING ? ROUNDS * 2 : 1) * (WARMUP_S + IDLE_S + BASELINE_S + LOAD_S + 90) * 1000,
);
watchdog.unref();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) and resident MB of a process, from /proc. */
function usage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpuS: ticks / 100, rssMb: Number(rss) / 1024 };
}

/** CPU use of `pid` over `seconds`, as a percentage of one core, and its RSS at the end. */
async function measure(pid, seconds) {
  const before = usage(pid);
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const after = usage(pid);
  const elapsed = (performance.now() - t0) / 1000;
  return { cpuPct: ((after.cpuS - before.cpuS) / elapsed) * 100, rssMb: after.rssMb };
}

async function startLab(cpu, exercise) {
  const args = [bin, 'lab', '--stations', String(STATIONS), '--port', '0'];
  // The class report is written when the lab stops: into a folder of its own, removed after.
  const results = exercise ? mkdtempSync(join(tmpdir(), 'tagsim-lab-bench-')) : undefined;
  if (exercise) args.push('--exercise', exercise, '--results', results);
  const [command, commandArgs] = nodeCommand(args, cpu);
  const child = spawnChild(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  const ports = [];
  const lines = createInterface({ input: child.stdout });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('tagsim lab did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`tagsim lab exited (${code})`)));
    lines.on('line', (line) => {
      const port = /^ {2}station \d+: http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1];
      if (port) ports.push(Number(port));
      if (line.startsWith('Dashboard: ')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, ports, results };
}

function send(agent, port, method, path, body) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls these stations at HZ with `perStation` clients each, until stopped; latencies in histograms. */
function poll(ports, perStation) {
  const reads = createHistogram();
  const writes = createHistogram();
  const totals = { polls: 0, missed: 0, errors: 0 };
  const clients = ports.flatMap((port) =>
    Array.from({ length: perStation }, (_, i) => ({
      port,
      writer: i === 0,
      busy: false,
      agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    })),
  );
  let value = false;
  const scan = async (client) => {
    if (client.busy) return void totals.missed++;
    client.busy = true;
    totals.polls++;
    try {
      let t = performance.now();
      if ((await send(client.agent, client.port, 'GET', '/api/tag/values')) !== 200) totals.errors++;
      reads.record(Math.max(1, Math.round((performance.now() - t) * 1000)));
      if (client.writer) {
        value = !value;
        t = performance.now();
        const body = JSON.stringify([{ name: 'Conveyor entry', value }]);
        if ((await send(client.agent, client.port, 'PUT', '/api/tag/values/by-name', body)) !== 200)
          totals.errors++;
        writes.record(Math.max(1, Math.round((performance.now() - t) * 1000)));
      }
    } catch {
      totals.errors++;
    } finally {
      client.busy = false;
    }
  };
  const period = 1000 / HZ;
  const timers = clients.map((client, i) =>
    setTimeout(
      () => {
        void scan(client);
        timers[i] = setInterval(() => void scan(client), period);
      },
      (i * period) / clients.length,
    ),
  );
  return {
    stop: () => {
      for (const timer of timers) clearInterval(timer);
      for (const client of clients) client.agent.destroy();
    },
    result: () => ({ reads, writes, totals }),
  };
}

const ms = (us) => (us / 1000).toFixed(2);
console.log(
  `Load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const pinned = pinCpus();
if (GRADING) await compareGrading();
else await resourceGoal();
clearTimeout(watchdog);

/** The lab's resource goal: memory, CPU at idle and under load, latencies. */
async function resourceGoal() {
  const { child, ports } = await startLab(pinned.serverCpu);
  try {
    if (ports.length !== STATIONS) throw new Error(`expected ${STATIONS} stations, saw ${ports.length}`);
    await sleep(WARMUP_S * 1000);
    const idle = await measure(child.pid, IDLE_S);
    const alone = poll([ports[0]], 1);
    await sleep(BASELINE_S * 1000);
    alone.stop();
    const baseline = alone.result().reads;
    const load = poll(ports, CLIENTS);
    // The clients' own event loop: when it lags, so do the latencies they measure.
    const clientLag = monitorEventLoopDelay({ resolution: 10 });
    clientLag.enable();
    await sleep(2000);
    const busy = await measure(child.pid, LOAD_S - 2);
    load.stop();
    clientLag.disable();
    const { reads, writes, totals } = load.result();
    const row = (name, value, goal, ok) =>
      `| ${name} | ${value} | ${goal} | ${ok === undefined ? '' : ok ? 'met' : '**missed**'} |`;
    const latency = (h) => `${ms(h.percentile(50))} / ${ms(h.percentile(99))} / ${ms(h.max)} ms`;
    const p99Met = (h) => h.percentile(99) / 1000 < GOALS.p99Ms;
    const lines = [
      `TagSim lab: ${STATIONS} stations, ${CLIENTS} clients each at ${HZ} Hz; CPU pinning: ${pinned.note}`,
      '',
      '| Figure | Measured | Goal | |',
      '| --- | --- | --- | --- |',
      row('RSS at idle', `${idle.rssMb.toFixed(0)} MB`, `< ${GOALS.rssMb} MB`, idle.rssMb < GOALS.rssMb),
      row(
        'CPU at idle',
        `${idle.cpuPct.toFixed(1)}% of a core`,
        `< ${GOALS.idleCpuPct}%`,
        idle.cpuPct < GOALS.idleCpuPct,
      ),
      row('RSS under load', `${busy.rssMb.toFixed(0)} MB`, `< ${GOALS.rssMb} MB`, busy.rssMb < GOALS.rssMb),
      row('CPU under load', `${busy.cpuPct.toFixed(1)}% of a core`, '', undefined),
      row('GET /api/tag/values p50 / p99 / max', latency(reads), `p99 < ${GOALS.p99Ms} ms`, p99Met(reads)),
      row(
        'PUT /api/tag/values/by-name p50 / p99 / max',
        latency(writes),
        `p99 < ${GOALS.p99Ms} ms`,
        p99Met(writes),
      ),
      row('Baseline: one client, one station, GET p50 / p99 / max', latency(baseline), '', undefined),
      '',
      `Polls: ${totals.polls} (${(totals.polls / LOAD_S).toFixed(0)}/s), missed: ${totals.missed}, errors: ${totals.errors}.`,
      `The clients' event loop delay, p99: ${ms(clientLag.percentile(99) / 1000)} ms. Load average: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
    ];
    console.log(`\n${lines.join('\n')}`);
  } finally {
    await stopServer({ child });
  }
}

/** One lab's CPU at idle and under load, with or without the exercise. */
async function cpuOf(exercise) {
  const { child, ports, results } = await startLab(pinned.serverCpu, exercise);
  try {
    if (ports.length !== STATIONS) throw new Error(`expected ${STATIONS} stations, saw ${ports.length}`);
    await sleep(WARMUP_S * 1000);
    const idle = await measure(child.pid, IDLE_S);
    const load = poll(ports, CLIENTS);
    await sleep(2000);
    const busy = await measure(child.pid, LOAD_S - 2);
    load.stop();
    const { totals } = load.result();
    return {
      idle: idle.cpuPct,
      load: busy.cpuPct,
      rssMb: busy.rssMb,
      errors: totals.errors,
      missed: totals.missed,
    };
  } finally {
    await stopServer({ child });
    if (results) rmSync(results, { recursive: true, force: true });
  }
}

/** The same lab without and with grading, interleaved: what grading every station live costs. */
async function compareGrading() {
  const runs = { plain: [], graded: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so a machine growing busier does not favour one.
    const order = round % 2 === 0 ? ['plain', 'graded'] : ['graded', 'plain'];
    for (const variant of order) {
      const figures = await cpuOf(variant === 'graded' ? EXERCISE : undefined);
      runs[variant].push(figures);
      console.log(
        `round ${round + 1} ${variant}: idle ${figures.idle.toFixed(1)}%, load ${figures.load.toFixed(1)}% of a core, ${figures.rssMb.toFixed(0)} MB, poll errors ${figures.errors}, missed ${figures.missed}`,
      );
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const extra = (phase) => {
    const plain = median(runs.plain.map((r) => r[phase]));
    const graded = median(runs.graded.map((r) => r[phase]));
    return { plain, graded, pct: ((graded - plain) / plain) * 100 };
  };
  const row = (name, e) =>
    `| ${name} | ${e.plain.toFixed(1)}% | ${e.graded.toFixed(1)}% | ${e.pct >= 0 ? '+' : ''}${e.pct.toFixed(1)}% | < +10% | ${e.pct < 10 ? 'met' : '**missed**'} |`;
  console.log(
    [
      '',
      `TagSim lab: ${STATIONS} stations without and with "${EXERCISE}" graded live, ${ROUNDS} rounds (medians); under load ${CLIENTS} client(s) per station at ${HZ} Hz; CPU pinning: ${pinned.note}`,
      '',
      '| CPU of a core | Without grading | Graded live | Grading costs | Goal | |',
      '| --- | --- | --- | --- | --- | --- |',
      row('At idle (simulations running)', extra('idle')),
      row('Under load', extra('load')),
      '',
      `Load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
    ].join('\n'),
  );
}
