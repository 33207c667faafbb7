// Part 3 of `npm run bench:journal` (journal.mjs): the window's journal listing in a lab
// (issue 30; docs/reliability.md, "The window's WebSocket"), measured.
//
// The real `tagsim lab --stations 2 --ui` (dist/, its own process, 127.0.0.1, free ports).
// Station 1's journal is filled with 2,000 writes of 4 KiB bodies (a lab journal keeps writes
// only, 2,000 of them); a probe reads station 2's `GET /api/tag/values` every 10 ms, as a PLC
// polls:
//   1. alone, IDLE_S seconds: the idle p99;
//   2. while one window of station 1 (a process of its own, reading every answer) lists the
//      whole journal in a loop, `listRequests {limit: 1000}` page after page (`nextBefore`);
//      goal: station 2's p99 under 3 x the idle p99 + 20 ms;
//   3. while 10 sockets of station 1's window ask for a page every 50 ms and never read;
//      goal: the lab's RSS under 400 MB. Reported: how many the lab closed.
// Knobs: JOURNAL_BENCH_IDLE_S (default 10), JOURNAL_BENCH_LIST_S (default 15),
// JOURNAL_BENCH_SILENT (default 10), JOURNAL_BENCH_SILENT_S (default 15).
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { call, probe, startClients } from './journal-probe.mjs';

const HOST = '127.0.0.1';
const IDLE_S = Number(process.env.JOURNAL_BENCH_IDLE_S ?? 10);
const LIST_S = Number(process.env.JOURNAL_BENCH_LIST_S ?? 15);
const SILENT = Number(process.env.JOURNAL_BENCH_SILENT ?? 10);
const SILENT_S = Number(process.env.JOURNAL_BENCH_SILENT_S ?? 15);
const FILL_WRITES = 2000;
const VALUES = '/api/tag/values';
const GOALS = { p99Factor: 3, p99SlackMs: 20, rssMb: 400 };
const self = fileURLToPath(import.meta.url);

/** The real lab: each station's address and its window's token, from what it prints. */
async function startLab(dist) {
  const bin = fileURLToPath(new URL('main/cli/main.js', dist));
  const child = spawn(
    process.execPath,
    [bin, 'lab', '--stations', '2', '--port', '0', '--host', HOST, '--ui'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  process.on('exit', () => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout });
  const stations = [];
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('tagsim lab did not start within 30 s')), 30_000);
    lines.on('line', (line) => {
      const station = /^\s+station \d+[^:]*: http:\/\/[^:]+:(\d+)/.exec(line);
      if (station) stations.push({ port: Number(station[1]) });
      const window = /^\s+window: .*[?&]token=([^&\s]+)/.exec(line);
      if (window) stations.at(-1).token = window[1];
      if (line.startsWith('Dashboard:')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`tagsim lab exited (${code})`)));
  });
  return { child, stations };
}

/** A window socket opened by hand (masked frames, no library): for the pages that never read. */
function rawWindow(port, token) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: HOST, port });
    socket.once('error', reject);
    socket.once('data', (chunk) => {
      if (!chunk.toString('latin1').startsWith('HTTP/1.1 101')) return reject(new Error('handshake refused'));
      socket.pause(); // and never read again
      socket.removeListener('error', reject);
      resolve(socket);
    });
    socket.write(
      [
        `GET /ui/ws?token=${token} HTTP/1.1`,
        `Host: ${HOST}:${port}`,
        `Origin: http://${HOST}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

/** A masked text frame (mask 0: the payload as it is). */
function textFrame(text) {
  const payload = Buffer.from(text);
  const head =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0xfe, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([head, Buffer.alloc(4), payload]);
}

/** The lister (`journal-window.mjs lister <port> <token>`): lists the whole journal in a loop until stdin closes. */
async function lister(port, token) {
  const { WebSocket } = await import('ws');
  const ws = new WebSocket(`ws://${HOST}:${port}/ui/ws?token=${token}`, { origin: `http://${HOST}:${port}` });
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  const waiting = new Map();
  let id = 0;
  const stats = { listings: 0, pages: 0, largestAnswer: 0 };
  ws.on('message', (data) => {
    const text = data.toString();
    const message = JSON.parse(text);
    if (message.id === undefined) return;
    stats.largestAnswer = Math.max(stats.largestAnswer, text.length);
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const invoke = (method, args) =>
    new Promise((resolve) => {
      const mine = ++id;
      waiting.set(mine, resolve);
      ws.send(JSON.stringify({ id: mine, method, args }));
    });
  let running = true;
  process.stdin.resume();
  process.stdin.once('end', () => (running = false));
  while (running) {
    let before;
    do {
      const answer = await invoke('listRequests', { limit: 1000, ...(before ? { before } : {}) });
      if (answer.error) throw new Error(answer.error);
      stats.pages++;
      before = answer.result.nextBefore;
    } while (before !== undefined && running);
    stats.listings++;
  }
  process.stdout.write(`${JSON.stringify(stats)}\n`);
  process.exit(0);
}

/** Part 3: returns its lines and whether both goals were met. */
export async function windowListing(dist) {
  const { child, stations } = await startLab(dist);
  const [listed, polled] = stations;
  let sent = 0;
  const body = (i) =>
    JSON.stringify(
      Array.from({ length: 20 }, (_, k) => ({ name: `${'n'.repeat(200)} ${i} ${k}`, value: 1 })),
    );
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent < FILL_WRITES) await call(listed.port, 'PUT', '/api/tag/values/by-name', body(sent++));
    }),
  );
  const idle = await probe(polled.port, child.pid, IDLE_S, VALUES);
  const listing = startClients(self, ['lister', String(listed.port), listed.token]);
  const loaded = await probe(polled.port, child.pid, LIST_S, VALUES);
  const listed_ = await listing.stop();

  const silent = await Promise.all(
    Array.from({ length: SILENT }, () => rawWindow(listed.port, listed.token)),
  );
  let closed = 0;
  for (const socket of silent) socket.once('close', () => closed++).on('error', () => undefined);
  let next = 0;
  const asking = setInterval(() => {
    for (const socket of silent)
      if (!socket.destroyed)
        socket.write(
          textFrame(JSON.stringify({ id: ++next, method: 'listRequests', args: { limit: 1000 } })),
        );
  }, 50);
  const underSilent = await probe(polled.port, child.pid, SILENT_S, VALUES);
  clearInterval(asking);
  for (const socket of silent) socket.destroy();
  child.kill('SIGTERM');

  const limit = GOALS.p99Factor * idle.p99 + GOALS.p99SlackMs;
  const p99Met = loaded.p99 < limit;
  const rssMet = underSilent.maxRss < GOALS.rssMb;
  const line = (r) => `p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (${r.count} reads)`;
  return {
    met: p99Met && rssMet,
    lines: [
      `\nWindow listing: tagsim lab --stations 2 --ui, station 1's journal after ${FILL_WRITES} writes of 4 KiB bodies`,
      `Station 2's GET /api/tag/values alone: ${line(idle)}; RSS ${idle.maxRss} MB`,
      `...while a window of station 1 lists the whole journal in a loop for ${LIST_S} s: ${line(loaded)}; largest RSS ${loaded.maxRss} MB`,
      `Window: ${listed_.listings} whole listings, ${listed_.pages} pages, largest answer ${(listed_.largestAnswer / 1024).toFixed(0)} KiB`,
      `...while ${SILENT} sockets of station 1's window ask for pages and never read, ${SILENT_S} s: ${line(underSilent)}; largest RSS ${underSilent.maxRss} MB; ${closed} of ${SILENT} closed by the lab`,
      `Goal p99 < 3 x ${idle.p99} + 20 = ${limit.toFixed(1)} ms while listing: ${p99Met ? 'met' : 'NOT met'}; RSS < ${GOALS.rssMb} MB with ${SILENT} silent sockets: ${rssMet ? 'met' : 'NOT met'}`,
    ],
  };
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'lister') await lister(Number(args[0]), args[1]);
