import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ExplainedRefusal, FlowAction, SceneQuestions } from '../../shared/window/scene-flow.js';
import { sceneFileName } from '../../shared/scenes/file-names.js';
import type { SceneDocument } from '../../shared/scenes/scene-document.js';
import { problemList, sceneFileFilters, type SceneDialogs, withSceneExtension } from './native-dialogs.js';

/** The scene flow's questions as native boxes; `unsaved` also takes the quit's abort signal. */
export interface NativeSceneQuestions extends SceneQuestions {
  unsaved(spec: { sceneName: string }, signal?: AbortSignal): Promise<'save' | 'discard' | 'cancel'>;
}

const TITLE = 'TagSim';

/**
 * The shared SceneFlow's questions in Electron's dialogs: "Save changes to <scene>?", the Save
 * as dialog (with the scene extension added, and asked again before replacing a file the dialog
 * did not ask about), Overwrite when the file changed on disk, and error boxes that list a file's
 * problems. A call that could not be made is reported, not shown (there is no connection to lose).
 */
export function nativeSceneQuestions(deps: {
  dialogs: SceneDialogs;
  platform: string;
  /** Where the Save as dialog starts when the scene has no file (the latest file's folder, Documents). */
  startFolder(): string | undefined;
  /** The document served now. */
  document(): SceneDocument;
  reportError(error: unknown): void;
}): NativeSceneQuestions {
  const { dialogs } = deps;
  const showError = async (message: string, detail: string) => {
    await dialogs.showMessageBox({ type: 'error', title: TITLE, message, detail, buttons: ['OK'] });
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

  const explain = async (refusal: ExplainedRefusal, during: FlowAction) => {
    const keeps = `TagSim keeps serving "${deps.document().scene.name}".`;
    if (during.action === 'open') {
      if (refusal.reason === 'invalid')
        return showError(
          `${during.label} is not a valid TagSim scene.`,
          `${problemList(refusal.problems)}\n\n${keeps}`,
        );
      if (refusal.reason === 'error')
        return showError(`Cannot open ${during.label}.`, `${refusal.message}\n\n${keeps}`);
    }
    switch (refusal.reason) {
      case 'invalid':
        return showError('The scene cannot be saved: it has problems.', problemList(refusal.problems));
      case 'error':
        return showError(
          `Cannot save ${path.basename(savedPath(during) ?? deps.document().path ?? 'the scene')}.`,
          refusal.message,
        );
      case 'changedOnDisk':
        return showError(
          `${path.basename(refusal.path)} was changed by another program.`,
          'Nothing was saved.',
        );
      case 'noPath':
        return showError('The scene has no file yet.', 'Use Save as… to choose one.');
    }
  };

  return {
    async unsaved({ sceneName }, signal) {
      const { response } = await dialogs.showMessageBox({
        type: 'warning',
        title: TITLE,
        message: `Save changes to ${sceneName}?`,
        detail: "Your changes will be lost if you don't save them.",
        buttons: ['Save', "Don't save", 'Cancel'],
        defaultId: 0,
        cancelId: 2,
        noLink: true,
        ...(signal ? { signal } : {}),
      });
      return response === 0 ? 'save' : response === 1 ? 'discard' : 'cancel';
    },

    async savePath({ document }) {
      const folder = deps.startFolder();
      const name = sceneFileName(document?.scene.name ?? 'Scene');
      const result = await dialogs.showSaveDialog({
        title: 'Save scene as',
        defaultPath: document?.path ?? (folder !== undefined ? path.join(folder, name) : name),
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
    },

    overwrite: (file) =>
      confirmReplace(
        `${path.basename(file)} was changed by another program since TagSim opened it.`,
        `Overwrite it with the scene in TagSim? The file as it is now is kept as ${path.basename(file)}.bak.`,
        'Overwrite',
      ),

    refused: explain,

    failed: async (error) => deps.reportError(error),
  };
}

function savedPath(during: FlowAction): string | undefined {
  return during.action === 'save' ? during.path : undefined;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
