// The exercises TagSim ships, each graded on a real TagSim on a virtual clock against three
// controllers: its model answer passes; a controller that does nothing and one that does the
// job but ignores the exercise's fault both fail.
import { describe, expect, it } from 'vitest';
import { BUILTIN_EXERCISES } from '../../shared/exercise/builtin-exercises.js';
import { loadExercise } from '../../main/exercise/exercise-setup.js';
import {
  doNothing,
  fromAToB,
  levelControl,
  queueOfItems,
  sortingByHeight,
  sortingByWeight,
  type Controller,
} from './controllers.js';
import { gradeController } from './support.js';

/** Each built-in exercise's model answer (true: it watches for the fault) by the exercise's scene. */
const ANSWERS: Record<string, (watch: boolean) => Controller> = {
  'Sorting by Height (Basic)': sortingByHeight,
  'From A to B (Set and Reset)': fromAToB,
  'Queue of Items': queueOfItems,
  'Level Control': levelControl,
  'Sorting by Weight': sortingByWeight,
};

describe('the built-in exercises', () => {
  it('are five, on five built-in scenes, each with a fault and a model answer here', () => {
    const scenes = BUILTIN_EXERCISES.map((e) => e.scene);
    expect(new Set(scenes).size).toBe(5);
    expect(Object.keys(ANSWERS).sort()).toEqual([...scenes].sort());
  });

  describe.each(BUILTIN_EXERCISES.map((e) => [e.name, e.scene] as const))('%s (%s)', (name, scene) => {
    it('passes with the model answer, every criterion met', async () => {
      const setup = await loadExercise(name);
      expect(setup.exercise.faults.faults.length).toBeGreaterThan(0);
      const { grade, log } = await gradeController(setup, ANSWERS[scene]!(true));
      expect(grade.criteria.map((c) => [c.state, c.reason])).toEqual(
        setup.exercise.criteria.map(() => ['met', expect.any(String)]),
      );
      expect(grade).toMatchObject({ status: 'ended', endReason: 'completed', passed: true });
      expect(grade.points).toBe(setup.exercise.totalPoints);
      // The exercise's fault went on, hidden, and came off (at the latest when it ended).
      const fault = setup.exercise.faults.faults[0]!;
      expect(log.entries.filter((e) => e.by === fault.name).map((e) => [e.action, e.tag, e.hidden])).toEqual([
        ['applied', fault.fault.tag, true],
        ['cleared', fault.fault.tag, false],
      ]);
    });

    it('fails with a controller that does nothing', async () => {
      const setup = await loadExercise(name);
      const { grade } = await gradeController(setup, doNothing);
      expect(grade).toMatchObject({ status: 'ended', endReason: 'time limit', passed: false });
      expect(grade.points).toBeLessThan(setup.exercise.passMark);
      expect(grade.criteria.some((c) => c.state === 'failed')).toBe(true);
    });

    it('fails with a controller that ignores the fault, on the reaction to it', async () => {
      const setup = await loadExercise(name);
      const { grade } = await gradeController(setup, ANSWERS[scene]!(false));
      expect(grade).toMatchObject({ status: 'ended', passed: false });
      expect(grade.points).toBeLessThan(setup.exercise.passMark);
      const reaction = setup.exercise.criteria.findIndex((c) => c.kind === 'react');
      expect(grade.criteria[reaction]).toMatchObject({ state: 'failed' });
      expect(grade.criteria[reaction]!.reason).toMatch(/^not within .* of the fault '/);
    });
  });
});
