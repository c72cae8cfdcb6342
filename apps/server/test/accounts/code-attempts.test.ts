// Proves that a burst of concurrent guesses at one verification code gets at most the allowed number of
// comparisons: the attempt is counted in one UPDATE before the comparison. Runs on the suite's database
// (PGlite interleaves the queries of concurrent calls; PostgreSQL with TEST_DATABASE_URL runs them in parallel).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkCode, sendCode } from '../../src/accounts/codes.ts';
import { verificationCodes } from '../../src/accounts/tables.ts';
import { latestCode, makeTestApp, type TestApp } from '../support/app.ts';

const ATTEMPTS_MAX = 5;
const GUESSES = 500;

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp({ codeAttemptsMax: ATTEMPTS_MAX, codesPerIpPerHour: 1000 });
});
afterAll(() => test.close());

it('refuses the right code after 500 concurrent wrong guesses, with at most the limit of attempts counted', async () => {
  const target = `burst-${Date.now()}@example.com`;
  await sendCode(test.ctx, { channel: 'mail', target, scene: 'register', ip: '10.1.1.1', lang: 'en' }, () => {});
  const code = await latestCode(test, target);
  const wrong = code === '000000' ? '111111' : '000000';
  const results = await Promise.allSettled(Array.from({ length: GUESSES }, () => checkCode(test.ctx, target, 'register', wrong)));
  expect(results.every((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'code_invalid')).toBe(true);
  await expect(checkCode(test.ctx, target, 'register', code)).rejects.toMatchObject({ code: 'code_invalid' });
  const [row] = await test.db.select().from(verificationCodes).where(eq(verificationCodes.target, target));
  expect(row!.attempts).toBeLessThanOrEqual(ATTEMPTS_MAX);
  expect(row!.attempts).toBe(ATTEMPTS_MAX);
});

it('accepts the right code while attempts are left', async () => {
  const target = `fine-${Date.now()}@example.com`;
  await sendCode(test.ctx, { channel: 'mail', target, scene: 'register', ip: '10.1.1.2', lang: 'en' }, () => {});
  const code = await latestCode(test, target);
  await expect(checkCode(test.ctx, target, 'register', code === '000000' ? '111111' : '000000')).rejects.toMatchObject({ code: 'code_invalid' });
  expect(typeof (await checkCode(test.ctx, target, 'register', code))).toBe('number');
});
