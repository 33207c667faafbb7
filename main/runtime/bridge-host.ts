import type {
  BridgeApi,
  BridgeEventMessage,
  StartupNotice,
  UiFileAccess,
} from '../../shared/bridge/bridge-spec.js';
import type { ExerciseFeed } from '../../shared/bridge/exercise-spec.js';
import type { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { SceneService } from './scene-service.js';
import type { Schedule } from '../../shared/core/coalescer.js';
import { Emitter } from '../../shared/core/emitter.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { StationRestrictions } from '../../shared/lab/restrictions.js';
import { windowRestrictions, withStudentControls } from './student-controls.js';
import type { ServerController } from './server-controller.js';
import type { SimulationHost } from './simulation-host.js';
import type { ModbusController } from '../modbus/modbus-controller.js';
import type { ClientDriver } from '../drivers/client-driver.js';
import { createBridgeTags } from './bridge-tags.js';
import { createBridgeServer } from './bridge-server.js';
import { createBridgeScenes } from './bridge-scenes.js';
import { createBridgeSimulation } from './bridge-simulation.js';
import { createBridgeDrivers, type BridgeDriverParts } from './bridge-drivers.js';
import { createBridgeExercise } from './bridge-exercise.js';
import { createBridgeControl, type BridgeControlParts } from './bridge-control.js';
import { openBridgeSession, SESSION_ONLY_METHODS, type BridgeSession } from './bridge-session.js';
import { lazyPlantStream } from './plant-source.js';
import type { PlantStream } from '../../shared/plant/plant-stream.js';

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
  /** The Modbus client among them, whose settings the window's Settings form changes. */
  modbusClient?: BridgeDriverParts['modbusClient'];
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
 * Implements BRIDGE_SPEC over the engine, the server controller and the settings, composed of one
 * part per group of methods: the tags (bridge-tags.ts), the server (bridge-server.ts), the scene
 * and its files (bridge-scenes.ts), the simulation (bridge-simulation.ts), and the spec's parts of
 * their own (bridge-control.ts, bridge-drivers.ts, bridge-exercise.ts). Each part answers its
 * methods and sends its events; the host adds getState, which gathers them, and a lab station's
 * gate. The IPC host, the WebSocket host and the in-memory transport of the tests all call this
 * one object.
 */
export function createBridgeHost(deps: BridgeHostDeps): BridgeHost {
  const { engine, server, settings, simulation, hidden, station } = deps;
  const fileAccess = deps.fileAccess ?? 'any';
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
  const emit = (message: BridgeEventMessage) => events.emit(message);
  const { faultsOff, refuseFaultControls, refuseLocked, restrictions } = windowRestrictions(settings, deps);

  const control = createBridgeControl({
    control: deps.control,
    simulation,
    // A lab station's window, or a window whose presets turned fault controls off: chaos is a
    // fault the instructor makes, and the journal is the instructor's record.
    readOnlyForStudents: hidden !== undefined || station !== undefined || deps.hideFaultControls === true,
    emit,
    every,
  });
  const drivers = createBridgeDrivers({ ...deps, refuseLocked }, emit);
  const exercise = createBridgeExercise(deps.exercise, emit);
  const tagPart = createBridgeTags({
    engine,
    settings,
    hidden,
    refuseFaultControls,
    refuseLocked,
    emit,
    schedule,
    now,
  });
  const serverPart = createBridgeServer({ server, settings, refuseLocked, emit, every, now });
  const scenePart = createBridgeScenes({
    engine,
    scenes,
    hidden,
    faultsOff,
    fileAccess,
    fileAccessRefusal: deps.fileAccessRefusal,
    shownTags: tagPart.shownTags,
    emit,
  });
  const simulationPart = createBridgeSimulation(simulation, emit);
  const parts = [control, drivers, exercise, tagPart, serverPart, scenePart, simulationPart];

  const api: BridgeApi = {
    getState: async () => ({
      ...tagPart.state(),
      ...serverPart.state(),
      pinned: settings.get().pinnedTagIds,
      ...simulationPart.state(),
      ...drivers.state(),
      fileAccess,
      ...(deps.notices && deps.notices.length > 0 ? { notices: [...deps.notices] } : {}),
      ...(restrictions() ? { restrictions: restrictions()! } : {}),
    }),
    ...tagPart.api,
    ...serverPart.api,
    ...scenePart.api,
    ...simulationPart.api,
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
      parts.forEach((part) => part.dispose());
    },
  };
}
