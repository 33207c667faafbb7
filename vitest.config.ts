import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests start real servers on ephemeral ports; two cores are plenty for a few forks.
    pool: 'forks',
    testTimeout: 20_000,
  },
});
