// A small plant for grading runs moment by moment: a belt fed with a, b, a, b... that runs with
// `Run` and hands items to `side` while `Divert` is on, else off its end; an exercise of it with
// any criteria, running on a fresh bench the test steps by hand.
import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { bindExercise } from '../../shared/exercise/bind-exercise.js';
import { validateExercise } from '../../shared/exercise/exercise-file.js';
import { ExerciseSession } from '../../shared/exercise/exercise-session.js';
import { FaultLog } from '../../shared/lab/fault-log.js';
import { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';
import { Bench, testScene } from '../sim/plc.js';

const PLANT: Behaviour[] = [
  {
    conveyor: 'belt',
    length: 1,
    speed: 1,
    runs: { tag: { name: 'Run', kind: 'Output' }, equals: true },
    feeder: { items: ['a', 'b'], itemLength: 0.2, gap: 0.3 },
    sensors: [{ tag: { name: 'At end', kind: 'Input' }, from: 0.8, to: 1 }],
    exits: [{ to: 'side', when: { tag: { name: 'Divert', kind: 'Output' }, equals: true } }],
    end: 'remove',
  },
  { conveyor: 'side', length: 1, speed: 1, end: 'remove' },
];
const SCENE = {
  ...testScene([
    ['Run', 'Bit', 'Output'],
    ['Divert', 'Bit', 'Output'],
    ['Lamp', 'Bit', 'Output'],
    ['At end', 'Bit', 'Input'],
    ['Emergency stop', 'Bit', 'Input'],
  ]),
  behaviours: PLANT,
};

/** An exercise of this plant with these criteria (and faults), 10 s long. */
function exerciseOf(criteria: unknown[], more: Record<string, unknown> = {}) {
  return bindExercise(
    validateExercise({
      format: 'tagsim-exercise',
      version: 1,
      name: 'Test',
      task: 'Do it.',
      scene: SCENE.name,
      timeLimitMs: 10_000,
      passMark: 1,
      criteria,
      ...more,
    }),
    SCENE,
  );
}

/** The exercise running on a fresh bench; `step(ms)` runs the plant and grades each 10 ms. */
export function session(criteria: unknown[], more: Record<string, unknown> = {}) {
  const bench = new Bench(SCENE, PLANT);
  const hidden = new HiddenFaults();
  const log = new FaultLog();
  const exercise = exerciseOf(criteria, more);
  const running = new ExerciseSession(
    exercise,
    { number: 1, engine: bench.engine, hidden, instructor: new InstructorFaults(), simulation: bench.sim },
    { log, now: () => 1_000_000 + bench.timeMs, seed: 1 },
  );
  const step = (ms: number) => {
    for (let t = 0; t < ms && running.run.status === 'running'; t += 10) {
      bench.sim.advance(10);
      bench.timeMs += 10;
      running.tick();
    }
  };
  return { bench, hidden, log, exercise, running, step };
}

/**
 * The same, but graded as station-exercise.ts grades a station: the run looks only after a tick
 * at which the simulation's alarm woke it (a change, or its alarmAt), and `looks` counts its looks.
 */
export function toldSession(criteria: unknown[], more: Record<string, unknown> = {}) {
  const made = session(criteria, more);
  const { bench, running } = made;
  let woken = false;
  let looks = 0;
  const alarm = bench.sim.alarm(() => (woken = true));
  // Due at once: the first tick is looked at, as `session`'s is.
  alarm.arm(running.alarmAt());
  const step = (ms: number) => {
    for (let t = 0; t < ms && running.run.status === 'running'; t += 10) {
      bench.sim.advance(10);
      bench.timeMs += 10;
      if (!woken) continue;
      woken = false;
      looks++;
      running.tick();
      alarm.arm(running.alarmAt());
    }
  };
  return { ...made, step, looks: () => looks };
}
