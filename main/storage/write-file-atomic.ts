import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface WriteFileAtomicOptions {
  /** The new file's permissions (default 0o644); 0o600 for a secret. */
  mode?: number;
  /**
   * Runs once the temporary file is complete and synced, just before the rename: the one moment a
   * crash tests need to hit. Only tests pass it (see test/scenes/helpers/crash-save.mjs).
   */
  beforeRename?: (tempPath: string) => void | Promise<void>;
}

/**
 * Writes a file so that readers and crashes only ever see the old content or the new: write a
 * temporary file in the same folder, fsync it, rename it over the target, then fsync the folder
 * so the rename itself survives a power cut. A crash can leave the temporary file
 * (`.<name>.<random>.tmp`) behind; the next save of the same file deletes it.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  await removeStaleTempFiles(path);
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(temp, 'w', options.mode ?? 0o644);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await options.beforeRename?.(temp);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot open or fsync a folder; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

/** A save still writing its temp file is this young at most; older ones were left by a crash. */
export const STALE_TEMP_FILE_MS = 60_000;

/**
 * Deletes the temp files an interrupted save of `path` left: only TagSim's own (exactly
 * `.<name>.<12 hex digits>.tmp`, a plain file), only for this target, and only when older than
 * STALE_TEMP_FILE_MS, so a save running at the same moment keeps its file. Best effort: a file
 * it cannot look at or delete stays, and the save goes on.
 */
export async function removeStaleTempFiles(path: string, now = Date.now()): Promise<string[]> {
  const folder = dirname(path);
  const prefix = `.${basename(path)}.`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length))) continue;
    const file = join(folder, name);
    try {
      const info = await lstat(file);
      if (!info.isFile() || now - info.mtimeMs < STALE_TEMP_FILE_MS) continue;
      await rm(file);
      removed.push(file);
    } catch {
      // Gone already, or not ours to delete: leave it.
    }
  }
  return removed;
}
