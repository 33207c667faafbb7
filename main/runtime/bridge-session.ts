import {
  BRIDGE_METHOD_NAMES,
  type BridgeApi,
  type BridgeEventMessage,
} from '../../shared/bridge/bridge-spec.js';
import type { PlantStream, PlantWatch } from '../../shared/plant/plant-stream.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';

/**
 * One window's connection to the bridge host: the host's methods, plus those that act on this
 * window alone (the Plant view's watch), whose events go to this window only.
 */
export interface BridgeSession {
  readonly api: BridgeApi;
  /** The window is gone (its socket closed, its page left): stops whatever it watched. */
  close(): void;
}

/** What the host's own api (the tray, the menus: no window of their own) answers to them. */
export const SESSION_ONLY_METHODS: Pick<BridgeApi, 'watchPlant' | 'unwatchPlant'> = {
  watchPlant: () => Promise.reject(new BridgeArgumentError(SESSION_ONLY)),
  unwatchPlant: () => Promise.reject(new BridgeArgumentError(SESSION_ONLY)),
};
const SESSION_ONLY =
  "The Plant view's updates go to a window: watch the plant through a window's connection.";

/**
 * Opens a window's session over the host's `api`: `deliver` sends an event to that window only.
 * `plant` is the host's stream of plant state (undefined where TagSim runs no simulation).
 */
export function openBridgeSession(
  api: BridgeApi,
  plant: () => PlantStream | undefined,
  deliver: (message: BridgeEventMessage) => void,
): BridgeSession {
  let watch: PlantWatch | undefined;
  let closed = false;
  const stop = () => {
    watch?.stop();
    watch = undefined;
  };
  // Each call goes to the host's method as it is when called (not as it was when the window came).
  const forwarded = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((name) => [name, (args: never) => (api[name] as (a: never) => unknown)(args)]),
  ) as unknown as BridgeApi;
  return {
    api: {
      ...forwarded,
      watchPlant: async () => {
        // A call that was under way when the window went must not start a watch nobody stops.
        if (closed) return;
        if (watch) return watch.resend();
        const stream = plant();
        if (!stream)
          throw new BridgeArgumentError('This TagSim runs no simulation: it has no plant to show.');
        watch = stream.watch(deliver);
      },
      unwatchPlant: async () => stop(),
    },
    close: () => {
      closed = true;
      stop();
    },
  };
}
