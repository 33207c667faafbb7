import type { TagScene } from '../core/tag-scene.js';
import type { Behaviour } from './behaviour-types.js';

/** A scene with its plant: the tags, and the behaviours that move them. */
export interface SceneWithBehaviours extends TagScene {
  /**
   * The plant: rules, signal generators and conveyors that move the Input tags (docs/simulation.md).
   * Absent or empty: the scene says nothing, and a built-in scene of the same name lends its
   * plant when it fits the tags (shared/scenes/scene-plant.ts, sceneBehaviours).
   */
  readonly behaviours?: readonly Behaviour[];
}
