import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../../shared/sim/sim-lifecycle.js';

/** How the desktop app starts the simulation (`tagsim serve` has --paused, --seed, --time-scale). */
export interface SimulationSettings {
  /** Whether the simulation runs as soon as TagSim starts (the tray's "Run when TagSim starts"). */
  startRunning: boolean;
  /** Seed of the plant's random streams, 0 to 4294967295: the same seed, the same run. */
  seed: number;
  /** The time scale TagSim starts with, 0.25 to 8 (the tray's Time scale changes it until quit). */
  timeScale: number;
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
  simulation: SimulationSettings;
}

export const DEFAULT_SETTINGS: Settings = {
  port: 7410,
  host: '127.0.0.1',
  pinnedTagIds: [],
  recentScenes: [],
  simulation: { startRunning: true, seed: 1, timeScale: 1 },
};

const MAX_PINS = 200;
const MAX_RECENT = 10;

/**
 * Reads settings from untrusted JSON (a file a person may have edited): every field that is
 * missing or wrong falls back to its default, so a damaged file never stops the app.
 */
export function parseSettings(input: unknown): Settings {
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const port = record['port'];
  const host = record['host'];
  const pins = record['pinnedTagIds'];
  const bounds = record['windowBounds'] as Record<string, unknown> | undefined;
  const recent = record['recentScenes'];
  const settings: Settings = {
    port:
      typeof port === 'number' && Number.isInteger(port) && port >= 0 && port <= 65535
        ? port
        : DEFAULT_SETTINGS.port,
    host: typeof host === 'string' && host.trim() !== '' ? host.trim() : DEFAULT_SETTINGS.host,
    pinnedTagIds: Array.isArray(pins)
      ? [...new Set(pins.filter((p): p is string => typeof p === 'string'))].slice(0, MAX_PINS)
      : [],
    recentScenes: Array.isArray(recent)
      ? [...new Set(recent.filter((p): p is string => typeof p === 'string' && p !== ''))].slice(
          0,
          MAX_RECENT,
        )
      : [],
    simulation: parseSimulationSettings(record['simulation']),
  };
  if (
    bounds &&
    typeof bounds === 'object' &&
    ['x', 'y', 'width', 'height'].every((k) => typeof bounds[k] === 'number' && Number.isFinite(bounds[k]))
  ) {
    const { x, y, width, height } = bounds as Record<'x' | 'y' | 'width' | 'height', number>;
    settings.windowBounds = { x, y, width: Math.max(400, width), height: Math.max(300, height) };
  }
  return settings;
}

/** Each field of `simulation` on its own: a wrong one falls back to its default, the others stay. */
function parseSimulationSettings(input: unknown): SimulationSettings {
  const defaults = DEFAULT_SETTINGS.simulation;
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const { startRunning, seed, timeScale } = record;
  return {
    startRunning: typeof startRunning === 'boolean' ? startRunning : defaults.startRunning,
    seed:
      typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff
        ? seed
        : defaults.seed,
    timeScale:
      typeof timeScale === 'number' && timeScale >= MIN_TIME_SCALE && timeScale <= MAX_TIME_SCALE
        ? timeScale
        : defaults.timeScale,
  };
}
