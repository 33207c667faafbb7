import type {
  ActionResult,
  BridgeApi,
  BridgeEventMessage,
  SceneInfo,
  TagsEvent,
} from '../../shared/bridge/bridge-spec.js';
import { Coalescer, type Schedule } from '../../shared/bridge/coalescer.js';
import { TrafficMeter } from '../../shared/bridge/traffic-meter.js';
import { Emitter } from '../../shared/core/emitter.js';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { ServerController } from './server-controller.js';

/** At most about 30 tag updates a second reach a window, however busy the API is. */
export const TAG_EVENT_INTERVAL_MS = 33;
const STATS_INTERVAL_MS = 1000;

export interface BridgeHostDeps {
  engine: TagEngine;
  server: ServerController;
  settings: SettingsStore;
  now?: () => number;
  schedule?: Schedule;
  /** Starts a repeating timer and returns the function that stops it. */
  every?: (callback: () => void, ms: number) => () => void;
}

/** The core behind every UI transport: the bridge's methods, and the events it pushes. */
export interface BridgeHost {
  readonly api: BridgeApi;
  readonly events: Emitter<BridgeEventMessage>;
  dispose(): void;
}

/**
 * Implements BRIDGE_SPEC over the engine, the server controller and the settings. The IPC host,
 * the WebSocket host and the in-memory transport of the tests all call this one object.
 */
export function createBridgeHost(deps: BridgeHostDeps): BridgeHost {
  const { engine, server, settings } = deps;
  const now = deps.now ?? (() => performance.now());
  const schedule: Schedule = deps.schedule ?? ((cb, ms) => void setTimeout(cb, ms));
  const every =
    deps.every ??
    ((cb, ms) => {
      const timer = setInterval(cb, ms);
      timer.unref();
      return () => clearInterval(timer);
    });
  const events = new Emitter<BridgeEventMessage>((e) => server.errors.emit(e));
  const meter = new TrafficMeter(now);
  const sceneInfo = (): SceneInfo => ({ name: engine.scene.name, tagCount: engine.tagCount });

  let sceneChanged = false;
  const tagUpdates = new Coalescer<string>(
    (ids) => {
      const payload: TagsEvent = sceneChanged
        ? { sceneChanged: true, scene: sceneInfo(), tags: engine.listTagStates() }
        : {
            sceneChanged: false,
            scene: sceneInfo(),
            tags: [...ids].flatMap((id) => engine.getTagState(id) ?? []),
          };
      sceneChanged = false;
      events.emit({ event: 'tags', payload });
    },
    TAG_EVENT_INTERVAL_MS,
    schedule,
    now,
  );

  const unsubscribers = [
    engine.subscribe((change) => {
      if (change.sceneChanged) sceneChanged = true;
      tagUpdates.add(change.tagIds);
    }),
    server.onStatus((status) => events.emit({ event: 'server', payload: status })),
    server.requests.on((request) => meter.record(request.remoteAddress)),
    every(() => events.emit({ event: 'stats', payload: meter.read() }), STATS_INTERVAL_MS),
  ];

  const first = (errors: ItemError[]): ActionResult => errors[0] ?? null;

  const api: BridgeApi = {
    getState: async () => ({
      scene: sceneInfo(),
      tags: engine.listTagStates(),
      server: server.status,
      stats: meter.read(),
      pinned: settings.get().pinnedTagIds,
    }),
    setValue: async ({ id, value }) => first(engine.simulate('id', [{ ref: id, value }], 'ui')),
    force: async ({ id, value }) => first(engine.write('force', 'id', [{ id, value }], 'ui')),
    release: async ({ id }) => first(engine.release('id', [id], 'ui')),
    setFailure: async ({ id, failure }) => engine.setFailure(id, failure, 'ui'),
    releaseAll: async () => engine.releaseAll('ui'),
    clearFailures: async () => engine.clearFailures('ui'),
    setPinned: async ({ id, pinned }) => {
      const current = settings.get().pinnedTagIds.filter((p) => p !== id);
      const next = pinned ? [...current, id] : current;
      await settings.update({ pinnedTagIds: next });
      events.emit({ event: 'pinned', payload: next });
      return next;
    },
    startServer: async (change) => {
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
    stopServer: async () => server.stop(),
  };

  return {
    api,
    events,
    dispose: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}
