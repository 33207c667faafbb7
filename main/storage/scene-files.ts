import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { SceneDefinition } from '../../shared/core/scene.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { SceneValidationError } from '../../shared/scenes/scene-problems.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** Scene files are small; anything this big is not one (and would stall the app). */
export const MAX_SCENE_FILE_BYTES = 16 * 1024 * 1024;

/** A scene read from disk, with the fingerprint of the bytes it came from. */
export interface LoadedSceneFile {
  scene: SceneDefinition;
  path: string;
  fingerprint: string;
}

/** A hash of a file's bytes, to notice that someone else changed it since we read it. */
export function fingerprint(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Reads and validates a scene file. Throws SceneValidationError (every problem, with places) for
 * a file that is not a valid scene, and a plain Error naming the file for one that cannot be read.
 */
export async function readSceneFile(path: string): Promise<LoadedSceneFile> {
  let content: Buffer;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error(`${path} is not a file`);
    if (info.size > MAX_SCENE_FILE_BYTES)
      throw new Error(`${path} is ${info.size} bytes; a scene file is at most 16 MiB`);
    content = await readFile(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new Error(`cannot open ${path}: no such file`);
    if (code === 'EACCES' || code === 'EPERM') throw new Error(`cannot open ${path}: permission denied`);
    throw error instanceof Error ? error : new Error(String(error));
  }
  const scene = parseSceneFile(content.toString('utf8'), basename(path));
  return { scene, path, fingerprint: fingerprint(content) };
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
 * as `<file>.bak`; writes the new one atomically (temp file, fsync, rename). Returns the new
 * fingerprint.
 */
export async function writeSceneFile(
  path: string,
  scene: SceneDefinition,
  options: { expected?: string; overwrite?: boolean } = {},
): Promise<string> {
  const text = serializeScene(scene);
  // Never write what we could not read back.
  parseSceneFile(text);
  const current = await readFile(path).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (current !== undefined && options.expected !== undefined && !options.overwrite) {
    if (fingerprint(current) !== options.expected) throw new ChangedOnDiskError(path);
  }
  if (current !== undefined) await writeFileAtomic(`${path}.bak`, current);
  await writeFileAtomic(path, text);
  return fingerprint(text);
}

export { SceneValidationError };
