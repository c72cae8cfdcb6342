import { defineConfig } from 'vitest/config';

// npm test's bench smoke runs (smoke.test.ts): each bench is a child process that starts its own databases,
// servers and browsers, so only BENCH_SMOKE_CONCURRENCY (2: the machine's cores) run at once.
export default defineConfig({
  test: {
    include: ['smoke.test.ts'],
    maxConcurrency: Number(process.env.BENCH_SMOKE_CONCURRENCY ?? 2),
    testTimeout: 300_000,
  },
});
