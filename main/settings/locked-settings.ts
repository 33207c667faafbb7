import { isDeepStrictEqual } from 'node:util';
import { PRESETS_LOCKED_REASON } from '../../shared/lab/restrictions.js';
import { SIMULATION_FIELDS, type Settings, type SimulationSettings } from './settings.js';

/**
 * The settings a lab's presets may lock (presets.json `"locked"`): the preset (or default) value
 * then applies whatever the user's settings.json says, and no change to it is taken.
 * `"simulation"` in the file locks its three fields.
 */
export const LOCKABLE_SETTINGS = [
  'port',
  'host',
  'pinnedTagIds',
  'modbus',
  'modbusClient',
  'opcuaClient',
  'simulation.startRunning',
  'simulation.seed',
  'simulation.timeScale',
] as const;
export type LockableSetting = (typeof LOCKABLE_SETTINGS)[number];

/** The names a presets file may list in `"locked"`: every lockable setting, and `simulation`. */
export const LOCKABLE_NAMES: readonly string[] = [...LOCKABLE_SETTINGS, 'simulation'];

/** The settings one name of `"locked"` stands for (`simulation`: its three fields). */
export function lockedBy(name: string): LockableSetting[] {
  if (name === 'simulation')
    return (Object.keys(SIMULATION_FIELDS) as (keyof SimulationSettings)[]).map(
      (key) => `simulation.${key}` as const,
    );
  return (LOCKABLE_SETTINGS as readonly string[]).includes(name) ? [name as LockableSetting] : [];
}

function valueOf(settings: Settings, setting: LockableSetting): unknown {
  if (setting.startsWith('simulation.'))
    return settings.simulation[setting.slice('simulation.'.length) as keyof SimulationSettings];
  return settings[setting as Exclude<LockableSetting, `simulation.${string}`>];
}

/** `settings` with every locked field taken from `base` (the presets over the defaults). */
export function applyLocks(settings: Settings, base: Settings, locked: readonly LockableSetting[]): Settings {
  if (locked.length === 0) return settings;
  const next: Settings = { ...settings, simulation: { ...settings.simulation } };
  for (const setting of locked) {
    if (setting.startsWith('simulation.')) {
      const key = setting.slice('simulation.'.length) as keyof SimulationSettings;
      (next.simulation as unknown as Record<string, unknown>)[key] = base.simulation[key];
    } else {
      const key = setting as Exclude<LockableSetting, `simulation.${string}`>;
      if (base[key] === undefined) delete next[key];
      else (next as unknown as Record<string, unknown>)[key] = base[key];
    }
  }
  return next;
}

/** The locked settings a change would give another value than the one in effect. */
export function lockedChanges(
  change: Partial<Settings>,
  current: Settings,
  locked: readonly LockableSetting[],
): LockableSetting[] {
  return locked.filter((setting) => {
    const [head, sub] = setting.split('.') as [keyof Settings, keyof SimulationSettings | undefined];
    if (!(head in change) || change[head] === undefined) return false;
    const wanted = sub === undefined ? change[head] : change.simulation?.[sub];
    if (sub !== undefined && wanted === undefined) return false;
    return !isDeepStrictEqual(wanted, valueOf(current, setting));
  });
}

/** A change to settings a lab's presets locked: refused whole, nothing changed. */
export class SettingsLockedError extends Error {
  constructor(readonly settings: readonly LockableSetting[]) {
    super(`${settings.join(', ')}: ${PRESETS_LOCKED_REASON}; it cannot be changed here.`);
    this.name = 'SettingsLockedError';
  }
}
