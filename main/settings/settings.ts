import { isDeepStrictEqual } from 'node:util';
import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../../shared/sim/sim-lifecycle.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/create-api-server.js';
import { MODBUS_MAP_CHOICES, type ModbusMapChoice } from '../../shared/modbus/modbus-layout.js';

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

/** How one field is read from untrusted JSON. */
export interface FieldRule<T> {
  /** What the field must hold, in a person's words (for the problems of a presets file). */
  expected: string;
  /** The value to use, or undefined when there is nothing usable; a list may lose its bad items. */
  read(value: unknown): T | undefined;
  /** Whether the value was right as written, nothing dropped (by default: `read` found a value). */
  exact?(value: unknown): boolean;
}

type TopField = Exclude<keyof Settings, 'simulation'>;
type SimulationField = keyof SimulationSettings;

const isStringList = (value: unknown, nonEmpty = false): boolean =>
  Array.isArray(value) && value.every((v) => typeof v === 'string' && (!nonEmpty || v !== ''));

/** The rules of the top-level fields (all but `simulation`). */
export const SETTINGS_FIELDS: { [K in TopField]-?: FieldRule<NonNullable<Settings[K]>> } = {
  port: {
    expected: 'a whole number from 0 to 65535',
    read: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 65535 ? v : undefined),
  },
  host: {
    expected: 'a host name or IP address (text)',
    read: (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  },
  pinnedTagIds: {
    expected: 'a list of tag ids (text)',
    read: (v) =>
      Array.isArray(v)
        ? [...new Set(v.filter((p): p is string => typeof p === 'string'))].slice(0, MAX_PINS)
        : undefined,
    exact: (v) => isStringList(v),
  },
  recentScenes: {
    expected: 'a list of file paths',
    read: (v) =>
      Array.isArray(v)
        ? [...new Set(v.filter((p): p is string => typeof p === 'string' && p !== ''))].slice(0, MAX_RECENT)
        : undefined,
    exact: (v) => isStringList(v, true),
  },
  modbus: {
    expected: `an object {"port": 0 to 65535, "unitId": 0 to 255 (optional), "map": ${MODBUS_MAP_CHOICES.map((c) => `"${c}"`).join(' or ')} (optional), "scaleFactor": 1 to 10000 (optional)}`,
    read: (v) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
      const { port, unitId, map, scaleFactor, ...others } = v as Record<string, unknown>;
      const whole = (n: unknown, min: number, max: number) =>
        typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
      if (Object.keys(others).length > 0 || !whole(port, 0, 65535)) return undefined;
      if (unitId !== undefined && !whole(unitId, 0, 255)) return undefined;
      if (map !== undefined && !(MODBUS_MAP_CHOICES as readonly unknown[]).includes(map)) return undefined;
      if (scaleFactor !== undefined && !whole(scaleFactor, 1, 10000)) return undefined;
      return {
        port: port as number,
        ...(unitId !== undefined ? { unitId: unitId as number } : {}),
        ...(map !== undefined ? { map: map as ModbusMapChoice } : {}),
        ...(scaleFactor !== undefined ? { scaleFactor: scaleFactor as number } : {}),
      };
    },
  },
  windowBounds: {
    expected: 'an object with the numbers x, y, width and height',
    read: (v) => {
      if (typeof v !== 'object' || v === null) return undefined;
      const bounds = v as Record<string, unknown>;
      if (
        !['x', 'y', 'width', 'height'].every(
          (k) => typeof bounds[k] === 'number' && Number.isFinite(bounds[k]),
        )
      )
        return undefined;
      const { x, y, width, height } = bounds as Record<'x' | 'y' | 'width' | 'height', number>;
      return { x, y, width: Math.max(400, width), height: Math.max(300, height) };
    },
  },
};

/** The rules of the fields of `simulation`, each read on its own. */
export const SIMULATION_FIELDS: { [K in SimulationField]: FieldRule<SimulationSettings[K]> } = {
  startRunning: {
    expected: 'true or false',
    read: (v) => (typeof v === 'boolean' ? v : undefined),
  },
  seed: {
    expected: 'a whole number from 0 to 4294967295',
    read: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff ? v : undefined),
  },
  timeScale: {
    expected: `a number from ${MIN_TIME_SCALE} to ${MAX_TIME_SCALE}`,
    read: (v) => (typeof v === 'number' && v >= MIN_TIME_SCALE && v <= MAX_TIME_SCALE ? v : undefined),
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
    if (!(key in from) || from[key] === undefined) return;
    const value = rule.read(from[key]);
    if (value !== undefined) target[key] = value;
    if (value === undefined || (rule.exact && !rule.exact(from[key])))
      bad.push({ field, expected: rule.expected });
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
