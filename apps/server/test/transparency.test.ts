// The transparency page's server side: the scheduled ledger audit keeps each run as a row (every check by
// name, failures counted, 30 days kept), and GET /api/transparency answers figures that match the rows
// they are read from (audit, snapshots, ticks, insurance fund, market maker, operator log), cached a few
// seconds and rate limited per address. Real app, real database; the route is mounted on its own Fastify.
import rateLimit from '@fastify/rate-limit';
import { LEDGER_AUDIT_CHECKS, money, TRANSPARENCY_INSURANCE_DAYS, TRANSPARENCY_LOG_HEADS_MAX, TRANSPARENCY_TICK_DAYS, type TransparencyAnswer } from '@fairex/contract';
import { desc, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorLogHeads } from '../src/admin/tables.ts';
import { queryRows } from '../src/db/client.ts';
import { post, systemAccount } from '../src/ledger/index.ts';
import { ledgerAccounts, ledgerAuditRuns } from '../src/ledger/tables.ts';
import { countJournal } from '../src/ledger/repository.ts';
import { polSnapshots } from '../src/liabilities/tables.ts';
import type { SimulatedPriceFeed } from '../src/markets/price-feed.ts';
import type { IndexTickStore } from '../src/markets/ticks.ts';
import { seedMarketMaker } from '../src/spot/market-maker.ts';
import { TRANSPARENCY_CACHE_MS, TRANSPARENCY_READS_PER_MINUTE, transparencyRoutes } from '../src/transparency/routes.ts';
import { sourcesOf } from '../src/transparency/service.ts';
import { makeTestApp, type TestApp } from './support/app.ts';
import { makeFundedUser } from './support/ledger.ts';
import { btcMarket } from './spot/support.ts';

const DAY_MS = 86_400_000;
let test: TestApp;
let web: FastifyInstance;
// Postings are stamped by the database's clock: the app's clock starts at the real time so their days agree.
let now = Date.now();

beforeAll(async () => {
  test = await makeTestApp({}, { clock: () => now });
  web = Fastify();
  await web.register(rateLimit, { global: false, hook: 'preHandler' });
  await web.register(async (api) => transparencyRoutes(api, test.ctx), { prefix: '/api' });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await test.close();
});

const runs = () => test.db.select().from(ledgerAuditRuns).orderBy(desc(ledgerAuditRuns.ranAt));

async function page(ip = '10.9.0.1') {
  const response = await web.inject({ method: 'GET', url: '/api/transparency', remoteAddress: ip });
  return { status: response.statusCode, body: response.json() as { type: string; message: TransparencyAnswer } };
}

describe('ledger audit runs', () => {
  it('records each scheduled run with every check by name, counts a failed check, and keeps 30 days', async () => {
    await test.db.insert(ledgerAuditRuns).values([
      { ranAt: new Date(now - 31 * DAY_MS), ok: true, entries: 1, postings: 2, checks: [] },
      { ranAt: new Date(now - 29 * DAY_MS), ok: true, entries: 1, postings: 2, checks: [] },
    ]);
    await test.ctx.jobs.runDue();
    const [latest, ...older] = await runs();
    expect(latest!.ranAt.getTime()).toBe(now);
    expect(latest!.ok).toBe(true);
    expect(latest!.checks.map((c) => c.name)).toEqual([...LEDGER_AUDIT_CHECKS]);
    expect(latest!.checks.every((c) => c.ok && c.offenders === 0)).toBe(true);
    const journal = await countJournal(test.db);
    expect(latest!.entries).toBeGreaterThan(0);
    expect(latest!.entries).toBeLessThanOrEqual(journal.entries);
    expect(latest!.postings).toBeLessThanOrEqual(journal.postings);
    // The 31-day-old run was dropped by the same job; the 29-day-old one stays.
    expect(older.map((r) => r.ranAt.getTime())).toEqual([now - 29 * DAY_MS]);

    // A figure changed outside the ledger: the next run fails that check by name, with its offender.
    const user = await makeFundedUser(test, btcMarket(test).quote, '100');
    const [account] = await test.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, user.id)).limit(1);
    await test.db.update(ledgerAccounts).set({ available: sql`${ledgerAccounts.available} + 1` }).where(eq(ledgerAccounts.id, account!.id));
    now += 16 * 60_000;
    await test.ctx.jobs.runDue();
    const [failed] = await runs();
    expect(failed!.ranAt.getTime()).toBe(now);
    expect(failed!.ok).toBe(false);
    expect(failed!.checks.find((c) => c.name === 'accounts_match_postings')).toEqual({ name: 'accounts_match_postings', ok: false, offenders: 1 });
    expect(failed!.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['accounts_match_postings']);
    // The told callback still feeds the metrics.
    expect(await test.ctx.metrics.registry.metrics()).toMatch(/^fairex_ledger_audit_ok 0$/m);

    await test.db.update(ledgerAccounts).set({ available: account!.available }).where(eq(ledgerAccounts.id, account!.id));
    now += 16 * 60_000;
    await test.ctx.jobs.runDue();
    expect((await runs())[0]!.ok).toBe(true);
  });
});

describe('GET /api/transparency', () => {
  it('answers each figure from the rows it is read from, the same answer for a few seconds', async () => {
    const m = btcMarket(test);
    (test.ctx.markets.feed as SimulatedPriceFeed).step();
    await (test.ctx.ticks as IndexTickStore).flush();
    const tick = test.ctx.ticks.latest('BTC/USDT')!;
    now = Math.max(now, tick.time) + 1_500;
    await test.ctx.liabilities.take('operator');
    const makerId = await seedMarketMaker(test.db);
    await test.ctx.spot.marketMaker!.quote(test.ctx.spot.writer(m.symbolId)!, tick.price);
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const headDays = Array.from({ length: TRANSPARENCY_LOG_HEADS_MAX + 2 }, (_, i) => new Date(today - i * DAY_MS).toISOString().slice(0, 10));
    await test.db.insert(operatorLogHeads).values(headDays.map((day, i) => ({ day, seq: 1000 - i, hash: `${String(i).padStart(2, '0')}${'ab'.repeat(31)}` })));

    const { status, body } = await page();
    expect(status).toBe(200);
    expect(body.type).toBe('ok');
    const answer = body.message;

    // The audit's latest run, as stored.
    const [run] = await runs();
    expect(answer.audit).toEqual({ ran_at: run!.ranAt.toISOString(), ok: run!.ok, entries: run!.entries, postings: run!.postings, checks: run!.checks });

    // Every snapshot of the window, newest first, totals as decimals of the stored base units.
    const snapshots = await test.db.select().from(polSnapshots).orderBy(desc(polSnapshots.id));
    expect(snapshots.length).toBeGreaterThan(0);
    expect(answer.liabilities.map((s) => s.root)).toEqual(snapshots.map((s) => s.rootHash));
    expect(answer.liabilities[0]!.leaf_count).toBe(snapshots[0]!.leafCount);

    // The feed: the simulation is BTC/USDT's one live source; its last recorded tick 1.5 s old.
    const btc = answer.feed.symbols.find((s) => s.symbol === 'BTC/USDT')!;
    expect(answer.feed.kind).toBe('simulation');
    expect(answer.feed.fresh_ms).toBe(test.ctx.limits.indexFreshMs);
    expect(btc.sources).toEqual([{ name: 'simulation', live: true }]);
    expect(btc.last_tick_at).toBe(new Date(tick.time).toISOString());
    expect(btc.age_ms).toBe(now - tick.time);
    expect(btc.fresh).toBe(btc.age_ms! <= answer.feed.fresh_ms);

    // Tick-chain heads: 7 days, newest first; today's BTC/USDT head is the last recorded tick.
    expect(answer.tick_heads.map((d) => d.day)).toEqual(Array.from({ length: TRANSPARENCY_TICK_DAYS }, (_, i) => new Date(today - i * DAY_MS).toISOString().slice(0, 10)));
    const [stored] = await queryRows<{ id: string; hash: string }>(test.db, sql`select id::text as id, hash from index_ticks where symbol_id = ${m.symbolId} order by time desc, id desc limit 1`);
    expect(answer.tick_heads[0]!.heads.find((h) => h.symbol === 'BTC/USDT')).toMatchObject({ tick_id: stored!.id, hash: stored!.hash });
    expect(answer.tick_heads[1]!.heads).toEqual([]);

    // The market maker: what the ledger says it holds, its open orders, and its funding from equity.
    const mm = answer.market_maker!;
    expect(mm.account).toBe('market-maker');
    const held = await queryRows<{ coin: string; available: string; frozen: string }>(
      test.db,
      sql`select c.name as coin, sum(a.available)::text as available, sum(a.frozen)::text as frozen from ledger_accounts a join currencies c on c.id = a.currency_id
          where a.user_id = ${makerId} group by c.name having sum(a.available) + sum(a.frozen) > 0`,
    );
    expect(mm.holdings.length).toBe(held.length);
    for (const h of held) {
      const shown = mm.holdings.find((x) => x.coin === h.coin)!;
      expect(money(shown.available).eq(h.available) && money(shown.frozen).eq(h.frozen)).toBe(true);
    }
    expect(mm.holdings.some((h) => money(h.frozen).gt(0))).toBe(true);
    const [open] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from spot_orders where user_id = ${makerId} and symbol_id = ${m.symbolId} and status = 'open'`);
    expect(open!.n).toBeGreaterThan(0);
    expect(mm.open_orders.find((o) => o.symbol === 'BTC/USDT')!.count).toBe(open!.n);
    const funded = await queryRows<{ coin: string; amount: string; entries: number }>(
      test.db,
      sql`select c.name as coin, sum(p.amount)::text as amount, count(*)::int as entries from ledger_entries e join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id = ${makerId} join currencies c on c.id = p.currency_id
          where e.kind = 'market_maker_funding' group by c.name`,
    );
    expect(funded.length).toBeGreaterThan(0);
    expect(mm.funding.map((f) => f.kind)).toEqual(funded.map(() => 'market_maker_funding'));
    for (const f of funded) {
      const shown = mm.funding.find((x) => x.coin === f.coin)!;
      expect(money(shown.amount).eq(f.amount)).toBe(true);
      expect(shown.entries).toBe(f.entries);
    }

    // The operator log: the last 30 daily heads, newest first.
    expect(answer.operator_log.map((h) => h.day)).toEqual(headDays.slice(0, TRANSPARENCY_LOG_HEADS_MAX));
    expect(answer.operator_log[0]).toEqual({ day: headDays[0], seq: 1000, hash: `00${'ab'.repeat(31)}` });

    // The insurance fund: 30 days per coin ending today, today's figure the account's balance.
    const usdt = answer.insurance_fund.find((s) => s.coin === 'USDT')!;
    expect(usdt.days).toHaveLength(TRANSPARENCY_INSURANCE_DAYS);
    expect(usdt.days.at(-1)!.day).toBe(new Date(today).toISOString().slice(0, 10));
    const fundBalance = async () => {
      const [row] = await queryRows<{ balance: string }>(test.db, sql`select (available + frozen + locked)::text as balance from ledger_accounts where system = 'insurance_fund' and currency_id = ${m.quote}`);
      return row?.balance ?? '0';
    };
    const before = await fundBalance();
    expect(money(usdt.days.at(-1)!.balance).eq(before)).toBe(true);
    // No posting was made before today here: every earlier day closed at 0.
    expect(usdt.days.slice(0, -1).every((d) => money(d.balance).isZero())).toBe(true);

    await test.db.transaction(async (tx) => {
      await post(tx, {
        kind: 'insurance_funding',
        refType: 'transparency_test',
        refId: 1,
        legs: [
          { accountId: await systemAccount(tx, 'equity', m.quote), amount: '-5' },
          { accountId: await systemAccount(tx, 'insurance_fund', m.quote), amount: '5' },
        ],
      });
    });
    // Within the cache time the same answer; after it, the new posting shows.
    expect((await page()).body.message).toEqual(answer);
    now += TRANSPARENCY_CACHE_MS;
    const later = (await page()).body.message.insurance_fund.find((s) => s.coin === 'USDT')!;
    expect(money(later.days.at(-1)!.balance).minus(before).toFixed()).toBe('5');
    expect(money(later.days.at(-1)!.balance).eq(await fundBalance())).toBe(true);
  });

  it('is rate limited per client address', async () => {
    for (let i = 0; i < TRANSPARENCY_READS_PER_MINUTE; i++) expect((await page('10.9.1.1')).status).toBe(200);
    expect((await page('10.9.1.1')).status).toBe(429);
    expect((await page('10.9.1.2')).status).toBe(200);
  });
});

describe('feed sources', () => {
  it('lists every public source with whether it is live, and the simulation or the cluster leader as the one source', () => {
    const quote = (source: string, status: 'live' | 'stale' | 'outlier') => ({ source, status, price: '1', time: 1 });
    expect(
      sourcesOf({ available: false, reason: 'too_few_sources', sources: ['binance', 'okx'], required: 3, quotes: [quote('binance', 'live'), quote('coinbase', 'stale'), quote('kraken', 'outlier'), quote('okx', 'live')] }),
    ).toEqual([
      { name: 'binance', live: true },
      { name: 'coinbase', live: false },
      { name: 'kraken', live: false },
      { name: 'okx', live: true },
    ]);
    expect(sourcesOf({ available: true, sources: ['cluster leader'] })).toEqual([{ name: 'cluster leader', live: true }]);
    expect(sourcesOf({ available: false, reason: 'not_priced', sources: [], required: 1 })).toEqual([]);
  });
});
