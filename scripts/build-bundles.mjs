#!/usr/bin/env node
// Bundles what tsc cannot emit on its own: the Preact renderer (one script and one stylesheet
// for the sandboxed window and the browser UI; another pair in lab/ for the dashboard of
// `tagsim lab`) and the Electron preload (a sandboxed preload
// must be a single CommonJS file). tsc builds main/ and shared/ to dist/ before this runs.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.env.NODE_ENV !== 'development';

await mkdir(`${root}dist/renderer/lab`, { recursive: true });
const page = (entry, outfile) =>
  build({
    entryPoints: [`${root}${entry}`],
    outfile: `${root}dist/renderer/${outfile}`,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome120'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: production,
    sourcemap: true,
    logLevel: 'warning',
  });
const stylesheet = (entry, outfile) =>
  build({
    entryPoints: [`${root}${entry}`],
    outfile: `${root}dist/renderer/${outfile}`,
    bundle: true,
    target: ['chrome120'],
    minify: production,
    logLevel: 'warning',
  });
await Promise.all([
  page('renderer/main.tsx', 'app.js'),
  stylesheet('renderer/styles/app.css', 'app.css'),
  page('renderer/lab/main.tsx', 'lab/lab.js'),
  stylesheet('renderer/lab/lab.css', 'lab/lab.css'),
  build({
    entryPoints: [`${root}main/preload/preload.ts`],
    outfile: `${root}dist/preload/preload.cjs`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: ['node20'],
    external: ['electron'],
    minify: false,
    sourcemap: false,
    logLevel: 'warning',
  }),
  copyFile(`${root}renderer/index.html`, `${root}dist/renderer/index.html`),
  copyFile(`${root}renderer/lab/index.html`, `${root}dist/renderer/lab/index.html`),
]);
