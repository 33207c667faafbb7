// What the last build of dist/ read and wrote, by content hash, so the next build can tell what
// changed: dist/.build-state.json. A step is skipped only when every file it read and every file
// it wrote still hashes as recorded; anything else (no record, a missing or edited output, a
// changed input) builds it again. Hashes, not modification times: a checkout, a copy or a
// restore can give a changed file an older time.
import { createHash } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const STATE_FILE = 'dist/.build-state.json';
const STATE_VERSION = 1;

/** sha256 of each file (paths relative to root); a missing file hashes as null. */
export async function hashFiles(root, paths) {
  const hashes = await Promise.all(
    paths.map((path) =>
      readFile(join(root, path)).then(
        (bytes) => createHash('sha256').update(bytes).digest('base64url'),
        (error) => {
          if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
          throw error;
        },
      ),
    ),
  );
  return Object.fromEntries(paths.map((path, i) => [path, hashes[i]]).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The same files with the same hashes (a file missing both times counts as the same). */
export function sameHashes(recorded, current) {
  const keys = Object.keys(current);
  return (
    recorded !== undefined &&
    keys.length === Object.keys(recorded).length &&
    keys.every((key) => Object.hasOwn(recorded, key) && recorded[key] === current[key])
  );
}

/** The recorded steps by name ({} when there is no usable record). */
export async function readState(root) {
  try {
    const state = JSON.parse(await readFile(join(root, STATE_FILE), 'utf8'));
    return state.version === STATE_VERSION && state.steps && typeof state.steps === 'object'
      ? state.steps
      : {};
  } catch {
    return {};
  }
}

/**
 * Written to a temporary file and renamed over the old one, so a build stopped half-way leaves
 * the previous record or the new one, never a torn file. (The scripts run before dist/ exists,
 * so they cannot use main/storage/write-file-atomic.ts.)
 */
export async function writeState(root, steps) {
  const file = join(root, STATE_FILE);
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ version: STATE_VERSION, steps }, null, 1)}\n`);
  await rename(temporary, file);
}

/**
 * One build at a time per checkout (say `npm run serve` while the tests' setup builds): the lock
 * is a file holding the builder's pid, linked into place (which fails if it exists, and never
 * shows a lock without its pid); a lock whose process is gone is taken over.
 */
export async function withBuildLock(root, work) {
  const lock = join(root, 'dist/.build-lock');
  const mine = `${lock}.${process.pid}`;
  await mkdir(dirname(lock), { recursive: true });
  await writeFile(mine, String(process.pid));
  for (let waited = 0; ; waited += 200) {
    try {
      await link(mine, lock);
      await rm(mine);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (!isAlive(holder)) {
        await rm(lock, { force: true });
        continue;
      }
      if (waited === 0) console.error(`build: waiting for another build of dist/ (pid ${holder})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}

function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
