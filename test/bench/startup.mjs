// The start-up figure: `tagsim serve --synthetic N` (the real command, from dist/) is started on
// 127.0.0.1, port 0, a few times; each time it is timed from spawn until it prints that it
// listens, its resident memory (RSS) is read then, and again after it has answered its first
// (uncached) GET /api/tag/values and GET /api/tags.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nodeCommand, spawnChild } from './processes.mjs';

const CLI = fileURLToPath(new URL('../../dist/main/cli/main.js', import.meta.url));

/** Resident memory of a process in MiB (Linux /proc, else `ps`). */
function rssMiB(pid) {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kib) return Number(kib) / 1024;
  } catch {
    // not Linux: ask ps
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

async function timedRead(url) {
  const started = performance.now();
  const res = await fetch(url);
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { ms: performance.now() - started, bytes };
}

async function startOnce(tagCount, cpu) {
  const started = performance.now();
  const [command, args] = nodeCommand(
    [CLI, 'serve', '--synthetic', String(tagCount), '--port', '0', '--host', '127.0.0.1'],
    cpu,
  );
  const child = spawnChild(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('tagsim serve did not listen within 30 s')), 30_000);
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const found = /Listening on (http:\/\/\S+)/.exec(out);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`tagsim serve exited (${code}) before listening`)));
    });
    const listenMs = performance.now() - started;
    const rssListening = rssMiB(child.pid);
    const values = await timedRead(`${url}/api/tag/values`);
    const tags = await timedRead(`${url}/api/tags`);
    return { listenMs, rssListening, values, tags, rssServed: rssMiB(child.pid) };
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

/** `runs` starts of a scene of `tagCount` tags; each figure is the median of the runs. */
export async function measureStartup(tagCount, { runs, cpu }) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await startOnce(tagCount, cpu));
  const median = (pick) => {
    const sorted = all.map(pick).sort((a, b) => a - b);
    return sorted[sorted.length >> 1];
  };
  return {
    tagCount,
    runs,
    listenMs: median((r) => r.listenMs),
    listenMsMax: Math.max(...all.map((r) => r.listenMs)),
    rssListening: median((r) => r.rssListening),
    firstValuesMs: median((r) => r.values.ms),
    valuesBytes: all[0].values.bytes,
    firstTagsMs: median((r) => r.tags.ms),
    tagsBytes: all[0].tags.bytes,
    rssServed: median((r) => r.rssServed),
  };
}
