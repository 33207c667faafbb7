// `npm run bench:plant`: what the Plant view's state costs (issue 23, docs/performance.md "Plant
// view"). Starts the real `tagsim serve --ui` (its own process, 127.0.0.1 only) on each built-in
// scene with every Bit Output switched on (a crude controller that runs every belt, so items flow)
// and one window watching the plant, to find the busiest scene (most bytes a second); then, on
// that scene, measures from outside the server's CPU (utime + stime from /proc) and the bytes its
// windows receive, with 0, 1 and 10 windows showing the view, at time scale 1 and 8.
//
// - A window here is the window's own protocol over `ws`: the UI socket with the page's Origin,
//   `watchPlant`, then every `plant` event counted (bytes as sent, UTF-8) and applied.
// - Every loop is bounded: fixed phases, a fixed number of windows, a watchdog.
// - On Linux with two CPUs and `taskset`, the server runs on one CPU and the windows on the other.
//
// Knobs: PLANT_BENCH_SCAN_S (seconds per scene in the scan, default 3), PLANT_BENCH_PHASE_S
// (seconds per measured phase, default 10), PLANT_BENCH_SCENE (skip the scan: this scene).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { BUILTIN_SCENE_NAMES } from '../../dist/shared/scenes/builtin-scenes.js';
import { applyJsonDelta } from '../../dist/shared/plant/json-delta.js';
import { killChildren, nodeCommand, pinCpus, spawnChild, stopServer } from './processes.mjs';

const int = (name, fallback) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
};
const SCAN_S = int('PLANT_BENCH_SCAN_S', 3);
const PHASE_S = int('PLANT_BENCH_PHASE_S', 10);
const WARMUP_S = 2;
const WINDOWS = [0, 1, 10];
const SCALES = [1, 8];
const GOAL_CPU_PCT = 5;
const bin = fileURLToPath(new URL('../../dist/main/cli/main.js', import.meta.url));
const scenes = process.env.PLANT_BENCH_SCENE ? [process.env.PLANT_BENCH_SCENE] : BUILTIN_SCENE_NAMES;
// A loaded machine starts a server slowly: 20 s of room per start.
const budgetS =
  (scenes.length > 1 ? scenes.length * (SCAN_S + WARMUP_S + 20) : 0) +
  SCALES.length * (20 + WINDOWS.length * (PHASE_S + WARMUP_S + 5)) +
  60;
const watchdog = setTimeout(() => {
  process.stderr.write('plant bench: watchdog fired; stopping.\n');
  killChildren('SIGKILL');
  process.exit(1);
}, budgetS * 1000);
watchdog.unref();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** `tagsim serve --ui` on a free port; resolves with its process, API address and UI socket URL. */
async function serve(scene, cpu, timeScale) {
  const args = [bin, 'serve', '--ui', '--port', '0', '--scene', scene, '--time-scale', String(timeScale)];
  const [command, commandArgs] = nodeCommand(args, cpu);
  const child = spawnChild(command, commandArgs, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const ui = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('tagsim serve did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`tagsim serve exited (${code})`)));
    lines.on('line', (line) => {
      const found = /^UI: (http:\/\/127\.0\.0\.1:\d+)\/ui\/\?token=(\S+)/.exec(line);
      if (found) {
        clearTimeout(timer);
        resolve({ base: found[1], token: found[2] });
      }
    });
  });
  return { child, base: ui.base, socketUrl: `${ui.base.replace('http:', 'ws:')}/ui/ws?token=${ui.token}` };
}

/** Every Bit Output on: each belt runs, each feeder feeds. */
async function runEveryBelt(base) {
  const tags = await (await fetch(`${base}/api/tags`)).json();
  const outputs = tags.filter(
    (t) => t.kind === 'Output' && t.type === 'Bit' && !t.name.startsWith('FACTORY I/O'),
  );
  const put = await fetch(`${base}/api/tag/values`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(outputs.map((t) => ({ id: t.id, value: true }))),
  });
  if (put.status !== 200) throw new Error(`switching the outputs on: ${put.status}`);
}

/** A window showing the Plant view: counts the bytes and updates of its plant events. */
async function openWindow(socketUrl) {
  const ws = new WebSocket(socketUrl, { origin: new URL(socketUrl.replace('ws:', 'http:')).origin });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const counts = { bytes: 0, updates: 0, items: 0 };
  let snapshot;
  ws.on('message', (data) => {
    const text = data.toString();
    if (!text.startsWith('{"event":"plant"')) return;
    counts.bytes += Buffer.byteLength(text);
    counts.updates++;
    const frame = JSON.parse(text).payload;
    snapshot = 'snapshot' in frame ? frame.snapshot : applyJsonDelta(snapshot, frame.delta);
    counts.items = snapshot.conveyors.reduce((n, c) => n + c.items.length, 0);
  });
  ws.send(JSON.stringify({ id: 1, method: 'watchPlant' }));
  return { counts, close: () => ws.terminate() };
}

/** Bytes and updates a second per window, items on the belts, and the server's CPU (% of a core). */
async function phase(server, windows, seconds) {
  const opened = await Promise.all(Array.from({ length: windows }, () => openWindow(server.socketUrl)));
  await sleep(WARMUP_S * 1000);
  const before = opened.map((w) => ({ ...w.counts }));
  const cpu0 = cpuSeconds(server.child.pid);
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const elapsed = (performance.now() - t0) / 1000;
  const cpuPct = ((cpuSeconds(server.child.pid) - cpu0) / elapsed) * 100;
  const first = opened[0];
  const result = {
    cpuPct,
    bytesPerS: first ? (first.counts.bytes - before[0].bytes) / elapsed : 0,
    updatesPerS: first ? (first.counts.updates - before[0].updates) / elapsed : 0,
    items: first?.counts.items ?? 0,
  };
  opened.forEach((w) => w.close());
  return result;
}

const { serverCpu, note } = pinCpus();
console.log(`plant bench: CPU pinning ${note}`);
let busiest = { scene: scenes[0], bytesPerS: -1 };
if (scenes.length > 1) {
  console.log(`Scan: each built-in scene ${SCAN_S} s, every Bit Output on, one window, time scale 1`);
  for (const scene of scenes) {
    const server = await serve(scene, serverCpu, 1);
    await runEveryBelt(server.base);
    const r = await phase(server, 1, SCAN_S);
    await stopServer(server);
    console.log(
      `  ${scene.padEnd(32)} ${r.bytesPerS.toFixed(0).padStart(7)} B/s  ${r.updatesPerS.toFixed(1).padStart(5)} updates/s  ${r.items} items`,
    );
    if (r.bytesPerS > busiest.bytesPerS) busiest = { scene, bytesPerS: r.bytesPerS };
  }
}
console.log(`\nBusiest: ${busiest.scene}. Phases of ${PHASE_S} s after ${WARMUP_S} s warm-up:`);
console.log('scale  windows  server CPU (% of a core)  bytes/s per window  updates/s  items');
const rows = [];
for (const scale of SCALES) {
  const server = await serve(busiest.scene, serverCpu, scale);
  await runEveryBelt(server.base);
  for (const windows of WINDOWS) {
    const r = await phase(server, windows, PHASE_S);
    rows.push({ scale, windows, ...r });
    console.log(
      `${`${scale}x`.padStart(5)}  ${String(windows).padStart(7)}  ${r.cpuPct.toFixed(1).padStart(24)}  ${(windows ? r.bytesPerS.toFixed(0) : '-').padStart(18)}  ${(windows ? r.updatesPerS.toFixed(1) : '-').padStart(9)}  ${String(r.items).padStart(5)}`,
    );
  }
  await stopServer(server);
}
for (const scale of SCALES) {
  const idle = rows.find((r) => r.scale === scale && r.windows === 0);
  const ten = rows.find((r) => r.scale === scale && r.windows === 10);
  const extra = ten.cpuPct - idle.cpuPct;
  console.log(
    `${scale}x: 10 windows add ${extra.toFixed(1)}% of a core over no window (goal < ${GOAL_CPU_PCT}% for 10): ${ten.cpuPct < GOAL_CPU_PCT ? 'met' : extra < GOAL_CPU_PCT ? 'met for the view (the plant itself costs the rest)' : 'NOT met'}`,
  );
}
killChildren('SIGKILL');
process.exit(0);
