import type { BridgeApi } from '../../shared/bridge/bridge-spec.js';
import type { SceneEdit } from '../../shared/scenes/scene-editor.js';
import type { SceneDefinition } from '../../shared/core/scene.js';
import type { SceneDocument, SceneOutcome, SceneRefusal } from '../../shared/scenes/scene-document.js';
import { parseSceneFile, SCENE_FILE_EXTENSION } from '../../shared/scenes/scene-file.js';
import { formatProblem, SceneValidationError } from '../../shared/scenes/scene-problems.js';
import type { Ask } from './dialogs.js';

export { MAX_SCENE_FILE_BYTES } from '../../shared/scenes/file-limits.js';
import { MAX_SCENE_FILE_BYTES } from '../../shared/scenes/file-limits.js';

/** The bridge methods the scene flows use. */
export type SceneClient = Pick<
  BridgeApi,
  'openScene' | 'newScene' | 'saveScene' | 'editScene' | 'undoEdit' | 'redoEdit'
>;

/** A scene to open: a built-in by name, a file on the TagSim machine, or a file's text (upload, drop). */
export type OpenSource = { builtin: string } | { path: string } | { text: string; fileName: string };

/** Hands the scene to the person's computer as a file (the browser UI's download). */
export type DownloadScene = (scene: SceneDefinition) => void;

/** An edit's outcome as the editor shows it: the new document, or the lines to show inline. */
export type EditResult = { ok: true; document: SceneDocument } | { ok: false; problems: string[] };

/**
 * The conversations behind the scene menu, over the bridge and the window's dialogs: opening or
 * starting a scene asks before unsaved changes are lost (Save / Discard / Cancel); saving asks
 * for a path when the scene has none, and before overwriting a file that changed on disk; a file
 * that is not a valid scene is listed problem by problem, and the app keeps the scene it had.
 * Pure TypeScript: the dialogs are behind `ask`.
 */
export class SceneFlows {
  constructor(
    private readonly client: SceneClient,
    private readonly ask: Ask,
    private readonly document: () => SceneDocument | undefined,
    /**
     * Where the window cannot save files on the TagSim machine (a browser UI without file
     * access), saving downloads a copy instead; undefined where it can. Asked at each save.
     */
    private readonly downloadInstead: () => DownloadScene | undefined = () => undefined,
  ) {}

  /** Opens a scene; resolves with the new document, or undefined when it did not happen. */
  open(source: OpenSource): Promise<SceneDocument | undefined> {
    const label = sourceLabel(source);
    return this.replace(
      (discardChanges) => this.client.openScene({ ...source, ...(discardChanges ? { discardChanges } : {}) }),
      label,
    );
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
    const text = await this.call(() => file.text(), `Could not read ${file.name}`);
    if (text === undefined) return undefined;
    // Check a scene file here first, so a broken one is reported without asking to discard
    // anything (other formats, such as CSV, are the host's to read).
    const problems = /\.csv$/i.test(file.name) ? undefined : sceneFileProblems(text, file.name);
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
    return this.replace(
      (discardChanges) => this.client.newScene({ name, ...(discardChanges ? { discardChanges } : {}) }),
      name,
    );
  }

  /**
   * Saves where the scene came from, or (Save as, or a scene without a file) where the person
   * says. Resolves true once saved.
   */
  async save(options: { saveAs?: boolean } = {}): Promise<boolean> {
    const download = this.downloadInstead();
    if (download) {
      const document = this.document();
      if (document) download(document.scene);
      return document !== undefined;
    }
    let path: string | undefined;
    if (options.saveAs) {
      path = await this.askSavePath('saveAs');
      if (path === undefined) return false;
    }
    let overwrite = false;
    for (;;) {
      const outcome = await this.call(
        () =>
          this.client.saveScene({
            ...(path !== undefined ? { path } : {}),
            ...(overwrite ? { overwrite } : {}),
          }),
        'Could not save the scene',
      );
      if (outcome === undefined) return false;
      if (outcome.ok) return true;
      if (outcome.reason === 'noPath') {
        path = await this.askSavePath('noPath');
        if (path === undefined) return false;
      } else if (outcome.reason === 'changedOnDisk' && !overwrite) {
        if (!(await this.ask('overwrite', { path: outcome.path }))) return false;
        overwrite = true;
      } else {
        await this.refused(outcome, 'The scene was not saved', `Could not save to ${path ?? 'its file'}`);
        return false;
      }
    }
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
    return this.call(() => this.client.undoEdit(undefined), 'Could not undo');
  }

  redo(): Promise<SceneDocument | undefined> {
    return this.call(() => this.client.redoEdit(undefined), 'Could not redo');
  }

  /** Opens or starts a scene; on 'unsaved', asks Save / Discard / Cancel and tries again. */
  private async replace(
    run: (discardChanges: boolean) => Promise<SceneOutcome>,
    label: string,
  ): Promise<SceneDocument | undefined> {
    let discard = false;
    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await this.call(() => run(discard), `Could not open ${label}`);
      if (outcome === undefined) return undefined;
      if (outcome.ok) return outcome.document;
      if (outcome.reason !== 'unsaved') {
        await this.refused(outcome, `${label} is not a valid scene`, `Could not open ${label}`);
        return undefined;
      }
      const sceneName = this.document()?.scene.name ?? 'this scene';
      const downloads = this.downloadInstead() !== undefined;
      const choice = await this.ask('unsaved', { sceneName, ...(downloads ? { download: true } : {}) });
      if (choice === 'cancel') return undefined;
      if (choice === 'discard') discard = true;
      else if (!(await this.save())) return undefined;
      // A downloaded copy leaves the host's scene unsaved: the changes are safe, so go on.
      else if (downloads) discard = true;
    }
    return undefined;
  }

  private askSavePath(reason: 'noPath' | 'saveAs'): Promise<string | undefined> {
    const document = this.document();
    const suggested = document?.path ?? suggestedFileName(document?.scene.name ?? 'scene');
    return this.ask('savePath', { suggested, reason }).then((path) =>
      path === undefined || path.trim() === '' ? undefined : path.trim(),
    );
  }

  private async refused(outcome: SceneRefusal, invalidTitle: string, errorTitle: string): Promise<void> {
    if (outcome.reason === 'invalid')
      await this.ask('problems', { title: invalidTitle, problems: outcome.problems });
    else await this.ask('error', { title: errorTitle, message: refusalLines(outcome).join('\n') });
  }

  /** Runs a call; a transport failure (lost connection, timeout) is shown and yields undefined. */
  private async call<T>(run: () => Promise<T>, title: string): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      await this.ask('error', { title, message: messageOf(error) });
      return undefined;
    }
  }
}

/** The problems of a scene file's text, by the rules the host applies; undefined when it is valid. */
export function sceneFileProblems(text: string, fileName: string): string[] | undefined {
  try {
    parseSceneFile(text, fileName);
    return undefined;
  } catch (error) {
    if (error instanceof SceneValidationError) return error.problems.map(formatProblem);
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

/** What a dialog calls a scene source: the built-in's name, or the file's name. */
export function sourceLabel(source: OpenSource): string {
  if ('builtin' in source) return source.builtin;
  if ('path' in source) return baseName(source.path);
  return source.fileName;
}

/** The last part of a path, with / or \ separators (the TagSim machine may be Windows). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path;
}

/** A file name for a scene: its name without the characters file systems refuse, and the extension. */
export function suggestedFileName(sceneName: string): string {
  const base = sceneName.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'scene';
  return `${base}${SCENE_FILE_EXTENSION}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
