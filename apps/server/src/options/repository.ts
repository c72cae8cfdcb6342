/** Seconds options: the only place their SQL is written. */
import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { ledgerAccounts, ledgerEntries } from '../ledger/tables.ts';
import { marketSymbols } from '../markets/tables.ts';
import { currencies } from '../site/tables.ts';
import { optionDurations, optionExposure, optionExposureLimits, optionOrders } from './tables.ts';

export type OptionDuration = typeof optionDurations.$inferSelect;
export type OptionOrder = typeof optionOrders.$inferSelect;
export type OptionDirection = OptionOrder['direction'];

export function listDurations(db: Executor, options: { enabledOnly: boolean }) {
  return db
    .select()
    .from(optionDurations)
    .where(options.enabledOnly ? eq(optionDurations.enabled, true) : undefined)
    .orderBy(asc(optionDurations.seconds));
}

export async function findDuration(db: Executor, seconds: number): Promise<OptionDuration | undefined> {
  const [row] = await db.select().from(optionDurations).where(eq(optionDurations.seconds, seconds)).limit(1);
  return row;
}

export async function upsertDuration(db: Executor, row: OptionDuration) {
  const { seconds, ...figures } = row;
  await db.insert(optionDurations).values(row).onConflictDoUpdate({ target: optionDurations.seconds, set: figures });
}

/**
 * The symbol's exposure limits, the row created at `defaults` when missing and locked to the end of the
 * transaction: orders of one symbol pass its limits one at a time (options/exposure.ts).
 */
export async function lockExposureLimits(tx: Tx, symbolId: number, defaults: { stakeMax: string; userStakeMax: string }) {
  await tx.insert(optionExposureLimits).values({ symbolId, ...defaults }).onConflictDoNothing();
  const [row] = await tx.select().from(optionExposureLimits).where(eq(optionExposureLimits.symbolId, symbolId)).for('update');
  return row!;
}

/**
 * The open stake on a symbol, both directions together, and one user's (orders opening or open),
 * read after the limits row is locked (a fresh statement sees every order committed before the lock).
 */
export async function openStakes(tx: Tx, symbolId: number, userId: number): Promise<{ total: string; user: string }> {
  const [row] = await queryRows<{ total: string; user: string }>(
    tx,
    sql`select (select coalesce(sum(open_stake), 0) from ${optionExposure} where symbol_id = ${symbolId})::text as total,
               (select coalesce(sum(stake), 0) from ${optionOrders}
                 where user_id = ${userId} and symbol_id = ${symbolId} and status in ('opening', 'open'))::text as user`,
  );
  return row!;
}

/** Adds an accepted order's stake to the open stake of its symbol and direction (its limits checked first). */
export async function addOpenStake(tx: Tx, symbolId: number, direction: OptionDirection, stake: string) {
  await tx
    .insert(optionExposure)
    .values({ symbolId, direction, openStake: stake })
    .onConflictDoUpdate({ target: [optionExposure.symbolId, optionExposure.direction], set: { openStake: sql`${optionExposure.openStake} + ${stake}::numeric` } });
}

export async function findExposureLimits(db: Executor, symbolId: number) {
  const [row] = await db.select().from(optionExposureLimits).where(eq(optionExposureLimits.symbolId, symbolId));
  return row;
}

export async function setExposureLimits(db: Executor, symbolId: number, limits: { stakeMax: string; userStakeMax: string }) {
  await db.insert(optionExposureLimits).values({ symbolId, ...limits }).onConflictDoUpdate({ target: optionExposureLimits.symbolId, set: limits });
}

/** Every enabled symbol with its limits (the defaults where none is set) and its open stake up, down and in all. */
export function exposureRows(db: Executor, defaults: { stakeMax: string; userStakeMax: string }) {
  return queryRows<{ symbol_id: number; symbol: string; stake_max: string; user_stake_max: string; open_up: string; open_down: string; open_stake: string; open_orders: number }>(
    db,
    sql`
    select s.id as symbol_id, s.symbol,
      coalesce(l.stake_max, ${defaults.stakeMax}::numeric)::text as stake_max,
      coalesce(l.user_stake_max, ${defaults.userStakeMax}::numeric)::text as user_stake_max,
      coalesce((select open_stake from ${optionExposure} e where e.symbol_id = s.id and e.direction = 'up'), 0)::text as open_up,
      coalesce((select open_stake from ${optionExposure} e where e.symbol_id = s.id and e.direction = 'down'), 0)::text as open_down,
      coalesce((select sum(open_stake) from ${optionExposure} e where e.symbol_id = s.id), 0)::text as open_stake,
      (select count(*)::int from ${optionOrders} o where o.symbol_id = s.id and o.status in ('opening', 'open')) as open_orders
    from ${marketSymbols} s
    left join ${optionExposureLimits} l on l.symbol_id = s.id
    where s.enabled
    order by s.sort, s.id`,
  );
}

/**
 * The most the pool owes on open orders of a coin if every one of them wins: stake + stake x ratio
 * each (an upper bound: the profit is rounded down when paid).
 */
export async function openLiability(tx: Tx, currencyId: number): Promise<string> {
  const [row] = await queryRows<{ owed: string }>(
    tx,
    sql`select coalesce(sum(stake + stake * payout_ratio), 0)::text as owed from ${optionOrders}
        where currency_id = ${currencyId} and status in ('opening', 'open')`,
  );
  return row?.owed ?? '0';
}

/** A system account's available figure, its row locked until the transaction ends. */
export async function lockedAvailable(tx: Tx, accountId: number): Promise<string> {
  const [row] = await tx
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
    .for('update');
  if (!row) throw new Error(`ledger account ${accountId} not found`);
  return row.available;
}

/** The option pool's account of a coin with its available figure, its row locked until the transaction ends; undefined while it does not exist. */
export async function lockedPool(tx: Tx, currencyId: number): Promise<{ id: number; available: string } | undefined> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.system, 'option_pool'), eq(ledgerAccounts.currencyId, currencyId), isNull(ledgerAccounts.userId)))
    .for('update');
  return row;
}

export async function entryExists(db: Executor, kind: string, refType: string, refId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.refType, refType), eq(ledgerEntries.refId, refId)))
    .limit(1);
  return row !== undefined;
}

export async function insertOrder(tx: Tx, values: typeof optionOrders.$inferInsert): Promise<OptionOrder> {
  const [row] = await tx.insert(optionOrders).values(values).returning();
  return row!;
}

/**
 * Open orders of a symbol expired by `through`, oldest first, at most `limit`. Not locked here: settling
 * them (markSettled) locks each row and takes only those still open.
 */
export function dueOrders(tx: Tx, symbolId: number, through: number, limit: number): Promise<OptionOrder[]> {
  return tx
    .select()
    .from(optionOrders)
    .where(and(eq(optionOrders.symbolId, symbolId), eq(optionOrders.status, 'open'), lte(optionOrders.expiresAt, through)))
    .orderBy(asc(optionOrders.id))
    .limit(limit);
}

/** Whether open orders of a symbol expired by `through` are left (a settlement waiting for its close tick). */
export async function openDueExists(tx: Tx, symbolId: number, through: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: optionOrders.id })
    .from(optionOrders)
    .where(and(eq(optionOrders.symbolId, symbolId), eq(optionOrders.status, 'open'), lte(optionOrders.expiresAt, through)))
    .limit(1);
  return row !== undefined;
}

/** The symbols with open orders expired by `before` (the sweep for settlements whose job is gone). */
export async function symbolsWithOverdue(db: Executor, before: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ symbolId: optionOrders.symbolId })
    .from(optionOrders)
    .where(and(eq(optionOrders.status, 'open'), lte(optionOrders.expiresAt, before)));
  return rows.map((r) => r.symbolId);
}

/** The options accounts of these users in the coin, by user id (each exists: the stake came from it). */
export async function optionsAccountsOf(tx: Tx, currencyId: number, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'options'), eq(ledgerAccounts.currencyId, currencyId), inArray(ledgerAccounts.userId, userIds)));
  return new Map(rows.map((r) => [r.userId!, r.id]));
}

export type SettledResult = { id: number; outcome: 'win' | 'lose' | 'draw'; payout: string; closeTickId: bigint; closePrice: string; closeTime: number };

/**
 * The CTE that takes the stakes of the orders a statement ended (`ended`: symbol_id, direction, stake) off
 * their symbol's open exposure, in that statement: after the order rows, the order acceptance locks them in.
 */
const freeExposure = sql`freed as (
  update ${optionExposure} e set open_stake = e.open_stake - s.stake
  from (select symbol_id, direction, sum(stake) as stake from ended group by symbol_id, direction) s
  where e.symbol_id = s.symbol_id and e.direction = s.direction)`;

/**
 * Writes the outcomes of orders in one statement, to those still open (each row locked by the update,
 * so a concurrent settlement waits and then skips it), and frees their stakes from the open exposure.
 * Answers the ids it settled.
 */
export async function markSettled(tx: Tx, results: SettledResult[], settledAt: Date): Promise<number[]> {
  if (results.length === 0) return [];
  // One array per column, joined by unnest: the planner sees how many rows come (a JSON set, of unknown
  // size, made it scan every open order with the id list as a filter).
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with ended as (
          update ${optionOrders} o set status = 'settled', outcome = v.outcome, payout = v.payout, close_tick_id = v.close_tick_id,
            close_price = v.close_price, close_time = v.close_time, settled_at = ${settledAt.toISOString()}::timestamptz
          from unnest(${bigintArray(results.map((r) => r.id))}::bigint[], ${textArray(results.map((r) => r.outcome))}::text[],
            ${textArray(results.map((r) => r.payout))}::numeric[], ${textArray(results.map((r) => r.closeTickId.toString()))}::bigint[],
            ${textArray(results.map((r) => r.closePrice))}::numeric[], ${bigintArray(results.map((r) => r.closeTime))}::bigint[])
            as v (id, outcome, payout, close_tick_id, close_price, close_time)
          where o.id = v.id and o.status = 'open'
          returning o.id, o.symbol_id, o.direction, o.stake),
        ${freeExposure}
        select id::text as id from ended`,
  );
  return rows.map((r) => Number(r.id));
}

/** Words and decimal figures (no comma, quote, brace or space in them) as one array parameter. */
const textArray = (values: readonly string[]) => {
  for (const v of values) if (!/^[\w.+-]+$/.test(v)) throw new Error(`not an array element: ${v}`);
  return `{${values.join(',')}}`;
};

export async function findOrder(db: Executor, id: number): Promise<OptionOrder | undefined> {
  const [row] = await db.select().from(optionOrders).where(eq(optionOrders.id, id)).limit(1);
  return row;
}

/** A page of orders, newest first, with their symbol and coin names. */
export async function pageOrders(db: Executor, where: SQL | undefined, page: number, limit: number) {
  const rows = await db
    .select({ order: optionOrders, symbol: marketSymbols.symbol, currency: currencies.name })
    .from(optionOrders)
    .innerJoin(marketSymbols, eq(marketSymbols.id, optionOrders.symbolId))
    .innerJoin(currencies, eq(currencies.id, optionOrders.currencyId))
    .where(where)
    .orderBy(desc(optionOrders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(optionOrders).where(where);
  return { rows, total: total?.n ?? 0 };
}

export const orderFilter = (filter: { userId?: number; symbolId?: number; status?: OptionOrder['status'] | OptionOrder['status'][] }) =>
  and(
    filter.userId === undefined ? undefined : eq(optionOrders.userId, filter.userId),
    filter.symbolId === undefined ? undefined : eq(optionOrders.symbolId, filter.symbolId),
    filter.status === undefined ? undefined : Array.isArray(filter.status) ? inArray(optionOrders.status, filter.status) : eq(optionOrders.status, filter.status),
  );

// ---------------------------------------------------------------- opening and voiding

export type OpeningOrder = OptionOrder & { firstAfter: { id: string; price: string; time: number } | undefined };

/**
 * Orders of a symbol still opening, oldest first, at most `limit`, each with the first tick of the
 * symbol recorded and priced after its acceptance (time and coalesce(priced_at, time) > accepted_at:
 * index-freshness.ts tickAfter), if any yet: its open tick by the rule.
 */
export async function openingOrders(tx: Tx, symbolId: number, limit: number): Promise<OpeningOrder[]> {
  const orders = await tx
    .select()
    .from(optionOrders)
    .where(and(eq(optionOrders.symbolId, symbolId), eq(optionOrders.status, 'opening')))
    .orderBy(asc(optionOrders.acceptedAt), asc(optionOrders.id))
    .limit(limit);
  if (orders.length === 0) return [];
  const ticks = await queryRows<{ at: string; id: string; price: string; time: string }>(
    tx,
    sql`select e.at::text as at, t.id::text as id, t.price::text as price, t.time::text as time
        from unnest(${bigintArray([...new Set(orders.map((o) => o.acceptedAt))])}::bigint[]) as e (at)
        cross join lateral (
          select id, price, time from index_ticks
          where symbol_id = ${symbolId} and time > e.at and coalesce(priced_at, time) > e.at order by time, id limit 1) t`,
  );
  const firsts = new Map(ticks.map((t) => [Number(t.at), { id: t.id, price: t.price, time: Number(t.time) }]));
  return orders.map((o) => ({ ...o, firstAfter: firsts.get(o.acceptedAt) }));
}

/** Opens these orders on their ticks, those still opening (row-locked by the update); answers the ids it opened. */
export async function markOpened(tx: Tx, opened: { id: number; tickId: string; price: string; time: number }[]): Promise<number[]> {
  if (opened.length === 0) return [];
  const json = JSON.stringify(opened.map((o) => ({ id: o.id, tick_id: o.tickId, price: o.price, time: o.time })));
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update ${optionOrders} o set status = 'open', open_tick_id = v.tick_id, open_price = v.price, open_time = v.time
        from json_to_recordset(${json}::json) as v (id bigint, tick_id bigint, price numeric, time bigint)
        where o.id = v.id and o.status = 'opening'
        returning o.id::text as id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Voids these orders (opening or open), their payout the full refund of stake and fee, and frees their
 * stakes from the open exposure; answers the ids it voided (a concurrent settlement waits for the row lock
 * and then finds them ended).
 */
export async function markVoid(tx: Tx, ids: number[], reason: 'no_opening_tick' | 'stale_close', settledAt: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with ended as (
          update ${optionOrders} set status = 'void', void_reason = ${reason}, payout = stake + fee, settled_at = ${settledAt.toISOString()}::timestamptz
          where id = any(${bigintArray(ids)}::bigint[]) and status in ('opening', 'open')
          returning id, symbol_id, direction, stake),
        ${freeExposure}
        select id::text as id from ended`,
  );
  return rows.map((r) => Number(r.id));
}

/** The symbols with orders still opening (the opening sweep after a restart or a silent feed). */
export async function symbolsOpening(db: Executor): Promise<number[]> {
  const rows = await db.selectDistinct({ symbolId: optionOrders.symbolId }).from(optionOrders).where(eq(optionOrders.status, 'opening'));
  return rows.map((r) => r.symbolId);
}

export async function currencyByName(db: Executor, name: string) {
  const [row] = await db.select().from(currencies).where(eq(currencies.name, name)).limit(1);
  return row;
}

export async function currencyById(db: Executor, id: number) {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id)).limit(1);
  return row;
}


/**
 * The audit's option_payouts_follow_ticks check: a settled order whose open or close price is not the
 * price of the tick it cites, whose outcome is not what those two prices say (up wins above, down below,
 * equal draws), or whose payout is not the rule's (lose 0, draw the stake, win stake + stake x ratio
 * rounded down to the coin's unit, so never above stake x (1 + ratio)).
 */
export function selectOptionsOffTheirTicks(db: Executor, limit: number) {
  return queryRows<{ id: string; outcome: string | null; payout: string | null; open_price: string | null; close_price: string | null }>(
    db,
    sql`
    select o.id::text as id, o.outcome, o.payout::text as payout, o.open_price::text as open_price, o.close_price::text as close_price
    from option_orders o
    join currencies c on c.id = o.currency_id
    left join index_ticks ot on ot.id = o.open_tick_id
    left join index_ticks ct on ct.id = o.close_tick_id
    where o.status = 'settled' and (
      ot.price is distinct from o.open_price or ct.price is distinct from o.close_price
      or o.outcome is distinct from (case when ct.price = ot.price then 'draw'
                                          when (ct.price > ot.price) = (o.direction = 'up') then 'win' else 'lose' end)
      or o.payout > o.stake * (1 + o.payout_ratio)
      or o.payout is distinct from (case o.outcome when 'lose' then 0 when 'draw' then o.stake
                                          else o.stake + trunc(o.stake * o.payout_ratio, c.decimals) end))
    order by o.id limit ${limit}`,
  );
}
