// The Node side of dist/: tsc -p tsconfig.build.json (main/ and shared/), incremental. tsc
// itself keeps dist/.tsbuildinfo and re-checks only what changed, but still reads and parses
// every file (seconds); and it would not notice a deleted or edited output. So the step is skipped
// when nothing it read or wrote has changed (state.mjs), and built from scratch (build info
// deleted) when an output is missing or differs from what tsc wrote.
import { spawn } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { hashFiles, sameHashes } from './state.mjs';

const CONFIGS = ['tsconfig.json', 'tsconfig.build.json'];
const SOURCE_DIRS = ['main', 'shared'];
const BUILD_INFO = 'dist/.tsbuildinfo';

/** Every .ts file under main/ and shared/, as tsconfig.build.json's include finds them. */
async function sources(root) {
  const found = [];
  for (const dir of SOURCE_DIRS) {
    for (const entry of await readdir(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) {
        found.push(relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
      }
    }
  }
  return found.sort();
}

/** The files the last compile read, as tsc lists them in its build info (libraries and types too). */
async function filesRead(root) {
  try {
    const info = JSON.parse(await readFile(join(root, BUILD_INFO), 'utf8'));
    return info.fileNames.map((name) => posix.normalize(posix.join('dist', name)));
  } catch {
    return [];
  }
}

const outputsOf = (files) =>
  files
    .filter((file) => !file.endsWith('.d.ts'))
    .flatMap((file) => [`dist/${file.replace(/\.ts$/, '.js')}`, `dist/${file.replace(/\.ts$/, '.js.map')}`]);

async function inputs(root, files) {
  return hashFiles(root, [...new Set([...CONFIGS, ...files, ...(await filesRead(root))])]);
}

/** Runs the step if needed; returns what it did ('up to date', 'incremental', 'full'). */
export async function tscStep(root, recorded, record) {
  const files = await sources(root);
  const before = await inputs(root, files);
  const outputs = await hashFiles(root, outputsOf(files));
  if (
    recorded &&
    !recorded.failed &&
    sameHashes(recorded.inputs, before) &&
    sameHashes(recorded.outputs, outputs)
  ) {
    return 'up to date';
  }
  const incremental =
    recorded !== undefined &&
    sameHashes(recorded.outputs, await hashFiles(root, Object.keys(recorded.outputs)));
  if (!incremental) await rm(join(root, BUILD_INFO), { force: true });
  await record(undefined);

  const code = await runTsc(root);
  // Exit 2: type errors, outputs written. Recorded as failed, so that the next build runs tsc
  // again (incrementally) and reports them again instead of calling dist/ up to date.
  if (code !== 0 && code !== 2) throw new Error(`tsc -p tsconfig.build.json exited with ${code}`);
  // A file edited while tsc ran: which version tsc read is unknown, so record nothing.
  if (sameHashes(before, await hashFiles(root, Object.keys(before)))) {
    const built = await sources(root);
    await record({
      inputs: await inputs(root, built),
      outputs: await hashFiles(root, outputsOf(built)),
      failed: code !== 0,
    });
  }
  if (code !== 0) throw new Error('tsc found type errors (above)');
  return incremental ? 'incremental' : 'full';
}

function runTsc(root) {
  return new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
      cwd: root,
      stdio: 'inherit',
    });
    tsc.on('error', reject);
    tsc.on('close', (code) => resolve(code));
  });
}
