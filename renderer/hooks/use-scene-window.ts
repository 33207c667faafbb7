import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { Dialogs } from '../state/dialogs.js';
import { SceneFlows } from '../state/scene-flows.js';
import type { ScenesModel } from '../state/scenes-model.js';
import { isSnapshotFileName, SnapshotFlows } from '../state/snapshot-flows.js';
import type { UiModel } from '../state/ui-model.js';
import { downloadScene, downloadText } from '../ui/download.js';
import { useFileDrop, type FileDrop } from './use-file-drop.js';
import { useSceneShortcuts, useUnsavedGuard } from './use-scene-keys.js';
import { mayUse } from '../../shared/lab/restrictions.js';

/**
 * What the scene menu and buttons do (SceneBar shows them); useSceneWindow wires them to the scene flows. The by-path commands
 * (files on the TagSim machine) are absent where the window has no file access there: then Save
 * and Save state download a copy instead.
 */
export interface SceneCommands {
  newScene(): void;
  openBuiltin(): void;
  openFile(): void;
  openPath?: () => void;
  openRecent?: (path: string) => void;
  save(): void;
  saveAs?: () => void;
  download?: () => void;
  saveState(): void;
  restoreStateFile(): void;
  restoreStatePath?: () => void;
  undo(): void;
  redo(): void;
}

export interface SceneWindow {
  flows: SceneFlows;
  commands: SceneCommands;
  drop: FileDrop;
  /** The browser UI's downloads (undefined in the desktop app). */
  downloadScene: (() => void) | undefined;
  downloadState: (() => void) | undefined;
  /** The hidden file pickers behind Open file and Restore state from file. */
  sceneInput: RefObject<HTMLInputElement>;
  stateInput: RefObject<HTMLInputElement>;
  openSceneFile(file: File): void;
  restoreStateFile(file: File): void;
}

/**
 * Everything the window does with scene files, wired once: the scene menu's commands, the
 * shortcuts (undo, redo, save), drag and drop, the browser's downloads, the prompt before a tab
 * with unsaved changes closes, and the window title with its unsaved marker.
 */
export function useSceneWindow(opts: {
  model: UiModel;
  scenes: ScenesModel;
  dialogs: Dialogs;
  shell: 'desktop' | 'browser';
  connected: boolean;
}): SceneWindow {
  const { model, scenes, dialogs, shell, connected } = opts;
  const { client } = model;
  const sceneInput = useRef<HTMLInputElement>(null);
  const stateInput = useRef<HTMLInputElement>(null);
  const browser = shell === 'browser';
  // The host says whether this window may use files on the TagSim machine (docs/security.md);
  // the desktop app always may. Read at each save, as it arrives with the first load.
  const hostFiles = () => !browser || model.fileAccess === 'any';
  const flows = useMemo(
    () =>
      new SceneFlows(
        client,
        dialogs.ask,
        () => scenes.document,
        () => (hostFiles() ? undefined : downloadScene),
      ),
    [client, dialogs, scenes, model, browser],
  );
  const snapshots = useMemo(
    () =>
      new SnapshotFlows(
        client,
        dialogs.ask,
        () => scenes.document?.scene.name ?? model.tags.scene?.name ?? 'TagSim',
      ),
    [client, dialogs, scenes, model],
  );
  const doc = scenes.document;
  const serverFiles = hostFiles();

  const sceneName = doc?.scene.name ?? model.tags.scene?.name;
  const dirty = doc?.dirty ?? false;
  useEffect(() => {
    document.title = sceneName ? `${dirty ? '• ' : ''}${sceneName} — TagSim` : 'TagSim';
  }, [sceneName, dirty]);

  const download = browser && doc ? () => downloadScene(doc.scene) : undefined;
  const downloadState = browser
    ? () => void snapshots.download().then((file) => file && downloadText(file.fileName, file.content))
    : undefined;

  // A lab station's student may lack editing or scenes: their keys and drops are left alone too.
  const editing = mayUse(model.restrictions, 'editing');
  const sceneFiles = mayUse(model.restrictions, 'scenes');
  useSceneShortcuts(
    {
      // With nothing to undo or redo the host does nothing; asking it avoids racing the last event.
      ...(editing ? { undo: () => void flows.undo(), redo: () => void flows.redo() } : {}),
      // The desktop app's File menu owns Ctrl/Cmd+S (it asks for a path with the system dialog).
      ...(browser && sceneFiles ? { save: () => void flows.save() } : {}),
    },
    connected,
  );
  useUnsavedGuard(dirty, browser);

  const openSceneFile = (file: File) => void flows.openUpload(file);
  const restoreStateFile = (file: File) => void snapshots.restoreUpload(file);
  const drop = useFileDrop(
    (file) => (isSnapshotFileName(file.name) ? restoreStateFile(file) : openSceneFile(file)),
    connected && sceneFiles,
  );

  const commands: SceneCommands = {
    newScene: () => void flows.create(),
    openBuiltin: () => void flows.openBuiltin(scenes.builtins),
    openFile: () => sceneInput.current?.click(),
    save: () => void flows.save(),
    ...(download ? { download } : {}),
    saveState: serverFiles ? () => void snapshots.save() : () => downloadState?.(),
    restoreStateFile: () => stateInput.current?.click(),
    ...(serverFiles
      ? {
          openPath: () => void flows.openPath(),
          openRecent: (path: string) => void flows.open({ path }),
          saveAs: () => void flows.save({ saveAs: true }),
          restoreStatePath: () => void snapshots.restorePath(),
        }
      : {}),
    undo: () => void flows.undo(),
    redo: () => void flows.redo(),
  };

  return {
    flows,
    commands,
    drop,
    downloadScene: download,
    downloadState,
    sceneInput,
    stateInput,
    openSceneFile,
    restoreStateFile,
  };
}
