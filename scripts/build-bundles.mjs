#!/usr/bin/env node
// Bundles what tsc cannot emit on its own: the Preact renderer (one script and one stylesheet
// for the sandboxed window and the browser UI) and the Electron preload (a sandboxed preload
// must be a single CommonJS file). tsc builds main/ and shared/ to dist/ before this runs.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.env.NODE_ENV !== 'development';

await mkdir(`${root}dist/renderer`, { recursive: true });
await Promise.all([
  build({
    entryPoints: [`${root}renderer/main.tsx`],
    outfile: `${root}dist/renderer/app.js`,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome120'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: production,
    sourcemap: true,
    logLevel: 'warning',
  }),
  build({
    entryPoints: [`${root}renderer/styles/app.css`],
    outfile: `${root}dist/renderer/app.css`,
    bundle: true,
    target: ['chrome120'],
    minify: production,
    logLevel: 'warning',
  }),
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
]);
