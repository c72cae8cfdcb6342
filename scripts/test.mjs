// npm test: typecheck every workspace, unit tests, server integration tests on PGlite and (when one
// answers) PostgreSQL, web component tests, then both apps built and the e2e journeys in chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const databases = ['pglite'];

function run(title, command, args, options = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    console.error(`\n${title}: failed (exit ${result.status})`);
    summary();
    process.exit(result.status ?? 1);
  }
}

function vitest(title, dir, env = {}) {
  const report = path.join(reportDir, `${title.replace(/\W+/g, '-')}.json`);
  run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: path.join(root, dir),
    env,
  });
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
}

/** DATABASE_URL when set, else the local server at 127.0.0.1:5432 when it answers. */
async function postgresUrl() {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

function summary() {
  console.log(`\ndatabases: ${databases.join(', ')}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

run('typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']);
vitest('contract unit tests', 'packages/contract');
vitest('server integration tests (PGlite)', 'apps/server', { TEST_DATABASE_URL: '' });
const url = await postgresUrl();
if (url) {
  databases.push('postgres');
  vitest('server integration tests (PostgreSQL)', 'apps/server', { TEST_DATABASE_URL: url });
} else {
  console.log('\nPostgreSQL: none answers at DATABASE_URL or 127.0.0.1:5432, so the PostgreSQL run is skipped');
}
vitest('web component tests', 'apps/web');
run('build web and admin', 'npm', ['run', 'build']);
vitest('e2e in chromium', 'e2e');
summary();
