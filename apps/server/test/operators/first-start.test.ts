// Proves what a start seeds: development keeps the demo operator and demo user; production seeds neither
// and takes its first operator from ADMIN_USER / ADMIN_PASSWORD (refused when weak, with a non-zero exit
// of the real server) or from `npm run operator:create`, and that operator must change the password first;
// production refuses a database a development start seeded (its demo logins and money), saying why.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/accounts/passwords.ts';
import { users } from '../../src/accounts/tables.ts';
import { createOperatorFromSetup, OperatorSetupError } from '../../src/admin/operator-accounts.ts';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { operatorAuditLog, operators } from '../../src/admin/tables.ts';
import { operatorHeaders, sessionTokenFromSetCookie } from '../../src/admin/operator-cookies.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { holdTradingLease } from '../../src/db/lease.ts';
import { seedOnStart } from '../../src/first-start.ts';
import { DemoDataError, demoDataRefusal } from '../../src/production-start.ts';
import { DEMO_USER } from '../../src/site/demo.ts';
import { SPOT_DEMO_TRADERS, spotDemoTraderIds } from '../../src/spot/demo.ts';
import { MARKET_MAKER_ACCOUNT } from '../../src/spot/market-maker.ts';
import { openTestDatabase } from '../support/db.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
/** The suite runs again on PostgreSQL; the child-process tests below use their own embedded database anyway. */
const embeddedOnlyRunOnce = Boolean(process.env.TEST_DATABASE_URL);
const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

async function freshDatabase(): Promise<Database> {
  const { database, dispose } = await openTestDatabase();
  disposers.push(dispose);
  return database;
}

function quietLog() {
  const lines: string[] = [];
  return { lines, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
}

const operatorNames = async (db: Database['db']) => (await db.select().from(operators)).map((o) => o.username);
/** How many wealth products each kind has, and whether every one is marked demo. */
async function wealthRows(db: Database['db']) {
  const count = async (table: string) => {
    const [row] = await queryRows<{ all: number; demo: boolean }>(db, sql`select count(*)::int as all, coalesce(bool_and(demo), true) as demo from ${sql.raw(table)}`);
    return row!;
  };
  return { mining: await count('mining_products'), ieo: await count('ieo_projects'), dual: await count('dual_products') };
}
/** Copy traders and follows, and whether each is marked demo. */
async function copyRows(db: Database['db']) {
  const [traders] = await queryRows<{ all: number; demo: boolean }>(db, sql`select count(*)::int as all, coalesce(bool_and(demo), true) as demo from copy_traders`);
  const [follows] = await queryRows<{ all: number; demo: boolean }>(db, sql`select count(*)::int as all, coalesce(bool_and(demo), true) as demo from copy_follows`);
  return { traders, follows };
}

const demoUsers = async (db: Database['db']) => db.select().from(users).where(eq(users.account, DEMO_USER.account));

// A first start seeds markets and the market maker too: slow on a busy machine.
describe('first start', { timeout: 180_000 }, () => {
  it('seeds the demo operator and the demo user in development, on which a production start is then refused', async () => {
    const { db } = await freshDatabase();
    await seedOnStart(db, { production: false, firstOperator: { username: 'ignored', password: 'Ignored-in-dev-1' }, log: quietLog(), now: Date.now() });
    const [admin] = await db.select().from(operators);
    expect(await operatorNames(db)).toEqual([DEMO_OPERATOR.username]);
    expect(admin).toMatchObject({ role: 'admin', mustChangePassword: false, disabledAt: null });
    const [demo] = await demoUsers(db);
    // The demo user can withdraw and add cards at once: its pay password is the README's.
    expect(demo && (await verifyPassword(DEMO_USER.payPassword, demo.payPasswordHash!))).toBe(true);
    // Demo wealth products, each marked demo, so the finance screens are alive.
    expect(await wealthRows(db)).toEqual({ mining: { all: expect.any(Number), demo: true }, ieo: { all: expect.any(Number), demo: true }, dual: { all: expect.any(Number), demo: true } });
    // Demo copy traders (approved) and followers, each marked demo.
    expect(await copyRows(db)).toEqual({ traders: { all: 3, demo: true }, follows: { all: 4, demo: true } });
    // Demo spot traders (nicknames say demo), so the books trade on a development start.
    expect(await spotDemoTraderIds(db)).toHaveLength(SPOT_DEMO_TRADERS.length);
    for (const { all } of Object.values(await wealthRows(db))) expect(all).toBeGreaterThan(0);

    // A production start on this database is refused before it writes anything, naming what it found.
    const production = () => seedOnStart(db, { production: true, firstOperator: { username: 'chief', password: 'Harbour-lights-42' }, log: quietLog(), now: Date.now() });
    const refusal = await production().then(() => undefined, (error: unknown) => error);
    expect(refusal).toBeInstanceOf(DemoDataError);
    const message = (refusal as Error).message;
    expect(message).toContain('the demo operator "admin" with the README\'s published password');
    expect(message).toMatch(/\d+ demo users with published passwords \(demo@fairex\.local, /);
    expect(message).toMatch(/\d+ demo_seed ledger entries/);
    expect(message).toContain('mining_products');
    expect(message).toContain('needs a new, empty database: set DATABASE_URL (or DATA_DIR');
    expect(await operatorNames(db)).toEqual([DEMO_OPERATOR.username]);
    // A new password for the demo operator does not make the database fit: the demo users and their money remain.
    await db.update(operators).set({ passwordHash: await hashPassword('Another-harbour-43') });
    const again = await production().then(() => undefined, (error: unknown) => error);
    expect(again).toBeInstanceOf(DemoDataError);
    expect((again as Error).message).not.toContain('demo operator');
    expect((again as Error).message).toContain('demo@fairex.local');
  });

  it('seeds no demo operator and no demo user in production, says how to get an operator, and starts again with one named admin', async () => {
    const { db } = await freshDatabase();
    const log = quietLog();
    await seedOnStart(db, { production: true, firstOperator: {}, log, now: Date.now() });
    expect(await operatorNames(db)).toEqual([]);
    expect(await demoUsers(db)).toHaveLength(0);
    // The market maker is part of the product (it quotes the books), not demo data.
    expect(await db.select().from(users).where(eq(users.account, MARKET_MAKER_ACCOUNT))).toHaveLength(1);
    expect(log.lines.join('\n')).toContain('ADMIN_USER');
    expect(await wealthRows(db)).toEqual({ mining: { all: 0, demo: true }, ieo: { all: 0, demo: true }, dual: { all: 0, demo: true } });
    expect(await copyRows(db)).toEqual({ traders: { all: 0, demo: true }, follows: { all: 0, demo: true } });
    expect(await spotDemoTraderIds(db)).toHaveLength(0);
    // An operator of its own named admin is no demo operator: the next production start goes on.
    await createOperatorFromSetup(db, { username: 'admin', password: 'Harbour-lights-42' }, 'command');
    await seedOnStart(db, { production: true, firstOperator: {}, log: quietLog(), now: Date.now() });
    expect(await operatorNames(db)).toEqual(['admin']);
  });

  it('creates the first operator from ADMIN_USER and ADMIN_PASSWORD in production, once, who must change the password', async () => {
    const database = await freshDatabase();
    const { db } = database;
    await seedOnStart(db, { production: true, firstOperator: { username: 'Chief', password: 'Harbour-lights-42' }, log: quietLog(), now: Date.now() });
    const [chief] = await db.select().from(operators);
    expect(chief).toMatchObject({ username: 'chief', role: 'admin', mustChangePassword: true });
    expect(await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `operator:${chief!.id}`))).toEqual([
      expect.objectContaining({ action: 'operator_create', detail: expect.objectContaining({ source: 'environment' }) }),
    ]);
    await expect(createOperatorFromSetup(db, { username: 'CHIEF', password: 'Harbour-lights-42' }, 'command')).rejects.toThrow('already exists');
    // A later start with other values leaves the accounts alone.
    await seedOnStart(db, { production: true, firstOperator: { username: 'other', password: 'Another-harbour-43' }, log: quietLog(), now: Date.now() });
    expect(await operatorNames(db)).toEqual(['chief']);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-first-'));
    const { app } = await buildApp({ config: { ...loadConfig({}), dataDir, webDist: '/nonexistent', adminDist: '/nonexistent' }, database });
    disposers.unshift(async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const call = async (url: string, token?: string, payload?: object) =>
      (await app.inject({ method: payload ? 'POST' : 'GET', url: `/api/admin${url}`, headers: token ? operatorHeaders(token) : {}, payload: payload as Record<string, string> })).json();
    const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'chief', password: 'Harbour-lights-42' } });
    expect(login.json().message.operator.must_change_password).toBe(true);
    const token = sessionTokenFromSetCookie(login.headers['set-cookie']);
    expect((await call('/users', token)).code).toBe('password_change_required');
    expect((await call('/password', token, { current_password: 'Harbour-lights-42', password: 'Lighthouse-keeper-7' })).type).toBe('ok');
    expect((await call('/users', token)).type).toBe('ok');
  });

  it('refuses a weak ADMIN_PASSWORD, a name without a password and a bad name, creating nobody', async () => {
    const { db } = await freshDatabase();
    const cases = [
      [{ username: 'chief', password: 'admin123456' }, /too weak: it needs at least 12 characters/],
      [{ username: 'chief', password: 'abcdefghijklmnop' }, /too weak: it needs at least 2 kinds/],
      [{ username: 'chief', password: 'Chief-of-staff-1' }, /too weak: it must not contain the username/],
      [{ username: 'chief' }, /set both ADMIN_USER and ADMIN_PASSWORD/],
      [{ password: 'Harbour-lights-42' }, /set both ADMIN_USER and ADMIN_PASSWORD/],
      [{ username: 'no spaces please', password: 'Harbour-lights-42' }, /is not valid/],
    ] as const;
    for (const [firstOperator, message] of cases) {
      const run = seedOnStart(db, { production: true, firstOperator, log: quietLog(), now: Date.now() });
      await expect(run).rejects.toBeInstanceOf(OperatorSetupError);
      await expect(run).rejects.toThrow(message);
    }
    expect(await operatorNames(db)).toEqual([]);
  });

  it('words the refusal with what was found, listing at most five users', () => {
    expect(demoDataRefusal({ demoOperator: false, demoUsers: [], demoFundEntries: 0, demoRows: [] })).toBeUndefined();
    const users = ['a@fairex.local', 'b@fairex.local', 'c@fairex.local', 'd@fairex.local', 'e@fairex.local', 'f@fairex.local', 'g@fairex.local'];
    expect(demoDataRefusal({ demoOperator: false, demoUsers: users, demoFundEntries: 9, demoRows: [{ table: 'ieo_projects', rows: 2 }] })).toBe(
      'this database was seeded by a development start and holds 7 demo users with published passwords (a@fairex.local, b@fairex.local, c@fairex.local, d@fairex.local, e@fairex.local and 2 more); ' +
        '9 demo_seed ledger entries (balances no deposit ever backed); rows marked demo in ieo_projects (2). ' +
        'A production start needs a new, empty database: set DATABASE_URL (or DATA_DIR for the embedded database) to one and start again, ' +
        'with ADMIN_USER and ADMIN_PASSWORD for the first operator. The demo data cannot be removed in place: its money never came in.',
    );
  });

  // These run the real server and command on an embedded database whatever TEST_DATABASE_URL says: once is enough.
  it.skipIf(embeddedOnlyRunOnce)('stops the production server with a non-zero exit and a clear message when ADMIN_PASSWORD is weak; operator:create makes the operator', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-prod-'));
    try {
      // A demo's production start (the simulated feed allowed), so the start gets as far as the operator.
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SIMULATED_PRICES: 'allow', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
      delete env.DATABASE_URL;
      const server = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: { ...env, ADMIN_USER: 'chief', ADMIN_PASSWORD: 'secret' },
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(server.status).toBe(1);
      expect(server.stderr).toContain('cannot create the first operator: the password of operator "chief" is too weak');

      const command = (args: string[], password: string) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/operator-create.ts', ...args], {
          cwd: root,
          env: { ...env, ADMIN_PASSWORD: password },
          encoding: 'utf8',
          timeout: 90_000,
        });
      const weak = command(['--user', 'chief'], 'chief-password');
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain('too weak');
      expect(command([], 'Harbour-lights-42').status).toBe(2);
      const made = command(['--user', 'chief', '--role', 'admin'], 'Harbour-lights-42');
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      expect(made.stdout).toContain('operator "chief" (admin) created');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it.skipIf(embeddedOnlyRunOnce)('refuses operator:create while a server holds the embedded database, and keeps its operator through a production start, which then creates nobody', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-prod-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      // While a server holds the embedded database, the command refuses instead of opening it too.
      const lease = await holdTradingLease({ dataDir, onWait: () => {}, onLost: () => {} });
      const refused = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/operator-create.ts', '--user', 'nightshift'], {
        cwd: root,
        env: { ...env, ADMIN_PASSWORD: 'Quiet-harbour-88' },
        encoding: 'utf8',
        timeout: 90_000,
      });
      await lease.release();
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('stop the server, then run this again');
      const made = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/operator-create.ts', '--user', 'nightshift', '--role', 'support'], {
        cwd: root,
        env,
        input: 'Quiet-harbour-88\n',
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(made.status).toBe(0);
      const database = await openDatabase({ dataDir });
      try {
        await seedOnStart(database.db, { production: true, firstOperator: { username: 'chief', password: 'Harbour-lights-42' }, log: quietLog(), now: Date.now() });
        const rows = await database.db.select().from(operators);
        expect(rows).toEqual([expect.objectContaining({ username: 'nightshift', role: 'support', mustChangePassword: true })]);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
