// The saved-scene figures of `npm run bench` (issue 33, docs/performance.md "Saved scenes"):
// - opening: a .factoryio file of the size and shape of the largest public one
//   (saved-scene-file.mjs) is opened with `readSceneFile` (dist/) in a fresh Node process, as
//   `tagsim serve --scene` opens it, several times; each run times the open alone (its modules
//   loaded first), wall clock and the process's CPU time. Goal: under 1 s.
// - the plant's tick: the scene it gives (its generic plant: 50 conveyors, 6 emitters, 95 sensors,
//   6 removers), every belt running, stepped on a virtual clock in this process; the CPU time of
//   one 10 ms step, and what share of one core the plant takes at time scale 1.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TagEngine } from '../../dist/shared/core/tag-engine.js';
import { readSceneFile } from '../../dist/main/storage/scene-files.js';
import { Simulation } from '../../dist/shared/sim/simulation.js';
import { nodeCommand, spawnChild } from './processes.mjs';
import { savedSceneLikeLargest } from './saved-scene-file.mjs';

export const OPEN_GOAL_MS = 1000;
const STORAGE = fileURLToPath(new URL('../../dist/main/storage/scene-files.js', import.meta.url));
const WARM_MS = 5_000;
const MEASURED_MS = 60_000;

/** One open in a fresh process: its modules loaded first, then the open alone, timed. */
async function openOnce(file, cpu) {
  const script = [
    `const { readSceneFile } = await import(${JSON.stringify(STORAGE)});`,
    'const cpu = process.cpuUsage(); const t = performance.now();',
    `const { scene } = await readSceneFile(${JSON.stringify(file)});`,
    'const wallMs = performance.now() - t; const used = process.cpuUsage(cpu);',
    'console.log(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000, tags: scene.tags.length }));',
  ].join('\n');
  const [command, args] = nodeCommand(['--input-type=module', '-e', script], cpu);
  const child = spawnChild(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the open of ${file} exited with ${code}`);
  return JSON.parse(out);
}

/** The CPU time of one 10 ms step of the plant, every belt running, in microseconds. */
async function tickCost(file) {
  const { scene } = await readSceneFile(file);
  const engine = new TagEngine(scene);
  const sim = new Simulation(engine, scene.behaviours ?? [], { maxAdvanceMs: Infinity });
  const belts = scene.tags.filter((t) => t.kind === 'Output' && / belt \d+$/.test(t.name));
  engine.write(
    'set',
    'id',
    belts.map((t) => ({ id: t.id, value: true })),
  );
  sim.advance(WARM_MS);
  const before = process.cpuUsage();
  sim.advance(MEASURED_MS);
  const used = process.cpuUsage(before);
  const snapshot = sim.snapshot();
  return {
    conveyors: snapshot.conveyors.length,
    belts: belts.length,
    items: snapshot.conveyors.reduce((n, c) => n + c.items.length, 0),
    removed: snapshot.conveyors.reduce((n, c) => n + Object.values(c.removed).reduce((a, b) => a + b, 0), 0),
    tickUs: (used.user + used.system) / (MEASURED_MS / 10),
  };
}

/** Both figures; each open figure is the median of `runs` fresh processes. */
export async function measureSavedScene({ runs, cpu }) {
  const made = savedSceneLikeLargest();
  const dir = mkdtempSync(join(tmpdir(), 'tagsim-bench-saved-'));
  const file = join(dir, 'Like the largest.factoryio');
  try {
    writeFileSync(file, made.text);
    const opens = [];
    for (let i = 0; i < runs; i++) opens.push(await openOnce(file, cpu));
    const median = (pick) => opens.map(pick).sort((a, b) => a - b)[opens.length >> 1];
    return {
      file: { bytes: made.bytes, objects: made.objects, tags: made.tags },
      runs,
      openWallMs: median((o) => o.wallMs),
      openWallMsMax: Math.max(...opens.map((o) => o.wallMs)),
      openCpuMs: median((o) => o.cpuMs),
      plant: await tickCost(file),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as the report prints them; returns the goal's line when it was missed. */
export function savedSceneReport(s) {
  const kb = (s.file.bytes / 1024).toFixed(0);
  console.log(
    `\nSaved scene (.factoryio): ${kb} KiB, ${s.file.objects} parts, ${s.file.tags} tags, like the largest public one.\n`,
  );
  console.log(
    `- open (readSceneFile in a fresh process, median of ${s.runs}): ${s.openWallMs.toFixed(0)} ms wall ` +
      `(max ${s.openWallMsMax.toFixed(0)}), ${s.openCpuMs.toFixed(0)} ms CPU; goal under ${OPEN_GOAL_MS} ms: ` +
      `${s.openWallMs < OPEN_GOAL_MS ? 'met' : 'NOT met'}`,
  );
  const p = s.plant;
  console.log(
    `- its generic plant: ${p.conveyors} conveyors (${p.belts} belts running), ${p.items} items on them and ` +
      `${p.removed} removed after ${(WARM_MS + MEASURED_MS) / 1000} s; ${p.tickUs.toFixed(0)} µs CPU per 10 ms step ` +
      `(${((p.tickUs / 10_000) * 100).toFixed(1)}% of one core at time scale 1)`,
  );
  return s.openWallMs < OPEN_GOAL_MS ? [] : [`saved scene open ${s.openWallMs.toFixed(0)} ms`];
}
