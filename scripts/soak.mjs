#!/usr/bin/env node
// `npm run soak -- --seconds N`: bundles the soak run (test/hostile/soak.ts, which shares the
// hostile-request generators of the fuzz tests) with esbuild and runs it against the built
// `tagsim` in dist/. See docs/reliability.md.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = `${root}dist/soak/soak.mjs`;
await build({
  entryPoints: [`${root}test/hostile/soak.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const { soak } = await import(outfile);
process.chdir(root);
process.exitCode = await soak(process.argv.slice(2));
