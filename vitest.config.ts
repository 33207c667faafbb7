import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Tests start real servers on ephemeral ports; two cores are plenty for a few forks.
    pool: 'forks',
    globalSetup: ['test/setup/build-dist.ts'],
    // A test file during which Node warns of an invalid URL (DEP0170) fails.
    setupFiles: ['test/setup/fail-on-invalid-url.ts'],
    testTimeout: 20_000,
  },
});
