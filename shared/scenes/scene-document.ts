import type { SceneDefinition } from './scene-definition.js';

/** Where the scene being served came from. */
export type SceneOrigin = 'builtin' | 'file' | 'new' | 'import';

/** The scene being served, as the editor sees it. */
export interface SceneDocument {
  scene: SceneDefinition;
  origin: SceneOrigin;
  /** The file it was opened from or last saved to: where Save writes. */
  path?: string;
  /**
   * A file of another format it was read from (a `.factoryio` scene, a driver CSV): TagSim does
   * not write that format, so Save asks where to put a `.tagsim.json`.
   */
  readFrom?: string;
  /** Changes that no file holds yet. */
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

/** Why an open, edit or save did not happen; nothing changed then. */
export type SceneRefusal =
  | { ok: false; reason: 'invalid'; problems: string[] }
  | { ok: false; reason: 'unsaved' }
  | { ok: false; reason: 'changedOnDisk'; path: string }
  | { ok: false; reason: 'noPath' }
  | { ok: false; reason: 'error'; message: string };

export type SceneOutcome = { ok: true; document: SceneDocument } | SceneRefusal;

/** The scenes a window can offer: the built-in library, recent files, and the one served. */
export interface ScenesState {
  builtins: string[];
  recent: string[];
  document: SceneDocument;
}
