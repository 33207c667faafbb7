import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { sceneFileName } from '../../shared/scenes/file-names.js';

/** Hands a text file to the browser as a download (to the browser's computer). */
export function downloadText(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A copy of the scene on the browser's computer, as the same version-1 file TagSim writes. A copy
 * only: the scene keeps its unsaved marker until it is saved to a path.
 */
export function downloadScene(scene: SceneDefinition): void {
  downloadText(sceneFileName(scene.name), serializeScene(scene));
}
