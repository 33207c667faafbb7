import path from 'node:path';
import type { BridgeApi } from '../../shared/bridge/bridge-spec.js';
import { SceneFlow, type SceneFlowResult } from '../../shared/window/scene-flow.js';
import type { SceneDocument } from '../../shared/scenes/scene-document.js';
import { sceneFileFilters, type SceneDialogs } from './native-dialogs.js';
import { nativeSceneQuestions } from './native-scene-questions.js';
import type { SceneCommand } from './scene-menu.js';

/**
 * The scene commands of the tray and the application menu: the shared SceneFlow over the bridge
 * (as the window runs it), asked in native dialogs: Open, Save as, "Save changes to <scene>?"
 * before anything replaces unsaved changes, Overwrite when the file changed on disk, and an error
 * box listing a file's problems (the app then keeps the scene it had).
 */

/** The bridge methods the commands call. */
export type SceneActionsClient = Pick<
  BridgeApi,
  'openScene' | 'newScene' | 'saveScene' | 'undoEdit' | 'redoEdit'
>;

/** How a command ended. */
export type SceneActionResult = SceneFlowResult['status'];

export interface SceneActionsDeps {
  client: SceneActionsClient;
  /** The document served and the recent files, as the bridge host has them now. */
  scenes: { readonly document: SceneDocument; readonly recent: readonly string[] };
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

export function createSceneActions(deps: SceneActionsDeps): SceneActions {
  const { client, scenes, dialogs } = deps;
  let busy = false;

  /** Where the dialogs start: the scene's folder, the latest recent file's, or Documents. */
  const startFolder = (): string | undefined => {
    const file = scenes.document.path ?? scenes.recent[0];
    return file !== undefined ? path.dirname(file) : deps.documentsDir;
  };
  const questions = nativeSceneQuestions({
    dialogs,
    platform: deps.platform,
    startFolder,
    document: () => scenes.document,
    reportError: deps.reportError,
  });
  const flow = new SceneFlow(client, questions, () => scenes.document);

  const askOpenPath = async (): Promise<string | undefined> => {
    const folder = startFolder();
    const result = await dialogs.showOpenDialog({
      title: 'Open scene',
      ...(folder !== undefined ? { defaultPath: folder } : {}),
      buttonLabel: 'Open',
      filters: sceneFileFilters(deps.platform, 'open'),
      properties: ['openFile'],
    });
    return result.canceled ? undefined : result.filePaths[0];
  };

  const perform = async (command: SceneCommand): Promise<SceneFlowResult> => {
    switch (command.kind) {
      case 'undo':
        return { status: 'done', document: await client.undoEdit(undefined) };
      case 'redo':
        return { status: 'done', document: await client.redoEdit(undefined) };
      case 'newScene':
        return flow.create('New scene', 'a new scene');
      case 'openBuiltin': {
        // The checked radio item clicked again: reloading would only reset every tag's state.
        const { document } = scenes;
        if (document.origin === 'builtin' && document.scene.name === command.name && !document.dirty)
          return { status: 'done', document };
        return flow.open({ builtin: command.name });
      }
      case 'openPath':
        return flow.open({ path: command.path });
      case 'openFile': {
        const file = await askOpenPath();
        if (file === undefined) return { status: 'canceled' };
        return flow.open({ path: file });
      }
      case 'save':
        return flow.save();
      case 'saveAs':
        return flow.save({ saveAs: true });
    }
  };

  return {
    async run(command) {
      const modal = command.kind !== 'undo' && command.kind !== 'redo';
      // One dialog flow at a time: the tray stays clickable while a dialog is open.
      if (modal && busy) return 'canceled';
      if (modal) busy = true;
      try {
        return (await perform(command)).status;
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
        // The question closes as cancelled when the system ends the session (signal aborted).
        const quitting = new SceneFlow(
          client,
          { ...questions, unsaved: (spec) => questions.unsaved(spec, signal) },
          () => scenes.document,
        );
        // The system ends the session: there is no time left to ask or save.
        return (await quitting.settleUnsaved()) || signal?.aborted === true;
      } catch (error) {
        // A prompt that cannot be shown must not keep the app from quitting.
        deps.reportError(error);
        return true;
      }
    },
  };
}
