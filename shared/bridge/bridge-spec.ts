import { MAX_SCENE_FILE_BYTES } from '../scenes/file-limits.js';
import type { ItemError } from '../core/tag-engine.js';
import type { TagFailure, TagState } from '../core/tag-types.js';

/** A tag as a window shows it: the API's Tag object plus its raw value. */
export type UiTag = TagState;
import type { SceneDocument, SceneOutcome, ScenesState } from '../scenes/scene-document.js';
import type { SnapshotRestoreOutcome, SnapshotSaveOutcome } from '../scenes/runtime-snapshot.js';
import type { SimulationStatus } from '../sim/simulation.js';
import type { UiRestrictions } from '../lab/restrictions.js';
import { sceneEditArgs } from './scene-edit-validator.js';
import { CONTROL_EVENTS, CONTROL_METHODS, type ClockMode } from './control-spec.js';
import { EXERCISE_EVENTS, EXERCISE_METHODS } from './exercise-spec.js';
import { PLANT_EVENTS, PLANT_METHODS } from './plant-spec.js';
import { DRIVER_EVENTS, DRIVER_METHODS } from './driver-spec.js';
import type { ClientDriverStatus } from '../drivers/driver-status.js';
import type { ModbusClientSettings } from '../drivers/modbus-client-settings.js';
import type { TrafficStats } from '../api/traffic-meter.js';
import { event, method, timeScale, type EventSpec, type MethodSpec } from './spec-parts.js';
import { v } from './validate.js';

/** The simulation as the window and the tray show it: running, paused or stopped, time scale, time. */
export type { SimulationStatus };

/**
 * The one source of truth for everything between the UI and the core: the preload's allowlist,
 * the IPC handlers, the WebSocket host, the renderer's client and their types all derive from
 * BRIDGE_SPEC, so they cannot drift apart.
 */

/** Every IPC channel of TagSim starts with this prefix. */
export const BRIDGE_CHANNEL_PREFIX = 'tagsim:';
/**
 * The largest bridge message a transport carries (17 MiB): a dropped scene file (16 MiB at most)
 * with its JSON escaping and the call around it. Hosts close a connection that sends more.
 */
export const BRIDGE_MAX_MESSAGE_BYTES = MAX_SCENE_FILE_BYTES + 1024 * 1024;

/** The channel on which the host pushes events to a window. */
export const BRIDGE_EVENT_CHANNEL = `${BRIDGE_CHANNEL_PREFIX}event`;

/** Where the API server is in its life. */
export interface ServerStatus {
  state: 'starting' | 'listening' | 'stopped' | 'failed';
  host: string;
  port: number;
  /** While listening. */
  url?: string;
  /** When failed, in a person's words: "port 7410 in use". */
  error?: string;
  /** False where stopping the server would also cut the UI off (the browser UI shares its port). */
  controllable: boolean;
}

/** Where the Modbus TCP server is in its life (docs/modbus.md). */
export interface ModbusStatus {
  state: 'starting' | 'listening' | 'stopped' | 'failed';
  host: string;
  port: number;
  /** The unit id it answers; absent: every unit id. */
  unitId?: number;
  /** Clients connected now. */
  clients: number;
  /** When failed, in a person's words: "port 502 in use". */
  error?: string;
}

/** The scene being served. */
export interface SceneInfo {
  name: string;
  tagCount: number;
}

/**
 * Whether the window may open and save files by path on the machine that runs TagSim: 'any' for
 * the desktop app (its user is that machine's user) and a browser UI on a loopback address;
 * 'none' for a browser UI reachable from the network, which can only upload and download.
 */
export type UiFileAccess = 'any' | 'none';

/** Everything a window needs to draw itself after it opens. */
export interface UiState {
  scene: SceneInfo;
  tags: UiTag[];
  server: ServerStatus;
  stats: TrafficStats;
  /** Ids of the tags pinned as quick faults, in pin order. */
  pinned: string[];
  /** The simulation; absent where the host runs none. */
  simulation?: SimulationStatus;
  /** Where simulation time comes from, with the simulation (docs/control-api.md, "The virtual clock"). */
  clock?: ClockMode;
  /** The Modbus TCP server; absent where the host serves none. */
  modbus?: ModbusStatus;
  /** The drivers that connect out to a controller (Modbus client, OPC UA client); absent: none. */
  drivers?: ClientDriverStatus[];
  /** The settings the Modbus client scans with (its Settings form's); absent without one. */
  modbusClient?: ModbusClientSettings;
  /** Whether the by-path file methods (open, save, snapshots by path, recent files) work. */
  fileAccess: UiFileAccess;
  /**
   * What went wrong while TagSim started (a damaged presets.json or settings.json, a presets'
   * scene that would not open): shown in the window, since a lab PC's console is seen by nobody.
   */
  notices?: StartupNotice[];
  /** What a lab's presets keep from this window: locked settings, no fault controls. */
  restrictions?: UiRestrictions;
}

/** One problem met at start: the file it concerns and what is wrong, in a person's words. */
export interface StartupNotice {
  file: string;
  message: string;
}

/** Changed tags, coalesced (at most about 30 a second); all tags when the scene changed. */
export interface TagsEvent {
  sceneChanged: boolean;
  scene: SceneInfo;
  tags: UiTag[];
}

/** The outcome of a per-tag action: `null` on success, else the same item error the API gives. */
export type ActionResult = ItemError | null;

const id = v.string;
const MAX_PORT = 65535;
/** A file's path on the machine that runs TagSim (longer than any file system allows). */
const path = v.maxLengthString(4096);
/** A file's text sent through the window (drag and drop, upload). */
const fileText = v.maxLengthString(MAX_SCENE_FILE_BYTES);
/** A host name or address (DNS names are at most 253 characters). */
const host = v.maxLengthString(255);

export const BRIDGE_SPEC = {
  methods: {
    getState: method<UiState>()(v.none),
    /** Inputs: the simulated sensor. Outputs: what a controller would write. */
    setValue: method<ActionResult>()(v.object({ id, value: v.valueInput })),
    force: method<ActionResult>()(v.object({ id, value: v.valueInput })),
    release: method<ActionResult>()(v.object({ id })),
    setFailure: method<ActionResult>()(
      v.object({ id, failure: v.oneOf<TagFailure>('none', 'alwaysOff', 'alwaysOn') }),
    ),
    releaseAll: method<void>()(v.none),
    clearFailures: method<void>()(v.none),
    setPinned: method<string[]>()(v.object({ id, pinned: v.boolean })),
    startServer: method<ServerStatus>()(
      v.optionalArgs(v.object({ port: v.optional(v.integer(0, MAX_PORT)), host: v.optional(host) })),
    ),
    stopServer: method<ServerStatus>()(v.none),
    /**
     * The built-in library, recent files and the scene being served (with its definition).
     * Where the file access is 'none', `recent` is empty, and every by-path call below (openScene
     * and restoreSnapshot with `path`, saveScene, saveSnapshot with `path`) is refused with an
     * 'error' outcome that says why, changing nothing.
     */
    getScenes: method<ScenesState>()(v.none),
    /**
     * Opens a scene: a built-in by name, a file by path, or a file's text (drag and drop, upload).
     * Refused with reason 'unsaved' while the editor has unsaved changes, unless discardChanges.
     */
    openScene: method<SceneOutcome>()(
      v.object({
        builtin: v.optional(v.string),
        path: v.optional(path),
        text: v.optional(fileText),
        fileName: v.optional(v.string),
        discardChanges: v.optional(v.boolean),
      }),
    ),
    newScene: method<SceneOutcome>()(v.object({ name: v.string, discardChanges: v.optional(v.boolean) })),
    editScene: method<SceneOutcome>()(v.object({ edit: sceneEditArgs })),
    undoEdit: method<SceneDocument>()(v.none),
    redoEdit: method<SceneDocument>()(v.none),
    /** Saves to `path` or to the file it came from; 'changedOnDisk' unless `overwrite`. */
    saveScene: method<SceneOutcome>()(
      v.optionalArgs(v.object({ path: v.optional(path), overwrite: v.optional(v.boolean) })),
    ),
    /**
     * Saves the runtime state (values, forces, failures) as a `.tagsim-state.json` snapshot to
     * `path`; without one, only returns its file name and text (for a browser download).
     */
    saveSnapshot: method<SnapshotSaveOutcome>()(v.optionalArgs(v.object({ path: v.optional(path) }))),
    /** Restores a snapshot from a file (`path`) or a file's text, in one update. */
    restoreSnapshot: method<SnapshotRestoreOutcome>()(
      v.object({
        path: v.optional(path),
        text: v.optional(fileText),
        fileName: v.optional(v.string),
      }),
    ),
    /**
     * The simulation's lifecycle, as the simulator's Run, Pause and Reset (docs/simulation.md):
     * each acts at once and returns the status. Reset restores the tags' initial values (forces
     * and failures stay) and restarts the plant; running or paused stays as it was.
     */
    runSimulation: method<SimulationStatus>()(v.none),
    pauseSimulation: method<SimulationStatus>()(v.none),
    resetSimulation: method<SimulationStatus>()(v.none),
    /** Simulation time runs `scale` times as fast as real time (0.25 to 8). */
    setTimeScale: method<SimulationStatus>()(v.object({ scale: timeScale })),
    /** The request journal, the clock and the chaos rules (control-spec.ts). */
    ...CONTROL_METHODS,
    /** The Plant view's state, to the windows that show it (plant-spec.ts). */
    ...PLANT_METHODS,
    /** A graded lab station's exercise, read only (exercise-spec.ts). */
    ...EXERCISE_METHODS,
    /** Connecting and disconnecting the Modbus client and OPC UA client (driver-spec.ts). */
    ...DRIVER_METHODS,
  },
  events: {
    tags: event<TagsEvent>(),
    server: event<ServerStatus>(),
    stats: event<TrafficStats>(),
    /** The Modbus TCP server's state and connected clients, when it changes. */
    modbus: event<ModbusStatus>(),
    pinned: event<string[]>(),
    /** After every open, edit, undo, redo and save. */
    scenes: event<ScenesState>(),
    /** When the simulation runs, pauses, resets, changes time scale or starts over on a new scene. */
    simulation: event<SimulationStatus>(),
    ...CONTROL_EVENTS,
    ...PLANT_EVENTS,
    ...EXERCISE_EVENTS,
    ...DRIVER_EVENTS,
  },
} as const;

type Spec = typeof BRIDGE_SPEC;
export type BridgeMethodName = keyof Spec['methods'];
export type BridgeEventName = keyof Spec['events'];
export type ArgsOf<M extends BridgeMethodName> =
  Spec['methods'][M] extends MethodSpec<infer A, unknown> ? A : never;
export type ResultOf<M extends BridgeMethodName> =
  Spec['methods'][M] extends MethodSpec<unknown, infer R> ? R : never;
export type PayloadOf<E extends BridgeEventName> = Spec['events'][E] extends EventSpec<infer P> ? P : never;

/** The core as the UI sees it: one async function per method. */
export type BridgeApi = { [M in BridgeMethodName]: (args: ArgsOf<M>) => Promise<ResultOf<M>> };

/** An event as it travels: its name and payload. */
export type BridgeEventMessage = {
  [E in BridgeEventName]: { event: E; payload: PayloadOf<E> };
}[BridgeEventName];

export const BRIDGE_METHOD_NAMES = Object.keys(BRIDGE_SPEC.methods) as BridgeMethodName[];

/** True for a string that names a method of the spec (own property, so `toString` is not one). */
export function isBridgeMethod(name: unknown): name is BridgeMethodName {
  return typeof name === 'string' && Object.hasOwn(BRIDGE_SPEC.methods, name);
}

/** True for a string that names an event of the spec. */
export function isBridgeEvent(name: unknown): name is BridgeEventName {
  return typeof name === 'string' && Object.hasOwn(BRIDGE_SPEC.events, name);
}
