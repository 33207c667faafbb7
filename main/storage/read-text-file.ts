import { readFile, stat } from 'node:fs/promises';
import { MAX_SCENE_FILE_BYTES } from '../../shared/scenes/file-limits.js';

/** Scene, CSV and snapshot files are small; anything bigger is not one (and would stall the app). */
export const MAX_TEXT_FILE_BYTES = MAX_SCENE_FILE_BYTES;

/**
 * Reads a small text file as UTF-8, with the bytes it came from. Throws an Error whose message
 * names the file and says what is wrong in a person's words (no such file, permission denied, a
 * folder, too big).
 */
export async function readTextFile(path: string): Promise<{ text: string; bytes: Buffer }> {
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error(`cannot open ${path}: it is a folder, not a file`);
    if (info.size > MAX_TEXT_FILE_BYTES)
      throw new Error(`cannot open ${path}: it is ${info.size} bytes; TagSim reads files of at most 16 MiB`);
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new Error(`cannot open ${path}: no such file`);
    if (code === 'EACCES' || code === 'EPERM') throw new Error(`cannot open ${path}: permission denied`);
    if (code === 'EISDIR') throw new Error(`cannot open ${path}: it is a folder, not a file`);
    if (error instanceof Error && error.message.startsWith('cannot open')) throw error;
    throw new Error(`cannot open ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { text: bytes.toString('utf8'), bytes };
}
