import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { PlantSnapshot } from '../../shared/plant/plant-types.js';

/** The plant's state as the view draws it, and when it came (performance.now()). */
export interface PlantFeed {
  snapshot: PlantSnapshot | undefined;
  receivedAt: number;
}

/**
 * The live plant state while the view shows (`active`). The bridge's plant stream (branch
 * plantstream) plugs in here; until then the view draws the machine without items.
 */
export function usePlantFeed(_client: BridgeClient, _active: boolean): PlantFeed {
  return { snapshot: undefined, receivedAt: 0 };
}
