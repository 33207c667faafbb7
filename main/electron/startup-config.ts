import type { StartupNotice } from '../../shared/bridge/bridge-spec.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { LoadedScene } from '../runtime/resolve-scene.js';
import { startupNotice } from '../runtime/startup-notice.js';
import { loadPresets, presetsCandidates, PresetsProblem, type Presets } from '../settings/presets.js';
import type { SettingsLayer } from '../settings/settings.js';
import type { LockableSetting } from '../settings/locked-settings.js';
import { fileSettingsStore, type SettingsStore } from '../settings/settings-store.js';
import { loadStartScene } from './start-scene.js';

/** Opens the settings file over the presets, reporting what it could not read. */
export type OpenSettings = (
  file: string,
  presets: SettingsLayer,
  reportProblem: (message: string) => void,
  locked?: readonly LockableSetting[],
) => Promise<SettingsStore>;

/** What the desktop app reads before anything starts, with whatever went wrong reading it. */
export interface StartupConfig {
  presets: Presets;
  settings: SettingsStore;
  startScene: LoadedScene;
  /** Problems met on the way: reported, never fatal, and shown in the window. */
  notices: StartupNotice[];
}

/**
 * Reads the machine's presets, the user's settings over them and the scene to start on. A lab
 * PC always starts: every problem goes to `reportError` and into `notices` for the window, since
 * nobody reads a lab PC's console.
 */
export async function loadStartupConfig(options: {
  platform: string;
  env: NodeJS.ProcessEnv;
  resourcesPath: string | undefined;
  settingsFile: string;
  openSettings?: OpenSettings;
  defaultScene: () => SceneDefinition;
  reportError: (error: unknown) => void;
}): Promise<StartupConfig> {
  const notices: StartupNotice[] = [];
  const notice = (file: string) => (error: unknown) => {
    options.reportError(error);
    notices.push(startupNotice(file, error));
  };
  const presets = await loadPresets(
    presetsCandidates(options.platform, options.env, options.resourcesPath),
    (error) => notice(error instanceof PresetsProblem ? error.file : 'presets.json')(error),
  );
  const settings = await (options.openSettings ?? fileSettingsStore)(
    options.settingsFile,
    presets.settings,
    (m) => notice(options.settingsFile)(new Error(m)),
    presets.locked ?? [],
  );
  const startScene = await loadStartScene(
    presets,
    options.defaultScene,
    notice(presets.file ?? 'presets.json'),
  );
  return { presets, settings, startScene, notices };
}
