// `npm run bench:modbus`: Modbus TCP transactions per second of TagSim's server
// (main/modbus/, over the engine of a synthetic scene) against a naive baseline server in the
// same run: one that answers from plain arrays with no engine, no layout and only the checks
// needed not to crash. Reported in docs/performance.md ("Modbus TCP").
//
// - Cases: FC 3 reads of 100 holding registers, and FC 15 writes of 16 coils (alternating
//   patterns, so that every write changes tags).
// - Each server runs in its own child process (this file with `serve <tagsim|bare>`) on
//   127.0.0.1; the load comes from this process over CONNECTIONS connections, each with one
//   request in flight, as a PLC polls. Rounds of 1 s slices alternate the servers (ABBA); the
//   ratio is the median of the per-round ratios.
// - Bounded: a watchdog ends the run after 120 s and the children die with it.
//
// Knobs (environment): BENCH_DURATION (rounds, default 5), BENCH_CONNECTIONS (default 4).
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { naiveModbusServer } from './naive-modbus.mjs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const HOST = '127.0.0.1';
const SCENE_TAGS = 400; // 134 holding registers in scene order: room for reads of 100
const ROUNDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SLICE_MS = 1000;
const WATCHDOG_MS = 120_000;

// ---------------------------------------------------------------------------------------------
// The servers under test

async function serve(kind) {
  let server;
  if (kind === 'tagsim') {
    const { TagEngine } = await import('../../dist/shared/core/tag-engine.js');
    const { syntheticScene } = await import('../../dist/shared/scenes/builtin-scenes.js');
    const { EngineModbusData } = await import('../../dist/main/modbus/engine-modbus-data.js');
    const { createModbusServer } = await import('../../dist/main/modbus/modbus-server.js');
    const engine = new TagEngine(syntheticScene(SCENE_TAGS));
    server = createModbusServer(new EngineModbusData(engine), { host: HOST, port: 0 });
    const { port } = await server.listen();
    process.stdout.write(`${port}\n`);
  } else {
    const s = naiveModbusServer();
    await new Promise((resolve) => s.listen(0, HOST, resolve));
    process.stdout.write(`${s.address().port}\n`);
  }
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// The load

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function startServer(kind) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', kind], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} did not start`)), 15_000);
    child.once('exit', (code) => reject(new Error(`${kind} exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ kind, port: Number(line), child });
    });
  });
}

function frame(id, pdu) {
  const out = Buffer.alloc(7 + pdu.length);
  out.writeUInt16BE(id & 0xffff, 0);
  out.writeUInt16BE(pdu.length + 1, 4);
  out[6] = 1;
  Buffer.from(pdu).copy(out, 7);
  return out;
}

const CASES = {
  'FC 3: read 100 holding registers': () => [3, 0, 0, 0, 100],
  'FC 15: write 16 coils': (n) => [15, 0, 0, 0, 16, 2, n % 2 ? 0x55 : 0xaa, n % 2 ? 0xaa : 0x55],
};

/** Runs `connections` request/response loops for `ms`; resolves with transactions and latencies. */
async function load(port, makePdu, ms) {
  const latencies = [];
  let transactions = 0;
  let failures = 0;
  const until = Date.now() + ms;
  const loop = () =>
    new Promise((resolve) => {
      const socket = connect({ host: HOST, port });
      socket.setNoDelay(true);
      let n = 0;
      let sent = 0;
      let buffer = Buffer.alloc(0);
      const send = () => {
        if (Date.now() >= until) return socket.end(resolve);
        sent = performance.now();
        socket.write(frame(++n, makePdu(n)));
      };
      socket.on('connect', send);
      socket.on('error', () => resolve());
      socket.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        while (buffer.length >= 6 && buffer.length >= 6 + buffer.readUInt16BE(4)) {
          if (buffer[7] & 0x80) failures++;
          buffer = buffer.subarray(6 + buffer.readUInt16BE(4));
          transactions++;
          latencies.push(performance.now() - sent);
          send();
        }
      });
    });
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return { transactions, latencies, failures };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function main() {
  const watchdog = setTimeout(() => {
    console.error('bench: the Modbus benchmark ran past its time limit');
    process.exit(1);
  }, WATCHDOG_MS);
  const servers = { tagsim: await startServer('tagsim'), bare: await startServer('bare') };
  console.log(
    `Modbus TCP, ${CONNECTIONS} connections with one request in flight each, ${ROUNDS} rounds of 1 s per server, Node ${process.version}`,
  );
  const rows = [];
  for (const [name, makePdu] of Object.entries(CASES)) {
    for (const s of Object.values(servers)) await load(s.port, makePdu, 300); // warm-up
    const totals = { tagsim: { t: 0, lat: [], failures: 0 }, bare: { t: 0, lat: [], failures: 0 } };
    const ratios = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['tagsim', 'bare'] : ['bare', 'tagsim'];
      const perRound = {};
      for (const kind of order) {
        const r = await load(servers[kind].port, makePdu, SLICE_MS);
        perRound[kind] = r.transactions;
        totals[kind].t += r.transactions;
        totals[kind].lat.push(...r.latencies);
        totals[kind].failures += r.failures;
      }
      ratios.push(perRound.tagsim / perRound.bare);
    }
    for (const kind of ['tagsim', 'bare']) {
      const t = totals[kind];
      if (t.failures > 0) throw new Error(`${kind} answered ${t.failures} exceptions in '${name}'`);
      rows.push({
        case: name,
        server: kind === 'tagsim' ? 'TagSim' : 'naive baseline',
        'transactions/s': Math.round(t.t / ROUNDS),
        'p50 ms': percentile(t.lat, 0.5).toFixed(3),
        'p99 ms': percentile(t.lat, 0.99).toFixed(3),
        'TagSim / baseline': kind === 'tagsim' ? median(ratios).toFixed(2) : '',
      });
    }
  }
  console.table(rows);
  clearTimeout(watchdog);
  for (const s of Object.values(servers)) s.child.stdin.end();
}

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else await main();
