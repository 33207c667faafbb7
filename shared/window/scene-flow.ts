import type { SceneDefinition } from '../scenes/scene-definition.js';
import type { SceneDocument, SceneOutcome, SceneRefusal } from '../scenes/scene-document.js';
import type { BridgeApi } from '../bridge/bridge-spec.js';

/**
 * The conversation before a scene is replaced or saved, over the bridge: opening or starting a
 * scene asks before unsaved changes are lost (Save / Discard / Cancel); saving asks for a path
 * when the scene has none and before overwriting a file another program changed; a refusal is
 * explained and the scene served stays. One flow for every window: the desktop app's native
 * dialogs and the renderer's own each answer the same SceneQuestions (docs/desktop.md, docs/ui.md).
 */

/** The bridge methods a scene flow calls. */
export type SceneFlowClient = Pick<BridgeApi, 'openScene' | 'newScene' | 'saveScene'>;

/** A scene to open: a built-in by name, a file on the TagSim machine, or a file's text (upload, drop). */
export type OpenSource = { builtin: string } | { path: string } | { text: string; fileName: string };

/** What a flow was doing when it was refused or its call failed, for the host to word it. */
export type FlowAction = { action: 'open'; label: string } | { action: 'save'; path: string | undefined };

/** A refusal worth explaining (an unsaved scene is asked about instead). */
export type ExplainedRefusal = Exclude<SceneRefusal, { reason: 'unsaved' }>;

/** The questions a flow asks; each host draws them its own way. */
export interface SceneQuestions {
  /** Unsaved changes to `sceneName`: save them first, discard them, or cancel. */
  unsaved(spec: {
    sceneName: string;
    /** Saving hands over a copy (a download) instead of writing the file on the TagSim machine. */
    download: boolean;
  }): Promise<'save' | 'discard' | 'cancel'>;
  /** Where to save (Save as, or a scene without a file yet); undefined when cancelled. */
  savePath(spec: {
    reason: 'noPath' | 'saveAs';
    document: SceneDocument | undefined;
  }): Promise<string | undefined>;
  /** Another program changed `path` since it was opened: overwrite it? */
  overwrite(path: string): Promise<boolean>;
  /** Says why the open or save did not happen; the scene served stays as it was. */
  refused(refusal: ExplainedRefusal, during: FlowAction): Promise<void>;
  /** Says that a call could not be made at all (a lost connection, a timeout). */
  failed(error: unknown, during: FlowAction): Promise<void>;
}

/** How a flow ended: done (with the document then served), cancelled by the person, or failed. */
export type SceneFlowResult = { status: 'done'; document: SceneDocument } | { status: 'canceled' | 'failed' };

/** Hands the scene to the person's computer as a file (the browser UI's download). */
export type DownloadScene = (scene: SceneDefinition) => void;

/** However a person answers, a replacement is tried at most this often (each try asks once). */
const MAX_ATTEMPTS = 5;

const CANCELED: SceneFlowResult = { status: 'canceled' };
const FAILED: SceneFlowResult = { status: 'failed' };

export class SceneFlow {
  constructor(
    private readonly client: SceneFlowClient,
    private readonly questions: SceneQuestions,
    /** The document served, as the host last heard of it. */
    private readonly document: () => SceneDocument | undefined,
    /**
     * Where the window cannot save files on the TagSim machine (a browser UI without file
     * access), saving downloads a copy instead; undefined where it can. Asked at each save.
     */
    private readonly downloadInstead: () => DownloadScene | undefined = () => undefined,
  ) {}

  /** Opens a scene; with unsaved changes, asks first. `label` names it in the messages. */
  open(source: OpenSource, label = sourceLabel(source)): Promise<SceneFlowResult> {
    return this.replace(
      (discardChanges) => this.client.openScene({ ...source, ...(discardChanges ? { discardChanges } : {}) }),
      label,
    );
  }

  /** Starts a new scene holding only the system tags; with unsaved changes, asks first. */
  create(name: string, label = name): Promise<SceneFlowResult> {
    return this.replace(
      (discardChanges) => this.client.newScene({ name, ...(discardChanges ? { discardChanges } : {}) }),
      label,
    );
  }

  /** Saves where the scene came from, or (Save as, or a scene without a file) where the person says. */
  async save(options: { saveAs?: boolean } = {}): Promise<SceneFlowResult> {
    const download = this.downloadInstead();
    if (download) {
      const document = this.document();
      if (!document) return FAILED;
      download(document.scene);
      return { status: 'done', document };
    }
    let path: string | undefined;
    if (options.saveAs) {
      path = await this.questions.savePath({ reason: 'saveAs', document: this.document() });
      if (path === undefined) return CANCELED;
    }
    let overwrite = false;
    for (;;) {
      const during = { action: 'save', path } as const;
      const outcome = await this.call(
        () =>
          this.client.saveScene({
            ...(path !== undefined ? { path } : {}),
            ...(overwrite ? { overwrite } : {}),
          }),
        during,
      );
      if (outcome === undefined) return FAILED;
      if (outcome.ok) return { status: 'done', document: outcome.document };
      if (outcome.reason === 'noPath') {
        path = await this.questions.savePath({ reason: 'noPath', document: this.document() });
        if (path === undefined) return CANCELED;
      } else if (outcome.reason === 'changedOnDisk' && !overwrite) {
        if (!(await this.questions.overwrite(outcome.path))) return CANCELED;
        overwrite = true;
      } else {
        if (outcome.reason !== 'unsaved') await this.questions.refused(outcome, during);
        return FAILED;
      }
    }
  }

  /**
   * Before the scene goes away with its window or app: with unsaved changes, asks Save /
   * Discard / Cancel. True to go on (nothing unsaved, discarded, or saved), false to stay.
   */
  async settleUnsaved(): Promise<boolean> {
    const document = this.document();
    if (!document?.dirty) return true;
    const answer = await this.questions.unsaved({
      sceneName: document.scene.name,
      download: this.downloadInstead() !== undefined,
    });
    if (answer === 'cancel') return false;
    if (answer === 'discard') return true;
    return (await this.save()).status === 'done';
  }

  /** Opens or starts a scene; on 'unsaved', asks Save / Discard / Cancel and tries again. */
  private async replace(
    attempt: (discardChanges: boolean) => Promise<SceneOutcome>,
    label: string,
  ): Promise<SceneFlowResult> {
    const during = { action: 'open', label } as const;
    let discard = false;
    for (let tries = 0; tries < MAX_ATTEMPTS; tries++) {
      const outcome = await this.call(() => attempt(discard), during);
      if (outcome === undefined) return FAILED;
      if (outcome.ok) return { status: 'done', document: outcome.document };
      if (outcome.reason !== 'unsaved') {
        await this.questions.refused(outcome, during);
        return FAILED;
      }
      const downloads = this.downloadInstead() !== undefined;
      const answer = await this.questions.unsaved({
        sceneName: this.document()?.scene.name ?? 'this scene',
        download: downloads,
      });
      if (answer === 'cancel') return CANCELED;
      if (answer === 'discard') discard = true;
      else {
        const saved = await this.save();
        if (saved.status !== 'done') return saved;
        // A downloaded copy leaves the host's scene unsaved: the changes are safe, so go on.
        if (downloads) discard = true;
      }
    }
    return CANCELED;
  }

  /** Runs a bridge call; one that cannot be made (lost connection, timeout) is told and yields undefined. */
  private async call<T>(run: () => Promise<T>, during: FlowAction): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      await this.questions.failed(error, during);
      return undefined;
    }
  }
}

/** What a message calls a scene source: the built-in's name, or the file's name. */
export function sourceLabel(source: OpenSource): string {
  if ('builtin' in source) return source.builtin;
  if ('path' in source) return baseName(source.path);
  return source.fileName;
}

/** The last part of a path, with / or \ separators (the TagSim machine may be Windows). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path;
}
