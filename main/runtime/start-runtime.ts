import { basename } from 'node:path';
import type { UiFileAccess } from '../../shared/bridge/bridge-spec.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { planRestore } from '../../shared/scenes/runtime-snapshot.js';
import { memorySettingsStore } from '../settings/settings-store.js';
import { DEFAULT_PORT, type ApiServerOptions } from '../server/create-api-server.js';
import { readSnapshotFile } from '../storage/snapshot-files.js';
import { createBrowserUi, type BrowserUi } from '../ui-host/browser-ui.js';
import { createBridgeHost, type BridgeHost } from './bridge-host.js';
import { loadScene, type SceneChoice } from './resolve-scene.js';
import { SceneService } from './scene-service.js';
import { ServerController } from './server-controller.js';
import { createSimulationHost, type SimulationHost } from './simulation-host.js';
import { uiFileAccessFor, uiFilesRefusal } from './ui-file-access.js';

export interface RuntimeOptions extends Omit<ApiServerOptions, 'mount'> {
  scene?: SceneChoice;
  /** A state snapshot (`.tagsim-state.json`) to start from: values, forces and failures. */
  state?: string;
  /**
   * Serve the browser UI at /ui/ from this folder (the renderer bundle). Its `fileAccess` (open
   * and save files by path) defaults to 'any' on a loopback host and 'none' on any other.
   */
  ui?: { rendererDir: string; token?: string; fileAccess?: UiFileAccess };
  /** Seed of the simulation's random streams (default 1). */
  seed?: number;
  /** Whether the simulation runs from the start (default true; `tagsim serve --paused` says false). */
  startRunning?: boolean;
  /** The simulation's initial time scale, 0.25 to 8 (default 1). */
  timeScale?: number;
}

/** A running TagSim: the engine and the API server bound to its port (and the browser UI). */
export interface Runtime {
  readonly engine: TagEngine;
  /** The scene being served, as a document: open another, edit, save, snapshots. */
  readonly scenes: SceneService;
  /** What starting from a snapshot did, when `state` was given. */
  readonly restored: { tags: number; notes: string[] } | undefined;
  readonly server: ServerController;
  /** The simulation, advanced by a real timer: run, pause, reset, time scale, status. */
  readonly simulation: SimulationHost;
  readonly url: string;
  /** The address of the browser UI, token included, when it is served. */
  readonly uiUrl: string | undefined;
  /** Whether the browser UI may open and save files by path, when it is served. */
  readonly uiFileAccess: UiFileAccess | undefined;
  stop(): Promise<void>;
}

/** A start that could not bind: carries the system error (EADDRINUSE...) as `cause`. */
export class RuntimeStartError extends Error {}

/**
 * Starts the engine with its scene (and state) and binds the API server (with the browser UI when
 * asked). Used by `tagsim serve`; the desktop app assembles the same parts around its window.
 * Rejects, leaving nothing running, when the scene is unknown or has problems (a
 * SceneValidationError lists them all), the state snapshot does not fit, or the port cannot be
 * bound (RuntimeStartError).
 */
export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const { scene: choice, state, ui: uiOptions, seed, startRunning, timeScale, ...serverOptions } = options;
  const loaded = await loadScene(choice);
  const engine = new TagEngine(loaded.scene);
  const settings = memorySettingsStore();
  const scenes = new SceneService(engine, settings, 'builtin');
  if (loaded.file) await scenes.open({ loaded: loaded.file });
  let restored: Runtime['restored'];
  if (state !== undefined) {
    const snapshot = await readSnapshotFile(state);
    const plan = planRestore(snapshot, engine.scene, basename(state));
    const notApplied = engine.restoreStates(plan.states, 'ui');
    restored = { tags: plan.states.size - notApplied.length, notes: plan.notes };
  }
  let ui: BrowserUi | undefined;
  const host = serverOptions.host ?? '127.0.0.1';
  const uiFileAccess = uiOptions && (uiOptions.fileAccess ?? uiFileAccessFor(host));
  const server = new ServerController(engine, {
    ...serverOptions,
    host,
    port: serverOptions.port ?? DEFAULT_PORT,
    // Stopping the server from the browser UI would cut that very UI off.
    controllable: !uiOptions,
    mount: uiOptions && {
      pathPrefix: '/ui',
      middleware: (ctx, next) => ui!.mount.middleware!(ctx, next),
      upgrade: (req, socket, head) => ui!.mount.upgrade!(req, socket, head),
    },
  });
  const simulation = createSimulationHost(engine, {
    ...(seed !== undefined ? { seed } : {}),
    ...(startRunning !== undefined ? { startRunning } : {}),
    ...(timeScale !== undefined ? { timeScale } : {}),
    reportError: (e) => server.errors.emit(e),
  });
  let bridge: BridgeHost | undefined;
  if (uiOptions) {
    bridge = createBridgeHost({
      engine,
      server,
      settings,
      scenes,
      simulation,
      fileAccess: uiFileAccess,
      fileAccessRefusal: uiFilesRefusal(host),
      // What restoring the state could not apply is shown in the window too, not only printed.
      notices: (restored?.notes ?? []).map((note) => ({ file: state!, message: note })),
    });
    ui = createBrowserUi({
      host: bridge,
      rendererDir: uiOptions.rendererDir,
      token: uiOptions.token,
      onError: (e) => server.errors.emit(e),
    });
  }
  const status = await server.start();
  const stop = async () => {
    simulation.dispose();
    ui?.close();
    bridge?.dispose();
    await server.stop();
  };
  if (status.state !== 'listening' || status.url === undefined) {
    await stop();
    throw new RuntimeStartError(status.error ?? 'the server did not start', { cause: server.lastError });
  }
  return {
    engine,
    scenes,
    restored,
    server,
    simulation,
    url: status.url,
    uiUrl: ui?.urlFor(status.url),
    uiFileAccess,
    stop,
  };
}
