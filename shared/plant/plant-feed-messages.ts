import type { PlantFrame } from './plant-frame.js';
import type { PlantLayout } from './plant-types.js';
import type { SimulationStatus } from '../sim/simulation.js';

/** The dashboard's plant feed (docs/lab.md): `GET /api/stations/<k>/plant/feed`. */
export const PLANT_FEED_PATH = '/api/stations/:station/plant/feed';

/** The feed's content type: one JSON message a line. */
export const PLANT_FEED_TYPE = 'application/x-ndjson; charset=utf-8';

/**
 * A line of the feed: the drawing of the station's scene (first, and on every new scene), its
 * simulation's status (first, and on each change), and the plant's frames as a window gets them
 * (the first whole, then what changed).
 */
export type PlantFeedMessage =
  | { readonly event: 'scene'; readonly payload: { readonly scene: string; readonly layout: PlantLayout } }
  | { readonly event: 'simulation'; readonly payload: SimulationStatus }
  | { readonly event: 'plant'; readonly payload: PlantFrame };
