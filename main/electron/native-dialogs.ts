import path from 'node:path';
import { SCENE_FILE_EXTENSION } from '../../shared/scenes/scene-file.js';
import { firstProblemLines } from '../../shared/problems/problem-list.js';

/**
 * Electron's dialogs as TagSim uses them, passed in so that every flow is tested with fakes, and
 * the file names and filters they show.
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

/**
 * The file types of the Open and Save dialogs. macOS matches a filter by the last part of a
 * name only (`json`), so there the scene filter is `*.json`; elsewhere it is `*.tagsim.json`.
 * Open also offers the simulator's saved scenes (`*.factoryio`), which TagSim reads but never
 * writes.
 */
export function sceneFileFilters(platform: string, purpose: 'open' | 'save' = 'save'): FileFilterLike[] {
  const all = { name: 'All files', extensions: ['*'] };
  const saved = purpose === 'open' ? [{ name: 'FACTORY I/O scene', extensions: ['factoryio'] }] : [];
  if (platform === 'darwin') return [{ name: 'TagSim scene', extensions: ['json'] }, ...saved, all];
  return [
    { name: 'TagSim scene', extensions: [SCENE_FILE_EXTENSION.slice(1)] },
    ...saved,
    { name: 'JSON', extensions: ['json'] },
    all,
  ];
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
  return firstProblemLines(
    problems.map((problem) => `• ${problem}`),
    max,
  ).join('\n');
}
