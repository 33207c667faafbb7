// Grading a controller against an exercise on a real TagSim whose clock is virtual: the
// controller scans as an API client every 20 ms of simulation time, and the clock advances as
// `POST /tagsim/v1/clock/advance` advances it (the route's own function), as fast as the CPU
// allows. An exercise of two minutes takes a second or two.
import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import type { StationGrade } from '../../shared/exercise/exercise-session.js';
import { FaultLog } from '../../shared/lab/fault-log.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import type { ExerciseSetup } from '../../main/exercise/exercise-setup.js';
import { stationExercise, type StationExercise } from '../../main/exercise/station-exercise.js';
import type { Controller, Inputs } from './controllers.js';

export const SCAN_MS = 20;

/** A TagSim for an exercise, on a virtual clock, listening nowhere. */
export function exerciseTagSim(setup: ExerciseSetup): Promise<TagSim> {
  return startTagSim({
    scene: setup.scene,
    listen: 'later',
    simulation: {
      clock: 'virtual',
      ...(setup.exercise.seed !== undefined ? { seed: setup.exercise.seed } : {}),
    },
  });
}

/** The Inputs a controller reads, as the tag API gives them (effective values). */
export function readInputs(tagsim: TagSim, names: readonly string[]): Inputs {
  return Object.fromEntries(
    names.map((name) => {
      const tag = tagsim.engine.tagsNamed(name).find((t) => t.kind === 'Input');
      if (!tag) throw new Error(`no Input named ${name}`);
      return [name, tag.value as boolean | number];
    }),
  );
}

/** Writes a scan's Outputs by name, as `PUT /api/tag/values/by-name` does. */
export function writeOutputs(tagsim: TagSim, outputs: Readonly<Record<string, boolean | number>>): void {
  const items = Object.entries(outputs).map(([name, value]) => ({ name, value }));
  const errors = tagsim.engine.write('set', 'name', items, 'api');
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
}

/** Starts the exercise on a fresh TagSim and scans the controller until it ends. */
export async function gradeController(
  setup: ExerciseSetup,
  controller: Controller,
): Promise<{ grade: StationGrade; log: FaultLog; exercise: StationExercise; tagsim: TagSim }> {
  const tagsim = await exerciseTagSim(setup);
  const log = new FaultLog();
  const exercise = stationExercise(
    { number: 1, label: undefined, tagsim, hidden: new HiddenFaults(), instructor: new InstructorFaults() },
    setup,
    {
      log,
    },
  );
  try {
    exercise.start();
    const scan = controller.scan();
    while (exercise.grade!.status === 'running') {
      writeOutputs(tagsim, scan(readInputs(tagsim, controller.reads)));
      await tagsim.simulation.advance(SCAN_MS);
    }
    return { grade: exercise.grade!, log, exercise, tagsim };
  } finally {
    exercise.dispose();
    await tagsim.close();
  }
}
