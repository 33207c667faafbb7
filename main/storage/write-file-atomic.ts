import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface WriteFileAtomicOptions {
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
 * (`.<name>.<random>.tmp`) behind; it is safe to delete.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(temp, 'w', 0o644);
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
