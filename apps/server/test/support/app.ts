import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { outbox } from '../../src/accounts/tables.ts';
import { operatorHeaders, sessionTokenFromSetCookie } from '../../src/admin/operator-cookies.ts';
import { seedOperators } from '../../src/admin/operators.ts';
import type { Limits } from '../../src/limits.ts';
import { buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import type { Tx } from '../../src/db/client.ts';
import { loadConfig } from '../../src/config.ts';
import { audit } from '../../src/ledger/index.ts';
import { seedMarkets } from '../../src/markets/seed.ts';
import { seedSite } from '../../src/site/seed.ts';
import { openTestDatabase } from './db.ts';

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/**
 * A real app on a fresh database (PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL
 * is set), seeded like a first start, with uploads in a temporary folder.
 */
export async function makeTestApp(limits: Partial<Limits> = {}, options: { clock?: Clock; sessionClock?: Clock } = {}) {
  const { database, dispose } = await openTestDatabase();
  await seedSite(database.db);
  await seedOperators(database.db);
  await seedMarkets(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-app-'));
  // A fixed MARKET_SEED: the tests' simulated paths and demo traders replay run after run.
  const config = { ...loadConfig({ MARKET_SEED: '20261122' }), dataDir, webDist: '/nonexistent', adminDist: '/nonexistent' };
  const { app, ctx } = await buildApp({ config, database, limits, clock: options.clock, sessionClock: options.sessionClock });
  await app.ready();
  let ipCounter = 1;
  return {
    app,
    ctx,
    db: database.db,
    /** A fresh client address, so rate limits of one test do not leak into another. */
    nextIp: () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
    async close() {
      await app.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; token?: string; lang?: string; ip?: string; payload?: Record<string, unknown> };

/**
 * Calls the API as the web client does: form-encoded, lang in the data, Authorization header; under
 * /admin as the back office does, the token (an operator's, from operatorLogin) in its cookie with the
 * CSRF proof.
 */
export async function call(app: FastifyInstance, url: string, options: Call = {}) {
  const method = options.method ?? 'POST';
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...options.payload, ...(options.lang ? { lang: options.lang } : {}) })) {
    if (value !== undefined) data[key] = String(value);
  }
  const headers: Record<string, string> = {};
  if (options.token !== undefined) Object.assign(headers, url.startsWith('/admin') ? operatorHeaders(options.token) : { authorization: options.token });
  const form = new URLSearchParams(data).toString();
  const request: InjectOptions & { url: string } = {
    method,
    url: method === 'GET' ? `/api${url}${form ? `?${form}` : ''}` : `/api${url}`,
    headers: method === 'GET' ? headers : { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: method === 'GET' ? undefined : form,
    remoteAddress: options.ip ?? '127.0.0.1',
  };
  const response = await app.inject(request);
  const body = response.json() as { type: string; message: any; code?: string };
  if (data.client_id && body.type === 'ok') await expectSameReplay(app, request, response.payload);
  return { status: response.statusCode, body };
}

/**
 * Every keyed money call a test makes is sent once more: a retry must get exactly the first answer,
 * byte for byte (DESIGN.md; the review found /lever/submit replaying its internal row). So each test
 * of an idempotent call is also its replay test.
 */
async function expectSameReplay(app: FastifyInstance, request: InjectOptions & { url: string }, first: string) {
  const replay = await app.inject(request);
  if (replay.payload !== first) throw new Error(`a retry of ${request.url} got another answer:\n first: ${first}\n retry: ${replay.payload}`);
}

export { operatorHeaders };

/**
 * Logs an operator in through POST /api/admin/login and answers the session token its cookie carries
 * (send it with `call`'s token under /admin, or as `operatorHeaders(token)`), or throws with the answer.
 */
export async function operatorLogin(app: FastifyInstance, username: string, password: string, ip = '127.0.0.1'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: ip });
  const token = sessionTokenFromSetCookie(response.headers['set-cookie']);
  if (!token) throw new Error(`operator login: ${response.payload}`);
  return token;
}

/** The newest code sent to a target, read from the outbox as a user would read their mail. */
export async function latestCode(test: TestApp, recipient: string): Promise<string> {
  const [row] = await test.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  const code = row?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code for ${recipient}`);
  return code;
}

let userCounter = 0;

/** Registers a user by email through the API (code read from the outbox) and logs in. */
export async function makeUser(test: TestApp, overrides: { email?: string; password?: string; invite?: string } = {}) {
  const email = overrides.email ?? `user${process.pid}-${Date.now()}-${++userCounter}@example.com`;
  const password = overrides.password ?? 'secret-pass-1';
  const ip = test.nextIp();
  const sent = await call(test.app, '/sms_mail', { ip, payload: { user_string: email, scene: 'register' } });
  if (sent.body.type !== 'ok') throw new Error(`sms_mail: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(test, email);
  const registered = await call(test.app, '/user/register', {
    ip,
    payload: { user_string: email, code, password, re_password: password, extension_code: overrides.invite ?? '', type: 'email' },
  });
  if (registered.body.type !== 'ok') throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const login = await call(test.app, '/user/login', { ip, payload: { user_string: email, password } });
  if (login.body.type !== 'ok') throw new Error(`login: ${JSON.stringify(login.body)}`);
  return { id: registered.body.message.id as number, email, password, token: login.body.message as string };
}

/** The ledger invariant, asserted after every scenario. */
export async function expectLedgerBalanced(test: TestApp) {
  const result = await audit(test.db);
  if (!result.ok) throw new Error(`ledger audit failed: ${JSON.stringify(result)}`);
}

class Rollback extends Error {}

/** The audit's answer after `corrupt`, both in one transaction that is then rolled back, so each test starts clean. */
export async function auditAfter(test: TestApp, corrupt: (tx: Tx) => Promise<unknown>) {
  let result: Awaited<ReturnType<typeof audit>> | undefined;
  await test.db
    .transaction(async (tx) => {
      await corrupt(tx);
      result = await audit(tx);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result!;
}
