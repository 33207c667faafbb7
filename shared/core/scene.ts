import type { PlacementHints } from '../plant/plant-types.js';
import type { Behaviour } from '../sim/behaviour-types.js';
import type { TagDefinition } from './tag-types.js';

/** A scene: a named, ordered set of tags. Listing order is scene order. */
export interface SceneDefinition {
  readonly name: string;
  readonly description?: string;
  readonly tags: readonly TagDefinition[];
  /**
   * The plant: rules, signal generators and conveyors that move the Input tags (docs/simulation.md).
   * Absent or empty: the scene says nothing, and a built-in scene of the same name lends its
   * plant when it fits the tags (see shared/sim/scene-behaviours.ts).
   */
  readonly behaviours?: readonly Behaviour[];
  /**
   * Where the Plant view draws the plant's parts (docs/scenes.md, "Layout"). Absent: a built-in
   * scene's own hints, or the layout the conveyor graph gives.
   */
  readonly layout?: PlacementHints;
}
