/** Coupons: the only place their SQL is written. */
import type { CouponStatus } from '@fairex/contract';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { users } from '../accounts/tables.ts';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { identityVerifications } from '../identity/tables.ts';
import { ledgerPostings } from '../ledger/tables.ts';
import { optionOrders } from '../options/tables.ts';
import { currencies } from '../site/tables.ts';
import { couponBatches, couponRefunds, coupons } from './tables.ts';

export type CouponBatch = typeof couponBatches.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type CouponRefund = typeof couponRefunds.$inferSelect;
/** Coins are looked up as the wealth products do. */
export { coinById, coinByName, listCoins, type Coin } from '../mining/repository.ts';

/** The id of the latest ledger posting (0 for none): where a fee discount's coverage starts or ends. */
export async function latestPostingId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: sql<string>`coalesce(max(${ledgerPostings.id}), 0)::text` }).from(ledgerPostings);
  return Number(row?.id ?? 0);
}

/** The coupon fund's balance per coin (what is left to stake trial options with). */
export function couponFundBalances(db: Executor) {
  return queryRows<{ currency: string; balance: string }>(
    db,
    sql`select c.name as currency, (a.available + a.frozen + a.locked)::text as balance
        from ledger_accounts a join ${currencies} c on c.id = a.currency_id
        where a.system = 'coupon_fund' order by c.sort, c.id`,
  );
}

// ---------------------------------------------------------------- batches

export async function insertBatch(tx: Tx, values: typeof couponBatches.$inferInsert): Promise<CouponBatch> {
  const [row] = await tx.insert(couponBatches).values(values).returning();
  return row!;
}

export async function batchById(db: Executor, id: number): Promise<CouponBatch | undefined> {
  const [row] = await db.select().from(couponBatches).where(eq(couponBatches.id, id)).limit(1);
  return row;
}

export async function setBatchEnabled(tx: Tx, id: number, enabled: boolean): Promise<CouponBatch | undefined> {
  const [row] = await tx.update(couponBatches).set({ enabled }).where(eq(couponBatches.id, id)).returning();
  return row;
}

/**
 * Takes one coupon of the batch if it is claimable now, in one conditional UPDATE (which also holds the
 * batch's row until the transaction ends, so the claims of one batch follow one another). Answers the
 * batch, or undefined when it was not claimable.
 */
export async function takeFromBatch(tx: Tx, id: number, now: number): Promise<CouponBatch | undefined> {
  const [row] = await tx
    .update(couponBatches)
    .set({ claimed: sql`${couponBatches.claimed} + 1` })
    .where(
      and(
        eq(couponBatches.id, id),
        eq(couponBatches.enabled, true),
        sql`${couponBatches.claimStartsAt} <= ${now} and ${couponBatches.claimEndsAt} > ${now} and ${couponBatches.claimed} < ${couponBatches.quantity}`,
      ),
    )
    .returning();
  return row;
}

export type BatchWithCoin = { batch: CouponBatch; currency: string };

/** Batches claimable now (switched on, inside their window, not all claimed), newest first, with their coin. */
export function offeredBatches(db: Executor, now: number, limit: number): Promise<BatchWithCoin[]> {
  return db
    .select({ batch: couponBatches, currency: currencies.name })
    .from(couponBatches)
    .innerJoin(currencies, eq(currencies.id, couponBatches.currencyId))
    .where(
      and(
        eq(couponBatches.enabled, true),
        sql`${couponBatches.claimStartsAt} <= ${now} and ${couponBatches.claimEndsAt} > ${now} and ${couponBatches.claimed} < ${couponBatches.quantity}`,
      ),
    )
    .orderBy(desc(couponBatches.id))
    .limit(limit);
}

/** How many coupons of each of these batches the user holds (every status). */
export async function claimsOf(db: Executor, userId: number, batchIds: number[]): Promise<Map<number, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .select({ batchId: coupons.batchId, n: count() })
    .from(coupons)
    .where(and(eq(coupons.userId, userId), inArray(coupons.batchId, batchIds)))
    .groupBy(coupons.batchId);
  return new Map(rows.map((r) => [r.batchId, r.n]));
}

export type BatchTotals = { used: number; expired: number; valueUsed: string };

/** A page of batches, newest first, with their coin and what their coupons did. */
export async function pageBatches(db: Executor, page: number, limit: number): Promise<{ rows: (BatchWithCoin & BatchTotals)[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ batch: couponBatches, currency: currencies.name })
      .from(couponBatches)
      .innerJoin(currencies, eq(currencies.id, couponBatches.currencyId))
      .orderBy(desc(couponBatches.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(couponBatches),
  ]);
  const totals = new Map<number, BatchTotals>();
  if (rows.length > 0) {
    const sums = await queryRows<{ batch_id: number; used: number; expired: number; value_used: string }>(
      db,
      sql`select batch_id, count(*) filter (where status = 'used')::int as used, count(*) filter (where status = 'expired')::int as expired,
            coalesce(sum(value - remaining) filter (where activated_at is not null or status = 'used'), 0)::text as value_used
          from ${coupons} where batch_id = any(${bigintArray(rows.map((r) => r.batch.id))}::int[]) group by batch_id`,
    );
    for (const s of sums) totals.set(s.batch_id, { used: s.used, expired: s.expired, valueUsed: s.value_used });
  }
  return { rows: rows.map((r) => ({ ...r, ...(totals.get(r.batch.id) ?? { used: 0, expired: 0, valueUsed: '0' }) })), total: total?.n ?? 0 };
}

/** Demo batches already seeded (the demo seed runs once). */
export async function demoBatchCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(couponBatches).where(eq(couponBatches.demo, true));
  return row?.n ?? 0;
}

/** What a batch's eligibility looks at: whether the user registered with an invite code, and has verified identity (level 1 or more). */
export async function standingOf(db: Executor, userId: number): Promise<{ invited: boolean; verified: boolean }> {
  const [row] = await queryRows<{ invited: boolean; verified: boolean }>(
    db,
    sql`select u.parent_id is not null as invited,
          exists (select 1 from ${identityVerifications} v where v.user_id = u.id and v.status = 'approved') as verified
        from ${users} u where u.id = ${userId}`,
  );
  return row ?? { invited: false, verified: false };
}

// ---------------------------------------------------------------- coupons

/**
 * A user's coupon of the batch, written only while the user holds fewer than `perUserLimit` of it (the
 * batch's row is held by takeFromBatch, so two claims of one user cannot both count the same). Answers
 * the coupon, or undefined at the limit.
 */
export async function insertCouponUnderLimit(tx: Tx, values: typeof coupons.$inferInsert, perUserLimit: number): Promise<Coupon | undefined> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${coupons} (batch_id, user_id, kind, currency_id, value, remaining, claimed_at, expires_at)
        select ${values.batchId}, ${values.userId}, ${values.kind}, ${values.currencyId}, ${values.value}::numeric, ${values.remaining}::numeric,
          ${values.claimedAt}, ${values.expiresAt}
        where (select count(*) from ${coupons} where batch_id = ${values.batchId} and user_id = ${values.userId}) < ${perUserLimit}
        returning id`,
  );
  const id = rows[0]?.id;
  return id === undefined ? undefined : couponById(tx, id);
}

export async function couponById(db: Executor, id: number): Promise<Coupon | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** One coupon, its row locked until the transaction ends (an option order staking it, the expiry job). */
export async function lockCoupon(tx: Tx, id: number): Promise<Coupon | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

/** Applies an available fee discount of the user's that has not expired; answers it, or undefined when it was not one. */
export async function activateFeeCoupon(tx: Tx, id: number, userId: number, now: number, fromPostingId: number): Promise<Coupon | undefined> {
  const [row] = await tx
    .update(coupons)
    .set({ status: 'active', activatedAt: now, fromPostingId })
    .where(
      and(
        eq(coupons.id, id),
        eq(coupons.userId, userId),
        eq(coupons.kind, 'fee_discount'),
        eq(coupons.status, 'available'),
        sql`${coupons.expiresAt} > ${now}`,
      ),
    )
    .returning();
  return row;
}

/** An experience coupon spent on its order (the caller holds its row). */
export async function markExperienceUsed(tx: Tx, id: number, now: number) {
  await tx.update(coupons).set({ status: 'used', remaining: '0', usedAt: now }).where(eq(coupons.id, id));
}

/**
 * Expires up to `limit` coupons past their validity, in one statement on rows nobody else holds: each
 * goes from available or active to expired once. An active fee discount keeps covering the fee postings
 * up to `untilPostingId` (the latest when it expired). Answers how many expired.
 */
export async function expireDue(tx: Tx, now: number, limit: number, untilPostingId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${coupons} c set status = 'expired', expired_at = ${now},
          until_posting_id = case when c.status = 'active' then ${untilPostingId}::bigint end
        where c.id in (
          select id from ${coupons} where status in ('available', 'active') and expires_at <= ${now}
          order by expires_at, id limit ${limit} for update skip locked)
        and c.status in ('available', 'active')
        returning c.id`,
  );
  return rows.length;
}

/**
 * The fee discounts of these users in a coin that still have value and were applied, soonest to expire
 * first, rows locked until the transaction ends (the fee-posting job refunds from them).
 */
export function refundingCoupons(tx: Tx, userIds: number[], currencyId: number): Promise<Coupon[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(coupons)
    .where(
      and(
        inArray(coupons.userId, userIds),
        eq(coupons.currencyId, currencyId),
        eq(coupons.kind, 'fee_discount'),
        sql`${coupons.remaining} > 0 and ${coupons.fromPostingId} is not null`,
      ),
    )
    .orderBy(asc(coupons.expiresAt), asc(coupons.id))
    .for('update');
}

/** New remaining values after refunds; an active coupon left with nothing is used. */
export async function setRemaining(tx: Tx, updates: { id: number; remaining: string }[], now: number) {
  if (updates.length === 0) return;
  const json = JSON.stringify(updates);
  await tx.execute(
    sql`update ${coupons} c set remaining = v.remaining,
          status = case when v.remaining = 0 and c.status = 'active' then 'used' else c.status end,
          used_at = case when v.remaining = 0 and c.status = 'active' then ${now}::bigint else c.used_at end
        from json_to_recordset(${json}::json) as v (id int, remaining numeric)
        where c.id = v.id`,
  );
}

/** Refund rows; a (posting, coupon) already refunded is skipped. Answers the rows written. */
export async function insertRefunds(tx: Tx, rows: (typeof couponRefunds.$inferInsert)[]): Promise<CouponRefund[]> {
  if (rows.length === 0) return [];
  return tx.insert(couponRefunds).values(rows).onConflictDoNothing().returning();
}

export type CouponFilter = { couponId?: number; userId?: number; batchId?: number; statuses?: CouponStatus[] };

const couponWhere = (filter: CouponFilter): SQL | undefined =>
  and(
    filter.couponId === undefined ? undefined : eq(coupons.id, filter.couponId),
    filter.userId === undefined ? undefined : eq(coupons.userId, filter.userId),
    filter.batchId === undefined ? undefined : eq(coupons.batchId, filter.batchId),
    filter.statuses === undefined ? undefined : inArray(coupons.status, filter.statuses),
  );

export type CouponWithNames = { coupon: Coupon; name: Record<string, string>; currency: string; demo: boolean };

/** A page of coupons with their batch's name and coin; `soonestFirst` orders by expiry (the available tab), else newest first. */
export async function pageCoupons(db: Executor, filter: CouponFilter, page: number, limit: number, soonestFirst = false): Promise<{ rows: CouponWithNames[]; total: number }> {
  const where = couponWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ coupon: coupons, name: couponBatches.name, currency: currencies.name, demo: couponBatches.demo })
      .from(coupons)
      .innerJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
      .innerJoin(currencies, eq(currencies.id, coupons.currencyId))
      .where(where)
      .orderBy(...(soonestFirst ? [asc(coupons.expiresAt), asc(coupons.id)] : [desc(coupons.id)]))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type CouponUse = { refunds: number; refunded: string; orderId: number | null; outcome: 'win' | 'lose' | 'draw' | null; payout: string | null; stake: string | null };

/** What each of these coupons did: fee refunds paid, and the trial option it staked. */
export async function usesOf(db: Executor, couponIds: number[]): Promise<Map<number, CouponUse>> {
  if (couponIds.length === 0) return new Map();
  const ids = bigintArray(couponIds);
  const [refunds, orders] = await Promise.all([
    queryRows<{ coupon_id: number; n: number; total: string }>(
      db,
      sql`select coupon_id, count(*)::int as n, sum(amount)::text as total from ${couponRefunds}
          where coupon_id = any(${ids}::int[]) group by coupon_id`,
    ),
    db
      .select({ couponId: optionOrders.couponId, id: optionOrders.id, outcome: optionOrders.outcome, payout: optionOrders.payout, stake: optionOrders.stake })
      .from(optionOrders)
      .where(inArray(optionOrders.couponId, couponIds)),
  ]);
  const uses = new Map<number, CouponUse>(couponIds.map((id) => [id, { refunds: 0, refunded: '0', orderId: null, outcome: null, payout: null, stake: null }]));
  for (const r of refunds) Object.assign(uses.get(r.coupon_id)!, { refunds: r.n, refunded: r.total });
  for (const o of orders) Object.assign(uses.get(o.couponId!)!, { orderId: o.id, outcome: o.outcome, payout: o.payout, stake: o.stake });
  return uses;
}
