import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Tests start real servers on ephemeral ports; two cores are plenty for a few forks.
    pool: 'forks',
    // Two files at a time, not vitest's "one fewer than the cores" (one on a 2-core machine):
    // most files wait on servers, timers and chromium, and the suite ran in 805 s with one
    // worker and 505 s with two on the 2-core build machine (CI's budget is 15 min in all).
    maxWorkers: 2,
    globalSetup: ['test/setup/build-dist.ts'],
    // A test file during which Node warns of an invalid URL (DEP0170) fails.
    setupFiles: ['test/setup/fail-on-invalid-url.ts'],
    testTimeout: 20_000,
  },
});
