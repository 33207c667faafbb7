import type {
  ActionResult,
  BridgeApi,
  BridgeEventMessage,
  SceneInfo,
  StartupNotice,
  TagsEvent,
  UiFileAccess,
} from '../../shared/bridge/bridge-spec.js';
import type { ExerciseFeed } from '../../shared/bridge/exercise-spec.js';
import type { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { carryHiddenFaults } from '../../shared/lab/hidden-carry.js';
import {
  clearAroundHidden,
  hiddenTagAction,
  type WindowFaultAction,
} from '../../shared/lab/hidden-window.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import type { ScenesState } from '../../shared/scenes/scene-document.js';
import { BUILTIN_SCENE_NAMES } from '../../shared/scenes/builtin-scenes.js';
import { SceneService } from './scene-service.js';
import { Coalescer, type Schedule } from '../../shared/core/coalescer.js';
import { TrafficMeter } from '../../shared/api/traffic-meter.js';
import { Emitter } from '../../shared/core/emitter.js';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import type { TagState } from '../../shared/core/tag-types.js';
import type { SettingsStore } from '../settings/settings-store.js';
import { lockedChanges, SettingsLockedError } from '../settings/locked-settings.js';
import type { Settings } from '../settings/settings.js';
import type { StationRestrictions } from '../../shared/lab/restrictions.js';
import { windowRestrictions, withStudentControls } from './student-controls.js';
import type { ServerController } from './server-controller.js';
import type { SimulationHost } from './simulation-host.js';
import type { ModbusController } from '../modbus/modbus-controller.js';
import type { ClientDriver } from '../drivers/client-driver.js';
import { createBridgeDrivers } from './bridge-drivers.js';
import { createBridgeExercise } from './bridge-exercise.js';
import { createBridgeControl, type BridgeControlParts } from './bridge-control.js';
import { openBridgeSession, SESSION_ONLY_METHODS, type BridgeSession } from './bridge-session.js';
import { lazyPlantStream } from './plant-source.js';
import type { PlantStream } from '../../shared/plant/plant-stream.js';

/** Who the lab's fault log names when a window's scene change took a hidden fault with its tag. */
export const BY_WINDOW = "the station's window";

/** At most about 30 tag updates a second reach a window, however busy the API is. */
export const TAG_EVENT_INTERVAL_MS = 33;
const STATS_INTERVAL_MS = 1000;

export interface BridgeHostDeps {
  engine: TagEngine;
  server: ServerController;
  settings: SettingsStore;
  /** The scene being served and its editor; made from the engine and settings when not given. */
  scenes?: SceneService;
  /** The Modbus TCP server; without one, getState has no `modbus`. */
  modbus?: ModbusController;
  /** The drivers that connect out to a controller; without any, getState has no `drivers`. */
  clients?: readonly ClientDriver[];
  /** The simulation; without one, its methods are refused and getState has no `simulation`. */
  simulation?: SimulationHost;
  /** The control API's journal and chaos rules; without them, the window's Traffic panel says so. */
  control?: BridgeControlParts;
  /**
   * Whether the window may open and save files by path: 'any' (the default) for the desktop
   * app, whose user is this machine's; the browser UI passes what ui-file-access.ts decides.
   */
  fileAccess?: UiFileAccess;
  /** Problems met while starting, for the window to show (presets, settings). */
  notices?: readonly StartupNotice[];
  /**
   * Faults an instructor hid from this window (docs/lab.md): shown as if absent, and beyond the
   * window's reach (its force, release and failure controls leave those tags alone).
   */
  hidden?: HiddenFaults;
  /**
   * A lab's presets turned the window's fault controls off (docs/desktop.md): force, release and
   * failure calls are refused, whoever makes them through this bridge (the window, the tray).
   */
  hideFaultControls?: boolean;
  /** A lab station's window (docs/lab.md): its student has only the controls it allows. */
  station?: StationRestrictions;
  /** A graded lab station's exercise (docs/lab.md), which its window reads and cannot change. */
  exercise?: ExerciseFeed;
  /** Why a by-path call is refused where the file access is 'none' (one line, with what to do). */
  fileAccessRefusal?: string;
  /** The TagSim's plant stream, which a lab's dashboard watches too; the host makes one when not given. */
  plant?: () => PlantStream | undefined;
  now?: () => number;
  schedule?: Schedule;
  /** Starts a repeating timer and returns the function that stops it. */
  every?: (callback: () => void, ms: number) => () => void;
}

/** The core behind every UI transport: the bridge's methods, and the events it pushes. */
export interface BridgeHost {
  readonly api: BridgeApi;
  readonly scenes: SceneService;
  readonly events: Emitter<BridgeEventMessage>;
  /**
   * A window's own connection (each WebSocket, the desktop window's IPC): the same methods, and
   * those that act on that window alone, whose events `deliver` sends to it only (the Plant view).
   */
  openSession(deliver: (message: BridgeEventMessage) => void): BridgeSession;
  dispose(): void;
}

/**
 * Implements BRIDGE_SPEC over the engine, the server controller and the settings. The IPC host,
 * the WebSocket host and the in-memory transport of the tests all call this one object.
 */
export function createBridgeHost(deps: BridgeHostDeps): BridgeHost {
  const { engine, server, settings, simulation } = deps;
  const fileAccess = deps.fileAccess ?? 'any';
  const filesRefused = {
    ok: false,
    reason: 'error',
    message: deps.fileAccessRefusal ?? 'This window cannot open or save files by path.',
  } as const;
  const byPathAllowed = fileAccess === 'any';
  const scenes = deps.scenes ?? new SceneService(engine, settings);
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
  const { hidden, station } = deps;
  /** The tags as this window may see them. */
  const shown = (tags: TagState[]): TagState[] =>
    hidden && hidden.size > 0 ? tags.map((tag) => hidden.mask(tag)) : tags;
  /** A fault control on one tag: refused where the lab or presets say so, masked where the fault is hidden. */
  const onTag = (id: string, action: WindowFaultAction, otherwise: () => ActionResult): ActionResult => {
    refuseFaultControls();
    const masked = hidden ? hiddenTagAction(engine, hidden, id, action) : undefined;
    return masked !== undefined ? masked : otherwise();
  };
  // Another scene or an edit must not take the instructor's hidden faults off (docs/lab.md).
  const keepHidden = <T>(action: () => Promise<T> | T): Promise<T> =>
    hidden ? carryHiddenFaults(hidden, engine, BY_WINDOW, action) : Promise.resolve(action());
  const { faultsOff, refuseFaultControls, restrictions } = windowRestrictions(settings, deps);
  // The settings store refuses too; asked first, so nothing (the server's port) changes before.
  const refuseLocked = (change: Partial<Settings>) => {
    const refused = lockedChanges(change, settings.get(), settings.locked ?? []);
    if (refused.length > 0) throw new BridgeArgumentError(new SettingsLockedError(refused).message);
  };

  let sceneChanged = false;
  const tagUpdates = new Coalescer<string>(
    (ids) => {
      const payload: TagsEvent = sceneChanged
        ? { sceneChanged: true, scene: sceneInfo(), tags: shown(engine.listTagStates()) }
        : {
            sceneChanged: false,
            scene: sceneInfo(),
            tags: shown([...ids].flatMap((id) => engine.getTagState(id) ?? [])),
          };
      sceneChanged = false;
      events.emit({ event: 'tags', payload });
    },
    TAG_EVENT_INTERVAL_MS,
    schedule,
    now,
  );

  const control = createBridgeControl({
    control: deps.control,
    simulation,
    // A lab station's window, or a window whose presets turned fault controls off: chaos is a
    // fault the instructor makes, and the journal is the instructor's record.
    readOnlyForStudents: hidden !== undefined || station !== undefined || deps.hideFaultControls === true,
    emit: (message) => events.emit(message),
    every,
  });
  const drivers = createBridgeDrivers(deps, (message) => events.emit(message));
  const exercise = createBridgeExercise(deps.exercise, (message) => events.emit(message));
  const unsubscribers = [
    control.dispose,
    drivers.dispose,
    exercise.dispose,
    engine.subscribe((change) => {
      if (change.sceneChanged) sceneChanged = true;
      tagUpdates.add(change.tagIds);
    }),
    server.onStatus((status) => events.emit({ event: 'server', payload: status })),
    server.requests.on((request) => meter.record(request.remoteAddress)),
    every(() => events.emit({ event: 'stats', payload: meter.read() }), STATS_INTERVAL_MS),
    scenes.changes.on(() => events.emit({ event: 'scenes', payload: scenesState() })),
    simulation?.onStatus((status) => events.emit({ event: 'simulation', payload: status })) ??
      (() => undefined),
    // A tag hidden or shown again is sent anew, as it now looks.
    hidden?.changes.on((ids) => tagUpdates.add(ids)) ?? (() => undefined),
  ];
  const scenesState = (): ScenesState => ({
    builtins: [...BUILTIN_SCENE_NAMES],
    // The recent files are paths on this machine: not for a window that cannot open them.
    recent: byPathAllowed ? scenes.recent : [],
    document: scenes.document,
  });

  const first = (errors: ItemError[]): ActionResult => errors[0] ?? null;
  // The browser UI rides on the API server's port: a window that could restart that server could
  // move it (to 0.0.0.0, say) or cut itself off. Only the desktop app controls its server.
  const refuseUnlessControllable = () => {
    if (!server.status.controllable)
      throw new BridgeArgumentError(
        "this TagSim's window cannot start or stop its server: it is served by that server",
      );
  };
  const sim = (): SimulationHost => {
    if (!simulation) throw new Error('this TagSim runs no simulation');
    return simulation;
  };

  const api: BridgeApi = {
    getState: async () => ({
      scene: sceneInfo(),
      tags: shown(engine.listTagStates()),
      server: server.status,
      stats: meter.read(),
      pinned: settings.get().pinnedTagIds,
      ...(simulation ? { simulation: simulation.status, clock: simulation.clock } : {}),
      ...drivers.state(),
      fileAccess,
      ...(deps.notices && deps.notices.length > 0 ? { notices: [...deps.notices] } : {}),
      ...(restrictions() ? { restrictions: restrictions()! } : {}),
    }),
    setValue: async ({ id, value }) => first(engine.simulate('id', [{ ref: id, value }], 'ui')),
    force: async ({ id, value }) =>
      onTag(id, { force: value }, () => first(engine.write('force', 'id', [{ id, value }], 'ui'))),
    release: async ({ id }) => onTag(id, { release: true }, () => first(engine.release('id', [id], 'ui'))),
    setFailure: async ({ id, failure }) => onTag(id, { failure }, () => engine.setFailure(id, failure, 'ui')),
    releaseAll: async () => {
      refuseFaultControls();
      if (!hidden || hidden.size === 0) return engine.releaseAll('ui');
      clearAroundHidden(engine, hidden, 'forces');
    },
    clearFailures: async () => {
      refuseFaultControls();
      if (!hidden || hidden.size === 0) return engine.clearFailures('ui');
      clearAroundHidden(engine, hidden, 'failures');
    },
    setPinned: async ({ id, pinned }) => {
      const current = settings.get().pinnedTagIds.filter((p) => p !== id);
      const next = pinned ? [...current, id] : current;
      refuseLocked({ pinnedTagIds: next });
      await settings.update({ pinnedTagIds: next });
      events.emit({ event: 'pinned', payload: next });
      return next;
    },
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
    getScenes: async () => scenesState(),
    openScene: async ({ builtin, path, text, fileName, discardChanges }) => {
      const given = [builtin, path, text].filter((x) => x !== undefined).length;
      if (given !== 1) throw new BridgeArgumentError('openScene needs exactly one of builtin, path or text.');
      if (path !== undefined && !byPathAllowed) return filesRefused;
      const source =
        builtin !== undefined
          ? { builtin }
          : path !== undefined
            ? { path }
            : { text: text!, fileName: fileName ?? 'the dropped file' };
      return keepHidden(() => scenes.open(source, { discardChanges: discardChanges ?? false }));
    },
    newScene: ({ name, discardChanges }) =>
      keepHidden(() => scenes.create(name, { discardChanges: discardChanges ?? false })),
    editScene: ({ edit }) => keepHidden(() => scenes.edit(edit)),
    undoEdit: () => keepHidden(() => scenes.undo()),
    redoEdit: () => keepHidden(() => scenes.redo()),
    // Every save writes a file here (given path or its own), so none is allowed without access.
    saveScene: async (options) => (byPathAllowed ? scenes.save(options ?? {}) : filesRefused),
    saveSnapshot: async (options) =>
      options?.path !== undefined && !byPathAllowed
        ? filesRefused
        : scenes.saveSnapshot(options?.path, hidden?.size ? shown(engine.listTagStates()) : undefined),
    restoreSnapshot: async ({ path, text, fileName }) => {
      if ((path === undefined) === (text === undefined))
        throw new BridgeArgumentError('restoreSnapshot needs exactly one of path or text.');
      if (path !== undefined && !byPathAllowed) return filesRefused;
      // A snapshot must not be a side door around the presets' student mode or a lab's hidden
      // faults: the faults this window may not touch stay as they are.
      const keepFaultsOf = faultsOff
        ? () => true
        : hidden && hidden.size > 0
          ? (id: string) => hidden.has(id)
          : undefined;
      return scenes.restoreSnapshot(
        path !== undefined ? { path } : { text: text!, ...(fileName !== undefined ? { fileName } : {}) },
        keepFaultsOf,
      );
    },
    runSimulation: async () => sim().run(),
    pauseSimulation: async () => sim().pause(),
    resetSimulation: async () => sim().reset(),
    setTimeScale: async ({ scale }) => sim().setTimeScale(scale),
    ...exercise.api,
    ...control.api,
    ...drivers.api,
    ...SESSION_ONLY_METHODS,
  };
  const own = deps.plant
    ? undefined
    : lazyPlantStream(simulation, engine, (e) => server.errors.emit(e), { schedule, now });
  const plant = deps.plant ?? own!.get;

  // A window's session forwards to the same gated api: a lab student's socket meets its refusals.
  const gated = station ? withStudentControls(api, station, (id) => engine.getTag(id)) : api;
  return {
    api: gated,
    scenes,
    events,
    openSession: (deliver) => openBridgeSession(gated, plant, deliver),
    dispose: () => {
      own?.dispose();
      unsubscribers.forEach((unsubscribe) => unsubscribe());
    },
  };
}
