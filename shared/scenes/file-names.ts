import { SNAPSHOT_FILE_EXTENSION } from './runtime-snapshot.js';
import { SCENE_FILE_EXTENSION } from './scene-file.js';

/**
 * A scene's name as the start of a file name: each run of characters that file systems refuse
 * (`<>:"/\|?*` and control characters) becomes `-`, and the trailing dots and spaces that Windows
 * drops go; `fallback` when nothing is left.
 */
export function fileNameBase(name: string, fallback: string): string {
  const base = name
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f]+/g, '-')
    .trim()
    .replace(/[. ]+$/, '');
  return base || fallback;
}

/** `<scene name>.tagsim.json`: what Save as and a download suggest. */
export function sceneFileName(sceneName: string): string {
  return `${fileNameBase(sceneName, 'Scene')}${SCENE_FILE_EXTENSION}`;
}

/** `<scene name>.tagsim-state.json`: what saving the state suggests. */
export function snapshotFileName(sceneName: string): string {
  return `${fileNameBase(sceneName, 'TagSim')}${SNAPSHOT_FILE_EXTENSION}`;
}

/** The file name ending of the simulator's saved scenes. */
export const FACTORYIO_EXTENSION = '.factoryio';

/** The formats a scene file may have, told by its name. */
export type SceneFormat = 'tagsim' | 'factoryio' | 'csv';

/** The format of a file by its name: `.factoryio` and `.csv` are foreign, anything else TagSim's own. */
export function sceneFormatOf(fileName: string): SceneFormat {
  const lower = fileName.trim().toLowerCase();
  if (lower.endsWith(FACTORYIO_EXTENSION)) return 'factoryio';
  if (lower.endsWith('.csv')) return 'csv';
  return 'tagsim';
}

/** Whether a name is one TagSim opens as a scene file rather than a built-in's name. */
export function isSceneFileName(name: string): boolean {
  return name.trim().toLowerCase().endsWith('.json') || sceneFormatOf(name) !== 'tagsim';
}
