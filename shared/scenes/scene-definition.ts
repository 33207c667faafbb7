import type { PlacementHints } from '../plant/plant-types.js';
import type { SceneWithBehaviours } from '../sim/scene-behaviours.js';

/** A scene: its tags (core/tag-scene.ts), the plant that moves them, and where the plant is drawn. */
export interface SceneDefinition extends SceneWithBehaviours {
  /**
   * Where the Plant view draws the plant's parts (docs/scenes.md, "Layout"). Absent: a built-in
   * scene's own hints, or the layout the conveyor graph gives.
   */
  readonly layout?: PlacementHints;
}
