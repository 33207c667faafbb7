// Child processes of the benchmark: servers under test and the start-up probe, each started on
// 127.0.0.1 only, and all of them killed on every way out of the run (normal end, error, SIGINT,
// SIGTERM; a server whose stdin closes stops by itself too).
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVE_SCRIPT = fileURLToPath(new URL('./serve-for-bench.mjs', import.meta.url));

const children = new Set();

export function killChildren(signal = 'SIGKILL') {
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

/** Spawns a child that the run will kill on its way out. */
export function spawnChild(command, args, options) {
  const child = spawn(command, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
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
export function pinCpus() {
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

/** `node args...`, on `cpu` when given. */
export function nodeCommand(args, cpu) {
  return cpu === undefined
    ? [process.execPath, args]
    : ['taskset', ['-c', String(cpu), process.execPath, ...args]];
}

/**
 * Starts a server under test; resolves once it has printed its port. `send(command)` sends one
 * stdin line and resolves with its one-line answer (`cpu`: microseconds; `plant`: `plant`).
 */
export function startServer(kind, tagCount, { serverCpu, nodeArgs = [] }) {
  const [command, args] = nodeCommand([...nodeArgs, SERVE_SCRIPT, kind, String(tagCount)], serverCpu);
  const child = spawnChild(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 30 s`)), 30_000);
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
      lines.on('line', (answer) => waiting.shift()?.resolve(answer));
      const send = (line) =>
        new Promise((res, rej) => {
          waiting.push({ resolve: res, reject: rej });
          child.stdin.write(`${line}\n`);
        });
      resolve({ kind, child, port, send, cpuUs: async () => Number(await send('cpu')) });
    });
  });
}

export async function stopServer({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
