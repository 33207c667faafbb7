import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SceneOutcome, SceneRefusal } from '../../shared/scenes/scene-document.js';
import { SCENE_FILE_EXTENSION } from '../../shared/scenes/scene-file.js';
import type { SceneService } from '../runtime/scene-service.js';
import type { SceneCommand } from './scene-menu.js';

/**
 * The scene commands of the tray and the application menu, with their native dialogs: Open, Save
 * as, "Save changes to <scene>?" before anything replaces unsaved changes, Overwrite when the
 * file changed on disk, and an error box listing a file's problems (the app then keeps the scene
 * it had). Electron's `dialog` is passed in, so every flow is tested with fake dialogs.
 *
 * Every box is the asynchronous kind (showMessageBox, never showErrorBox or the *Sync ones): the
 * API server runs in this process, and a synchronous box would stop it answering while it shows.
 */

/** A file type of the Open and Save dialogs (Electron's FileFilter). */
export interface FileFilterLike {
  name: string;
  extensions: string[];
}

/** The options of dialog.showOpenDialog that TagSim uses. */
export interface OpenDialogOptionsLike {
  title?: string;
  defaultPath?: string;
  buttonLabel?: string;
  filters?: FileFilterLike[];
  properties?: 'openFile'[];
}

/** The options of dialog.showSaveDialog that TagSim uses. */
export interface SaveDialogOptionsLike {
  title?: string;
  defaultPath?: string;
  buttonLabel?: string;
  filters?: FileFilterLike[];
  properties?: ('createDirectory' | 'showOverwriteConfirmation')[];
}

/** The options of dialog.showMessageBox that TagSim uses. */
export interface MessageBoxOptionsLike {
  type?: 'none' | 'info' | 'error' | 'question' | 'warning';
  title?: string;
  message: string;
  detail?: string;
  buttons?: string[];
  defaultId?: number;
  cancelId?: number;
  noLink?: boolean;
  /** Closes the box as if cancelled (not on macOS for a box without a parent window). */
  signal?: AbortSignal;
}

/** Electron's dialogs, already bound to the parent window they should be modal to (if any). */
export interface SceneDialogs {
  showOpenDialog(options: OpenDialogOptionsLike): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: SaveDialogOptionsLike): Promise<{ canceled: boolean; filePath?: string }>;
  showMessageBox(options: MessageBoxOptionsLike): Promise<{ response: number }>;
}

type OpenResult = { canceled: boolean; filePaths: string[] };
type SaveResult = { canceled: boolean; filePath?: string };

/** Electron's `dialog` module: each dialog with and without a parent window. */
export interface ElectronDialogLike<W> {
  showOpenDialog(window: W, options: OpenDialogOptionsLike): Promise<OpenResult>;
  showOpenDialog(options: OpenDialogOptionsLike): Promise<OpenResult>;
  showSaveDialog(window: W, options: SaveDialogOptionsLike): Promise<SaveResult>;
  showSaveDialog(options: SaveDialogOptionsLike): Promise<SaveResult>;
  showMessageBox(window: W, options: MessageBoxOptionsLike): Promise<{ response: number }>;
  showMessageBox(options: MessageBoxOptionsLike): Promise<{ response: number }>;
}

/**
 * Binds Electron's dialogs to TagSim's window while it is on screen (they are then modal to it,
 * as sheets on macOS); with the window hidden (the app in the tray), they stand alone.
 */
export function bindDialogs<W>(dialog: ElectronDialogLike<W>, parent: () => W | undefined): SceneDialogs {
  return {
    showOpenDialog: (options) => {
      const window = parent();
      return window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options);
    },
    showSaveDialog: (options) => {
      const window = parent();
      return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
    },
    showMessageBox: (options) => {
      const window = parent();
      return window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options);
    },
  };
}

/** The part of the SceneService the commands drive. */
export type SceneServiceLike = Pick<
  SceneService,
  'document' | 'recent' | 'open' | 'create' | 'save' | 'undo' | 'redo'
>;

/**
 * The file types of the Open and Save dialogs. macOS matches a filter by the last part of a
 * name only (`json`), so there the scene filter is `*.json`; elsewhere it is `*.tagsim.json`.
 */
export function sceneFileFilters(platform: string): FileFilterLike[] {
  const all = { name: 'All files', extensions: ['*'] };
  if (platform === 'darwin') return [{ name: 'TagSim scene', extensions: ['json'] }, all];
  return [
    { name: 'TagSim scene', extensions: [SCENE_FILE_EXTENSION.slice(1)] },
    { name: 'JSON', extensions: ['json'] },
    all,
  ];
}

/** `<scene name>.tagsim.json`, without the characters file systems refuse. */
export function sceneFileName(sceneName: string): string {
  const base = sceneName
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f]+/g, '-')
    .trim()
    .replace(/[. ]+$/, '');
  return `${base || 'Scene'}${SCENE_FILE_EXTENSION}`;
}

/**
 * The name a Save as writes: as chosen when it ends in `.tagsim.json` or `.json` (a JSON name
 * chosen on purpose), else with `.tagsim.json` added.
 */
export function withSceneExtension(file: string): string {
  return /\.json$/i.test(path.basename(file)) ? file : `${file}${SCENE_FILE_EXTENSION}`;
}

/** At most this many problems of a file are listed in the error box. */
export const MAX_LISTED_PROBLEMS = 15;

/** The problems of a file for the error box: the first ones, then how many more there are. */
export function problemList(problems: readonly string[], max = MAX_LISTED_PROBLEMS): string {
  const listed = problems.slice(0, max).map((problem) => `• ${problem}`);
  const more = problems.length - listed.length;
  if (more > 0) listed.push(`…and ${more} more ${more === 1 ? 'problem' : 'problems'}`);
  return listed.join('\n');
}

/** How a command ended. */
export type SceneActionResult = 'done' | 'canceled' | 'failed';

export interface SceneActionsDeps {
  scenes: SceneServiceLike;
  dialogs: SceneDialogs;
  platform: string;
  /** Where Open and Save as start when there is no scene file yet (the Documents folder). */
  documentsDir?: string;
  reportError(error: unknown): void;
  /**
   * After every command, whatever its outcome: the menus redraw (Electron checks a radio item
   * as it is clicked, even when the person then cancels).
   */
  afterCommand?(): void;
}

export interface SceneActions {
  /** Runs a command of the tray or the application menu. Never rejects. */
  run(command: SceneCommand): Promise<SceneActionResult>;
  /**
   * Before quitting: with unsaved changes, asks Save / Don't save / Cancel. True to quit (saved,
   * not saved on purpose, or the system ends the session: `signal` aborted), false to keep
   * running (Cancel, or a save that did not happen).
   */
  confirmQuit(signal?: AbortSignal): Promise<boolean>;
}

type SaveAnswer = 'save' | 'discard' | 'cancel';
type Attempt = (options: { discardChanges?: boolean }) => Promise<SceneOutcome>;

const TITLE = 'TagSim';

export function createSceneActions(deps: SceneActionsDeps): SceneActions {
  const { scenes, dialogs } = deps;
  let busy = false;

  /** Where the dialogs start: the scene's folder, the latest recent file's, or Documents. */
  const startFolder = (): string | undefined => {
    const file = scenes.document.path ?? scenes.recent[0];
    return file !== undefined ? path.dirname(file) : deps.documentsDir;
  };

  const showError = async (message: string, detail: string) => {
    await dialogs.showMessageBox({ type: 'error', title: TITLE, message, detail, buttons: ['OK'] });
  };

  const askToSave = async (signal?: AbortSignal): Promise<SaveAnswer> => {
    const { response } = await dialogs.showMessageBox({
      type: 'warning',
      title: TITLE,
      message: `Save changes to ${scenes.document.scene.name}?`,
      detail: "Your changes will be lost if you don't save them.",
      buttons: ['Save', "Don't save", 'Cancel'],
      defaultId: 0,
      cancelId: 2,
      noLink: true,
      ...(signal ? { signal } : {}),
    });
    return response === 0 ? 'save' : response === 1 ? 'discard' : 'cancel';
  };

  const confirmReplace = async (message: string, detail: string, button: string): Promise<boolean> => {
    const { response } = await dialogs.showMessageBox({
      type: 'warning',
      title: TITLE,
      message,
      detail,
      buttons: [button, 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    });
    return response === 0;
  };

  const askOpenPath = async (): Promise<string | undefined> => {
    const folder = startFolder();
    const result = await dialogs.showOpenDialog({
      title: 'Open scene',
      ...(folder !== undefined ? { defaultPath: folder } : {}),
      buttonLabel: 'Open',
      filters: sceneFileFilters(deps.platform),
      properties: ['openFile'],
    });
    return result.canceled ? undefined : result.filePaths[0];
  };

  const askSavePath = async (): Promise<string | undefined> => {
    const { document } = scenes;
    const folder = startFolder();
    const name = sceneFileName(document.scene.name);
    const result = await dialogs.showSaveDialog({
      title: 'Save scene as',
      defaultPath: document.path ?? (folder !== undefined ? path.join(folder, name) : name),
      buttonLabel: 'Save',
      filters: sceneFileFilters(deps.platform),
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    if (result.canceled || !result.filePath) return undefined;
    const file = withSceneExtension(result.filePath);
    // The dialog asked about replacing the name typed; with the extension added, ask again.
    if (file !== result.filePath && (await exists(file))) {
      const replace = await confirmReplace(
        `${path.basename(file)} already exists. Replace it?`,
        `It is in ${path.dirname(file)}. The file there now is kept as ${path.basename(file)}.bak.`,
        'Replace',
      );
      if (!replace) return undefined;
    }
    return file;
  };

  const explainRefusal = async (refusal: SceneRefusal, action: 'open' | 'save', what: string) => {
    const keeps = `TagSim keeps serving "${scenes.document.scene.name}".`;
    switch (refusal.reason) {
      case 'invalid':
        return action === 'open'
          ? showError(`${what} is not a valid TagSim scene.`, `${problemList(refusal.problems)}\n\n${keeps}`)
          : showError(`The scene cannot be saved: it has problems.`, problemList(refusal.problems));
      case 'error':
        return showError(
          action === 'open' ? `Cannot open ${what}.` : `Cannot save ${what}.`,
          action === 'open' ? `${refusal.message}\n\n${keeps}` : refusal.message,
        );
      case 'changedOnDisk':
        return showError(
          `${path.basename(refusal.path)} was changed by another program.`,
          'Nothing was saved.',
        );
      case 'noPath':
        return showError('The scene has no file yet.', 'Use Save as… to choose one.');
      case 'unsaved':
        return showError('The scene has unsaved changes.', 'Save them or discard them first.');
    }
  };

  /** Saves the scene: where it came from, or where the person chooses (Save as, or no file yet). */
  const save = async (as: boolean): Promise<SceneActionResult> => {
    let target: string | undefined;
    if (as) {
      target = await askSavePath();
      if (target === undefined) return 'canceled';
    }
    let outcome = await scenes.save(target !== undefined ? { path: target } : {});
    if (!outcome.ok && outcome.reason === 'noPath') {
      target = await askSavePath();
      if (target === undefined) return 'canceled';
      outcome = await scenes.save({ path: target });
    }
    if (!outcome.ok && outcome.reason === 'changedOnDisk') {
      const file = outcome.path;
      const overwrite = await confirmReplace(
        `${path.basename(file)} was changed by another program since TagSim opened it.`,
        `Overwrite it with the scene in TagSim? The file as it is now is kept as ${path.basename(file)}.bak.`,
        'Overwrite',
      );
      if (!overwrite) return 'canceled';
      outcome = await scenes.save({ ...(target !== undefined ? { path: target } : {}), overwrite: true });
    }
    if (outcome.ok) return 'done';
    await explainRefusal(outcome, 'save', path.basename(target ?? scenes.document.path ?? 'the scene'));
    return 'failed';
  };

  /** Replaces the scene served; with unsaved changes, asks first (and saves if asked to). */
  const replace = async (attempt: Attempt, what: string): Promise<SceneActionResult> => {
    let outcome = await attempt({});
    if (!outcome.ok && outcome.reason === 'unsaved') {
      const answer = await askToSave();
      if (answer === 'cancel') return 'canceled';
      if (answer === 'save') {
        const saved = await save(false);
        if (saved !== 'done') return saved;
      }
      outcome = await attempt({ discardChanges: true });
    }
    if (outcome.ok) return 'done';
    await explainRefusal(outcome, 'open', what);
    return 'failed';
  };

  const perform = async (command: SceneCommand): Promise<SceneActionResult> => {
    switch (command.kind) {
      case 'undo':
        scenes.undo();
        return 'done';
      case 'redo':
        scenes.redo();
        return 'done';
      case 'newScene':
        return replace((options) => scenes.create('New scene', options), 'a new scene');
      case 'openBuiltin': {
        // The checked radio item clicked again: reloading would only reset every tag's state.
        const { document } = scenes;
        if (document.origin === 'builtin' && document.scene.name === command.name && !document.dirty)
          return 'done';
        return replace((options) => scenes.open({ builtin: command.name }, options), command.name);
      }
      case 'openPath':
        return replace(
          (options) => scenes.open({ path: command.path }, options),
          path.basename(command.path),
        );
      case 'openFile': {
        const file = await askOpenPath();
        if (file === undefined) return 'canceled';
        return replace((options) => scenes.open({ path: file }, options), path.basename(file));
      }
      case 'save':
        return save(false);
      case 'saveAs':
        return save(true);
    }
  };

  return {
    async run(command) {
      const modal = command.kind !== 'undo' && command.kind !== 'redo';
      // One dialog flow at a time: the tray stays clickable while a dialog is open.
      if (modal && busy) return 'canceled';
      if (modal) busy = true;
      try {
        return await perform(command);
      } catch (error) {
        deps.reportError(error);
        return 'failed';
      } finally {
        if (modal) busy = false;
        deps.afterCommand?.();
      }
    },

    async confirmQuit(signal) {
      try {
        if (!scenes.document.dirty) return true;
        const answer = await askToSave(signal);
        // The system ends the session: there is no time left to ask or save.
        if (signal?.aborted) return true;
        if (answer === 'cancel') return false;
        if (answer === 'discard') return true;
        return (await save(false)) === 'done';
      } catch (error) {
        // A prompt that cannot be shown must not keep the app from quitting.
        deps.reportError(error);
        return true;
      }
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
