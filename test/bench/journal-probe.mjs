// What the journal benchmark's parts share (journal.mjs, journal-window.mjs): one HTTP call on
// kept-alive sockets, a server's RSS, a probe that times one request every 10 ms, and clients
// in a process of their own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createHistogram } from 'node:perf_hooks';

const HOST = '127.0.0.1';
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request; retried once when a kept-alive socket was closed under it (a race, not an answer). */
export async function call(port, method, path, body) {
  try {
    return await callOnce(port, method, path, body);
  } catch (error) {
    if (error.code !== 'ECONNRESET') throw error;
    return callOnce(port, method, path, body);
  }
}

function callOnce(port, method, path, body) {
  return new Promise((resolve, reject) => {
    const req = request({
      host: HOST,
      port,
      method,
      path,
      agent,
      headers: { 'Content-Type': 'application/json' },
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.once('error', reject);
    req.once('response', (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.once('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
    });
    req.end(body);
  });
}

/** A process's resident memory in MB (/proc/<pid>/status, Linux). */
export const rssMb = (pid) => {
  const found = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return found ? Number(found[1]) / 1024 : NaN;
};

/** Reads GET `path` every 10 ms for `seconds`; the latencies in ms, and the server's largest RSS. */
export async function probe(port, pid, seconds, path) {
  const histogram = createHistogram();
  let maxRss = rssMb(pid);
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const answer = await call(port, 'GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
    histogram.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
    maxRss = Math.max(maxRss, rssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = (us) => Math.round(us / 10) / 100;
  return {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    count: histogram.count,
    maxRss: Math.round(maxRss),
  };
}

/**
 * Clients in a process of their own (`node script ...args`), so that the probe's client waits on
 * none of their work: they run until their stdin closes, then print their stats as JSON.
 */
export function startClients(script, args) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  process.on('exit', () => child.kill('SIGKILL'));
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    stop: async () => {
      child.stdin.end();
      await exited;
      return JSON.parse(out);
    },
  };
}
