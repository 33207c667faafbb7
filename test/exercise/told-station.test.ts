// A station graded live as `tagsim grade` and a lab grade it (station-exercise.ts), on a real
// TagSim with a virtual clock: it looks at the station only when its simulation's alarm woke it,
// tells its listeners only when the grade changed (a window hears each second too), and grades
// each built-in exercise exactly as a session that looks at every tick of the same seed does.
import { describe, expect, it } from 'vitest';
import { ExerciseSession, type StationGrade } from '../../shared/exercise/exercise-session.js';
import { FaultLog } from '../../shared/lab/fault-log.js';
import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import { loadExercise, type ExerciseSetup } from '../../main/exercise/exercise-setup.js';
import { stationExercise } from '../../main/exercise/station-exercise.js';
import {
  doNothing,
  fromAToB,
  levelControl,
  queueOfItems,
  sortingByHeight,
  sortingByWeight,
  type Controller,
} from './controllers.js';
import { exerciseTagSim, gradeController, readInputs, SCAN_MS, writeOutputs } from './support.js';

const SORTING = 'Sort by height, and stop on a stuck sensor';

describe('a station graded live', () => {
  it('looks at an idle station only at its decisions, and tells only of changes of the grade', async () => {
    const setup = await loadExercise(SORTING);
    const tagsim = await exerciseTagSim(setup);
    const station = {
      number: 1,
      label: undefined,
      tagsim,
      hidden: new HiddenFaults(),
      instructor: new InstructorFaults(),
    };
    const graded = stationExercise(station, setup, { log: new FaultLog() });
    try {
      let changes = 0;
      graded.changes.on(() => changes++);
      graded.start();
      expect([graded.looks, changes]).toEqual([1, 1]);
      await tagsim.simulation.advance(20_000);
      // 2,000 ticks of a plant with nothing moving (no controller): nothing to look at.
      expect(graded.looks).toBeLessThanOrEqual(2);
      expect(changes).toBe(1);
      expect(graded.grade!.timeMs).toBe(20_000);
      // The hidden fault at 30 s is put on at its tick, and told.
      await tagsim.simulation.advance(10_010);
      expect(graded.grade!.faults).toEqual([{ name: 'Stuck high sensor', station: 1, state: 'on' }]);
      expect(changes).toBe(2);
      const before = graded.looks;
      // A window listening hears each second of exercise time: about one look a second.
      let heard = 0;
      const stopHearing = graded.feed.onChange(() => heard++);
      await tagsim.simulation.advance(5000);
      stopHearing();
      expect(heard).toBeGreaterThanOrEqual(5);
      expect(heard).toBeLessThanOrEqual(7);
      expect(graded.looks - before).toBeLessThanOrEqual(12);
    } finally {
      graded.dispose();
      await tagsim.close();
    }
  });
});

/** The same exercise graded by a session that looks at every tick of the simulation. */
async function gradeEveryTick(setup: ExerciseSetup, controller: Controller) {
  const tagsim = await exerciseTagSim(setup);
  const log = new FaultLog();
  const station = { number: 1, hidden: new HiddenFaults(), instructor: new InstructorFaults() };
  tagsim.simulation.restart();
  const session = new ExerciseSession(
    setup.exercise,
    { ...station, engine: tagsim.engine, simulation: tagsim.simulation.simulation },
    { log, now: Date.now, seed: tagsim.simulation.seed },
  );
  session.tick();
  const stop = tagsim.simulation.onTick(() => session.tick());
  try {
    const scan = controller.scan();
    while (session.run.status === 'running') {
      writeOutputs(tagsim, scan(readInputs(tagsim, controller.reads)));
      await tagsim.simulation.advance(SCAN_MS);
    }
    return { grade: session.grade, log };
  } finally {
    stop();
    await tagsim.close();
  }
}

/** What must come out the same: the grade and the fault log, without the wall-clock times. */
function decided({ grade, log }: { grade: StationGrade; log: FaultLog }) {
  const { startedAt: _s, endedAt: _e, ...rest } = grade;
  return { grade: rest, log: log.entries.map(({ at: _at, ...entry }) => entry) };
}

describe('live grading against a session that looks at every tick', () => {
  it.each([
    [SORTING, 'the model answer', sortingByHeight(true)],
    [SORTING, 'a controller that ignores the fault', sortingByHeight(false)],
    [SORTING, 'a controller that does nothing', doNothing],
    ['From A to B, with a watchdog', 'the model answer', fromAToB(true)],
    ['Queue three, then release', 'the model answer', queueOfItems(true)],
    ['Hold the level, and close on a stuck meter', 'the model answer', levelControl(true)],
    ['Sort by weight, and stop on a faulty scale', 'the model answer', sortingByWeight(true)],
  ])('%s, %s: the same decisions at the same moments', async (name, _what, controller) => {
    const setup = await loadExercise(name);
    const live = await gradeController(setup, controller);
    expect(decided(live)).toEqual(decided(await gradeEveryTick(setup, controller)));
  });
});
