import type { PlantFrame } from '../plant/plant-frame.js';
import { event, method } from './spec-parts.js';
import { v } from './validate.js';

/**
 * The bridge's part for the Plant view (issue 23, docs/ui.md "Plant"): a window asks for the
 * plant's state only while it shows the view, and gets it as `plant` events, at most about 30 a
 * second, each the changes since the one before. The first event after watchPlant (and after a
 * second watchPlant, which a window sends when it missed one) carries the whole snapshot.
 *
 * These two methods act on the window's own connection: the IPC and WebSocket hosts answer them
 * per window (main/runtime/bridge-session.ts), so one window's view costs the others nothing.
 */

export const PLANT_METHODS = {
  /**
   * This window shows the Plant view: sends it the whole snapshot now (as a `plant` event), then
   * the changes as the plant moves. Again while watching: the whole snapshot again.
   */
  watchPlant: method<void>()(v.none),
  /** This window no longer shows the view: no more `plant` events to it. */
  unwatchPlant: method<void>()(v.none),
} as const;

export const PLANT_EVENTS = {
  /** The plant moved (only to windows that watch it). */
  plant: event<PlantFrame>(),
  /**
   * The desktop app's View ▸ Plant: the window shows or hides its Plant view. Sent to every window;
   * each toggles the view of the scene it shows.
   */
  togglePlant: event<null>(),
} as const;
