// `npm run bench:grading`: the plant's work and the CPU of 64 stations with and without an
// exercise graded live, in this process on the virtual clock (docs/performance.md, "Grading an
// exercise live"). `LAB_BENCH_GRADING=1 npm run bench:lab` compares whole `tagsim lab` processes
// from outside, which a shared machine swings by more than grading costs; this compares the same
// stations in one process, the same writes at the same plant times, nothing but them running:
//
// - each station is a real TagSim (engine, scene, simulation; no server) on the exercise's scene
//   and seed; the graded ones are graded as a lab grades them (station-exercise.ts), started
//   first (the exercise's start puts the plant back to time 0, where the others' plants are);
// - 25 s of plant time with no controller (the lab bench's warm-up and idle), then 20 s in which
//   each station's `Conveyor entry` is written every 100 ms, on and off (the lab bench's client);
// - both variants' stations live in this process together and are advanced scan by scan side by
//   side (which goes first alternates), so a machine that slows down (other jobs, another guest
//   on the host) slows both alike: the CPU (user + system) of each variant's scans is summed per
//   phase; each round makes fresh stations;
// - per variant: the plant's steps, the items it fed and where they are, the plant's own changes
//   (an item come or gone, a belt started or stopped) and the grader's looks.
//
// Knobs: GRADING_BENCH_STATIONS (default 64), GRADING_BENCH_ROUNDS (default 5),
// GRADING_BENCH_EXERCISE (default the built-in Sorting by Height one).
import { startTagSim } from '../../dist/main/compose/start-tagsim.js';
import { loadExercise } from '../../dist/main/exercise/exercise-setup.js';
import { stationExercise } from '../../dist/main/exercise/station-exercise.js';
import { FaultLog } from '../../dist/shared/lab/fault-log.js';
import { HiddenFaults } from '../../dist/shared/lab/hidden-faults.js';
import { InstructorFaults } from '../../dist/shared/lab/instructor-faults.js';

const int = (name, fallback) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
};
const STATIONS = int('GRADING_BENCH_STATIONS', 64);
const ROUNDS = int('GRADING_BENCH_ROUNDS', 5);
const EXERCISE = process.env.GRADING_BENCH_EXERCISE ?? 'Sort by height, and stop on a stuck sensor';
const IDLE_MS = 25_000;
const LOAD_MS = 20_000;
const SCAN_MS = 100;
const OUTPUT = 'Conveyor entry';

const setup = await loadExercise(EXERCISE);

async function station(number, graded) {
  const tagsim = await startTagSim({
    scene: setup.scene,
    listen: 'later',
    simulation: {
      clock: 'virtual',
      ...(setup.exercise.seed !== undefined ? { seed: setup.exercise.seed } : {}),
    },
  });
  const exercise = graded
    ? stationExercise(
        { number, label: undefined, tagsim, hidden: new HiddenFaults(), instructor: new InstructorFaults() },
        setup,
        { log: new FaultLog() },
      )
    : undefined;
  exercise?.start();
  return { tagsim, exercise };
}

const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

/** The stations of a variant, advanced one scan: writes first under load, as the lab bench's client. */
async function scan(stations, phase, value) {
  const since = process.cpuUsage();
  for (const { tagsim } of stations) {
    if (phase === 'load') tagsim.engine.write('set', 'name', [{ name: OUTPUT, value }], 'api');
    await tagsim.simulation.advance(SCAN_MS);
  }
  return cpuMs(since);
}

/** A variant's plant figures, summed over its stations; then the stations are closed. */
async function close(stations) {
  const plant = { steps: 0, fed: 0, out: 0, on: 0, changes: 0, looks: 0 };
  for (const { tagsim, exercise } of stations) {
    const now = tagsim.simulation.simulation.plantNow;
    plant.steps += now.timeMs / 10;
    plant.changes += now.changes;
    for (const conveyor of now.tallies) {
      if (conveyor.name === 'entry') plant.fed += conveyor.entered();
      plant.out += conveyor.exited();
      plant.on += conveyor.on();
    }
    plant.looks += exercise?.looks ?? 0;
    exercise?.dispose();
    await tagsim.close();
  }
  return plant;
}

/**
 * One round: both variants' stations in this process, advanced scan by scan side by side (which
 * goes first alternates each scan), so a machine that slows down slows both alike.
 */
async function round() {
  const variants = { plain: [], graded: [] };
  for (let i = 0; i < STATIONS; i++) {
    variants.plain.push(await station(i + 1, false));
    variants.graded.push(await station(i + 1, true));
  }
  const cpu = { plain: { idle: 0, load: 0 }, graded: { idle: 0, load: 0 } };
  let value = false;
  let first = true;
  for (let t = 0; t < IDLE_MS + LOAD_MS; t += SCAN_MS) {
    const phase = t < IDLE_MS ? 'idle' : 'load';
    if (phase === 'load') value = !value;
    first = !first;
    for (const variant of first ? ['plain', 'graded'] : ['graded', 'plain'])
      cpu[variant][phase] += await scan(variants[variant], phase, value);
  }
  return {
    plain: { cpu: cpu.plain, plant: await close(variants.plain) },
    graded: { cpu: cpu.graded, plant: await close(variants.graded) },
  };
}

console.log(
  `${STATIONS} stations on "${setup.exercise.scene}" (seed ${setup.exercise.seed ?? 1}), without and with "${EXERCISE}" graded live; ${ROUNDS} rounds of ${IDLE_MS / 1000} s idle + ${LOAD_MS / 1000} s with '${OUTPUT}' written every ${SCAN_MS} ms, virtual clock`,
);
const runs = { plain: [], graded: [] };
for (let r = 0; r < ROUNDS; r++) {
  const results = await round();
  for (const variant of ['plain', 'graded']) {
    runs[variant].push(results[variant]);
    const { cpu, plant } = results[variant];
    console.log(
      `round ${r + 1} ${variant.padEnd(6)}: CPU idle ${cpu.idle.toFixed(0)} ms, load ${cpu.load.toFixed(0)} ms; plant steps ${plant.steps}, items fed ${plant.fed}, out ${plant.out}, on the belts ${plant.on}, changes ${plant.changes}; looks ${plant.looks}`,
    );
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Medians of each variant, and of the rounds' differences (each round measured both side by side). */
const row = (phase, seconds) => {
  const plain = median(runs.plain.map((r) => r.cpu[phase]));
  const graded = median(runs.graded.map((r) => r.cpu[phase]));
  const extra = median(runs.graded.map((r, i) => r.cpu[phase] - runs.plain[i].cpu[phase]));
  const ofCore = `${((extra / seconds / 1000) * 100).toFixed(2)}% of a core at 1x`;
  return `| ${phase} (${seconds} s of plant time) | ${plain.toFixed(0)} ms | ${graded.toFixed(0)} ms | ${extra.toFixed(0)} ms (${ofCore}; ${extra >= 0 ? '+' : ''}${((extra / plain) * 100).toFixed(1)}%) |`;
};
const same = ['steps', 'fed', 'out', 'on', 'changes'].every((k) =>
  [...runs.plain, ...runs.graded].every((r) => r.plant[k] === runs.plain[0].plant[k]),
);
console.log(
  [
    '',
    `The plant's work: ${same ? 'the same in every run of both' : '**NOT the same**'} (steps, items fed, out, on the belts, changes).`,
    '',
    '| CPU, medians | Without grading | Graded live | Grading adds (median of the rounds) |',
    '| --- | ---: | ---: | ---: |',
    row('idle', IDLE_MS / 1000),
    row('load', LOAD_MS / 1000),
  ].join('\n'),
);
