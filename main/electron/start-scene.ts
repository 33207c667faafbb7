import path from 'node:path';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { loadScene, sceneArgument, type LoadedScene, type SceneChoice } from '../runtime/resolve-scene.js';
import { PresetsProblem, type Presets } from '../settings/presets.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/**
 * How to read the presets' `scene`: like `tagsim serve --scene` (a name ending in .json is a
 * file, anything else a built-in), except that a relative path is relative to the presets file's
 * folder, not to wherever the app happened to be started from.
 */
export function presetSceneChoice(scene: string, presetsFile: string): SceneChoice {
  const choice = sceneArgument(scene);
  return 'file' in choice ? { file: path.resolve(path.dirname(presetsFile), choice.file) } : choice;
}

/**
 * The scene the desktop app starts on: the presets' scene (at every start: a lab wants every PC
 * on the exercise), else the default one. A preset scene that cannot be opened (unknown name,
 * missing file, a file with problems) is reported, and the app starts on the default scene.
 */
export async function loadStartScene(
  presets: Presets,
  defaultScene: () => SceneDefinition,
  reportError: (error: unknown) => void,
): Promise<LoadedScene> {
  if (presets.scene === undefined || presets.file === undefined) return { scene: defaultScene() };
  try {
    return await loadScene(presetSceneChoice(presets.scene, presets.file));
  } catch (error) {
    const detail = errorMessage(error);
    reportError(
      new PresetsProblem(
        presets.file,
        'scene',
        `cannot open ${JSON.stringify(presets.scene)}, so TagSim starts on the default scene: ${detail}`,
      ),
    );
    return { scene: defaultScene() };
  }
}
