import type { BridgeApi } from '../../shared/bridge/bridge-spec.js';
import { snapshotFileName } from '../../shared/scenes/file-names.js';
import { MAX_SCENE_FILE_BYTES } from '../../shared/scenes/file-limits.js';
import { SNAPSHOT_FILE_EXTENSION } from '../../shared/scenes/runtime-snapshot.js';
import type { Ask } from './dialogs.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/** The bridge methods of runtime snapshots. */
export type SnapshotClient = Pick<BridgeApi, 'saveSnapshot' | 'restoreSnapshot'>;

/** A file's name and text, to hand to the browser as a download. */
export interface Download {
  fileName: string;
  content: string;
}

/** True for a file name that says it is a runtime state snapshot rather than a scene. */
export function isSnapshotFileName(name: string): boolean {
  return name.toLowerCase().endsWith(SNAPSHOT_FILE_EXTENSION);
}

/**
 * Runtime state (values, forces, failures) to a file and back: the lab's faults saved for later.
 * Saving asks for a path on the TagSim machine (the browser UI can also download the file);
 * restoring takes a file of this computer or a path, and says what it did. Pure TypeScript.
 */
export class SnapshotFlows {
  constructor(
    private readonly client: SnapshotClient,
    private readonly ask: Ask,
    private readonly sceneName: () => string,
  ) {}

  /** Asks for a path and saves the state there; resolves true once saved. */
  async save(): Promise<boolean> {
    const suggested = snapshotFileName(this.sceneName());
    const path = (await this.ask('statePath', { suggested }))?.trim();
    if (!path) return false;
    const outcome = await this.call(() => this.client.saveSnapshot({ path }), 'Could not save the state');
    if (outcome === undefined) return false;
    if (!outcome.ok) {
      await this.ask('error', { title: `Could not save the state to ${path}`, message: outcome.message });
      return false;
    }
    await this.ask('notice', {
      title: 'State saved',
      lines: [`The values, forces and failures are in ${path}.`],
    });
    return true;
  }

  /** The state as a file to download (the browser UI), or undefined after showing why not. */
  async download(): Promise<Download | undefined> {
    const outcome = await this.call(() => this.client.saveSnapshot({}), 'Could not take the state');
    if (outcome === undefined) return undefined;
    if (!outcome.ok) {
      await this.ask('error', { title: 'Could not take the state', message: outcome.message });
      return undefined;
    }
    return { fileName: outcome.fileName, content: outcome.content };
  }

  /** Restores a state file of this computer (file picker, drag and drop). */
  async restoreUpload(file: { name: string; size: number; text(): Promise<string> }): Promise<boolean> {
    if (file.size > MAX_SCENE_FILE_BYTES) {
      await this.ask('error', {
        title: `Could not restore ${file.name}`,
        message: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MiB; a state file is at most 16 MiB.`,
      });
      return false;
    }
    const text = await this.call(() => file.text(), `Could not read ${file.name}`);
    if (text === undefined) return false;
    return this.restore({ text, fileName: file.name }, file.name);
  }

  /** Asks for a path on the TagSim machine and restores the state file there. */
  async restorePath(): Promise<boolean> {
    const path = (await this.ask('openPath', { suggested: '', purpose: 'state' }))?.trim();
    if (!path) return false;
    return this.restore({ path }, path);
  }

  private async restore(source: { path: string } | { text: string; fileName: string }, label: string) {
    const outcome = await this.call(() => this.client.restoreSnapshot(source), `Could not restore ${label}`);
    if (outcome === undefined) return false;
    if (outcome.ok) {
      const count = outcome.restored === 1 ? '1 tag' : `${outcome.restored} tags`;
      await this.ask('notice', {
        title: 'State restored',
        lines: [`${count} took their saved value, force and failure.`, ...outcome.notes],
      });
      return true;
    }
    if (outcome.reason === 'invalid')
      await this.ask('problems', { title: `${label} is not a valid state file`, problems: outcome.problems });
    else await this.ask('error', { title: `Could not restore ${label}`, message: outcome.message });
    return false;
  }

  private async call<T>(run: () => Promise<T>, title: string): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      await this.ask('error', { title, message: errorMessage(error) });
      return undefined;
    }
  }
}
