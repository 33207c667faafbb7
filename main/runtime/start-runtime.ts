import { TagEngine } from '../../shared/core/tag-engine.js';
import { memorySettingsStore } from '../settings/settings-store.js';
import type { ApiServerOptions } from '../server/create-api-server.js';
import { createBrowserUi, type BrowserUi } from '../ui-host/browser-ui.js';
import { createBridgeHost, type BridgeHost } from './bridge-host.js';
import { resolveScene, type SceneChoice } from './resolve-scene.js';
import { ServerController } from './server-controller.js';

export interface RuntimeOptions extends Omit<ApiServerOptions, 'mount'> {
  scene?: SceneChoice;
  /** Serve the browser UI at /ui/ from this folder (the renderer bundle). */
  ui?: { rendererDir: string; token?: string };
}

/** A running TagSim: the engine and the API server bound to its port (and the browser UI). */
export interface Runtime {
  readonly engine: TagEngine;
  readonly server: ServerController;
  readonly url: string;
  /** The address of the browser UI, token included, when it is served. */
  readonly uiUrl: string | undefined;
  stop(): Promise<void>;
}

/** A start that could not bind: carries the system error (EADDRINUSE...) as `cause`. */
export class RuntimeStartError extends Error {}

/**
 * Starts the engine with its scene and binds the API server (with the browser UI when asked).
 * Used by `tagsim serve`; the desktop app assembles the same parts around its window. Rejects,
 * leaving nothing running, when the scene is unknown or the port cannot be bound.
 */
export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const { scene, ui: uiOptions, ...serverOptions } = options;
  const engine = new TagEngine(resolveScene(scene));
  let ui: BrowserUi | undefined;
  const server = new ServerController(engine, {
    ...serverOptions,
    host: serverOptions.host ?? '127.0.0.1',
    port: serverOptions.port ?? 7410,
    // Stopping the server from the browser UI would cut that very UI off.
    controllable: !uiOptions,
    mount: uiOptions && {
      pathPrefix: '/ui',
      middleware: (ctx, next) => ui!.mount.middleware!(ctx, next),
      upgrade: (req, socket, head) => ui!.mount.upgrade!(req, socket, head),
    },
  });
  let bridge: BridgeHost | undefined;
  if (uiOptions) {
    bridge = createBridgeHost({ engine, server, settings: memorySettingsStore() });
    ui = createBrowserUi({
      host: bridge,
      rendererDir: uiOptions.rendererDir,
      token: uiOptions.token,
      onError: (e) => server.errors.emit(e),
    });
  }
  const status = await server.start();
  const stop = async () => {
    ui?.close();
    bridge?.dispose();
    await server.stop();
  };
  if (status.state !== 'listening' || status.url === undefined) {
    await stop();
    throw new RuntimeStartError(status.error ?? 'the server did not start', { cause: server.lastError });
  }
  return { engine, server, url: status.url, uiUrl: ui?.urlFor(status.url), stop };
}
