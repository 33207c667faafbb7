// CPU time of this process's descendants (Linux /proc), for the plant-frames bench: the browser's
// CPU per frame is a figure other jobs' load changes far less than wall-clock frame times (they
// delay the work; they do not add to it), so before/after runs on a shared machine compare on it.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return undefined; // gone, or not Linux
  }
}

/** CPU ms used so far by the live descendants of this process, leaving out the `except` pids' trees. */
export function descendantsCpuMs(except = []) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return NaN;
  }
  const children = new Map();
  const stats = new Map();
  for (const pid of pids.map(Number)) {
    const s = stat(pid);
    if (!s) continue;
    stats.set(pid, s);
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  let total = 0;
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      if (except.includes(child)) continue;
      total += stats.get(child).cpuMs;
      walk(child);
    }
  };
  walk(process.pid);
  return total;
}
