#!/usr/bin/env node
// Builds dist/: tsc for main/ and shared/ (tsc-step.mjs), then the esbuild bundles and copied
// pages (bundles.mjs), each only if something it depends on changed since the last build, so a
// start with nothing changed (`npm run serve`, the benches, the tests' global setup) builds
// nothing. `npm run build`, `npm run serve` and test/setup/build-dist.ts all run this file.
// Prints one line to stderr when it built something; nothing when dist/ was up to date.
import { fileURLToPath } from 'node:url';
import { bundleSteps } from './build/bundles.mjs';
import { readState, withBuildLock, writeState } from './build/state.mjs';
import { tscStep } from './build/tsc-step.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await withBuildLock(root, async () => {
    const started = performance.now();
    const steps = await readState(root);
    const bundles = { ...steps.bundles };
    steps.bundles = bundles;
    // Each change is written at once (one write at a time): a build stopped half-way keeps the
    // record of every step that finished and of no step that did not.
    let written = Promise.resolve();
    const recorder = (into) => (name, value) => {
      if (value === undefined) delete into[name];
      else into[name] = value;
      written = written.then(() => writeState(root, steps));
      return written;
    };
    const compiled = await tscStep(root, steps.tsc, (value) => recorder(steps)('tsc', value));
    const bundled = await bundleSteps(root, bundles, recorder(bundles));
    if (compiled !== 'up to date' || bundled.length > 0) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const what = [
        compiled === 'up to date' ? undefined : `tsc (${compiled === 'full' ? 'every file' : 'incremental'})`,
        bundled.length > 0 ? `${bundled.length} bundle(s): ${bundled.join(', ')}` : undefined,
      ];
      console.error(`build: ${what.filter(Boolean).join('; ')} in ${seconds} s`);
    }
  });
} catch (error) {
  console.error(`build: ${error.message}`);
  process.exitCode = 1;
}
