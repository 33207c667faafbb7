import { readFactoryIoScene, type ReadScene } from './factoryio/read-factoryio.js';
import { sceneFormatOf } from './file-names.js';
import { importSceneCsv } from './scene-csv.js';
import { parseSceneFile, SCENE_FILE_EXTENSION } from './scene-file.js';

// The one way a scene file's text becomes a scene, whatever its format: TagSim's own
// `.tagsim.json`, the simulator's saved scene (`.factoryio`) or its driver CSV. Every host opens
// files through here (main/storage/scene-files.ts for paths, the scene service for a window's
// dropped text), so each format is read the same everywhere. The window's own code does not
// import this module: a window sends the text, the host reads it.

/**
 * Reads a scene file's text by its format (`fileName` tells it, and names the file in problems).
 * Throws a ValidationError with every problem and its place; nothing is half-read.
 */
export function readSceneText(text: string, fileName: string): ReadScene {
  switch (sceneFormatOf(fileName)) {
    case 'factoryio':
      return readFactoryIoScene(text, fileName);
    case 'csv': {
      const sceneName = fileName.replace(/^.*[\\/]/, '').replace(/\.csv$/i, '');
      return importSceneCsv(text, { sceneName, source: fileName });
    }
    case 'tagsim':
      return { scene: parseSceneFile(text, fileName), notes: [] };
  }
}

/** Why TagSim will not save a scene over this file, or undefined: it writes its own format only. */
export function notSavable(fileName: string): string | undefined {
  if (sceneFormatOf(fileName) === 'tagsim') return undefined;
  return `TagSim saves scenes as ${SCENE_FILE_EXTENSION} files; it does not write ${fileName.replace(/^.*[\\/]/, '')} (save it under a name ending in ${SCENE_FILE_EXTENSION})`;
}
