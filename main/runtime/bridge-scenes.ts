import type { BridgeApi, BridgeEventMessage, UiFileAccess } from '../../shared/bridge/bridge-spec.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { TagState } from '../../shared/core/tag-types.js';
import { carryHiddenFaults } from '../../shared/lab/hidden-carry.js';
import type { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { BUILTIN_SCENE_NAMES } from '../../shared/scenes/builtin-scenes.js';
import type { ScenesState } from '../../shared/scenes/scene-document.js';
import type { SceneService } from './scene-service.js';

/** Who the lab's fault log names when a window's scene change took a hidden fault with its tag. */
export const BY_WINDOW = "the station's window";

export interface BridgeScenesDeps {
  engine: TagEngine;
  scenes: SceneService;
  /** Faults an instructor hid from this window: kept through its scene changes and snapshots. */
  hidden: HiddenFaults | undefined;
  /** The presets or the lab took the window's fault controls away: a snapshot restores none. */
  faultsOff: boolean;
  /** 'any' lets the window open and save files by path; otherwise each by-path call is refused. */
  fileAccess: UiFileAccess;
  /** Why a by-path call is refused (one line, with what to do). */
  fileAccessRefusal: string | undefined;
  /** Every tag as this window may see it (a saved snapshot keeps hidden faults hidden). */
  shownTags(): TagState[];
  emit(message: BridgeEventMessage): void;
}

type SceneMethods = Pick<
  BridgeApi,
  | 'getScenes'
  | 'openScene'
  | 'newScene'
  | 'editScene'
  | 'undoEdit'
  | 'redoEdit'
  | 'saveScene'
  | 'saveSnapshot'
  | 'restoreSnapshot'
>;

/** The bridge's side of the scene and its files: the methods, and the change events. */
export interface BridgeScenes {
  readonly api: SceneMethods;
  dispose(): void;
}

/**
 * The bridge's scene methods (open, new, edit, undo, redo, save) and snapshot methods over the
 * scene service, and the event after each change. Where the file access is not 'any', every call
 * by path is refused and the recent files are not listed; a lab's hidden faults survive another
 * scene, an edit and a restored snapshot.
 */
export function createBridgeScenes(deps: BridgeScenesDeps): BridgeScenes {
  const { engine, scenes, hidden, faultsOff, emit } = deps;
  const byPathAllowed = deps.fileAccess === 'any';
  const filesRefused = {
    ok: false,
    reason: 'error',
    message: deps.fileAccessRefusal ?? 'This window cannot open or save files by path.',
  } as const;
  // Another scene or an edit must not take the instructor's hidden faults off (docs/lab.md).
  const keepHidden = <T>(action: () => Promise<T> | T): Promise<T> =>
    hidden ? carryHiddenFaults(hidden, engine, BY_WINDOW, action) : Promise.resolve(action());
  const scenesState = (): ScenesState => ({
    builtins: [...BUILTIN_SCENE_NAMES],
    // The recent files are paths on this machine: not for a window that cannot open them.
    recent: byPathAllowed ? scenes.recent : [],
    document: scenes.document,
  });
  const dispose = scenes.changes.on(() => emit({ event: 'scenes', payload: scenesState() }));

  const api: SceneMethods = {
    getScenes: async () => scenesState(),
    openScene: async ({ builtin, path, text, fileName, discardChanges }) => {
      const given = [builtin, path, text].filter((x) => x !== undefined).length;
      if (given !== 1) throw new BridgeArgumentError('openScene needs exactly one of builtin, path or text.');
      if (path !== undefined && !byPathAllowed) return filesRefused;
      const source =
        builtin !== undefined
          ? { builtin }
          : path !== undefined
            ? { path }
            : { text: text!, fileName: fileName ?? 'the dropped file' };
      return keepHidden(() => scenes.open(source, { discardChanges: discardChanges ?? false }));
    },
    newScene: ({ name, discardChanges }) =>
      keepHidden(() => scenes.create(name, { discardChanges: discardChanges ?? false })),
    editScene: ({ edit }) => keepHidden(() => scenes.edit(edit)),
    undoEdit: () => keepHidden(() => scenes.undo()),
    redoEdit: () => keepHidden(() => scenes.redo()),
    // Every save writes a file here (given path or its own), so none is allowed without access.
    saveScene: async (options) => (byPathAllowed ? scenes.save(options ?? {}) : filesRefused),
    saveSnapshot: async (options) =>
      options?.path !== undefined && !byPathAllowed
        ? filesRefused
        : scenes.saveSnapshot(options?.path, hidden?.size ? deps.shownTags() : undefined),
    restoreSnapshot: async ({ path, text, fileName }) => {
      if ((path === undefined) === (text === undefined))
        throw new BridgeArgumentError('restoreSnapshot needs exactly one of path or text.');
      if (path !== undefined && !byPathAllowed) return filesRefused;
      // A snapshot must not be a side door around the presets' student mode or a lab's hidden
      // faults: the faults this window may not touch stay as they are.
      const keepFaultsOf = faultsOff
        ? () => true
        : hidden && hidden.size > 0
          ? (id: string) => hidden.has(id)
          : undefined;
      return scenes.restoreSnapshot(
        path !== undefined ? { path } : { text: text!, ...(fileName !== undefined ? { fileName } : {}) },
        keepFaultsOf,
      );
    },
  };
  return { api, dispose };
}
