// Bundles what tsc cannot emit on its own: the Preact renderer (one script and one stylesheet
// for the sandboxed window and the browser UI; another pair in lab/ for the dashboard of
// `tagsim lab`) and the Electron preload (a sandboxed preload must be a single CommonJS file).
// Each bundle is built again only when a file it read (esbuild's metafile lists them, packages
// included), a file it wrote, its options or esbuild's version changed, or a file was added to
// or removed from the folders it bundles from (a new file can change what an import resolves to).
import { build, version as esbuildVersion } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { hashFiles, sameHashes } from './state.mjs';

const BUNDLED_DIRS = ['renderer', 'shared', 'main/preload'];

function bundles() {
  const production = process.env.NODE_ENV !== 'development';
  const page = (entry, outfile) => ({
    entryPoints: [entry],
    outfile: `dist/renderer/${outfile}`,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome120'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: production,
    sourcemap: true,
  });
  const stylesheet = (entry, outfile) => ({
    entryPoints: [entry],
    outfile: `dist/renderer/${outfile}`,
    bundle: true,
    target: ['chrome120'],
    minify: production,
  });
  return [
    page('renderer/main.tsx', 'app.js'),
    stylesheet('renderer/styles/app.css', 'app.css'),
    page('renderer/lab/main.tsx', 'lab/lab.js'),
    stylesheet('renderer/lab/lab.css', 'lab/lab.css'),
    {
      entryPoints: ['main/preload/preload.ts'],
      outfile: 'dist/preload/preload.cjs',
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: ['node20'],
      external: ['electron'],
      minify: false,
      sourcemap: false,
    },
  ];
}

const COPIES = [
  ['renderer/index.html', 'dist/renderer/index.html'],
  ['renderer/lab/index.html', 'dist/renderer/lab/index.html'],
];

/** A hash of the paths of every file under the bundled folders: part of each bundle's key. */
async function tree(root) {
  const paths = [];
  for (const dir of BUNDLED_DIRS) {
    for (const entry of await readdir(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        paths.push(relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
    }
  }
  return createHash('sha256').update(paths.sort().join('\n')).digest('base64url');
}

/** Builds the stale bundles; returns the outfiles it built. */
export async function bundleSteps(root, recorded, record) {
  const layout = await tree(root);
  const steps = [
    ...bundles().map((options) => ({
      name: options.outfile,
      key: { options, esbuildVersion, layout },
      options,
    })),
    ...COPIES.map(([from, to]) => ({ name: to, key: { copy: from }, copy: [from, to] })),
  ];
  const stale = [];
  for (const step of steps) {
    const last = recorded[step.name];
    const fresh =
      last &&
      JSON.stringify(last.key) === JSON.stringify(step.key) &&
      sameHashes(last.inputs, await hashFiles(root, Object.keys(last.inputs))) &&
      sameHashes(last.outputs, await hashFiles(root, Object.keys(last.outputs)));
    if (!fresh) stale.push(step);
  }
  for (const step of stale) await record(step.name, undefined);
  await Promise.all(stale.map((step) => run(root, step).then((files) => record(step.name, files))));
  return stale.map((step) => step.name);
}

async function run(root, step) {
  if (step.copy) {
    const [from, to] = step.copy;
    const before = await hashFiles(root, [from]);
    await mkdir(dirname(join(root, to)), { recursive: true });
    await copyFile(join(root, from), join(root, to));
    return { key: step.key, inputs: before, outputs: await hashFiles(root, [to]) };
  }
  const started = Date.now();
  const { metafile } = await build({
    ...step.options,
    absWorkingDir: root,
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(metafile.inputs).map((path) =>
    path.replace(/^.*?\bnode_modules\//, 'node_modules/'),
  );
  // An input saved while (or just before) esbuild read it: which version went in is unknown, so
  // record nothing and build it again next time. (A second of slack for coarse file times.)
  const times = await Promise.all(inputs.map((path) => stat(join(root, path)).then((s) => s.mtimeMs)));
  if (times.some((time) => time >= started - 1000)) return undefined;
  return {
    key: step.key,
    inputs: await hashFiles(root, inputs),
    outputs: await hashFiles(root, Object.keys(metafile.outputs)),
  };
}
