import { defineConfig } from 'vitest/config';

// One server and one browser per run; journeys run one file at a time against them.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/server.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
