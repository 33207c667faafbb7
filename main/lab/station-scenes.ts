import { errorMessage } from '../../shared/problems/message-text.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { loadScene, type LoadedScene, type SceneChoice } from '../runtime/resolve-scene.js';

/** A lab that could not start; `station` says which one when it was one station's problem. */
export class LabStartError extends Error {
  constructor(
    message: string,
    readonly station?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'LabStartError';
  }
}

/**
 * Each station's scene, every distinct choice read once. Served without its file: thirty
 * students saving their windows' scenes must not all write back to one file.
 */
export async function loadStationScenes(
  choices: readonly (SceneChoice | undefined)[],
): Promise<LoadedScene[]> {
  const loaded = new Map<string, Promise<LoadedScene>>();
  const scenes: LoadedScene[] = [];
  for (const [i, choice] of choices.entries()) {
    const key = JSON.stringify(choice ?? null);
    let scene = loaded.get(key);
    if (!scene) {
      scene = loadScene(choice).then((l) => ({ scene: l.scene }));
      loaded.set(key, scene);
    }
    try {
      scenes.push(await scene);
    } catch (error) {
      const message =
        error instanceof ValidationError ? error.message.split('\n', 1)[0]! : errorMessage(error);
      throw new LabStartError(`station ${i + 1}: ${message}`, i + 1, { cause: error });
    }
  }
  return scenes;
}
