import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../storage/write-file-atomic.js';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from './settings.js';

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
 */
export async function fileSettingsStore(path: string): Promise<SettingsStore> {
  let current: Settings;
  try {
    current = parseSettings(JSON.parse(await readFile(path, 'utf8')));
  } catch {
    current = { ...DEFAULT_SETTINGS };
  }
  let saving: Promise<void> = Promise.resolve();
  return {
    get: () => current,
    update(change) {
      current = parseSettings({ ...current, ...change });
      const snapshot = `${JSON.stringify(current, null, 2)}\n`;
      saving = saving.then(() => writeFileAtomic(path, snapshot));
      return saving.then(() => current);
    },
  };
}
