import { defineConfig } from 'vitest/config';

// Test files share nothing (each opens its own database), so two run at once: much of a file's time is
// spent waiting on the database, scrypt or child processes, and vitest's default here would be one.
// Not isolated: each worker imports the app once for all its files instead of once per file (about a
// quarter of the run), so a test helper keeps per-app state keyed by its app, never in a bare module variable.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks', maxWorkers: 2, isolate: false },
});
