import type { SceneDefinition } from '../../shared/core/scene.js';
import {
  BUILTIN_SCENE_NAMES,
  builtinScene,
  DEFAULT_SCENE_NAME,
  syntheticScene,
} from '../../shared/scenes/builtin-scenes.js';

/** How a host names the scene to serve. */
export type SceneChoice = { builtin: string } | { synthetic: number };

/** Largest synthetic scene; far beyond any real scene, small enough to stay responsive. */
export const MAX_SYNTHETIC_TAGS = 100_000;

/**
 * Finds the scene a host asked for. Built-in names match exactly, or else ignoring letter case;
 * an unknown name throws an Error whose message names the problem in one line.
 */
export function resolveScene(choice: SceneChoice = { builtin: DEFAULT_SCENE_NAME }): SceneDefinition {
  if ('synthetic' in choice) {
    const count = choice.synthetic;
    if (!Number.isInteger(count) || count < 1 || count > MAX_SYNTHETIC_TAGS) {
      throw new Error(
        `a synthetic scene needs a whole number of tags from 1 to ${MAX_SYNTHETIC_TAGS}; got ${count}`,
      );
    }
    return syntheticScene(count);
  }
  const exact = builtinScene(choice.builtin);
  if (exact) return exact;
  const folded = BUILTIN_SCENE_NAMES.find((n) => n.toLowerCase() === choice.builtin.toLowerCase());
  if (folded) return builtinScene(folded)!;
  throw new Error(`unknown scene '${choice.builtin}'; 'tagsim scenes' lists the built-in scenes`);
}
