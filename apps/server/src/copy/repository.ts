/** The only place copy trading's SQL is written: traders, follows, copies, skips, the mirror outbox, statistics and settings. */
import { money, type CopyFollowStatus, type CopySkipReason, type CopyTraderStatus, type CopyType, type MoneyValue, type TraderDay, type TraderFigures } from '@fairex/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import type { PositionRow } from '../contracts/repository.ts';
import { contractPositions } from '../contracts/tables.ts';
import { ledgerAccounts } from '../ledger/tables.ts';

/** Times leave the database as epoch milliseconds (raw queries would hand them over as text). */
const epoch = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

// ---------------------------------------------------------------- settings

export type CopySettingsRow = { traders_per_follower_max: number; ratio_max: string; lots_max: number; profit_share_rate: string; demo_trading: boolean; updated_at: number | null };

export async function copySettings(db: Executor): Promise<CopySettingsRow> {
  const [row] = await queryRows<CopySettingsRow>(
    db,
    sql`select traders_per_follower_max, ratio_max::text, lots_max, profit_share_rate::text, demo_trading, ${epoch(sql`updated_at`)} as updated_at from copy_settings where id = 1`,
  );
  return row!;
}

export async function updateCopySettings(tx: Tx, s: Omit<CopySettingsRow, 'updated_at'>, now: Date) {
  await tx.execute(sql`update copy_settings set traders_per_follower_max = ${s.traders_per_follower_max}, ratio_max = ${s.ratio_max},
    lots_max = ${s.lots_max}, profit_share_rate = ${s.profit_share_rate}, demo_trading = ${s.demo_trading}, updated_at = ${now.toISOString()} where id = 1`);
}

// ---------------------------------------------------------------- traders

export type TraderRow = {
  user_id: number;
  status: CopyTraderStatus;
  agreement: string;
  reason: string | null;
  demo: boolean;
  applied_at: number;
  decided_at: number | null;
  decided_by: number | null;
};

export async function traderRow(db: Executor, userId: number, lock = false): Promise<TraderRow | undefined> {
  const [row] = await queryRows<TraderRow>(db, sql`select user_id, status, agreement, reason, demo, ${epoch(sql`applied_at`)} as applied_at, ${epoch(sql`decided_at`)} as decided_at, decided_by
      from copy_traders where user_id = ${userId}${lock ? sql` for update` : sql``}`);
  return row;
}

/** A new application, or a refused one made again. */
export async function saveApplication(tx: Tx, userId: number, agreement: string, now: Date, demo = false) {
  await tx.execute(sql`insert into copy_traders (user_id, status, agreement, demo, applied_at) values (${userId}, 'pending', ${agreement}, ${demo}, ${now.toISOString()})
    on conflict (user_id) do update set status = 'pending', agreement = excluded.agreement, reason = null, applied_at = excluded.applied_at, decided_at = null, decided_by = null`);
}

export async function decideTrader(tx: Tx, userId: number, status: CopyTraderStatus, reason: string | null, operatorId: number | null, now: Date) {
  await tx.execute(sql`update copy_traders set status = ${status}, reason = ${reason}, decided_at = ${now.toISOString()}, decided_by = ${operatorId} where user_id = ${userId}`);
}

/** A trader as the app shows one: the user's name and picture, the hourly figures, the live counts. */
export type TraderCardRow = {
  user_id: number;
  account: string;
  nickname: string | null;
  head_portrait: string | null;
  demo: boolean;
  decided_at: number | null;
  applied_at: number;
  figures: TraderFigures | null;
  first_trade_at: number | null;
  computed_at: number | null;
  followers: number;
  current_positions: number;
};

/**
 * copy-rules followHoldsFunds in SQL, for a follow `f`: its follower has a contract balance above zero
 * or an open copy of the trader. Follows of empty accounts do not count (fairness 5, "Minor").
 */
const followHoldsFundsSql = sql`(exists (select 1 from ledger_accounts a where a.user_id = f.follower_id and a.kind = 'contract' and a.available + a.frozen + a.locked > 0)
    or exists (select 1 from contract_positions c where c.user_id = f.follower_id and c.copy_trader_id = f.trader_id and c.status = 'open'))`;

const cardColumns = sql`t.user_id, u.account, u.nickname, u.head_portrait, t.demo, ${epoch(sql`t.decided_at`)} as decided_at, ${epoch(sql`t.applied_at`)} as applied_at,
  s.figures, ${epoch(sql`s.first_trade_at`)} as first_trade_at, ${epoch(sql`s.computed_at`)} as computed_at,
  (select count(*)::int from copy_follows f where f.trader_id = t.user_id and f.status = 'following' and ${followHoldsFundsSql}) as followers,
  (select count(*)::int from contract_positions p where p.user_id = t.user_id and p.status = 'open' and p.copy_of is null) as current_positions`;
const cardFrom = sql`from copy_traders t join users u on u.id = t.user_id left join copy_trader_stats s on s.user_id = t.user_id`;

const SORTS: Record<string, SQL> = {
  return: sql`coalesce((s.figures->>'total_return')::numeric, 0) desc`,
  profit: sql`coalesce((s.figures->>'total_profit')::numeric, 0) desc`,
  accuracy: sql`coalesce((s.figures->>'accuracy')::numeric, 0) desc`,
  followers: sql`followers desc`,
};

export async function approvedTraderPage(db: Executor, sort: keyof typeof SORTS, page: number, limit: number) {
  const rows = await queryRows<TraderCardRow>(
    db,
    sql`select ${cardColumns} ${cardFrom} where t.status = 'approved' order by ${SORTS[sort]!}, t.user_id limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from copy_traders where status = 'approved'`);
  return { rows, total: count?.total ?? 0 };
}

export async function traderCardRow(db: Executor, userId: number): Promise<TraderCardRow | undefined> {
  const [row] = await queryRows<TraderCardRow>(db, sql`select ${cardColumns} ${cardFrom} where t.user_id = ${userId}`);
  return row;
}

export type TraderAdminRow = TraderCardRow & TraderRow & { operator: string | null };

const adminRows = (db: Executor, where: SQL, page: number, limit: number) =>
  queryRows<TraderAdminRow>(
    db,
    sql`select ${cardColumns}, t.status, t.agreement, t.reason, t.decided_by, o.username as operator ${cardFrom}
      left join operators o on o.id = t.decided_by where ${where} order by t.applied_at desc, t.user_id desc limit ${limit} offset ${(page - 1) * limit}`,
  );

/** Back office: applications and traders in a status (or all), newest application first, with who decided. */
export async function traderAdminPage(db: Executor, status: CopyTraderStatus | 'all', page: number, limit: number) {
  const where = status === 'all' ? sql`true` : sql`t.status = ${status}`;
  const rows = await adminRows(db, where, page, limit);
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from copy_traders t where ${where}`);
  return { rows, total: count?.total ?? 0 };
}

export async function traderAdminRow(db: Executor, userId: number): Promise<TraderAdminRow | undefined> {
  return (await adminRows(db, sql`t.user_id = ${userId}`, 1, 1))[0];
}

/** Demo traders (a development start's), seeded or not, and the approved ones. */
export async function demoTraderCount(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from copy_traders where demo`);
  return row?.n ?? 0;
}

export async function demoTraderIds(db: Executor) {
  return queryRows<{ user_id: number }>(db, sql`select user_id from copy_traders where demo and status = 'approved' order by user_id`);
}

/** A user's open own positions (copies excluded), with when each opened. */
export async function openOwnPositions(db: Executor, userId: number) {
  const rows = await queryRows<{ id: number; opened_at: number }>(
    db,
    sql`select id, ${epoch(sql`opened_at`)} as opened_at from contract_positions where user_id = ${userId} and status = 'open' and copy_of is null order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id), opened_at: r.opened_at }));
}

export async function approvedTraderIds(db: Executor): Promise<number[]> {
  return (await queryRows<{ user_id: number }>(db, sql`select user_id from copy_traders where status = 'approved' order by user_id`)).map((r) => r.user_id);
}

/** A trader's closed own positions (copies excluded), newest first, net of fees. */
export async function traderTradePage(db: Executor, userId: number, page: number, limit: number) {
  const where = sql`p.user_id = ${userId} and p.status = 'closed' and p.copy_of is null`;
  const rows = await queryRows<{
    id: number;
    symbol: string;
    side: 'long' | 'short';
    lots: number;
    multiple: number;
    open_price: string;
    close_price: string;
    margin: string;
    net: string;
    opened_at: number;
    closed_at: number;
  }>(
    db,
    sql`select p.id, m.symbol, p.side, p.lots, p.multiple, p.open_price::text, p.close_price::text, p.margin::text,
        (p.profit - p.fee - p.overnight_fee)::text as net, ${epoch(sql`p.opened_at`)} as opened_at, ${epoch(sql`p.closed_at`)} as closed_at
      from contract_positions p join market_symbols m on m.id = p.symbol_id where ${where} order by p.closed_at desc, p.id desc limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from contract_positions p where ${where}`);
  return { rows, total: count?.total ?? 0 };
}

// ---------------------------------------------------------------- statistics

/** A trader's closed own positions grouped by calendar day (in `timeZone`) and side: the input of traderFigures. */
export async function traderDays(db: Executor, userId: number, timeZone: string): Promise<{ days: TraderDay[]; firstTradeAt: number | null }> {
  const days = await queryRows<{ day: string; side: 'long' | 'short'; orders: number; wins: number; profit: string; margin: string }>(
    db,
    sql`select to_char(p.closed_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, p.side, count(*)::int as orders,
        count(*) filter (where p.profit - p.fee - p.overnight_fee > 0)::int as wins,
        sum(p.profit - p.fee - p.overnight_fee)::text as profit, sum(p.margin)::text as margin
      from contract_positions p where p.user_id = ${userId} and p.status = 'closed' and p.copy_of is null
      group by 1, 2 order by 1, 2`,
  );
  const [first] = await queryRows<{ first: number | null }>(
    db,
    sql`select ${epoch(sql`min(closed_at)`)} as first from contract_positions where user_id = ${userId} and status = 'closed' and copy_of is null`,
  );
  return { days, firstTradeAt: first?.first ?? null };
}

export async function saveTraderStats(tx: Executor, userId: number, figures: TraderFigures, firstTradeAt: number | null, now: Date) {
  await tx.execute(sql`insert into copy_trader_stats (user_id, figures, first_trade_at, computed_at)
    values (${userId}, ${JSON.stringify(figures)}::jsonb, ${firstTradeAt === null ? null : new Date(firstTradeAt).toISOString()}, ${now.toISOString()})
    on conflict (user_id) do update set figures = excluded.figures, first_trade_at = excluded.first_trade_at, computed_at = excluded.computed_at`);
}

// ---------------------------------------------------------------- follows

export type FollowRow = {
  id: number;
  follower_id: number;
  trader_id: number;
  type: CopyType;
  number: string;
  status: CopyFollowStatus;
  profit_share_rate: string;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
};

const followColumns = sql`f.id, f.follower_id, f.trader_id, f.type, f.number::text, f.status, f.profit_share_rate::text,
  ${epoch(sql`f.created_at`)} as created_at, ${epoch(sql`f.updated_at`)} as updated_at, ${epoch(sql`f.cancelled_at`)} as cancelled_at`;

/** The follower's active follow of the trader, locked when asked. */
export async function activeFollow(db: Executor, followerId: number, traderId: number, lock = false): Promise<FollowRow | undefined> {
  const [row] = await queryRows<FollowRow>(
    db,
    sql`select ${followColumns} from copy_follows f where f.follower_id = ${followerId} and f.trader_id = ${traderId} and f.status = 'following'${lock ? sql` for update` : sql``}`,
  );
  return row;
}

export async function activeFollowCount(db: Executor, followerId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from copy_follows where follower_id = ${followerId} and status = 'following'`);
  return row?.n ?? 0;
}

export async function insertFollow(tx: Tx, f: { followerId: number; traderId: number; type: CopyType; number: string; shareRate: string; demo?: boolean }, now: Date): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into copy_follows (follower_id, trader_id, type, number, status, profit_share_rate, demo, created_at, updated_at)
      values (${f.followerId}, ${f.traderId}, ${f.type}, ${f.number}, 'following', ${f.shareRate}, ${f.demo ?? false}, ${now.toISOString()}, ${now.toISOString()}) returning id`,
  );
  return Number(row!.id);
}

/** A new type or number for an active follow (the agreed profit share stays). */
export async function updateFollow(tx: Tx, id: number, type: CopyType, number: string, now: Date) {
  await tx.execute(sql`update copy_follows set type = ${type}, number = ${number}, updated_at = ${now.toISOString()} where id = ${id}`);
}

export async function cancelFollows(tx: Tx, where: { id: number } | { traderId: number }, now: Date) {
  const match = 'id' in where ? sql`id = ${where.id}` : sql`trader_id = ${where.traderId}`;
  await tx.execute(sql`update copy_follows set status = 'cancelled', cancelled_at = ${now.toISOString()}, updated_at = ${now.toISOString()} where ${match} and status = 'following'`);
}

/** The trader's active follows, with each follower's contract account in the coin (null when it has none). */
export function followsToMirror(tx: Tx, traderId: number, currencyId: number) {
  return queryRows<{ id: number; follower_id: number; type: CopyType; number: string; profit_share_rate: string; account_id: number | null }>(
    tx,
    sql`select f.id, f.follower_id, f.type, f.number::text, f.profit_share_rate::text, a.id as account_id
      from copy_follows f left join ledger_accounts a on a.user_id = f.follower_id and a.currency_id = ${currencyId} and a.kind = 'contract'
      where f.trader_id = ${traderId} and f.status = 'following' order by f.id`,
  );
}

/** A follow with what it has at work and what it earned, computed from its copies and skips. */
export type FollowFiguresRow = FollowRow & {
  trader_account: string;
  trader_nickname: string | null;
  follower_account: string;
  follow_amount: string;
  open_copies: number;
  self_held: number;
  closed_copies: number;
  earnings: string;
  profit_share_paid: string;
  skipped: number;
};

// A self-held position is the follower's own (it no longer closes with the trader): it is counted apart
// from the open copies and its margin is not part of the follow amount.
const followFigures = sql`${followColumns}, tu.account as trader_account, tu.nickname as trader_nickname, fu.account as follower_account,
  coalesce((select sum(p.margin) from contract_positions p where p.copy_follow_id = f.id and p.status = 'open' and p.self_held_at is null), 0)::text as follow_amount,
  (select count(*)::int from contract_positions p where p.copy_follow_id = f.id and p.status = 'open' and p.self_held_at is null) as open_copies,
  (select count(*)::int from contract_positions p where p.copy_follow_id = f.id and p.status = 'open' and p.self_held_at is not null) as self_held,
  (select count(*)::int from contract_positions p where p.copy_follow_id = f.id and p.status = 'closed') as closed_copies,
  coalesce((select sum(p.profit - p.fee - p.overnight_fee - coalesce(p.copy_share, 0)) from contract_positions p where p.copy_follow_id = f.id and p.status = 'closed'), 0)::text as earnings,
  coalesce((select sum(p.copy_share) from contract_positions p where p.copy_follow_id = f.id and p.status = 'closed'), 0)::text as profit_share_paid,
  (select count(*)::int from copy_skips k where k.follow_id = f.id) as skipped`;
const followFrom = sql`from copy_follows f join users tu on tu.id = f.trader_id join users fu on fu.id = f.follower_id`;

export async function followPage(db: Executor, where: { followerId?: number; traderId?: number; status: CopyFollowStatus | 'all' }, page: number, limit: number) {
  const parts = [
    where.followerId === undefined ? sql`true` : sql`f.follower_id = ${where.followerId}`,
    where.traderId === undefined ? sql`true` : sql`f.trader_id = ${where.traderId}`,
    where.status === 'all' ? sql`true` : sql`f.status = ${where.status}`,
  ];
  const condition = sql.join(parts, sql` and `);
  const rows = await queryRows<FollowFiguresRow>(db, sql`select ${followFigures} ${followFrom} where ${condition} order by f.id desc limit ${limit} offset ${(page - 1) * limit}`);
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from copy_follows f where ${condition}`);
  return { rows, total: count?.total ?? 0 };
}

export async function followFiguresOf(db: Executor, id: number): Promise<FollowFiguresRow | undefined> {
  const [row] = await queryRows<FollowFiguresRow>(db, sql`select ${followFigures} ${followFrom} where f.id = ${id}`);
  return row;
}

/** The follower's totals over every follow: active follows, margin at work, earnings, open copies and open self-held positions. */
export async function followerTotals(db: Executor, followerId: number) {
  const openCopy = sql`user_id = ${followerId} and copy_of is not null and status = 'open'`;
  const [row] = await queryRows<{ following: number; follow_amount: string; earnings: string; open_copies: number; self_held: number }>(
    db,
    sql`select (select count(*)::int from copy_follows where follower_id = ${followerId} and status = 'following') as following,
      coalesce((select sum(margin) from contract_positions where ${openCopy} and self_held_at is null), 0)::text as follow_amount,
      coalesce((select sum(profit - fee - overnight_fee - coalesce(copy_share, 0)) from contract_positions where user_id = ${followerId} and copy_of is not null and status = 'closed'), 0)::text as earnings,
      (select count(*)::int from contract_positions where ${openCopy} and self_held_at is null) as open_copies,
      (select count(*)::int from contract_positions where ${openCopy} and self_held_at is not null) as self_held`,
  );
  return row!;
}

/** What followers' copies paid a trader in profit share. */
export async function profitShareReceived(db: Executor, traderId: number): Promise<string> {
  // A self-held copy paid its share when taken over (copy_self_holds), closed or not.
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(copy_share), 0)::text as total from contract_positions where copy_trader_id = ${traderId} and (status = 'closed' or self_held_at is not null)`,
  );
  return row?.total ?? '0';
}

// ---------------------------------------------------------------- copies

/** The ids of the follower's copies (current: open; history: closed), newest first, one page. */
export async function copyIdPage(db: Executor, followerId: number, status: 'current' | 'history', page: number, limit: number) {
  const where = sql`user_id = ${followerId} and copy_of is not null and status = ${status === 'current' ? 'open' : 'closed'}`;
  const rows = await queryRows<{ id: number }>(db, sql`select id from contract_positions where ${where} order by id desc limit ${limit} offset ${(page - 1) * limit}`);
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from contract_positions where ${where}`);
  return { ids: rows.map((r) => Number(r.id)), total: count?.total ?? 0 };
}

/**
 * The open copies still following a trader's position (not taken over), locked in id order, each with its
 * owner's contract account id (null where missing), in one statement (found by the copies' index).
 */
export async function lockFollowingCopies(tx: Tx, traderPositionId: number): Promise<(PositionRow & { accountId: number | null })[]> {
  const rows = await tx
    .select({ position: contractPositions, accountId: ledgerAccounts.id })
    .from(contractPositions)
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, contractPositions.userId), eq(ledgerAccounts.currencyId, contractPositions.currencyId), eq(ledgerAccounts.kind, 'contract')),
    )
    .where(and(eq(contractPositions.copyOf, traderPositionId), eq(contractPositions.status, 'open'), isNull(contractPositions.selfHeldAt)))
    .orderBy(contractPositions.id)
    .for('update', { of: contractPositions });
  return rows.map((r) => ({ ...r.position, accountId: r.accountId }));
}

/** Ledger accounts' available figures by id (read as they are: the caller holds their locks). */
export async function accountAvailables(tx: Tx, accountIds: number[]): Promise<Map<number, MoneyValue>> {
  if (accountIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; available: string }>(tx, sql`select id, available::text from ledger_accounts where id = any(${bigintArray(accountIds)}::int[])`);
  return new Map(rows.map((r) => [r.id, money(r.available)]));
}

/** What every copy of one trader position shares: taken from the trader's position. */
export type CopyTemplate = {
  symbol_id: number;
  currency_id: number;
  side: string;
  multiple: number;
  contract_size: string;
  open_price: string;
  open_tick_id: number | null;
  created_at: string;
  copy_of: number;
  copy_trader_id: number;
};

/** New copies of one trader position in one statement (a column array each); their ids by follow id. */
export async function insertCopies(
  tx: Tx,
  t: CopyTemplate,
  rows: { user_id: number; lots: number; margin: string; fee: string; follow_id: number; share_rate: string }[],
): Promise<Map<number, number>> {
  const text = (values: string[]) => `{${values.join(',')}}`;
  const inserted = await queryRows<{ id: number; copy_follow_id: number }>(
    tx,
    sql`insert into contract_positions (user_id, symbol_id, currency_id, side, order_kind, status, lots, multiple, contract_size, open_price,
        margin, fee, open_tick_id, created_at, opened_at, copy_of, copy_trader_id, copy_follow_id, copy_share_rate)
      select v.user_id, ${t.symbol_id}, ${t.currency_id}, ${t.side}, 'market', 'open', v.lots, ${t.multiple}, ${t.contract_size}, ${t.open_price},
        v.margin, v.fee, ${t.open_tick_id}, ${t.created_at}, ${t.created_at}, ${t.copy_of}, ${t.copy_trader_id}, v.follow_id, v.share_rate
      from unnest(${bigintArray(rows.map((r) => r.user_id))}::int[], ${bigintArray(rows.map((r) => r.lots))}::int[],
        ${text(rows.map((r) => r.margin))}::numeric[], ${text(rows.map((r) => r.fee))}::numeric[],
        ${bigintArray(rows.map((r) => r.follow_id))}::bigint[], ${text(rows.map((r) => r.share_rate))}::numeric[])
        as v(user_id, lots, margin, fee, follow_id, share_rate)
      returning id, copy_follow_id`,
  );
  return new Map(inserted.map((r) => [Number(r.copy_follow_id), Number(r.id)]));
}

/** Records skips (one per trader position and follow); answers the ones written now. */
export async function insertSkips(tx: Tx, rows: { follow_id: number; follower_id: number; trader_id: number; trader_position_id: number; reason: CopySkipReason; created_at: string }[]) {
  if (rows.length === 0) return [];
  const written = await queryRows<{ id: number; follower_id: number; reason: CopySkipReason }>(
    tx,
    sql`insert into copy_skips (follow_id, follower_id, trader_id, trader_position_id, reason, created_at)
    select v.follow_id, v.follower_id, v.trader_id, v.trader_position_id, v.reason, v.created_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as v (follow_id bigint, follower_id int, trader_id int, trader_position_id bigint, reason text, created_at timestamptz)
    on conflict (trader_position_id, follow_id) do nothing returning id, follower_id, reason`,
  );
  return written.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The profit shares of copies, in one statement (two array parameters: each row found by its id). */
export async function setCopyShares(tx: Tx, rows: { id: number; share: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`update contract_positions p set copy_share = v.share
    from unnest(${bigintArray(rows.map((r) => r.id))}::bigint[], ${`{${rows.map((r) => r.share).join(',')}}`}::numeric[]) as v (id, share) where p.id = v.id`);
}

/** The share settled when a follower took a copy over, with the tick whose mark priced it. */
export async function insertSelfHold(tx: Tx, row: { positionId: number; followerId: number; traderId: number; tickId: string; markPrice: string; profit: string; share: string; at: Date }) {
  await tx.execute(sql`insert into copy_self_holds (position_id, follower_id, trader_id, tick_id, mark_price, profit, share, at)
    values (${row.positionId}, ${row.followerId}, ${row.traderId}, ${row.tickId}, ${row.markPrice}, ${row.profit}, ${row.share}, ${row.at.toISOString()})`);
}

export async function markSelfHeld(tx: Tx, id: number, now: Date) {
  await tx.execute(sql`update contract_positions set self_held_at = ${now.toISOString()} where id = ${id}`);
}

export type SkipRow = {
  id: number;
  follower_id: number;
  follower_account: string;
  trader_id: number;
  trader_account: string;
  trader_nickname: string | null;
  symbol: string;
  side: 'long' | 'short';
  trader_lots: number;
  reason: CopySkipReason;
  created_at: number;
};

export async function skipPage(db: Executor, followerId: number | undefined, page: number, limit: number) {
  const where = followerId === undefined ? sql`true` : sql`k.follower_id = ${followerId}`;
  const rows = await queryRows<SkipRow>(
    db,
    sql`select k.id, k.follower_id, fu.account as follower_account, k.trader_id, tu.account as trader_account, tu.nickname as trader_nickname,
        m.symbol, p.side, p.lots as trader_lots, k.reason, ${epoch(sql`k.created_at`)} as created_at
      from copy_skips k join contract_positions p on p.id = k.trader_position_id join market_symbols m on m.id = p.symbol_id
        join users fu on fu.id = k.follower_id join users tu on tu.id = k.trader_id
      where ${where} order by k.id desc limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from copy_skips k where ${where}`);
  return { rows, total: count?.total ?? 0 };
}

/** Trader names for copies: nickname and account by user id. */
export async function userNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { account: string; nickname: string | null }>();
  const rows = await queryRows<{ id: number; account: string; nickname: string | null }>(db, sql`select id, account, nickname from users where id = any(${bigintArray(ids)}::int[])`);
  return new Map(rows.map((r) => [r.id, { account: r.account, nickname: r.nickname }]));
}

// ---------------------------------------------------------------- the mirror outbox

/**
 * In the transaction that opened or closed these positions: an outbox row for each that belongs to an
 * approved trader and is the trader's own (not a copy), in one statement.
 */
export async function recordMirrors(tx: Tx, action: 'open' | 'close', rows: { id: number; userId: number }[], now: Date) {
  if (rows.length === 0) return;
  await tx.execute(sql`insert into copy_mirrors (trader_position_id, action, created_at)
    select v.id, ${action}, ${now.toISOString()} from unnest(${bigintArray(rows.map((r) => r.id))}::bigint[], ${bigintArray(rows.map((r) => r.userId))}::int[]) as v(id, user_id)
    where exists (select 1 from copy_traders t where t.user_id = v.user_id and t.status = 'approved')
    on conflict (trader_position_id, action) do nothing`);
}

export type MirrorRow = { id: number; trader_position_id: number; trader_id: number; action: 'open' | 'close' };

/** The oldest pending mirror that is due (not waiting to retry) and no other process holds, locked, with its trader. */
export async function claimMirror(tx: Tx, now: Date): Promise<MirrorRow | undefined> {
  const [row] = await queryRows<MirrorRow>(
    tx,
    sql`select m.id, m.trader_position_id, p.user_id as trader_id, m.action from copy_mirrors m join contract_positions p on p.id = m.trader_position_id
      where m.done_at is null and (m.retry_at is null or m.retry_at <= ${now.toISOString()}) order by m.id limit 1 for update of m skip locked`,
  );
  return row && { ...row, id: Number(row.id), trader_position_id: Number(row.trader_position_id), trader_id: Number(row.trader_id) };
}

/** A mirror that failed: tried again after `retryAt`, its error kept. */
export async function markMirrorFailed(db: Executor, id: number, retryAt: (attempts: number) => Date, error: string) {
  const [row] = await queryRows<{ attempts: number }>(db, sql`select attempts from copy_mirrors where id = ${id}`);
  const attempts = (row?.attempts ?? 0) + 1;
  await db.execute(sql`update copy_mirrors set attempts = ${attempts}, retry_at = ${retryAt(attempts).toISOString()}, error = ${error} where id = ${id}`);
}

export async function markMirrorDone(tx: Tx, id: number, copies: number, skipped: number, now: Date) {
  await tx.execute(sql`update copy_mirrors set done_at = ${now.toISOString()}, copies = ${copies}, skipped = ${skipped} where id = ${id}`);
}
