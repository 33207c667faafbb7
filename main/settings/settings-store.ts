import { copyFile, rename } from 'node:fs/promises';
import { fileProblemOf, printablePath, readTextFile } from '../storage/read-text-file.js';
import { writeFileAtomic } from '../storage/write-file-atomic.js';
import { applyLocks, lockedChanges, SettingsLockedError, type LockableSetting } from './locked-settings.js';
import {
  applyUserChange,
  DEFAULT_SETTINGS,
  layerSettings,
  readSettingsLayer,
  SETTINGS_FIELDS,
  type Settings,
  type SettingsLayer,
} from './settings.js';

/** Holds the settings and saves every change. */
export interface SettingsStore {
  get(): Settings;
  /** Rejects with a SettingsLockedError, changing nothing, when it would change a locked setting. */
  update(change: Partial<Settings>): Promise<Settings>;
  /** The settings a lab's presets locked (none when absent). */
  readonly locked?: readonly LockableSetting[];
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
 * from the defaults; saves are serialised so the last change always wins on disk. Something at
 * the path that cannot be read as a file (a symbolic link that loops, a folder) is reported and
 * left as it is: changes then live in memory until the next start.
 *
 * `presets` (the machine's presets.json) sit between the file and the defaults: a field the file
 * has wins, one it lacks comes from the presets. The file keeps only the user's own fields (see
 * applyUserChange), so a preset the lab changes later reaches every user who never changed it.
 * A setting in `locked` is the presets' whatever the file says, and a change to it is refused.
 */
export async function fileSettingsStore(
  path: string,
  presets: SettingsLayer = {},
  reportProblem: (message: string) => void = () => undefined,
  locked: readonly LockableSetting[] = [],
): Promise<SettingsStore> {
  let own: SettingsLayer = {};
  let saves = true;
  const keepAside = async (why: string, move: boolean) => {
    // A damaged file is the user's: keep it beside, never overwrite it with the defaults.
    const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const kept = await (move ? rename(path, aside) : copyFile(path, aside)).then(
      () => `; it was kept as ${printablePath(aside)}`,
      () => '',
    );
    reportProblem(`TagSim could not read its settings ${printablePath(path)}: ${why}${kept}.`);
  };
  try {
    const json: unknown = JSON.parse((await readTextFile(path)).text);
    const { layer, bad } = readSettingsLayer(json);
    own = layer;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      own = {};
      await keepAside('it is not a JSON object; TagSim starts from the defaults', true);
    } else {
      // A field TagSim does not know (a typo, a newer version's) would be dropped by the next save.
      const unknown = Object.keys(json).filter(
        (k) => !Object.hasOwn(SETTINGS_FIELDS, k) && k !== 'simulation',
      );
      const problems = [
        ...bad.map((b) => `${b.field} must be ${b.expected}`),
        ...unknown.map((k) => `'${printablePath(k.slice(0, 64))}' is not a setting`),
      ];
      if (problems.length > 0)
        await keepAside(`${problems.join('; ')}; those fields start from the defaults`, false);
    }
  } catch (error) {
    const problem = fileProblemOf(error);
    if (problem === 'unreachable') {
      // Something is there that is not a file TagSim can read (a symbolic link that loops, a
      // folder, no permission): it is the user's to mend. Moving it aside or saving over it
      // would change it, so this session's changes stay in memory.
      saves = false;
      reportProblem(
        `TagSim could not read its settings ${printablePath(path)}: ${(error as Error).message}; TagSim starts from the defaults and leaves it as it is (changes are not saved until it is mended).`,
      );
    } else if (problem === 'content') {
      const why =
        error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : (error as Error).message;
      await keepAside(`${why}; TagSim starts from the defaults`, true);
    }
  }
  // A locked setting is the presets' (or the default), whatever the user's file says.
  const effective = () => applyLocks(layerSettings(presets, own), layerSettings(presets), locked);
  let current = effective();
  let saving: Promise<void> = Promise.resolve();
  return {
    get: () => current,
    locked,
    update(change) {
      const refused = lockedChanges(change, current, locked);
      if (refused.length > 0) return Promise.reject(new SettingsLockedError(refused));
      // Read back through the rules, as from the file: a change is repaired the same way.
      own = readSettingsLayer(applyUserChange(own, current, change)).layer;
      current = effective();
      const snapshot = `${JSON.stringify(own, null, 2)}\n`;
      if (saves) saving = saving.then(() => writeFileAtomic(path, snapshot));
      return saving.then(() => current);
    },
  };
}
