import { basename } from 'node:path';
import type { StartupNotice, UiFileAccess } from '../../shared/bridge/bridge-spec.js';
import type { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { carryHiddenFaults } from '../../shared/lab/hidden-carry.js';
import { Emitter } from '../../shared/core/emitter.js';
import { createControlApi, type ControlApi, type ControlOptions } from '../control/control-api.js';
import type { ControlDeps } from '../control/control-deps.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { memorySettingsStore, type SettingsStore } from '../settings/settings-store.js';
import { DEFAULT_HOST, DEFAULT_PORT, type ApiServerOptions } from '../server/create-api-server.js';
import { ModbusController } from '../modbus/modbus-controller.js';
import type { EngineModbusOptions } from '../modbus/engine-modbus-data.js';
import { DEFAULT_MODBUS_PORT, type ModbusServerOptions } from '../modbus/modbus-server.js';
import { readSnapshotFile } from '../storage/snapshot-files.js';
import { createBrowserUi, type BrowserUi } from '../ui-host/browser-ui.js';
import type { SendBudget } from '../ui-host/send-budget.js';
import type { PlantStream } from '../../shared/plant/plant-stream.js';
import { lazyPlantStream } from '../runtime/plant-source.js';
import { createBridgeHost, type BridgeHost, type BridgeHostDeps } from '../runtime/bridge-host.js';
import { loadScene, type LoadedScene, type SceneChoice } from '../runtime/resolve-scene.js';
import { SceneService } from '../runtime/scene-service.js';
import { ServerController } from '../runtime/server-controller.js';
import {
  createSimulationHost,
  type SimulationHost,
  type SimulationHostOptions,
} from '../runtime/simulation-host.js';
import { uiFileAccessFor, uiFilesRefusal } from '../runtime/ui-file-access.js';
import { createClientDrivers, type ClientDriverOptions, type ClientDrivers } from './client-drivers.js';

/** Everything a TagSim is built from; each host (CLI, desktop, tests, a lab) passes what it has. */
export interface TagSimOptions extends ClientDriverOptions {
  /** The scene to serve: a choice to load, or one a host already loaded (default: the default scene). */
  scene?: SceneChoice | LoadedScene;
  /** A state snapshot file (`.tagsim-state.json`) to start from: values, forces and failures. */
  state?: string;
  /** The tag API server: host 127.0.0.1 and port 7410 unless given (port 0 picks a free one). */
  server?: Omit<ApiServerOptions, 'mount' | 'control'>;
  /**
   * When the server binds: 'required' (the default) waits for it and rejects, leaving nothing
   * running, when it cannot; 'background' returns at once and the outcome shows in
   * `server.status` (the desktop app's "Port 7410 in use"); 'later' binds nothing until
   * `server.start()`.
   */
  listen?: 'required' | 'background' | 'later';
  /**
   * A Modbus TCP server beside the API (docs/modbus.md), on the API's host unless given, port
   * 502 unless given (0 picks a free one); it binds when the API server does.
   */
  modbus?: Partial<ModbusServerOptions> & EngineModbusOptions;
  /** The simulation: seed, running from the start, time scale (and timers, in tests). */
  simulation?: Omit<SimulationHostOptions, 'reportError'>;
  /** Pins, recent files, the port the window chose...; in memory unless a host keeps them on disk. */
  settings?: SettingsStore;
  /**
   * Serve the browser UI at /ui/ from this folder (the renderer bundle). Its `fileAccess` (open
   * and save files by path) defaults to 'any' on a loopback host and 'none' on any other; its
   * `sendBudget` (what its sockets may hold unread) is its own unless a host shares one among
   * many TagSims (a lab).
   */
  ui?: { rendererDir: string; token?: string; fileAccess?: UiFileAccess; sendBudget?: SendBudget };
  /**
   * Problems a host met before this start (presets, settings), for the window to show; the start
   * appends its own (what a state snapshot could not apply) to this very list.
   */
  notices?: StartupNotice[];
  /** Timers of the bridge's events (for tests, or a lab's shared timers). */
  bridge?: Pick<BridgeHostDeps, 'now' | 'schedule' | 'every' | 'hideFaultControls' | 'station' | 'exercise'>;
  /** Faults the windows must not show (a lab's hidden faults, docs/lab.md). */
  hiddenFaults?: HiddenFaults;
  /** Hears every error from the very start (the same ones `errors` carries). */
  reportError?: (error: unknown) => void;
  /** TagSim's own API under /tagsim/v1 (docs/control-api.md); on unless `false`. */
  control?: ControlOptions | false;
}

/** A running TagSim: one station with its scene, simulation, API server and bridge. */
export interface TagSim {
  readonly engine: TagEngine;
  /** The scene being served, as a document: open another, edit, save, snapshots. */
  readonly scenes: SceneService;
  /** The simulation, advanced by a real timer: run, pause, reset, time scale, status. */
  readonly simulation: SimulationHost;
  /** The API server: its status, start (another port), stop, and its request events. */
  readonly server: ServerController;
  /** The Modbus TCP server, when `modbus` was given: its status, clients, layout, start, stop. */
  readonly modbus: ModbusController | undefined;
  /**
   * The drivers that connect out to a controller, when asked for (`modbusClient`): each connects
   * when the TagSim starts listening, and reconnects while its controller is away.
   */
  readonly clients: ClientDrivers;
  readonly settings: SettingsStore;
  /**
   * What every window talks to (IPC, WebSocket). Made on first use: a TagSim nobody watches pays
   * nothing for its events.
   */
  readonly bridge: BridgeHost;
  /**
   * The plant's one stream of state (plant-stream.ts), made when a first view watches: the
   * windows' Plant views and a lab's dashboard all watch this one.
   */
  readonly plant: () => PlantStream | undefined;
  /** The browser UI at /ui/, when `ui` was given. */
  readonly ui: BrowserUi | undefined;
  /** What starting from `state` did. */
  readonly restored: { tags: number; notes: string[] } | undefined;
  /** The API's address while it listens. */
  readonly url: string | undefined;
  /** The browser UI's address, token included, while it is served. */
  readonly uiUrl: string | undefined;
  /** Whether the browser UI may open and save files by path, when it is served. */
  readonly uiFileAccess: UiFileAccess | undefined;
  /** The control API (its token...), unless it was turned off. */
  readonly control: ControlApi | undefined;
  /** Every error nobody else handles: a failing tick or listener, a 500, a misbehaving window socket. */
  readonly errors: Emitter<unknown>;
  /** Stops the simulation, the windows' sockets and the server, and frees every timer. */
  close(): Promise<void>;
}

/** Who the lab's fault log names when a control API request took a hidden fault with its tag. */
export const BY_CONTROL_API = "the station's control API";

function keepHiddenFaultsOf(hidden: HiddenFaults, engine: TagEngine): ControlDeps['keepHiddenFaults'] {
  return (action) => carryHiddenFaults(hidden, engine, BY_CONTROL_API, action);
}

/**
 * A start that could not bind: carries the system error (EADDRINUSE...) as `cause`, and which
 * server could not bind.
 */
export class TagSimStartError extends Error {
  constructor(
    message: string,
    options: { cause: unknown },
    readonly part: 'server' | 'modbus' = 'server',
  ) {
    super(message, options);
  }
}

/**
 * The one place a TagSim is put together: loads the scene (and state), then makes the engine,
 * the scene service, the simulation, the API server with the browser UI when asked, and the
 * bridge. `tagsim serve`, `tagsim run`, the desktop app and the tests all start it here. Nothing
 * is shared between two TagSims, so one process may hold many. Rejects, leaving nothing running,
 * when the scene is unknown or has problems (a ValidationError lists them all), the state
 * snapshot does not fit, or (listen 'required') the port cannot be bound (TagSimStartError).
 */
export async function startTagSim(options: TagSimOptions = {}): Promise<TagSim> {
  const loaded = options.scene && 'scene' in options.scene ? options.scene : await loadScene(options.scene);
  const errors = new Emitter<unknown>(() => undefined);
  if (options.reportError) errors.on(options.reportError);
  const reportError = (error: unknown) => errors.emit(error);

  const engine = new TagEngine(loaded.scene, { reportError });
  const settings = options.settings ?? memorySettingsStore();
  const scenes = new SceneService(engine, settings);
  const notices = options.notices ?? [];
  if (loaded.file) {
    // Opened as a file (not only served), so Save writes back to it and it shows in Recent files.
    const opened = await scenes.open({ loaded: loaded.file });
    if (!opened.ok && opened.reason === 'error') {
      const problem = new Error(`the scene ${loaded.file.path}: ${opened.message}`);
      reportError(problem);
      notices.push({ file: loaded.file.path, message: problem.message });
    }
  }
  let restored: TagSim['restored'];
  if (options.state !== undefined) {
    const applied = scenes.applySnapshot(await readSnapshotFile(options.state), basename(options.state));
    restored = { tags: applied.restored, notes: applied.notes };
    // What restoring could not apply is shown in the window too, not only printed.
    for (const note of applied.notes) notices.push({ file: options.state, message: note });
  }

  const host = options.server?.host ?? DEFAULT_HOST;
  const uiFileAccess = options.ui && (options.ui.fileAccess ?? uiFileAccessFor(host));
  let ui: BrowserUi | undefined;
  const simulation = createSimulationHost(engine, { ...options.simulation, reportError });
  const control =
    options.control === false
      ? undefined
      : createControlApi(
          {
            engine,
            scenes,
            simulation,
            host: () => server.status.host,
            drivers: () => clients.all,
            ...(options.hiddenFaults
              ? { keepHiddenFaults: keepHiddenFaultsOf(options.hiddenFaults, engine) }
              : {}),
          },
          options.control,
        );
  const server: ServerController = new ServerController(engine, {
    ...options.server,
    host,
    port: options.server?.port ?? DEFAULT_PORT,
    // Stopping the server from the browser UI would cut that very UI off.
    controllable: !options.ui,
    mount: options.ui && {
      pathPrefix: '/ui',
      middleware: (ctx, next) => ui!.mount.middleware!(ctx, next),
      upgrade: (req, socket, head) => ui!.mount.upgrade!(req, socket, head),
    },
    ...(control ? { control: control.surface } : {}),
  });
  server.errors.on(reportError);
  const modbus =
    options.modbus &&
    new ModbusController(
      engine,
      {
        ...options.modbus,
        host: options.modbus.host ?? host,
        port: options.modbus.port ?? DEFAULT_MODBUS_PORT,
      },
      // Modbus writes go into the API's journal: one timeline of what every client did.
      control?.journal,
    );
  modbus?.errors.on(reportError);
  const clients = createClientDrivers(engine, options, control, reportError);

  const plant = lazyPlantStream(simulation, engine, reportError, options.bridge);
  let bridge: BridgeHost | undefined;
  const bridgeHost = (): BridgeHost =>
    (bridge ??= createBridgeHost({
      engine,
      server,
      settings,
      scenes,
      simulation,
      plant: plant.get,
      ...(modbus ? { modbus } : {}),
      clients: clients.all,
      ...(clients.modbusClient ? { modbusClient: clients.modbusClient } : {}),
      ...(control ? { control } : {}),
      notices,
      ...(options.hiddenFaults ? { hidden: options.hiddenFaults } : {}),
      ...options.bridge,
      ...(uiFileAccess ? { fileAccess: uiFileAccess, fileAccessRefusal: uiFilesRefusal(host) } : {}),
    }));
  if (options.ui)
    ui = createBrowserUi({
      host: bridgeHost(),
      rendererDir: options.ui.rendererDir,
      token: options.ui.token,
      onError: reportError,
      ...(options.ui.sendBudget ? { sendBudget: options.ui.sendBudget } : {}),
    });

  const close = async () => {
    simulation.dispose();
    ui?.close();
    bridge?.dispose();
    plant.dispose();
    for (const driver of clients.all) driver.disconnect();
    await Promise.all([server.stop(), modbus?.stop()]);
  };
  const listen = options.listen ?? 'required';
  if (listen === 'background') {
    void server.start();
    void modbus?.start();
  }
  if (listen === 'required') {
    const [status, modbusStatus] = await Promise.all([server.start(), modbus?.start()]);
    if (status.state !== 'listening') {
      await close();
      throw new TagSimStartError(status.error ?? 'the server did not start', { cause: server.lastError });
    }
    if (modbus && modbusStatus?.state !== 'listening') {
      await close();
      const reason = modbusStatus?.error ?? 'the Modbus server did not start';
      throw new TagSimStartError(reason, { cause: modbus.lastError }, 'modbus');
    }
  }

  // A controller is connected to once the TagSim stands: a start that failed connected nothing.
  if (listen !== 'later') for (const driver of clients.all) driver.connect();
  const url = () => (server.status.state === 'listening' ? server.status.url : undefined);
  return {
    engine,
    scenes,
    simulation,
    server,
    modbus,
    clients,
    settings,
    get bridge() {
      return bridgeHost();
    },
    plant: plant.get,
    ui,
    restored,
    get url() {
      return url();
    },
    get uiUrl() {
      const address = url();
      return address !== undefined ? ui?.urlFor(address) : undefined;
    },
    uiFileAccess,
    control,
    errors,
    close,
  };
}
