// Proves retention on a real database: idempotency keys older than 7 days go, newer stay; index ticks
// older than 90 days go unless an option order or a contract position names them, or an open option
// order may still need them; every tick of the last 90 days stays (the public chain between them); a
// run removes at most its row budget; the app schedules the job.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { INDEX_TICKS_KEEP_MS, POL_PROOFS_KEEP_MS, prune, RETENTION_JOB } from '../../src/retention/retention.ts';
import { makeTestApp, makeUser, type TestApp } from '../support/app.ts';

let test: TestApp;
let symbolId: number;
let usdt: number;
const DAY = 24 * 60 * 60_000;
/** Far in the future, so the app's own ticks and keys (recorded now) are all "recent" here. */
const NOW = Date.parse('2030-01-01T00:00:00Z');

beforeAll(async () => {
  test = await makeTestApp();
  const symbol = test.ctx.markets.symbolByName('BTC/USDT')!;
  symbolId = symbol.id;
  usdt = symbol.quoteCurrencyId;
});
afterAll(() => test.close());

async function tick(time: number) {
  const [row] = await queryRows<{ id: string }>(test.db, sql`insert into index_ticks (symbol_id, price, time) values (${symbolId}, 100, ${time}) returning id::text`);
  return row!.id;
}
const exists = async (id: string) => (await queryRows(test.db, sql`select 1 from index_ticks where id = ${id}::bigint`)).length === 1;

async function optionOrder(userId: number, openTick: string, openTime: number, closeTick: string | null) {
  const settled = closeTick !== null;
  await test.db.execute(sql`insert into option_orders
    (user_id, symbol_id, currency_id, direction, seconds, stake, fee, payout_ratio, open_tick_id, open_price, open_time, accepted_at, expires_at,
     status, outcome, payout, close_tick_id, close_price, close_time, settled_at)
    values (${userId}, ${symbolId}, ${usdt}, 'up', 30, 10, 0, 0.8, ${openTick}::bigint, 100, ${openTime}, ${openTime - 100}, ${openTime + 30_000},
     ${settled ? 'settled' : 'open'}, ${settled ? 'draw' : null}, ${settled ? 10 : null}, ${closeTick}::bigint, ${settled ? 100 : null},
     ${settled ? openTime + 30_000 : null}, ${settled ? new Date(NOW).toISOString() : null}::timestamptz)`);
}

describe('retention', () => {
  it('removes idempotency keys older than 7 days and keeps the newer ones', async () => {
    const user = await makeUser(test);
    const at = (days: number) => new Date(NOW - days * DAY).toISOString();
    await test.db.execute(sql`insert into idempotency_keys (user_id, call, key, fingerprint, answer, created_at) values
      (${user.id}, 'transfer', 'old', 'f', null, ${at(8)}::timestamptz),
      (${user.id}, 'transfer', 'recent', 'f', '{"value":1}', ${at(6)}::timestamptz)`);
    const removed = await prune(test.db, NOW);
    expect(removed.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ key: string }>(test.db, sql`select key from idempotency_keys where user_id = ${user.id} order by key`);
    expect(left.map((r) => r.key)).toEqual(['recent']);
  });

  it('removes old ticks nobody names, keeps the ones orders and positions name, the recent ones, and those an open order may need', async () => {
    const user = await makeUser(test);
    const old = NOW - INDEX_TICKS_KEEP_MS - DAY;
    const plain = await tick(old);
    const optionOpen = await tick(old + 1);
    const optionClose = await tick(old + 2);
    const positionClose = await tick(old + 3);
    const recent = await tick(NOW - DAY);
    await optionOrder(user.id, optionOpen, old + 1, optionClose);
    await test.db.execute(sql`insert into contract_positions
      (user_id, symbol_id, currency_id, side, order_kind, status, lots, multiple, contract_size, open_price, margin, fee, close_tick_id, close_price, opened_at, closed_at, profit, close_reason)
      values (${user.id}, ${symbolId}, ${usdt}, 'long', 'market', 'closed', 1, 1, 0.01, 100, 1, 0, ${positionClose}::bigint, 100, now(), now(), 0, 'user')`);
    await prune(test.db, NOW);
    expect([await exists(plain), await exists(optionOpen), await exists(optionClose), await exists(positionClose), await exists(recent)]).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);

    // An open order opened 9 days ago (a long outage): every tick since its open stays until it settles.
    const before = await tick(old - 2 * DAY);
    const openTick = await tick(old - DAY);
    const between = await tick(old - DAY + 5);
    await optionOrder(user.id, openTick, old - DAY, null);
    await prune(test.db, NOW);
    expect([await exists(before), await exists(openTick), await exists(between)]).toEqual([false, true, true]);
    await test.db.execute(sql`delete from option_orders where user_id = ${user.id} and status = 'open'`);
    await prune(test.db, NOW);
    expect(await exists(between)).toBe(false);
  });

  it('keeps every tick of the last 90 days, nobody naming them (an 8-day-old and an 89-day-old tick stay, a 91-day-old one goes)', async () => {
    const eightDays = await tick(NOW - 8 * DAY);
    const eightyNine = await tick(NOW - 89 * DAY);
    const ninetyOne = await tick(NOW - 91 * DAY);
    await prune(test.db, NOW);
    expect([await exists(eightDays), await exists(eightyNine), await exists(ninetyOne)]).toEqual([true, true, false]);
  });

  it('removes at most its row budget per run', async () => {
    const old = NOW - INDEX_TICKS_KEEP_MS - 3 * DAY;
    const ids = [await tick(old), await tick(old + 1), await tick(old + 2)];
    expect((await prune(test.db, NOW, 2)).indexTicks).toBe(2);
    expect((await prune(test.db, NOW, 2)).indexTicks).toBe(1);
    for (const id of ids) expect(await exists(id)).toBe(false);
  });

  it('runs as a recurring job of the app scheduler', () => {
    expect(test.ctx.jobs.names()).toContain(RETENTION_JOB);
  });

  it('removes proof-of-liabilities leaves and nodes after 90 days and keeps every snapshot\'s root', async () => {
    const snapshot = async (takenAt: number) => {
      const [row] = await queryRows<{ id: number }>(
        test.db,
        sql`insert into pol_snapshots (taken_at, day, reason, coins, root_hash, totals, ledger_totals, leaf_count)
            values (${new Date(takenAt).toISOString()}::timestamptz, '2026-01-01', 'operator', '["USDT"]', ${'a'.repeat(64)}, '["1"]', '["1"]', 1) returning id`,
      );
      await test.db.execute(sql`insert into pol_leaves (snapshot_id, position, user_id, salt, sums, detail) values (${row!.id}, 0, 1, 's', '1', '["USDT:spot:available=0.000000000000000001"]')`);
      await test.db.execute(sql`insert into pol_nodes (snapshot_id, level, position, hash, sums) values (${row!.id}, 1, 0, ${'b'.repeat(64)}, '1')`);
      return row!.id;
    };
    const old = await snapshot(NOW - POL_PROOFS_KEEP_MS - DAY);
    const recent = await snapshot(NOW - DAY);
    expect((await prune(test.db, NOW)).proofRows).toBe(2);
    const leaves = await queryRows<{ snapshot_id: number }>(test.db, sql`select snapshot_id from pol_leaves where snapshot_id in (${old}, ${recent})`);
    expect(leaves.map((r) => r.snapshot_id)).toEqual([recent]);
    const roots = await queryRows<{ id: number }>(test.db, sql`select id from pol_snapshots where id in (${old}, ${recent}) order by id`);
    expect(roots.map((r) => r.id)).toEqual([old, recent]);
  });
});
