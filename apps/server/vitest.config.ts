import { defineConfig } from 'vitest/config';

// Files that use no database (pure rules, the engine, the feed): npm test runs the suite once on PGlite
// and once with TEST_DATABASE_URL, and these prove nothing more the second time, so that pass skips them.
const databaseFree = [
  'test/build.test.ts',
  'test/config.test.ts',
  'test/contracts/exposures.test.ts',
  'test/contracts/trigger-index.test.ts',
  'test/contracts/units.test.ts',
  'test/content/rules.test.ts',
  'test/coupons/rules.test.ts',
  'test/engine/book.property.test.ts',
  'test/engine/book.test.ts',
  'test/engine/hash-index.test.ts',
  'test/engine/units.test.ts',
  'test/funds/withdraw-remaining.test.ts',
  'test/markets/candles.test.ts',
  'test/markets/price-feed.test.ts',
  'test/markets/public-feed.test.ts',
  'test/mining/schedule.test.ts',
  'test/notifications/rules.test.ts',
  'test/operators/rules.test.ts',
  'test/referrals/rules.test.ts',
  'test/spot/inventory.test.ts',
  'test/spot/order-limits.test.ts',
  'test/spot/settlement.test.ts',
];

// Test files share nothing (each opens its own database), so two run at once: much of a file's time is
// spent waiting on the database, scrypt or child processes, and vitest's default here would be one.
// Not isolated: each worker imports the app once for all its files instead of once per file (about a
// quarter of the run), so a test helper keeps per-app state keyed by its app, never in a bare module variable.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/template.ts'],
    exclude: process.env.TEST_DATABASE_URL ? databaseFree : [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
  },
});
