import type { BridgeApi } from '../../shared/bridge/bridge-spec.js';
import {
  type DownloadScene,
  type ExplainedRefusal,
  type FlowAction,
  type OpenSource,
  SceneFlow,
  type SceneQuestions,
} from '../../shared/window/scene-flow.js';
import type { SceneEdit } from '../../shared/scenes/scene-editor.js';
import type { SceneDocument, SceneOutcome, SceneRefusal } from '../../shared/scenes/scene-document.js';
import { sceneFileName, sceneFormatOf } from '../../shared/scenes/file-names.js';
import { parseSceneFile } from '../../shared/scenes/scene-file.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { MAX_SCENE_FILE_BYTES } from '../../shared/scenes/file-limits.js';
import type { Ask } from './dialogs.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/** The bridge methods the scene flows use. */
export type SceneClient = Pick<
  BridgeApi,
  'openScene' | 'newScene' | 'saveScene' | 'editScene' | 'undoEdit' | 'redoEdit'
>;

/** An edit's outcome as the editor shows it: the new document, or the lines to show inline. */
export type EditResult = { ok: true; document: SceneDocument } | { ok: false; problems: string[] };

/**
 * The scene menu's conversations in the window's own dialogs: the shared SceneFlow (ask before
 * unsaved changes are lost, ask where to save, never half-load a broken file) with this window's
 * questions, plus what only a window does: files from this computer, a path typed in, the list
 * of built-ins, the editor's edits. Pure TypeScript: the dialogs are behind `ask`.
 */
export class SceneFlows {
  private readonly flow: SceneFlow;

  constructor(
    private readonly client: SceneClient,
    private readonly ask: Ask,
    private readonly document: () => SceneDocument | undefined,
    /** Saving downloads a copy instead, where the window cannot save on the TagSim machine. */
    downloadInstead: () => DownloadScene | undefined = () => undefined,
  ) {
    this.flow = new SceneFlow(client, windowQuestions(ask), document, downloadInstead);
  }

  /** Opens a scene; resolves with the new document, or undefined when it did not happen. */
  async open(source: OpenSource): Promise<SceneDocument | undefined> {
    return documentOf(await this.flow.open(source));
  }

  /**
   * Opens a file of the person's computer (file picker, drag and drop): its text goes to the
   * host, which validates it like any scene file.
   */
  async openUpload(file: {
    name: string;
    size: number;
    text(): Promise<string>;
  }): Promise<SceneDocument | undefined> {
    if (file.size > MAX_SCENE_FILE_BYTES) {
      await this.ask('error', {
        title: `Could not open ${file.name}`,
        message: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MiB; a scene file is at most 16 MiB.`,
      });
      return undefined;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      await this.ask('error', { title: `Could not read ${file.name}`, message: messageOf(error) });
      return undefined;
    }
    // Check a scene file here first, so a broken one is reported without asking to discard
    // anything (other formats, a saved .factoryio scene or a CSV, are the host's to read).
    const problems = sceneFormatOf(file.name) === 'tagsim' ? sceneFileProblems(text, file.name) : undefined;
    if (problems) {
      await this.ask('problems', { title: `${file.name} is not a valid scene`, problems });
      return undefined;
    }
    return this.open({ text, fileName: file.name });
  }

  /** Asks for a path on the TagSim machine and opens that file. */
  async openPath(): Promise<SceneDocument | undefined> {
    const path = await this.ask('openPath', { suggested: '', purpose: 'scene' });
    return path === undefined || path.trim() === '' ? undefined : this.open({ path: path.trim() });
  }

  /** Asks which built-in scene to open, and opens it. */
  async openBuiltin(builtins: readonly string[]): Promise<SceneDocument | undefined> {
    const current = this.document();
    const name = await this.ask('builtin', {
      builtins,
      current: current?.origin === 'builtin' ? current.scene.name : undefined,
    });
    return name === undefined ? undefined : this.open({ builtin: name });
  }

  /** Asks for a name and starts a new scene holding only the system tags. */
  async create(): Promise<SceneDocument | undefined> {
    const name = await this.ask('newScene', { suggested: 'New scene' });
    if (name === undefined || name.trim() === '') return undefined;
    return documentOf(await this.flow.create(name));
  }

  /**
   * Saves where the scene came from, or (Save as, or a scene without a file) where the person
   * says. Resolves true once saved.
   */
  async save(options: { saveAs?: boolean } = {}): Promise<boolean> {
    return (await this.flow.save(options)).status === 'done';
  }

  /** Applies one editor change; a refused one comes back as the host's fix-oriented lines. */
  async edit(edit: SceneEdit): Promise<EditResult> {
    let outcome: SceneOutcome;
    try {
      outcome = await this.client.editScene({ edit });
    } catch (error) {
      return { ok: false, problems: [messageOf(error)] };
    }
    if (outcome.ok) return outcome;
    return { ok: false, problems: refusalLines(outcome) };
  }

  undo(): Promise<SceneDocument | undefined> {
    return this.quietly(() => this.client.undoEdit(undefined), 'Could not undo');
  }

  redo(): Promise<SceneDocument | undefined> {
    return this.quietly(() => this.client.redoEdit(undefined), 'Could not redo');
  }

  /** Runs a call; a transport failure (lost connection, timeout) is shown and yields undefined. */
  private async quietly<T>(run: () => Promise<T>, title: string): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      await this.ask('error', { title, message: messageOf(error) });
      return undefined;
    }
  }
}

/** The shared flow's questions as this window's dialogs. */
function windowQuestions(ask: Ask): SceneQuestions {
  return {
    unsaved: ({ sceneName, download }) => ask('unsaved', { sceneName, ...(download ? { download } : {}) }),
    savePath: async ({ reason, document }) => {
      const suggested = document?.path ?? sceneFileName(document?.scene.name ?? 'Scene');
      const path = await ask('savePath', { suggested, reason });
      return path === undefined || path.trim() === '' ? undefined : path.trim();
    },
    overwrite: (path) => ask('overwrite', { path }),
    refused: async (refusal: ExplainedRefusal, during: FlowAction) => {
      if (refusal.reason === 'invalid')
        await ask('problems', { title: invalidTitle(during), problems: refusal.problems });
      else await ask('error', { title: failedTitle(during), message: refusalLines(refusal).join('\n') });
    },
    failed: (error, during) =>
      ask('error', {
        title: during.action === 'open' ? failedTitle(during) : 'Could not save the scene',
        message: messageOf(error),
      }),
  };
}

function invalidTitle(during: FlowAction): string {
  return during.action === 'open' ? `${during.label} is not a valid scene` : 'The scene was not saved';
}

function failedTitle(during: FlowAction): string {
  return during.action === 'open'
    ? `Could not open ${during.label}`
    : `Could not save to ${during.path ?? 'its file'}`;
}

function documentOf(result: Awaited<ReturnType<SceneFlow['open']>>): SceneDocument | undefined {
  return result.status === 'done' ? result.document : undefined;
}

/** The problems of a scene file's text, by the rules the host applies; undefined when it is valid. */
export function sceneFileProblems(text: string, fileName: string): string[] | undefined {
  try {
    parseSceneFile(text, fileName);
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
}

/** How a person reads a refusal. */
export function refusalLines(outcome: SceneRefusal): string[] {
  switch (outcome.reason) {
    case 'invalid':
      return outcome.problems;
    case 'error':
      return [outcome.message];
    case 'unsaved':
      return ['The scene has unsaved changes.'];
    case 'noPath':
      return ['The scene has no file yet: use Save as.'];
    case 'changedOnDisk':
      return [`${outcome.path} was changed by another program since TagSim opened it.`];
  }
}

function messageOf(error: unknown): string {
  return errorMessage(error);
}
