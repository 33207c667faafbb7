import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../storage/write-file-atomic.js';
import {
  applyUserChange,
  DEFAULT_SETTINGS,
  layerSettings,
  readSettingsLayer,
  type Settings,
  type SettingsLayer,
} from './settings.js';

/** Holds the settings and saves every change. */
export interface SettingsStore {
  get(): Settings;
  update(change: Partial<Settings>): Promise<Settings>;
}

/** Settings kept in memory only (the headless CLI, tests). */
export function memorySettingsStore(initial: Partial<Settings> = {}): SettingsStore {
  let current: Settings = { ...DEFAULT_SETTINGS, ...initial };
  return {
    get: () => current,
    update: (change) => {
      current = { ...current, ...change };
      return Promise.resolve(current);
    },
  };
}

/**
 * Settings in a JSON file, written atomically (temp file, fsync, rename), so a crash mid-save
 * leaves the old file or the new one, never a broken one. A missing or unreadable file starts
 * from the defaults; saves are serialised so the last change always wins on disk.
 *
 * `presets` (the machine's presets.json) sit between the file and the defaults: a field the file
 * has wins, one it lacks comes from the presets. The file keeps only the user's own fields (see
 * applyUserChange), so a preset the lab changes later reaches every user who never changed it.
 */
export async function fileSettingsStore(path: string, presets: SettingsLayer = {}): Promise<SettingsStore> {
  let own: SettingsLayer;
  try {
    own = readSettingsLayer(JSON.parse(await readFile(path, 'utf8'))).layer;
  } catch {
    own = {};
  }
  let current = layerSettings(presets, own);
  let saving: Promise<void> = Promise.resolve();
  return {
    get: () => current,
    update(change) {
      // Read back through the rules, as from the file: a change is repaired the same way.
      own = readSettingsLayer(applyUserChange(own, current, change)).layer;
      current = layerSettings(presets, own);
      const snapshot = `${JSON.stringify(own, null, 2)}\n`;
      saving = saving.then(() => writeFileAtomic(path, snapshot));
      return saving.then(() => current);
    },
  };
}
