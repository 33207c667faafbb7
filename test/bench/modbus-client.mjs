// `npm run bench:modbus-client`: what the Modbus TCP/IP Client (docs/modbus.md) costs and how well
// it keeps its scan time. Reported in docs/performance.md ("Modbus client").
//
// - One station, scanning at 10 ms: the CPU of the TagSim process (the default scene, its
//   simulation running) while its client scans a controller, against the same process with the
//   client disconnected, in alternating windows (ABAB...) after a warm-up of scanning long enough
//   for V8 to have compiled the scan's code; the client's cost is the difference, in per cent of
//   one core. Goal: under 5 %.
// - A lab of 64 stations (simulations running), each scanning its own controller at 50 ms: the
//   time between two scans of a station as its controller sees them (FC 15 to FC 15), over every
//   station. Goal: p99 under 2x the scan time (100 ms).
// - The controllers are plain-memory Modbus servers in a process of their own, so their CPU and
//   their clock are not TagSim's; TagSim runs from dist/ in another. Their four tables are apart:
//   what the client reads back (the actuators) is the controller's own, not the sensors the client
//   wrote a moment before, so the plant does the same work whether the client scans or not and
//   the difference is the client's.
// - Bounded: a watchdog ends the run after 150 s and the children die with it.
//
// Knobs (environment): BENCH_WARMUP_S (seconds of scanning before the windows, default 10),
// BENCH_WINDOW_S (seconds per CPU window, default 5), BENCH_PAIRS (scanning/idle window pairs,
// default 3), BENCH_STATIONS (default 64), BENCH_LAB_S (seconds the lab is measured, default 20),
// BENCH_TABLES=shared (the controllers' coils and discrete inputs one array, as before 2026-11-29).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { naiveModbusServer } from './naive-modbus.mjs';

const HOST = '127.0.0.1';
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 5);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const APART = process.env.BENCH_TABLES !== 'shared';
const STATIONS = Number(process.env.BENCH_STATIONS ?? 64);
const LAB_S = Number(process.env.BENCH_LAB_S ?? 20);
const WATCHDOG_MS = 150_000;

// ---------------------------------------------------------------------------------------------
// The children: controllers, one TagSim station, a lab

/** `count` controllers on free ports; each notes when each FC 15 (a scan's first request) arrives. */
async function controllers(count) {
  const arrivals = Array.from({ length: count }, () => []);
  const ports = [];
  for (let i = 0; i < count; i++) {
    const server = naiveModbusServer(
      (fc) => {
        if (fc === 15) arrivals[i].push(performance.now());
      },
      { apart: APART },
    );
    await new Promise((resolve) => server.listen(0, HOST, resolve));
    ports.push(server.address().port);
  }
  process.stdout.write(`${JSON.stringify(ports)}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'clear') for (const a of arrivals) a.length = 0;
    if (line === 'report') process.stdout.write(`${JSON.stringify(arrivals)}\n`);
  });
  process.stdin.on('end', () => process.exit(0));
}

/** One TagSim, its simulation running, with a client to `port` at 10 ms; measures its own CPU. */
async function station(port) {
  const { startTagSim } = await import('../../dist/main/compose/start-tagsim.js');
  const tagsim = await startTagSim({
    server: { port: 0 },
    modbusClient: { host: HOST, port, slaveId: 1, scanTimeMs: 10, timeoutMs: 1000 },
  });
  const driver = tagsim.clients.all[0];
  process.stdout.write('ready\n');
  createInterface({ input: process.stdin }).on('line', async (line) => {
    const [command, seconds] = line.split(' ');
    if (command === 'connect') driver.connect();
    if (command === 'disconnect') driver.disconnect();
    if (command === 'measure') {
      const from = process.cpuUsage();
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
      const used = process.cpuUsage(from);
      const ms = (used.user + used.system) / 1000;
      process.stdout.write(
        `${JSON.stringify({ cpuMs: ms, wallMs: performance.now() - started, state: driver.status.state })}\n`,
      );
    }
  });
  process.stdin.on('end', () => process.exit(0));
}

/** A lab whose station k scans controller k at 50 ms. */
async function lab(portsJson) {
  const { startLab } = await import('../../dist/main/lab/start-lab.js');
  const ports = JSON.parse(portsJson);
  const started = await startLab({
    stations: ports.map((port) => ({ modbusClient: { host: HOST, port } })),
    port: 0,
    simulation: { startRunning: true },
    modbusClient: { settings: { slaveId: 1, scanTimeMs: 50, timeoutMs: 1000 } },
  });
  const connected = () =>
    started.stations.filter((s) => s.tagsim.clients.all[0].status.state === 'connected').length;
  while (connected() < ports.length) await new Promise((resolve) => setTimeout(resolve, 100));
  process.stdout.write('ready\n');
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// The run

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function child(...args) {
  const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(proc);
  const lines = createInterface({ input: proc.stdout });
  const next = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${args[0]} did not answer`)), 60_000);
      lines.once('line', (line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
  return { proc, next, say: (line) => proc.stdin.write(`${line}\n`) };
}

const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function oneStation() {
  const plc = child('controllers', '1');
  const [port] = JSON.parse(await plc.next());
  const tagsim = child('station', String(port));
  await tagsim.next();
  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000)); // warm-up, scanning
  const windows = { scanning: [], idle: [] };
  for (const phase of Array.from({ length: PAIRS }, () => ['scanning', 'idle']).flat()) {
    tagsim.say(phase === 'scanning' ? 'connect' : 'disconnect');
    await new Promise((resolve) => setTimeout(resolve, 500));
    tagsim.say(`measure ${WINDOW_S}`);
    const r = JSON.parse(await tagsim.next());
    if (phase === 'scanning' && r.state !== 'connected')
      throw new Error(`the client was ${r.state} while measured`);
    windows[phase].push((100 * r.cpuMs) / r.wallMs);
  }
  plc.say('report');
  const [arrivals] = JSON.parse(await plc.next());
  plc.proc.stdin.end();
  tagsim.proc.stdin.end();
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const scanning = mean(windows.scanning);
  const idle = mean(windows.idle);
  return { scanning, idle, cost: scanning - idle, scans: arrivals.length, windows };
}

async function labOf(count) {
  const plcs = child('controllers', String(count));
  const ports = await plcs.next();
  const tagsims = child('lab', ports);
  await tagsims.next();
  await new Promise((resolve) => setTimeout(resolve, 2000)); // warm-up
  plcs.say('clear');
  await new Promise((resolve) => setTimeout(resolve, LAB_S * 1000));
  plcs.say('report');
  const arrivals = JSON.parse(await plcs.next());
  plcs.proc.stdin.end();
  tagsims.proc.stdin.end();
  const gaps = arrivals.flatMap((times) => times.slice(1).map((t, i) => t - times[i]));
  return {
    scans: gaps.length,
    p50: percentile(gaps, 0.5),
    p99: percentile(gaps, 0.99),
    max: Math.max(...gaps),
    slowest: Math.max(
      ...arrivals.map((times) =>
        percentile(
          times.slice(1).map((t, i) => t - times[i]),
          0.99,
        ),
      ),
    ),
  };
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error('bench: the Modbus client benchmark ran past its time limit');
    process.exit(1);
  }, WATCHDOG_MS);
  console.log(
    `Modbus client, Node ${process.version}; a shared machine: read the figures with its load in mind`,
  );
  const one = await oneStation();
  console.log(
    `One station scanning at 10 ms (${one.scans} scans seen): ${one.scanning.toFixed(2)} % of a core scanning, ` +
      `${one.idle.toFixed(2)} % idle, the client ${one.cost.toFixed(2)} % (goal under 5 %); ` +
      `windows scanning ${one.windows.scanning.map((x) => x.toFixed(2)).join(', ')}, ` +
      `idle ${one.windows.idle.map((x) => x.toFixed(2)).join(', ')}`,
  );
  const lab = await labOf(STATIONS);
  console.log(
    `${STATIONS} stations scanning at 50 ms for ${LAB_S} s (${lab.scans} scan gaps): p50 ${lab.p50.toFixed(1)} ms, ` +
      `p99 ${lab.p99.toFixed(1)} ms (goal under 100 ms), max ${lab.max.toFixed(1)} ms; ` +
      `the worst station's p99 ${lab.slowest.toFixed(1)} ms`,
  );
  clearTimeout(watchdog);
  const met = one.cost < 5 && lab.p99 < 100;
  console.log(met ? 'Both goals met.' : 'A goal was missed (see above).');
  process.exit(0);
}

const [role, arg] = process.argv.slice(2);
if (role === 'controllers') await controllers(Number(arg));
else if (role === 'station') await station(Number(arg));
else if (role === 'lab') await lab(arg);
else await main();
