import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { MAX_SCENE_FILE_BYTES } from '../../shared/scenes/file-limits.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/** Scene, CSV and snapshot files are small; anything bigger is not one (and would stall the app). */
export const MAX_TEXT_FILE_BYTES = MAX_SCENE_FILE_BYTES;

/**
 * Reads a small UTF-8 text file, with the bytes it came from (a UTF-8 byte-order mark is
 * dropped from the text). Throws an Error whose message names the file and says what is wrong
 * in a person's words: no such file, permission denied, a folder, a pipe or device, too big,
 * UTF-16, binary, not UTF-8. Control characters in the name are shown escaped, so a message
 * never carries them to a terminal or a log.
 *
 * A pipe is never opened (reading one waits for a writer, forever), and the size is checked
 * before anything is read, so a 2 GB file costs nothing.
 */
export async function readTextFile(path: string): Promise<{ text: string; bytes: Buffer }> {
  const fail = (problem: string, kind: FileProblem = 'content') =>
    new TextFileError(`cannot open ${printablePath(path)}: ${problem}`, kind);
  let bytes: Buffer;
  try {
    checkKind(await stat(path), fail);
    // O_NONBLOCK: should the file have turned into a pipe since the stat, open does not wait.
    const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      checkKind(await handle.stat(), fail);
      bytes = await readAtMost(handle, MAX_TEXT_FILE_BYTES, fail);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof TextFileError) throw error;
    throw fail(describeSystemError(error), fileProblemOf(error));
  }
  return { text: decodeUtf8(bytes, fail), bytes };
}

/**
 * What kind of problem stopped a file being read: `missing` (nothing there, where a caller may
 * start afresh and create it), `unreachable` (something is there that cannot be read as a file: a
 * symbolic link that loops, a folder, a pipe, no permission; leave it alone), or `content` (a
 * file whose bytes are not what was expected).
 */
export type FileProblem = 'missing' | 'unreachable' | 'content';

/** What readTextFile throws: the message in words, and the kind of problem. */
export class TextFileError extends Error {
  constructor(
    message: string,
    readonly problem: FileProblem,
  ) {
    super(message);
  }
}

/**
 * The kind of problem behind an error of readTextFile or of any file system call on a path
 * (stat, readFile...): the one place that tells "no such file" from a file that is there but
 * cannot be read (ELOOP is not "missing").
 */
export function fileProblemOf(error: unknown): FileProblem {
  if (error instanceof TextFileError) return error.problem;
  if (error instanceof SyntaxError) return 'content';
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
  return 'unreachable';
}

function checkKind(
  info: { isFile(): boolean; isDirectory(): boolean; size: number },
  fail: (p: string, kind?: FileProblem) => Error,
) {
  if (info.isDirectory()) throw fail('it is a folder, not a file', 'unreachable');
  if (!info.isFile()) throw fail('it is not a regular file (a pipe, a device or a socket)', 'unreachable');
  if (info.size > MAX_TEXT_FILE_BYTES)
    throw fail(`it is ${info.size} bytes; TagSim reads files of at most 16 MiB (16777216 bytes)`);
}

/** Reads to the end, but never more than `max` bytes, whatever the size said. */
async function readAtMost(handle: FileHandle, max: number, fail: (p: string) => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > max)
      throw fail(`it is more than 16 MiB; TagSim reads files of at most 16 MiB (16777216 bytes)`);
    chunks.push(chunk.subarray(0, bytesRead));
  }
  return Buffer.concat(chunks, total);
}

/** The text of UTF-8 bytes, or an error that says what the bytes are instead. */
function decodeUtf8(bytes: Buffer, fail: (p: string) => Error): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw fail('it is UTF-16 text; save it as UTF-8');
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    // UTF-16 without a byte-order mark: every other byte of ASCII text is 0.
    const sample = bytes.subarray(0, 64);
    const zeros = sample.filter((b) => b === 0).length;
    if (zeros >= sample.length / 3) throw fail('it looks like UTF-16 text; save it as UTF-8');
    throw fail(`it is a binary file, not text (a NUL byte at offset ${nul})`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fail(
      `it is not UTF-8 text (an invalid byte near offset ${firstInvalidUtf8(bytes)}); save it as UTF-8`,
    );
  }
}

/** Where the first byte that is not UTF-8 is (what a lenient decoding shows as U+FFFD). */
function firstInvalidUtf8(bytes: Buffer): number {
  const lenient = bytes.toString('utf8');
  return Buffer.byteLength(lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD'))));
}

function describeSystemError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'ELOOP') return 'it is a symbolic link that leads back to itself';
  if (code === 'ENAMETOOLONG') return 'the name is too long';
  if (code === 'ENOTDIR') return 'a part of the path is a file, not a folder';
  if (code === 'EAGAIN' || code === 'ENXIO') return 'it is not a regular file (a pipe, a device or a socket)';
  return printableText(errorMessage(error));
}

/** A path as a message may show it: as is, or JSON-escaped when it holds control characters. */
export function printablePath(path: string): string {
  return printableText(path);
}

function printableText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text) ? JSON.stringify(text) : text;
}
