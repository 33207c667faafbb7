// `npm run bench:journal`: the request journal's bounds (docs/reliability.md, "The request
// journal"), measured.
//
// 1. Memory. In a child process of its own (`--expose-gc`), a RequestJournal is filled as the
//    tag API fills it: writes with a 4 KiB body and 20 unknown tags (16 item errors kept), the
//    names 46 and 256 characters long; the default journal (10,000 entries) and `--journal
//    100000`. Reported: the live heap the journal takes after a full GC, the entries it kept, its
//    own byte count and its cap. The run fails when the heap passes the cap by more than 10%.
// 2. Reads. The real `tagsim serve` (dist/, its own process, 127.0.0.1, port 0) with the default
//    journal filled over HTTP by such writes; then READERS clients read the whole journal back
//    to back (`?limit=10000`, following `Link: rel="next"`) for READ_S seconds while a probe
//    reads `GET /api/tags` every 10 ms. Reported: the probe's p50/p99/max with and without the
//    readers, and the server's largest RSS (/proc/<pid>/status, Linux). Goal: p99 < 20 ms and
//    RSS < 300 MB while the readers read.
// 3. The window's listing in a lab (journal-window.mjs): one window listing in a loop while
//    another station is polled, then 10 sockets that never read. Goals: the other station's p99
//    under 3x its idle p99 + 20 ms; the lab's RSS under 400 MB.
//
// Every loop is bounded (fixed counts and phases, one request in flight per client, a watchdog).
// Knobs: JOURNAL_BENCH_READERS (default 8), JOURNAL_BENCH_READ_S (default 15), those of
// journal-window.mjs, and JOURNAL_BENCH_PARTS (default `memory,reads,window`).
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { call, probe, rssMb, startClients } from './journal-probe.mjs';
import { windowListing } from './journal-window.mjs';

const HOST = '127.0.0.1';
const READERS = Number(process.env.JOURNAL_BENCH_READERS ?? 8);
const READ_S = Number(process.env.JOURNAL_BENCH_READ_S ?? 15);
const FILL_WRITES = 10_000;
const GOALS = { p99Ms: 20, rssMb: 300, heapOverCap: 1.1 };
const WATCHDOG_MS = 360_000;
const PARTS = (process.env.JOURNAL_BENCH_PARTS ?? 'memory,reads,window').split(',');
const self = fileURLToPath(import.meta.url);
// JOURNAL_BENCH_DIST: another build (of the code before a change) to compare with, reads only.
const DIST = process.env.JOURNAL_BENCH_DIST ?? fileURLToPath(new URL('../../dist/', import.meta.url));
const dist = (path) => new URL(path, `file://${DIST.endsWith('/') ? DIST : `${DIST}/`}`).href;

/** The items of a write of 20 unknown tags named `nameLength` characters (`i` makes them new). */
function writeItems(i, nameLength) {
  return Array.from({ length: 20 }, (_, k) => {
    const tail = ` ${i} ${k}`;
    return { name: 'n'.repeat(nameLength - tail.length) + tail, value: 1 };
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Memory, in a child: node --expose-gc journal.mjs heap <entries> <nameLength>

async function heap(entries, nameLength) {
  const { RequestJournal } = await import(dist('main/journal/request-journal.js'));
  const gcHeap = () => {
    globalThis.gc();
    globalThis.gc();
    return process.memoryUsage().heapUsed;
  };
  const before = gcHeap();
  const journal = new RequestJournal(entries);
  const socket = { remoteAddress: '127.0.0.1', remotePort: 50000 };
  const writes = Math.ceil(entries * 1.2);
  for (let i = 0; i < writes; i++) {
    const items = writeItems(i, nameLength);
    const body = Buffer.from(JSON.stringify(items));
    // The errors as the engine words them: new strings for every write.
    const errors = items.map((item) => ({
      name: item.name,
      code: 404,
      error: `Tag named '${item.name}' not found.`,
    }));
    const req = { socket, method: 'PUT', url: '/api/tag/values/by-name' };
    journal.record(req, performance.now(), 200, body, errors, undefined);
  }
  const after = gcHeap();
  const summary = journal.summary();
  process.stdout.write(`${JSON.stringify({ heapBytes: after - before, ...summary })}\n`);
}

function runHeap(entries, nameLength) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', self, 'heap', String(entries), String(nameLength)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`heap child: ${code}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// 2. Reads against the real `tagsim serve`

async function startServer() {
  const bin = fileURLToPath(dist('main/cli/main.js'));
  const nodeArgs = (process.env.JOURNAL_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve', '--host', HOST, '--port', '0'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('tagsim serve did not start within 30 s')), 30_000);
    lines.on('line', (line) => {
      const found = /^Listening on http:\/\/[^:]+:(\d+)/.exec(line);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`tagsim serve exited (${code})`)));
  });
  // With JOURNAL_BENCH_NODE_ARGS=--trace-gc: the pauses of 20 ms and more, as they come.
  lines.on('line', (line) => {
    const pause = /: (?:Mark-Compact|Scavenge|Mark-sweep)[^,]*, ([\d.]+) \/ [\d.]+ ms/.exec(line);
    if (pause && Number(pause[1]) >= 20) console.log(`server GC: ${line.trim()}`);
  });
  return { child, port };
}

/** Clients that read the whole journal, page after page, again and again until `stop()`. */
function readers(port, count) {
  let running = true;
  const stats = { reads: 0, pages: 0, maxPageBytes: 0 };
  const one = async () => {
    while (running) {
      let next = '/tagsim/v1/requests?limit=10000';
      for (let pages = 0; next !== undefined && pages < 10_000; pages++) {
        const answer = await call(port, 'GET', next);
        if (answer.status !== 200) throw new Error(`${next} answered ${answer.status}`);
        stats.pages++;
        stats.maxPageBytes = Math.max(stats.maxPageBytes, answer.bytes);
        next = /^<([^>]+)>; rel="next"$/.exec(answer.headers.link ?? '')?.[1];
      }
      stats.reads++;
    }
  };
  const done = Promise.all(Array.from({ length: count }, one));
  return { stats, stop: () => ((running = false), done.then(() => stats)) };
}

/** The readers in a process of their own (`journal.mjs readers <port> <count>`): the probe's
 * client must not wait on their parsing. Stops when its stdin closes; prints its stats. */
async function readersChild(port, count) {
  const r = readers(port, count);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  process.stdout.write(`${JSON.stringify(await r.stop())}\n`);
  process.exit(0);
}

async function reads() {
  const { child, port } = await startServer();
  const pid = child.pid;
  const idleRss = rssMb(pid);
  // Fill the journal: one write in flight on each of 8 connections.
  let sent = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent < FILL_WRITES) {
        const i = sent++;
        await call(port, 'PUT', '/api/tag/values/by-name', JSON.stringify(writeItems(i, 46)));
      }
    }),
  );
  const summary = JSON.parse(
    await new Promise((resolve, reject) => {
      request({ host: HOST, port, path: '/tagsim/v1/requests/summary' }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.once('end', () => resolve(text));
      })
        .once('error', reject)
        .end();
    }),
  );
  const filledRss = rssMb(pid);
  const quiet = await probe(port, pid, 5, '/api/tags');
  const reading = startClients(self, ['readers', String(port), String(READERS)]);
  const loaded = await probe(port, pid, READ_S, '/api/tags');
  const readerStats = await reading.stop();
  child.kill('SIGTERM');
  return {
    idleRss: Math.round(idleRss),
    filledRss: Math.round(filledRss),
    summary,
    quiet,
    loaded,
    readers: readerStats,
  };
}

// ---------------------------------------------------------------------------------------------

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Part 1; answers whether every journal's live heap stayed within its cap (and 10%). */
async function memory() {
  let within = true;
  console.log('Journal memory (live heap after GC; 4 KiB bodies, 20 unknown tags a write)');
  console.log(
    '| entries allowed | name length | entries kept | its byte count | cap | live heap | heap / cap |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [entries, nameLength] of [
    [10_000, 46],
    [10_000, 256],
    [100_000, 46],
    [100_000, 256],
  ]) {
    const r = await runHeap(entries, nameLength);
    const ratio = r.heapBytes / r.maxBytes;
    if (ratio > GOALS.heapOverCap) within = false;
    console.log(
      `| ${entries} | ${nameLength} | ${r.entries} | ${mib(r.bytes)} | ${mib(r.maxBytes)} | ${mib(r.heapBytes)} | ${ratio.toFixed(2)} |`,
    );
  }
  if (!within)
    console.log(
      `A journal's live heap passed its cap by more than ${Math.round((GOALS.heapOverCap - 1) * 100)}%.`,
    );
  return within;
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`journal bench: watchdog, still running after ${WATCHDOG_MS / 1000} s`);
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();
  let within = true;
  if (process.env.JOURNAL_BENCH_DIST !== undefined) console.log(`Reads only, of the build in ${DIST}`);
  else if (PARTS.includes('memory')) within = await memory();
  let met = true;
  if (PARTS.includes('reads')) met = await readsPart();
  if (PARTS.includes('window')) {
    const w = await windowListing(new URL(dist('./')));
    for (const line of w.lines) console.log(line);
    met &&= w.met;
  }
  console.log(
    `Load average (the machine may be shared): ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  process.exit(within && met ? 0 : 1);
}

/** Part 2, printed; answers whether its goal was met. */
async function readsPart() {
  const r = await reads();
  const { summary: s } = r;
  console.log(
    `\nReads: tagsim serve, default journal after ${FILL_WRITES} writes: ` +
      (s.entries === undefined
        ? '(no summary in this build)'
        : `${s.entries} entries kept, ${mib(s.bytes)} by its count, ${s.droppedForBytes} dropped for bytes`),
  );
  console.log(`RSS: ${r.idleRss} MB at start, ${r.filledRss} MB with the journal full`);
  console.log(
    `GET /api/tags alone: p50 ${r.quiet.p50} ms, p99 ${r.quiet.p99} ms, max ${r.quiet.max} ms (${r.quiet.count} reads)`,
  );
  console.log(
    `GET /api/tags while ${READERS} clients read the whole journal back to back for ${READ_S} s: p50 ${r.loaded.p50} ms, p99 ${r.loaded.p99} ms, max ${r.loaded.max} ms (${r.loaded.count} reads); largest RSS ${r.loaded.maxRss} MB`,
  );
  const { reads: wholeReads, pages, maxPageBytes } = r.readers;
  console.log(
    `Readers: ${wholeReads} whole-journal reads, ${pages} pages, largest page ${mib(maxPageBytes)}`,
  );
  const met = r.loaded.p99 < GOALS.p99Ms && r.loaded.maxRss < GOALS.rssMb;
  console.log(
    `Goal p99 < ${GOALS.p99Ms} ms and RSS < ${GOALS.rssMb} MB while reading: ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'heap') await heap(Number(args[0]), Number(args[1]));
else if (mode === 'readers') await readersChild(Number(args[0]), Number(args[1]));
else await main();
