import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { basename } from 'node:path';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { TagState } from '../../shared/core/tag-types.js';
import { Emitter } from '../../shared/core/emitter.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { TagRuntimeState } from '../../shared/core/engine-types.js';
import { applySceneEdit, emptyScene, type SceneEdit } from '../../shared/scenes/scene-editor.js';
import { readSceneText } from '../../shared/scenes/scene-formats.js';
import { SceneHistory } from '../../shared/scenes/scene-history.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { snapshotFileName } from '../../shared/scenes/file-names.js';
import type {
  SceneDocument,
  SceneOrigin,
  SceneOutcome,
  SceneRefusal,
} from '../../shared/scenes/scene-document.js';
import {
  captureSnapshot,
  parseSnapshot,
  serializeSnapshot,
  type RuntimeSnapshot,
  type SnapshotRestoreOutcome,
  type SnapshotSaveOutcome,
} from '../../shared/scenes/runtime-snapshot.js';
import { planRestore } from '../../shared/scenes/restore-plan.js';
import type { SettingsStore } from '../settings/settings-store.js';
import {
  ChangedOnDiskError,
  readSceneFile,
  writeSceneFile,
  type LoadedSceneFile,
} from '../storage/scene-files.js';
import { readSnapshotFile, writeSnapshotFile } from '../storage/snapshot-files.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/** How many recently opened files the app remembers. */
export const MAX_RECENT_SCENES = 10;

/** Where a scene to open comes from. */
export type SceneSource =
  | { builtin: string }
  | { path: string }
  /** A file already read and validated (by a host that reported its problems itself). */
  | { loaded: LoadedSceneFile }
  | { text: string; fileName: string }
  | { scene: SceneDefinition; origin: SceneOrigin };

/**
 * Owns the scene the engine serves: opening (built-ins, files, uploaded text), the editor's
 * edits with undo and redo, saving without ever losing work, and the recent files. Every change
 * reaches the engine at once (edits keep the runtime state of the tags they keep), and listeners
 * hear about the document after each one.
 */
export class SceneService {
  private history: SceneHistory;
  private origin: SceneOrigin;
  private path: string | undefined;
  private readFrom: string | undefined;
  private diskFingerprint: string | undefined;
  readonly changes = new Emitter<SceneDocument>(() => undefined);

  constructor(
    private readonly engine: TagEngine,
    private readonly settings: SettingsStore,
    origin: SceneOrigin = 'builtin',
    private readonly newId: () => string = randomUUID,
  ) {
    this.history = new SceneHistory(engine.scene, origin === 'builtin');
    this.origin = origin;
  }

  get document(): SceneDocument {
    return {
      scene: this.history.scene,
      origin: this.origin,
      ...(this.path !== undefined ? { path: this.path } : {}),
      ...(this.readFrom !== undefined ? { readFrom: this.readFrom } : {}),
      dirty: this.history.dirty,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
    };
  }

  get recent(): string[] {
    return this.settings.get().recentScenes;
  }

  /**
   * Opens a scene and serves it. Refuses while there are unsaved changes unless `discardChanges`;
   * a file with problems is never half-loaded: the app keeps the scene it had.
   */
  async open(source: SceneSource, options: { discardChanges?: boolean } = {}): Promise<SceneOutcome> {
    if (this.history.dirty && !options.discardChanges) return { ok: false, reason: 'unsaved' };
    try {
      if ('builtin' in source) {
        const scene = builtinScene(source.builtin);
        if (!scene)
          return {
            ok: false,
            reason: 'error',
            message: `there is no built-in scene named '${source.builtin}'`,
          };
        this.replace(scene, 'builtin', undefined, undefined);
      } else if ('path' in source || 'loaded' in source) {
        const loaded = 'loaded' in source ? source.loaded : await readSceneFile(source.path);
        // Remembered first, so the 'scenes' event of the switch already lists it.
        await this.remember(loaded.path);
        // A file of another format is read, never written: Save asks for a .tagsim.json.
        if (loaded.format === 'tagsim') this.replace(loaded.scene, 'file', loaded.path, loaded.fingerprint);
        else this.replace(loaded.scene, 'import', undefined, undefined, loaded.path);
      } else if ('text' in source) {
        this.replace(readSceneText(source.text, source.fileName).scene, 'import', undefined, undefined);
      } else {
        this.replace(source.scene, source.origin, undefined, undefined);
      }
    } catch (error) {
      // A recent file that is gone would fail the same way every time: drop it from the list.
      if ('path' in source && !(await exists(source.path))) await this.forget(source.path);
      return refusal(error);
    }
    return { ok: true, document: this.document };
  }

  /** Starts a new scene holding only the system tags. */
  async create(name: string, options: { discardChanges?: boolean } = {}): Promise<SceneOutcome> {
    return this.open({ scene: emptyScene(name.trim() || 'New scene', this.newId), origin: 'new' }, options);
  }

  /** Applies one editor change; a change that would make the scene invalid is refused. */
  edit(edit: SceneEdit): SceneOutcome {
    const outcome = applySceneEdit(this.history.scene, edit, this.newId);
    if (!outcome.ok) return { ok: false, reason: 'invalid', problems: outcome.problems };
    this.history.push(outcome.scene);
    this.serve();
    return { ok: true, document: this.document };
  }

  undo(): SceneDocument {
    if (this.history.undo()) this.serve();
    return this.document;
  }

  redo(): SceneDocument {
    if (this.history.redo()) this.serve();
    return this.document;
  }

  /**
   * Saves to `path` (or where it came from). Refuses with `changedOnDisk` when another program
   * changed the file since it was opened or saved, unless `overwrite`.
   */
  async save(options: { path?: string; overwrite?: boolean } = {}): Promise<SceneOutcome> {
    const path = options.path ?? this.path;
    if (path === undefined) return { ok: false, reason: 'noPath' };
    const samePath = path === this.path;
    try {
      this.diskFingerprint = await writeSceneFile(path, this.history.scene, {
        ...(samePath && this.diskFingerprint !== undefined ? { expected: this.diskFingerprint } : {}),
        overwrite: options.overwrite ?? false,
      });
    } catch (error) {
      return refusal(error);
    }
    this.path = path;
    this.readFrom = undefined;
    this.origin = 'file';
    this.history.markSaved();
    await this.remember(path);
    this.changes.emit(this.document);
    return { ok: true, document: this.document };
  }

  /**
   * Saves the runtime state of the scene being served (values, forces, failures) to `path`, or,
   * without one, only returns the snapshot's text and a file name (for a browser download).
   */
  async saveSnapshot(path?: string, states?: readonly TagState[]): Promise<SnapshotSaveOutcome> {
    // `states`: the tags as a window sees them, when it must not see them all (docs/lab.md).
    const snapshot = captureSnapshot(
      this.engine.scene.name,
      states ?? this.engine.listTagStates(),
      new Date(),
    );
    try {
      const content =
        path === undefined ? serializeSnapshot(snapshot) : await writeSnapshotFile(path, snapshot);
      return {
        ok: true,
        fileName: path === undefined ? snapshotFileName(snapshot.scene) : basename(path),
        content,
        ...(path !== undefined ? { path } : {}),
      };
    } catch (error) {
      return { ok: false, reason: 'error', message: errorMessage(error) };
    }
  }

  /**
   * Restores a saved runtime state, from a file or a file's text, in one engine update: every
   * tag of the snapshot takes its saved state, the scene's other tags start over. A snapshot that
   * is invalid, or holds no tag of this scene, changes nothing.
   */
  async restoreSnapshot(
    source: { path: string } | { text: string; fileName?: string },
    keepFaultsOf?: (id: string) => boolean,
  ): Promise<SnapshotRestoreOutcome> {
    try {
      let snapshot: RuntimeSnapshot;
      let name: string;
      if ('path' in source) {
        snapshot = await readSnapshotFile(source.path);
        name = basename(source.path);
      } else {
        name = source.fileName ?? 'the dropped file';
        snapshot = parseSnapshot(source.text, name);
      }
      return { ok: true, ...this.applySnapshot(snapshot, name, keepFaultsOf) };
    } catch (error) {
      const refused = refusal(error);
      if (refused.reason === 'invalid' || refused.reason === 'error') return refused;
      return { ok: false, reason: 'error', message: String(error) };
    }
  }

  /**
   * Applies a snapshot already read (`name` is its file's, for the messages) in one engine
   * update; throws ValidationError, changing nothing, when it holds no tag of this scene.
   * A tag `keepFaultsOf` names keeps its force and failure as they are now (a student's window
   * may not touch them, docs/desktop.md), and its value too where the snapshot has none for it.
   */
  applySnapshot(
    snapshot: RuntimeSnapshot,
    name: string,
    keepFaultsOf?: (id: string) => boolean,
  ): { restored: number; notes: string[] } {
    const plan = planRestore(snapshot, this.engine.scene, name);
    if (keepFaultsOf) keepFaults(this.engine, plan.states, keepFaultsOf);
    const notApplied = this.engine.restoreStates(plan.states, 'ui');
    return { restored: plan.states.size - notApplied.length, notes: plan.notes };
  }

  private replace(
    scene: SceneDefinition,
    origin: SceneOrigin,
    path: string | undefined,
    print: string | undefined,
    readFrom?: string,
  ): void {
    this.engine.loadScene(scene);
    // A scene read from a file on disk loses nothing if left unsaved, whatever its format.
    this.history = new SceneHistory(
      scene,
      origin === 'builtin' || origin === 'file' || readFrom !== undefined,
    );
    this.origin = origin;
    this.path = path;
    this.readFrom = readFrom;
    this.diskFingerprint = print;
    this.changes.emit(this.document);
  }

  /** Serves the edited scene at once, keeping the values, forces and failures of kept tags. */
  private serve(): void {
    this.engine.loadScene(this.history.scene, { keepState: true });
    this.changes.emit(this.document);
  }

  private async forget(path: string): Promise<void> {
    const recent = this.settings.get().recentScenes;
    if (!recent.includes(path)) return;
    await this.settings.update({ recentScenes: recent.filter((p) => p !== path) });
    this.changes.emit(this.document);
  }

  private async remember(path: string): Promise<void> {
    const recent = [path, ...this.settings.get().recentScenes.filter((p) => p !== path)].slice(
      0,
      MAX_RECENT_SCENES,
    );
    await this.settings.update({ recentScenes: recent });
  }
}

function refusal(error: unknown): Extract<SceneRefusal, { reason: 'invalid' | 'changedOnDisk' | 'error' }> {
  if (error instanceof ValidationError)
    return { ok: false, reason: 'invalid', problems: error.problems.map(formatProblem) };
  if (error instanceof ChangedOnDiskError) return { ok: false, reason: 'changedOnDisk', path: error.path };
  return { ok: false, reason: 'error', message: errorMessage(error) };
}

function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Puts each kept tag's current force and failure into the states about to be restored. */
function keepFaults(
  engine: TagEngine,
  states: Map<string, TagRuntimeState>,
  keep: (id: string) => boolean,
): void {
  for (const { id } of engine.scene.tags) {
    const now = engine.getRuntimeState(id);
    if (!now || !keep(id)) continue;
    const restored = states.get(id);
    states.set(id, {
      raw: restored?.raw ?? now.raw,
      isForced: now.isForced,
      forcedValue: now.forcedValue,
      failure: now.failure,
    });
  }
}
