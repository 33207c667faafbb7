import type { BridgeApi, BridgeEventMessage, ServerStatus } from '../../shared/bridge/bridge-spec.js';
import { TrafficMeter, type TrafficStats } from '../../shared/api/traffic-meter.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import type { Settings } from '../settings/settings.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { ServerController } from './server-controller.js';

const STATS_INTERVAL_MS = 1000;

export interface BridgeServerDeps {
  server: ServerController;
  settings: SettingsStore;
  /** Refuses a change to a setting the presets lock (windowRestrictions). */
  refuseLocked(change: Partial<Settings>): void;
  emit(message: BridgeEventMessage): void;
  every(callback: () => void, ms: number): () => void;
  now: () => number;
}

/** The bridge's side of the tag API's server: start and stop, its status and its traffic. */
export interface BridgeServer {
  readonly api: Pick<BridgeApi, 'startServer' | 'stopServer'>;
  /** The server's status and the status bar's traffic figures (getState). */
  state(): { server: ServerStatus; stats: TrafficStats };
  dispose(): void;
}

/**
 * The bridge's server methods over the server controller, its status events, and the traffic
 * meter of the status bar: each request counted as it comes, the figures sent once a second.
 */
export function createBridgeServer(deps: BridgeServerDeps): BridgeServer {
  const { server, settings, refuseLocked, emit } = deps;
  const meter = new TrafficMeter(deps.now);
  // The browser UI rides on the API server's port: a window that could restart that server could
  // move it (to 0.0.0.0, say) or cut itself off. Only the desktop app controls its server.
  const refuseUnlessControllable = () => {
    if (!server.status.controllable)
      throw new BridgeArgumentError(
        "this TagSim's window cannot start or stop its server: it is served by that server",
      );
  };
  const unsubscribers = [
    server.onStatus((status) => emit({ event: 'server', payload: status })),
    server.requests.on((request) => meter.record(request.remoteAddress)),
    deps.every(() => emit({ event: 'stats', payload: meter.read() }), STATS_INTERVAL_MS),
  ];
  return {
    api: {
      startServer: async (change) => {
        refuseUnlessControllable();
        refuseLocked({
          ...(change?.port !== undefined ? { port: change.port } : {}),
          ...(change?.host !== undefined ? { host: change.host } : {}),
        });
        const status = await server.start(change ?? {});
        // A port or host that worked is the one to use next time (persisted with the pins).
        if (
          status.state === 'listening' &&
          change &&
          (change.port !== undefined || change.host !== undefined)
        ) {
          await settings.update({ port: change.port ?? settings.get().port, host: status.host });
        }
        return status;
      },
      stopServer: async () => {
        refuseUnlessControllable();
        return server.stop();
      },
    },
    state: () => ({ server: server.status, stats: meter.read() }),
    dispose: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}
