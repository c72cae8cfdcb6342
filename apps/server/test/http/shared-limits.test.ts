// Two server processes on one Redis hold one rate limit (issue 25): two apps built with REDIS_URL, a
// client alternating between them is refused once the sum of its requests passes the limit, for a
// route's own limit (config.rateLimit, the login) and a multi-key one (http/rate-limits.ts, the code
// guesses). Runs when npm test finds a Redis (it passes TEST_REDIS_URL); skipped otherwise, saying so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOperators } from '../../src/admin/operators.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { seedMarkets } from '../../src/markets/seed.ts';
import { seedSite } from '../../src/site/seed.ts';
import { call } from '../support/app.ts';
import { openTestDatabase } from '../support/db.ts';

const redisUrl = process.env.TEST_REDIS_URL || undefined;
if (!redisUrl) console.log('shared-limits: skipped (no TEST_REDIS_URL: npm test passes it when a Redis answers)');

const LIMITS = { loginPerMinute: 3, codeGuessesPerIpPerMinute: 2 };

/** One server process: its own database (what they share here is Redis only), REDIS_URL set. */
async function startProcess() {
  const { database, dispose } = await openTestDatabase();
  await seedSite(database.db);
  await seedOperators(database.db);
  await seedMarkets(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-limits-'));
  const config = { ...loadConfig({ MARKET_SEED: '20261122', REDIS_URL: redisUrl }), dataDir, webDist: '/nonexistent', adminDist: '/nonexistent' };
  const { app } = await buildApp({ config, database, limits: LIMITS });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client address of this run only: Redis keeps the last run's windows for a minute. */
const freshIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

describe.skipIf(!redisUrl)('rate limits across two processes on one Redis', () => {
  let a: Awaited<ReturnType<typeof startProcess>>;
  let b: Awaited<ReturnType<typeof startProcess>>;

  beforeAll(async () => {
    a = await startProcess();
    b = await startProcess();
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** The answers' codes for requests sent in turn to the given apps. */
  async function codes(apps: FastifyInstance[], url: string, ip: string, payload: Record<string, string>) {
    const answers = [];
    for (const app of apps) answers.push((await call(app, url, { ip, payload })).body.code);
    return answers.map((code) => code === 'too_many_requests');
  }

  it('refuses the 4th login try of one address and account, whichever process the tries reach', async () => {
    const payload = { user_string: `shared-${Date.now()}@example.com`, password: 'wrong-password-1' };
    const refused = await codes([a.app, b.app, a.app, b.app, a.app], '/user/login', freshIp(), payload);
    expect(refused).toEqual([false, false, false, true, true]);
  });

  it('refuses the 3rd code guess of one address across processes (a multi-key limit)', async () => {
    const ip = freshIp();
    const refused = [];
    for (const [i, app] of [a.app, b.app, a.app].entries()) {
      refused.push(...(await codes([app], '/user/check_email', ip, { user_string: `guess-${Date.now()}-${i}@example.com`, code: '123456' })));
    }
    expect(refused).toEqual([false, false, true]);
  });
});
