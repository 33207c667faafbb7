import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { parseSceneFile, schemaReference, serializeScene } from '../../shared/scenes/scene-file.js';
import { notSavable, readSceneText } from '../../shared/scenes/scene-formats.js';
import { sceneFormatOf, type SceneFormat } from '../../shared/scenes/file-names.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { fileProblemOf, MAX_TEXT_FILE_BYTES, readTextFile } from './read-text-file.js';
import { writeFileAtomic, type WriteFileAtomicOptions } from './write-file-atomic.js';

/** Scene files are small; anything this big is not one (and would stall the app). */
export const MAX_SCENE_FILE_BYTES = MAX_TEXT_FILE_BYTES;

/** A scene read from disk, with the fingerprint of the bytes it came from. */
export interface LoadedSceneFile {
  scene: SceneDefinition;
  path: string;
  fingerprint: string;
  /** Its format: TagSim's own, or a foreign one read into the same scene model. */
  format: SceneFormat;
  /** What the reader of a foreign format decided (a tag moved to a free address...), one line each. */
  notes: readonly string[];
}

/** A hash of a file's bytes, to notice that someone else changed it since we read it. */
export function fingerprint(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Reads and validates a scene file of any format (`.tagsim.json`, the simulator's `.factoryio`, a
 * driver CSV: shared/scenes/scene-formats.ts). Throws ValidationError (every problem, with places)
 * for a file that is not a valid scene, and a plain Error naming the file for one that cannot be
 * read.
 */
export async function readSceneFile(path: string): Promise<LoadedSceneFile> {
  const { text, bytes } = await readTextFile(path);
  const { scene, notes } = readSceneText(text, basename(path));
  return { scene, path, fingerprint: fingerprint(bytes), format: sceneFormatOf(path), notes };
}

/** What saving found on disk when the file changed since it was opened. */
export class ChangedOnDiskError extends Error {
  constructor(readonly path: string) {
    super(`${path} was changed by another program since TagSim opened it`);
    this.name = 'ChangedOnDiskError';
  }
}

/**
 * Saves a scene without ever losing work: refuses (ChangedOnDiskError) when the file on disk is no
 * longer the one we read (`expected` fingerprint) unless `overwrite`; keeps the previous version
 * as `<file>.bak`; writes the new one atomically (temp file, fsync, rename). A `$schema` reference
 * in the file it replaces is kept. Returns the new fingerprint.
 */
export async function writeSceneFile(
  path: string,
  scene: SceneDefinition,
  options: { expected?: string; overwrite?: boolean } & WriteFileAtomicOptions = {},
): Promise<string> {
  const foreign = notSavable(path);
  if (foreign) throw new Error(foreign);
  const current = await readFile(path).catch((error: unknown) => {
    if (fileProblemOf(error) === 'missing') return undefined;
    throw error;
  });
  if (current !== undefined && options.expected !== undefined && !options.overwrite) {
    if (fingerprint(current) !== options.expected) throw new ChangedOnDiskError(path);
  }
  const schema = current === undefined ? undefined : schemaReference(current.toString('utf8'));
  const text = serializeScene(scene, schema ? { schema } : {});
  // Never write what we could not read back.
  parseSceneFile(text);
  if (current !== undefined) await writeFileAtomic(`${path}.bak`, current);
  await writeFileAtomic(path, text, options.beforeRename ? { beforeRename: options.beforeRename } : {});
  return fingerprint(text);
}

export { ValidationError };
