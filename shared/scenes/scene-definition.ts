import type { SceneDrivers } from '../drivers/driver-settings.js';
import type { PlacementHints } from '../plant/plant-types.js';
import type { SceneWithBehaviours } from '../sim/scene-behaviours.js';

/**
 * A scene: its tags (core/tag-scene.ts), the plant that moves them, where the plant is drawn, and
 * the settings of its drivers.
 */
export interface SceneDefinition extends SceneWithBehaviours {
  /**
   * Where the Plant view draws the plant's parts (docs/scenes.md, "Layout"). Absent: a built-in
   * scene's own hints, or the layout the conveyor graph gives.
   */
  readonly layout?: PlacementHints;
  /**
   * The settings of the simulator's drivers the scene keeps (a saved `.factoryio` scene's
   * `<Drivers>`): the Modbus server's map and scale factor, the Modbus client's, the OPC client's.
   */
  readonly drivers?: SceneDrivers;
}
