import { basename, dirname, resolve } from 'node:path';
import { bindExercise } from '../../shared/exercise/bind-exercise.js';
import { builtinExercise } from '../../shared/exercise/builtin-exercises.js';
import { parseExerciseFile, validateExercise } from '../../shared/exercise/exercise-file.js';
import type { BoundExercise, Exercise } from '../../shared/exercise/exercise-types.js';
import type { RuntimeSnapshot } from '../../shared/scenes/runtime-snapshot.js';
import { loadScene, sceneArgument, type LoadedScene, type SceneChoice } from '../runtime/resolve-scene.js';
import { readSnapshotFile } from '../storage/snapshot-files.js';
import { readTextFile } from '../storage/read-text-file.js';

/** An exercise ready to run: bound to its scene, with its start state read. */
export interface ExerciseSetup {
  readonly exercise: BoundExercise;
  /** The exercise file as given, or the built-in exercise's name. */
  readonly source: string;
  /** Its scene, read once and shared by every station that runs it. */
  readonly scene: LoadedScene;
  /** The state snapshot every start applies, with its file's name for messages. */
  readonly state: { readonly snapshot: RuntimeSnapshot; readonly name: string } | undefined;
}

/**
 * Reads an exercise (`--exercise`): a built-in exercise by name (any letter case), or an
 * exercise file whose scene and state files are relative to it. Rejects with a ValidationError
 * that lists every problem, of the file or against its scene, or with the file's own error.
 */
export async function loadExercise(choice: string): Promise<ExerciseSetup> {
  const builtin = builtinExercise(choice);
  let exercise: Exercise;
  let base: string | undefined;
  if (builtin !== undefined) exercise = validateExercise(builtin, choice);
  else {
    exercise = parseExerciseFile((await readTextFile(choice)).text, choice);
    base = dirname(resolve(choice));
  }
  const sceneChoice = relativeTo(base, sceneArgument(exercise.scene));
  const scene = await loadScene(sceneChoice);
  const bound = bindExercise(exercise, scene.scene, builtin !== undefined ? choice : basename(choice));
  let state: ExerciseSetup['state'];
  if (exercise.state !== undefined) {
    const path = base === undefined ? exercise.state : resolve(base, exercise.state);
    state = { snapshot: await readSnapshotFile(path), name: basename(path) };
  }
  // Served, not opened: thirty students saving their windows' scenes must not write to one file.
  return { exercise: bound, source: choice, scene: { scene: scene.scene }, state };
}

function relativeTo(base: string | undefined, choice: SceneChoice): SceneChoice {
  return base !== undefined && 'file' in choice ? { file: resolve(base, choice.file) } : choice;
}
