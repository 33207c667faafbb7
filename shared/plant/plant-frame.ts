import type { JsonDelta } from './json-delta.js';
import type { PlantSnapshot } from './plant-types.js';

/**
 * The Plant view's frames (issue 23, docs/ui.md "Plant"): what the plant stream sends each window
 * that watches, at most about 30 a second, each the changes since the one before. The bridge
 * carries them as `plant` events (shared/bridge/plant-spec.ts).
 */

/** The least time between two plant updates to a window: at most about 30 a second. */
export const PLANT_UPDATE_INTERVAL_MS = 34;

/** A whole snapshot: where a window starts, or starts again. */
export interface PlantFullFrame {
  readonly seq: number;
  readonly snapshot: PlantSnapshot;
}

/** The changes since the frame numbered `base` (always seq - 1): applied to that frame's snapshot. */
export interface PlantDeltaFrame {
  readonly seq: number;
  readonly base: number;
  readonly delta: JsonDelta;
}

/** One plant update, numbered: a window that finds a gap asks again with watchPlant. */
export type PlantFrame = PlantFullFrame | PlantDeltaFrame;
