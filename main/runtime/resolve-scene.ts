import { statSync } from 'node:fs';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import {
  BUILTIN_SCENE_NAMES,
  builtinScene,
  DEFAULT_SCENE_NAME,
  syntheticScene,
} from '../../shared/scenes/builtin-scenes.js';
import { readSceneFile, type LoadedSceneFile } from '../storage/scene-files.js';
import { isSceneFileName } from '../../shared/scenes/file-names.js';

/** A scene of the library: a built-in by name, or a generated one. */
export type LibraryChoice = { builtin: string } | { synthetic: number };

/** How a host names the scene to serve: from the library, or a scene file. */
export type SceneChoice = LibraryChoice | { file: string };

/** A scene ready to serve, with the file it was read from (when it was). */
export interface LoadedScene {
  scene: SceneDefinition;
  file?: LoadedSceneFile;
}

/** Largest synthetic scene; far beyond any real scene, small enough to stay responsive. */
export const MAX_SYNTHETIC_TAGS = 100_000;

/**
 * How to read the value of `--scene`: a path when it names a scene file (`.tagsim.json`, or
 * another format TagSim reads: the simulator's `.factoryio`, a driver `.csv`), otherwise a
 * built-in name; `loadScene` still falls back to a file of that name when no built-in has it.
 */
export function sceneArgument(value: string): SceneChoice {
  return isSceneFileName(value) ? { file: value.trim() } : { builtin: value };
}

/** The built-in scene with this name, exactly or else ignoring letter case. */
function findBuiltin(name: string): SceneDefinition | undefined {
  const exact = builtinScene(name);
  if (exact) return exact;
  const folded = BUILTIN_SCENE_NAMES.find((n) => n.toLowerCase() === name.toLowerCase());
  return folded === undefined ? undefined : builtinScene(folded);
}

/**
 * Finds the scene a host asked for. Built-in names match exactly, or else ignoring letter case;
 * an unknown name throws an Error whose message names the problem in one line.
 */
export function resolveScene(choice: LibraryChoice = { builtin: DEFAULT_SCENE_NAME }): SceneDefinition {
  if ('synthetic' in choice) {
    const count = choice.synthetic;
    if (!Number.isInteger(count) || count < 1 || count > MAX_SYNTHETIC_TAGS) {
      throw new Error(
        `a synthetic scene needs a whole number of tags from 1 to ${MAX_SYNTHETIC_TAGS}; got ${count}`,
      );
    }
    return syntheticScene(count);
  }
  const found = findBuiltin(choice.builtin);
  if (found) return found;
  throw new Error(unknownSceneMessage(choice.builtin));
}

/**
 * Loads any scene choice: a library scene, or a scene file (read and validated). A built-in name
 * that no built-in has is tried as a file when one exists at that path. Throws ValidationError
 * (every problem) for a file with problems and an Error with one line for anything else.
 */
export async function loadScene(choice: SceneChoice = { builtin: DEFAULT_SCENE_NAME }): Promise<LoadedScene> {
  if ('file' in choice) {
    const file = await readSceneFile(choice.file);
    return { scene: file.scene, file };
  }
  if ('builtin' in choice && !findBuiltin(choice.builtin) && isFile(choice.builtin)) {
    const file = await readSceneFile(choice.builtin);
    return { scene: file.scene, file };
  }
  return { scene: resolveScene(choice) };
}

function unknownSceneMessage(name: string): string {
  return `unknown scene '${name}'; 'tagsim scenes' lists the built-in scenes, and a scene file's name ends in .tagsim.json or .factoryio`;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
