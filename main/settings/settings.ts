import { isDeepStrictEqual } from 'node:util';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { fits } from '../../shared/schema/shape-check.js';
import type { Shape } from '../../shared/schema/shape-paths.js';
import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../../shared/sim/sim-lifecycle.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/create-api-server.js';
import { MODBUS_MAP_CHOICES, type ModbusMapChoice } from '../../shared/modbus/modbus-layout.js';
import {
  MODBUS_CLIENT_DEFAULTS,
  MODBUS_CLIENT_SCHEMA,
  type ModbusClientSettings,
} from '../../shared/modbus/client-settings.js';

/** How the desktop app starts the simulation (`tagsim serve` has --paused, --seed, --time-scale). */
export interface SimulationSettings {
  /** Whether the simulation runs as soon as TagSim starts (the tray's "Run when TagSim starts"). */
  startRunning: boolean;
  /** Seed of the plant's random streams, 0 to 4294967295: the same seed, the same run. */
  seed: number;
  /** The time scale TagSim starts with, 0.25 to 8 (the tray's Time scale changes it until quit). */
  timeScale: number;
}

/** The Modbus TCP server of the desktop app (docs/modbus.md); absent: no Modbus. */
export interface ModbusSettings {
  /** 502 is the standard; ports below 1024 need administrator rights on Linux and macOS. */
  port: number;
  /** Answer only this unit id; every unit id when absent. */
  unitId?: number;
  map?: ModbusMapChoice;
  /** Floats travel as value × this, 1 to 10000 (the driver's ScaleFactor); the map's when absent. */
  scaleFactor?: number;
}

/** What TagSim remembers per user between starts. */
export interface Settings {
  port: number;
  host: string;
  /** Ids of the tags pinned as quick faults, in pin order. */
  pinnedTagIds: string[];
  /** Scene files opened or saved lately, newest first. */
  recentScenes: string[];
  /** The window's last position and size. */
  windowBounds?: { x: number; y: number; width: number; height: number };
  /** Serve Modbus TCP too, on the API's host. */
  modbus?: ModbusSettings;
  /** Scan a controller's Modbus server, as the simulator's Modbus TCP/IP Client (docs/modbus.md). */
  modbusClient?: ModbusClientSettings;
  simulation: SimulationSettings;
}

/**
 * The fields one source of settings sets (the user's settings.json, the machine's presets); a
 * field it lacks comes from the source below it, and finally from DEFAULT_SETTINGS.
 */
export type SettingsLayer = Partial<Omit<Settings, 'simulation'>> & {
  simulation?: Partial<SimulationSettings>;
};

export const DEFAULT_SETTINGS: Settings = {
  port: DEFAULT_PORT,
  host: DEFAULT_HOST,
  pinnedTagIds: [],
  recentScenes: [],
  simulation: { startRunning: true, seed: 1, timeScale: 1 },
};

const MAX_PINS = 200;
const MAX_RECENT = 10;

/**
 * How one field is read from untrusted JSON: its shape (a TypeBox schema, checked by the one
 * shape-check layer) and what a schema cannot say, how TagSim keeps a value that fits (trimmed,
 * without duplicates, within bounds) and what it saves of a list that does not.
 */
export interface FieldRule<T> {
  /** What the field must hold, in a person's words (for the problems of a settings or presets file). */
  expected: string;
  /** A value right as written fits this shape. */
  shape: Shape;
  /** The value TagSim keeps of one that fits (by default: the value as it is). */
  tidy?(value: unknown): T;
  /** What is usable of a value that does not fit (a list's good items); by default nothing. */
  salvage?(value: unknown): T | undefined;
}

type TopField = Exclude<keyof Settings, 'simulation'>;
type SimulationField = keyof SimulationSettings;

const shape = (schema: TSchema): Shape => ({ schema, refs: [] });
const whole = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
/** The distinct strings of a list (non-empty ones only, where `nonEmpty`), at most `max`. */
const stringsOf = (value: unknown, max: number, nonEmpty = false): string[] | undefined =>
  Array.isArray(value)
    ? [...new Set(value.filter((p): p is string => typeof p === 'string' && (!nonEmpty || p !== '')))].slice(
        0,
        max,
      )
    : undefined;

const MODBUS_SHAPE = Type.Object(
  {
    port: whole(0, 65535),
    unitId: Type.Optional(whole(0, 255)),
    map: Type.Optional(Type.Union(MODBUS_MAP_CHOICES.map((c) => Type.Literal(c)))),
    scaleFactor: Type.Optional(whole(1, 10000)),
  },
  { additionalProperties: false },
);
/** The window's bounds; other fields beside them are let be. */
const BOUNDS_SHAPE = Type.Object({
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
});

/** The rules of the top-level fields (all but `simulation`). */
export const SETTINGS_FIELDS: { [K in TopField]-?: FieldRule<NonNullable<Settings[K]>> } = {
  port: { expected: 'a whole number from 0 to 65535', shape: shape(whole(0, 65535)) },
  host: {
    expected: 'a host name or IP address (text)',
    shape: shape(Type.String({ pattern: '\\S' })),
    tidy: (v) => (v as string).trim(),
  },
  pinnedTagIds: {
    expected: 'a list of tag ids (text)',
    shape: shape(Type.Array(Type.String())),
    tidy: (v) => stringsOf(v, MAX_PINS)!,
    salvage: (v) => stringsOf(v, MAX_PINS),
  },
  recentScenes: {
    expected: 'a list of file paths',
    shape: shape(Type.Array(Type.String({ minLength: 1 }))),
    tidy: (v) => stringsOf(v, MAX_RECENT, true)!,
    salvage: (v) => stringsOf(v, MAX_RECENT, true),
  },
  modbus: {
    expected: `an object {"port": 0 to 65535, "unitId": 0 to 255 (optional), "map": ${MODBUS_MAP_CHOICES.map((c) => `"${c}"`).join(' or ')} (optional), "scaleFactor": 1 to 10000 (optional)}`,
    shape: shape(MODBUS_SHAPE),
    tidy: (v) => {
      const { port, unitId, map, scaleFactor } = v as Static<typeof MODBUS_SHAPE>;
      return {
        port,
        ...(unitId !== undefined ? { unitId } : {}),
        ...(map !== undefined ? { map: map as ModbusMapChoice } : {}),
        ...(scaleFactor !== undefined ? { scaleFactor } : {}),
      };
    },
  },
  modbusClient: {
    expected:
      'an object {"host": the controller\'s address, and optionally "port", "slaveId", "scanTimeMs", "timeoutMs", the point counts and offsets, "readCoils", "readHoldingRegisters", "scaleFactor" (docs/modbus.md)}',
    shape: shape(MODBUS_CLIENT_SCHEMA),
    tidy: (v) => ({ ...MODBUS_CLIENT_DEFAULTS, ...(v as Static<typeof MODBUS_CLIENT_SCHEMA>) }),
  },
  windowBounds: {
    expected: 'an object with the numbers x, y, width and height',
    shape: shape(BOUNDS_SHAPE),
    tidy: (v) => {
      const { x, y, width, height } = v as Static<typeof BOUNDS_SHAPE>;
      return { x, y, width: Math.max(400, width), height: Math.max(300, height) };
    },
  },
};

/** The rules of the fields of `simulation`, each read on its own. */
export const SIMULATION_FIELDS: { [K in SimulationField]: FieldRule<SimulationSettings[K]> } = {
  startRunning: { expected: 'true or false', shape: shape(Type.Boolean()) },
  seed: { expected: 'a whole number from 0 to 4294967295', shape: shape(whole(0, 0xffffffff)) },
  timeScale: {
    expected: `a number from ${MIN_TIME_SCALE} to ${MAX_TIME_SCALE}`,
    shape: shape(Type.Number({ minimum: MIN_TIME_SCALE, maximum: MAX_TIME_SCALE })),
  },
};

/** A field that is there but wrong, named by its path (`simulation.seed`). */
export interface BadField {
  field: string;
  expected: string;
}

/** Which fields to read; every field of the settings by default. */
export interface FieldSelection {
  fields: readonly TopField[];
  simulation: readonly SimulationField[];
}

const ALL_FIELDS: FieldSelection = {
  fields: Object.keys(SETTINGS_FIELDS) as TopField[],
  simulation: Object.keys(SIMULATION_FIELDS) as SimulationField[],
};

/**
 * Reads the selected fields of untrusted JSON into a layer. A field that is missing or unusable is
 * left out of the layer (so the one below applies); a list keeps its good items. Every field that
 * was there but not exactly right is listed in `bad`. Fields outside the selection are not looked at.
 */
export function readSettingsLayer(
  input: unknown,
  selection: FieldSelection = ALL_FIELDS,
): { layer: SettingsLayer; bad: BadField[] } {
  const record = asRecord(input) ?? {};
  const layer: Record<string, unknown> = {};
  const bad: BadField[] = [];
  const readInto = (
    target: Record<string, unknown>,
    from: Record<string, unknown>,
    key: string,
    rule: FieldRule<unknown>,
    field: string,
  ) => {
    const raw = from[key];
    if (!(key in from) || raw === undefined) return;
    const exact = fits(rule.shape, raw);
    const value = exact ? (rule.tidy ? rule.tidy(raw) : raw) : rule.salvage?.(raw);
    if (value !== undefined) target[key] = value;
    if (!exact) bad.push({ field, expected: rule.expected });
  };
  for (const key of selection.fields)
    readInto(layer, record, key, SETTINGS_FIELDS[key] as FieldRule<unknown>, key);
  if (selection.simulation.length > 0 && record['simulation'] !== undefined) {
    const simulation = asRecord(record['simulation']);
    if (simulation) {
      const read: Record<string, unknown> = {};
      for (const key of selection.simulation)
        readInto(read, simulation, key, SIMULATION_FIELDS[key] as FieldRule<unknown>, `simulation.${key}`);
      if (Object.keys(read).length > 0) layer['simulation'] = read;
    } else {
      bad.push({ field: 'simulation', expected: `an object with ${selection.simulation.join(', ')}` });
    }
  }
  return { layer: layer as SettingsLayer, bad };
}

/** The settings in effect: the defaults, then each layer over the one before (the last wins). */
export function layerSettings(...layers: SettingsLayer[]): Settings {
  let settings: Settings = { ...DEFAULT_SETTINGS };
  for (const { simulation, ...fields } of layers) {
    settings = { ...settings, ...fields, simulation: { ...settings.simulation, ...simulation } };
  }
  return settings;
}

/**
 * Reads settings from untrusted JSON (a file a person may have edited): every field that is
 * missing or wrong falls back to its default, so a damaged file never stops the app.
 */
export function parseSettings(input: unknown): Settings {
  return layerSettings(readSettingsLayer(input).layer);
}

/**
 * The user's own fields after a change. A field the user already has takes the new value; any
 * other field becomes the user's only when the change gives it a value other than the one in
 * effect. So saving one setting (the window's bounds at quit, the tray's checkbox, which sends
 * the whole `simulation`) does not copy the presets and defaults into the user's file, where
 * they would shadow the machine's presets for good.
 */
export function applyUserChange(
  own: SettingsLayer,
  effective: Settings,
  change: Partial<Settings>,
): SettingsLayer {
  const { simulation, ...fields } = change;
  const next: Record<string, unknown> = { ...own };
  const ownFields = own as Record<string, unknown>;
  const effectiveFields = effective as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (key in ownFields || !isDeepStrictEqual(value, effectiveFields[key])) next[key] = value;
  }
  if (simulation) {
    const ownSimulation: Record<string, unknown> = { ...own.simulation };
    for (const key of Object.keys(SIMULATION_FIELDS) as SimulationField[]) {
      const value = simulation[key];
      if (value === undefined) continue;
      if (key in ownSimulation || value !== effective.simulation[key]) ownSimulation[key] = value;
    }
    if (Object.keys(ownSimulation).length > 0) next['simulation'] = ownSimulation;
  }
  return next as SettingsLayer;
}

function asRecord(input: unknown): Record<string, unknown> | undefined {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : undefined;
}
