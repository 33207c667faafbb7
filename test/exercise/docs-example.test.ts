// The worked example of docs/lab.md, "Exercises and grading", is the built-in exercise of
// Sorting by Height (Basic) as a file: TagSim reads it as it is, it is the very exercise the
// built-in tests grade, and graded from the file the doc shows it scores what the doc says.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bindExercise } from '../../shared/exercise/bind-exercise.js';
import { builtinExercise } from '../../shared/exercise/builtin-exercises.js';
import { parseExerciseFile } from '../../shared/exercise/exercise-file.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { loadExercise } from '../../main/exercise/exercise-setup.js';
import { doNothing, sortingByHeight } from './controllers.js';
import { gradeController } from './support.js';

const doc = readFileSync(new URL('../../docs/lab.md', import.meta.url), 'utf8');
const example = /<!-- example: exercise -->\n\n```json\n([\s\S]*?)```/.exec(doc)?.[1];
const folder = mkdtempSync(join(tmpdir(), 'tagsim-exercise-doc-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The figure the doc gives after `words` ("scores 35"). */
function scoreInDoc(words: string): number {
  const found = new RegExp(`${words}[^.]*? scores (\\d+)`).exec(doc.replace(/\s+/g, ' '));
  expect(found, words).not.toBeNull();
  return Number(found![1]);
}

describe('docs/lab.md', () => {
  it('shows an exercise file that TagSim reads as it is: the built-in one', () => {
    expect(example).toBeDefined();
    const file = parseExerciseFile(example!);
    const { $schema, ...json } = JSON.parse(example!) as Record<string, unknown>;
    expect($schema).toBe('./tagsim-exercise.schema.json');
    expect(json).toEqual(builtinExercise(file.name));
    expect(bindExercise(file, builtinScene(file.scene)!).totalPoints).toBe(100);
  });

  it('grades as it says: the model answer 100 at the moments shown, doing nothing and ignoring the fault less', async () => {
    const path = join(folder, 'sort.tagsim-exercise.json');
    writeFileSync(path, example!);
    const setup = await loadExercise(path);
    const points = async (controller: Parameters<typeof gradeController>[1]) =>
      (await gradeController(setup, controller)).grade.points;
    const model = (await gradeController(setup, sortingByHeight(true))).grade;
    expect(model.points).toBe(100);
    // The doc's `tagsim grade` sample prints the model answer's decisions, as they come.
    const printed = [...doc.matchAll(/^# \[ *([\d.]+) s\] met +"([^"]+)": (.*)$/gm)].map((m) => [
      m[2],
      Number(m[1]) * 1000,
      m[3],
    ]);
    expect(printed.sort()).toEqual(
      setup.exercise.criteria
        .map((c, i) => [c.name, model.criteria[i]!.atMs, model.criteria[i]!.reason])
        .sort(),
    );
    expect(await points(doNothing)).toBe(scoreInDoc('A controller that does nothing'));
    expect(await points(sortingByHeight(false))).toBe(scoreInDoc('ignores the stuck sensor'));
  });
});
