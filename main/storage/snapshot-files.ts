import { basename } from 'node:path';
import {
  parseSnapshot,
  serializeSnapshot,
  type RuntimeSnapshot,
} from '../../shared/scenes/runtime-snapshot.js';
import { readTextFile } from './read-text-file.js';
import { writeFileAtomic } from './write-file-atomic.js';

/**
 * Reads a state snapshot file. Throws ValidationError (every problem, with places) for a file
 * that is not a valid snapshot, and a plain Error naming the file for one that cannot be read.
 */
export async function readSnapshotFile(path: string): Promise<RuntimeSnapshot> {
  const { text } = await readTextFile(path);
  return parseSnapshot(text, basename(path));
}

/** Writes a state snapshot atomically; returns the text written. */
export async function writeSnapshotFile(path: string, snapshot: RuntimeSnapshot): Promise<string> {
  const text = serializeSnapshot(snapshot);
  await writeFileAtomic(path, text);
  return text;
}
