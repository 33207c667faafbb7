import type { TagScene } from '../core/tag-scene.js';
import type { Behaviour } from './behaviour-types.js';
import { builtinBehaviours } from './builtin-behaviours.js';
import { mapBehaviourTagRefs } from './behaviour-tag-refs.js';
import { resolveTagRef, TagIndex } from './tag-refs.js';
import { validateBehaviours } from './validate-behaviours.js';

/** A scene with its plant: the tags, and the behaviours that move them. */
export interface SceneWithBehaviours extends TagScene {
  /**
   * The plant: rules, signal generators and conveyors that move the Input tags (docs/simulation.md).
   * Absent or empty: the scene says nothing, and a built-in scene of the same name lends its
   * plant when it fits the tags (see sceneBehaviours).
   */
  readonly behaviours?: readonly Behaviour[];
}

/** Where the plant of a scene comes from. */
export type PlantSource = 'scene' | 'builtin' | 'none';

/**
 * The plant that runs for a scene: the scene's own behaviours when it has some; otherwise, when
 * a built-in scene has its exact name, that built-in's behaviours if they all fit the scene's
 * tags (a scene imported from the real simulator, or a file exported before behaviours existed,
 * comes alive); otherwise none. A built-in's plant that does not fit whole is not run in part.
 */
export function sceneBehaviours(scene: SceneWithBehaviours): {
  behaviours: readonly Behaviour[];
  source: PlantSource;
} {
  if (scene.behaviours && scene.behaviours.length > 0)
    return { behaviours: scene.behaviours, source: 'scene' };
  const lent = builtinBehaviours(scene.name);
  if (lent.length > 0 && validateBehaviours(lent, scene.tags).problems.length === 0) {
    return { behaviours: lent, source: 'builtin' };
  }
  return { behaviours: [], source: 'none' };
}

/**
 * The ids of the tags the scene's plant writes (sensors it simulates): a value a person sets on
 * one of them lasts only until the plant's next step, so the window points to Force instead.
 */
export function tagsDrivenByPlant(scene: SceneWithBehaviours): Set<string> {
  const driven = new Set<string>();
  const index = new TagIndex(scene.tags);
  mapBehaviourTagRefs(sceneBehaviours(scene).behaviours, (site) => {
    if (site.use === 'write') {
      const found = resolveTagRef(site.ref, index, 'write');
      if (found.ok) driven.add(found.tag.id);
    }
    return site.ref;
  });
  return driven;
}
