import { layoutPlant } from '../plant/layout.js';
import type { PlacementHints, PlantLayout } from '../plant/plant-types.js';
import type { Behaviour } from '../sim/behaviour-types.js';
import { mapBehaviourTagRefs } from '../sim/behaviour-tag-refs.js';
import type { SceneWithBehaviours } from '../sim/scene-behaviours.js';
import { resolveTagRef, TagIndex } from '../sim/tag-refs.js';
import { validateBehaviours } from '../sim/validate-behaviours.js';
import { builtinPlant } from './builtin/builtin-plants.js';

// Which plant runs for a scene and how it is drawn, where a scene that says nothing borrows the
// built-in scene's of its name. The lending is decided here, at the scenes floor, because it is a
// lookup by scene name: the simulation and the drawing below take the plant from the scene object.

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
  const lent = builtinPlant(scene.name)?.behaviours ?? [];
  if (lent.length > 0 && validateBehaviours(lent, scene.tags).problems.length === 0) {
    return { behaviours: lent, source: 'builtin' };
  }
  return { behaviours: [], source: 'none' };
}

/**
 * The drawing of the plant that runs for a scene (sceneBehaviours), placed by the scene's own
 * `layout`, else by the built-in scene's of its name, else after its conveyor graph (layoutPlant).
 * A built-in scene carries its layout (builtinScene); the lending is for a scene that borrows a
 * built-in's plant by name: a copy of the scene's tags without behaviours or layout, such as a
 * file exported before layouts were carried or a driver CSV imported under a built-in's name.
 */
export function layoutScene(scene: SceneWithBehaviours & { readonly layout?: PlacementHints }): PlantLayout {
  const hints = scene.layout ?? builtinPlant(scene.name)?.layout;
  return layoutPlant({ ...scene, behaviours: sceneBehaviours(scene).behaviours }, hints);
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
