/** The only place contracts' SQL is written: settings, positions, overnight fees, account figures. */
import { money, type MoneyValue, type ScheduledSettingChange } from '@fairex/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { accountKey, usersPerCoin, type AccountRef } from './accounts.ts';
import { scheduledChanges } from './settings.ts';
import { units } from './units.ts';
import type { PositionUnits } from './exposures.ts';
import { contractOvernightFees, contractPositions, contractSettings, type SessionColumn } from './tables.ts';

export type PositionRow = typeof contractPositions.$inferSelect;
export type SettingsRow = typeof contractSettings.$inferSelect;

/** A futures or stock symbol with its settings and its margin coin's decimals. */
export type ContractSymbol = {
  id: number;
  symbol: string;
  kind: 'futures' | 'stock';
  currencyId: number;
  coinDecimals: number;
  priceDecimals: number;
  symbolEnabled: boolean;
  /** The row of contract_settings; read it through the service (settings.ts inForce), which applies scheduled changes once due. */
  settings: SettingsRow;
  /** Changes of the threshold, overnight rate or spread scheduled for later (settings.ts). */
  scheduled?: ScheduledSettingChange[];
};

type SymbolJoin = { id: number; symbol: string; kind: 'futures' | 'stock'; currency_id: number; coin_decimals: number; price_decimals: number; enabled: boolean };

export async function contractSymbols(db: Executor): Promise<ContractSymbol[]> {
  const symbols = await queryRows<SymbolJoin>(
    db,
    sql`select s.id, s.symbol, s.kind, s.quote_currency_id as currency_id, c.decimals as coin_decimals, s.price_decimals, s.enabled
      from market_symbols s join currencies c on c.id = s.quote_currency_id
      where s.kind in ('futures', 'stock') order by s.sort, s.id`,
  );
  const settings = await db.select().from(contractSettings);
  const scheduled = await scheduledChanges(db);
  return symbols.flatMap((s) => {
    const row = settings.find((r) => r.symbolId === s.id);
    return row
      ? [{ id: s.id, symbol: s.symbol, kind: s.kind, currencyId: s.currency_id, coinDecimals: s.coin_decimals, priceDecimals: s.price_decimals, symbolEnabled: s.enabled, settings: row, scheduled: scheduled.get(s.id) ?? [] }]
      : [];
  });
}

/** Futures and stock symbols that have no settings row yet (new installs, symbols an operator added). */
export function symbolsWithoutSettings(db: Executor) {
  return queryRows<{ id: number; symbol: string; kind: 'futures' | 'stock'; start_price: string }>(
    db,
    sql`select s.id, s.symbol, s.kind, s.start_price::text from market_symbols s
      where s.kind in ('futures', 'stock') and not exists (select 1 from contract_settings c where c.symbol_id = s.id)`,
  );
}

export async function insertSettings(db: Executor, row: typeof contractSettings.$inferInsert) {
  await db.insert(contractSettings).values(row).onConflictDoNothing();
}

export async function updateSettings(db: Executor, symbolId: number, patch: Partial<typeof contractSettings.$inferInsert> & { session?: SessionColumn | null }) {
  await db.update(contractSettings).set({ ...patch, updatedAt: new Date() }).where(eq(contractSettings.symbolId, symbolId));
}

export async function insertPosition(tx: Tx, row: typeof contractPositions.$inferInsert): Promise<PositionRow> {
  const [inserted] = await tx.insert(contractPositions).values(row).returning();
  return inserted!;
}

/** The position, locked, with the id of its owner's contract account (null where that account is missing). */
export const lockPosition = async (tx: Tx, id: number) => (await lockPositions(tx, [id])).get(id);

export async function updatePosition(tx: Tx, id: number, patch: Partial<typeof contractPositions.$inferInsert>) {
  await tx.update(contractPositions).set(patch).where(eq(contractPositions.id, id));
}

/** Positions by id, in the order given (missing ones left out). */
export async function positionsById(db: Executor, ids: number[]): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(contractPositions).where(inArray(contractPositions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every pending and open position (the trigger index is rebuilt from them at start). */
export const livePositions = (db: Executor) =>
  db.select().from(contractPositions).where(inArray(contractPositions.status, ['pending', 'open']));

/** The open positions of one account (what its risk needs of them). */
export const openPositionsOf = (db: Executor, userId: number, currencyId: number) => openPositionsOfAccounts(db, [{ userId, currencyId }]);

/** The user's positions in some statuses (optionally of one symbol), newest first, one page. */
export async function positionPage(db: Executor, userId: number, statuses: PositionRow['status'][], symbolId: number | undefined, page: number, limit: number) {
  const where = and(
    eq(contractPositions.userId, userId),
    inArray(contractPositions.status, statuses),
    symbolId === undefined ? undefined : eq(contractPositions.symbolId, symbolId),
  );
  const rows = await db
    .select()
    .from(contractPositions)
    .where(where)
    .orderBy(desc(contractPositions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(contractPositions).where(where);
  return { rows, total: Number(count?.total ?? 0) };
}

/** The user's contract account figures in a coin (zero when the account does not exist yet). */
export async function contractAccount(db: Executor, userId: number, currencyId: number) {
  const [row] = await queryRows<{ available: string; frozen: string; locked: string }>(
    db,
    sql`select available::text, frozen::text, locked::text from ledger_accounts
      where user_id = ${userId} and currency_id = ${currencyId} and kind = 'contract'`,
  );
  return row ?? { available: '0', frozen: '0', locked: '0' };
}

/** What an account's risk needs of a position (a narrow read: an account may hold many). */
export type RiskPosition = Pick<PositionRow, 'id' | 'userId' | 'currencyId' | 'symbolId' | 'side' | 'openPrice' | 'lots' | 'contractSize' | 'margin'>;

const riskColumns = {
  id: contractPositions.id,
  userId: contractPositions.userId,
  currencyId: contractPositions.currencyId,
  symbolId: contractPositions.symbolId,
  side: contractPositions.side,
  openPrice: contractPositions.openPrice,
  lots: contractPositions.lots,
  contractSize: contractPositions.contractSize,
  margin: contractPositions.margin,
};

/**
 * The open positions of these accounts (user and margin coin), one query per coin. The users travel as
 * one array parameter, not one per user: a trader's close may touch thousands of copies' accounts.
 */
export async function openPositionsOfAccounts(db: Executor, accounts: AccountRef[]): Promise<RiskPosition[]> {
  const rows: RiskPosition[] = [];
  for (const [currencyId, userIds] of usersPerCoin(accounts)) {
    rows.push(
      ...(await db
        .select(riskColumns)
        .from(contractPositions)
        .where(and(eq(contractPositions.currencyId, currencyId), sql`${contractPositions.userId} = any(${bigintArray(userIds)}::int[])`, eq(contractPositions.status, 'open')))
        .orderBy(contractPositions.id)),
    );
  }
  return rows;
}

/**
 * Open positions' shares of their accounts' sums (exposures.ts PositionUnits) computed by the database
 * in integer units (margin and weight x 10^18, cost x 10^36, exact NUMERIC): of these accounts (one query
 * per coin), of the users in a slice (user id modulo `count` is `index`), or of every account. Raw rows,
 * parsed by BigInt only: the periodic refresh reads many.
 */
export async function openPositionUnits(db: Executor, accounts?: AccountRef[] | { usersModulo: { count: number; index: number } }): Promise<PositionUnits[]> {
  const read = (where: SQL) =>
    queryRows<{ id: string; user_id: number; currency_id: number; symbol_id: number; margin: string; weight: string; cost: string }>(
      db,
      sql`select p.id, p.user_id, p.currency_id, p.symbol_id, (p.margin * 1e18)::numeric(60, 0)::text as margin,
          (w.weight * 1e18)::numeric(60, 0)::text as weight, (w.weight * p.open_price * 1e36)::numeric(80, 0)::text as cost
        from contract_positions p, lateral (select (case when p.side = 'long' then 1 else -1 end) * p.lots * p.contract_size as weight) w
        where p.status = 'open' and ${where}`,
    );
  const rows = [];
  if (!accounts) rows.push(...(await read(sql`true`)));
  else if (!Array.isArray(accounts)) rows.push(...(await read(sql`p.user_id % ${accounts.usersModulo.count} = ${accounts.usersModulo.index}`)));
  else for (const [currencyId, userIds] of usersPerCoin(accounts)) rows.push(...(await read(sql`p.currency_id = ${currencyId} and p.user_id = any(${bigintArray(userIds)}::int[])`)));
  return rows.map((r) => ({ id: Number(r.id), userId: r.user_id, currencyId: r.currency_id, symbolId: r.symbol_id, margin: BigInt(r.margin), weight: BigInt(r.weight), cost: BigInt(r.cost) }));
}

/** The ids of these accounts' positions in one state: open, or pending (a limit order, its margin and fee frozen). */
export async function positionIdsOfAccounts(db: Executor, accounts: AccountRef[], status: 'open' | 'pending'): Promise<number[]> {
  const ids: number[] = [];
  for (const [currencyId, userIds] of usersPerCoin(accounts)) {
    const rows = await db
      .select({ id: contractPositions.id })
      .from(contractPositions)
      .where(and(eq(contractPositions.currencyId, currencyId), sql`${contractPositions.userId} = any(${bigintArray(userIds)}::int[])`, eq(contractPositions.status, status)))
      .orderBy(contractPositions.id);
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** An account's open positions on one symbol summed (see Exposure in contract-rules): margins, E and C. */
export type ExposureRow = { userId: number; currencyId: number; symbolId: number; margin: string; exposure: string; cost: string };

/**
 * The open positions of these accounts summed per account and symbol, by the database (exact NUMERIC
 * sums), so recomputing many accounts' liquidation triggers reads one row per symbol held, not every
 * position. One query per coin.
 */
export async function accountExposures(db: Executor, accounts: AccountRef[]): Promise<ExposureRow[]> {
  const rows: ExposureRow[] = [];
  for (const [currencyId, userIds] of usersPerCoin(accounts)) {
    rows.push(
      ...(await queryRows<ExposureRow>(
        db,
        sql`select user_id as "userId", currency_id as "currencyId", symbol_id as "symbolId", sum(margin)::text as margin,
            sum(w.weight)::text as exposure, sum(w.weight * open_price)::text as cost
          from contract_positions, lateral (select (case when side = 'long' then 1 else -1 end) * lots * contract_size as weight) w
          where currency_id = ${currencyId} and user_id = any(${bigintArray(userIds)}::int[]) and status = 'open'
          group by user_id, currency_id, symbol_id`,
      )),
    );
  }
  return rows;
}

export type ContractBalance = { available: string; frozen: string; locked: string };

/** The balances of these accounts' contract accounts, by `<user id>:<coin id>`, one query per coin. */
export async function contractBalancesOf(db: Executor, accounts: AccountRef[]): Promise<Map<string, ContractBalance>> {
  const figures = new Map<string, ContractBalance>();
  for (const [currencyId, userIds] of usersPerCoin(accounts)) {
    const rows = await queryRows<ContractBalance & { user_id: number }>(
      db,
      sql`select user_id, available::text, frozen::text, locked::text from ledger_accounts
        where currency_id = ${currencyId} and kind = 'contract' and user_id = any(${bigintArray(userIds)}::int[])`,
    );
    for (const { user_id, ...balance } of rows) figures.set(accountKey(user_id, currencyId), balance);
  }
  return figures;
}

/** Positions, locked in id order, each with its owner's contract account id (null where missing), by id. */
export async function lockPositions(tx: Tx, ids: number[]): Promise<Map<number, PositionRow & { accountId: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ position: contractPositions, accountId: ledgerAccounts.id })
    .from(contractPositions)
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, contractPositions.userId), eq(ledgerAccounts.currencyId, contractPositions.currencyId), eq(ledgerAccounts.kind, 'contract')),
    )
    // One array parameter however many (a tick may lock a thousand).
    .where(sql`${contractPositions.id} = any(${bigintArray([...new Set(ids)])}::bigint[])`)
    .orderBy(contractPositions.id)
    .for('update', { of: contractPositions });
  return new Map(rows.map((r) => [r.position.id, { ...r.position, accountId: r.accountId }]));
}

/** The open positions of these accounts, locked in id order, each with its owner's contract account id; one query per coin. */
export async function lockOpenPositionsOf(tx: Tx, accounts: AccountRef[]): Promise<(PositionRow & { accountId: number | null })[]> {
  const rows: (PositionRow & { accountId: number | null })[] = [];
  for (const [currencyId, userIds] of usersPerCoin(accounts)) {
    const found = await tx
      .select({ position: contractPositions, accountId: ledgerAccounts.id })
      .from(contractPositions)
      .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, contractPositions.userId), eq(ledgerAccounts.currencyId, contractPositions.currencyId), eq(ledgerAccounts.kind, 'contract')))
      .where(and(eq(contractPositions.currencyId, currencyId), sql`${contractPositions.userId} = any(${bigintArray(userIds)}::int[])`, eq(contractPositions.status, 'open')))
      .orderBy(contractPositions.id)
      .for('update', { of: contractPositions });
    rows.push(...found.map((r) => ({ ...r.position, accountId: r.accountId })));
  }
  return rows;
}

/** Ledger accounts' available figures, the rows locked in id order (deadlock-free, as the ledger locks), by id. */
export async function lockedAvailables(tx: Tx, accountIds: number[]): Promise<Map<number, MoneyValue>> {
  if (accountIds.length === 0) return new Map();
  // One array parameter, not one per id: a mirror to thousands of followers locks thousands at once.
  const rows = await queryRows<{ id: number; available: string }>(
    tx,
    sql`select id, available::text from ledger_accounts where id = any(${bigintArray(accountIds)}::int[]) order by id for update`,
  );
  return new Map(rows.map((r) => [r.id, money(r.available)]));
}

/** lockedAvailables in units of 10^-18 (units.ts), for a settlement of a thousand closes. */
export async function lockedAvailableUnits(tx: Tx, accountIds: number[]): Promise<Map<number, bigint>> {
  if (accountIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; available: string }>(
    tx,
    sql`select id, available::text from ledger_accounts where id = any(${bigintArray(accountIds)}::int[]) order by id for update`,
  );
  return new Map(rows.map((r) => [r.id, units(r.available)]));
}

/** Filled limit orders opened, in one statement. */
export async function markFilled(tx: Tx, rows: Pick<PositionRow, 'id' | 'openPrice' | 'margin' | 'fee' | 'openTickId' | 'openedAt'>[]) {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ id: r.id, open_price: r.openPrice, margin: r.margin, fee: r.fee, open_tick_id: r.openTickId, opened_at: r.openedAt?.toISOString() })));
  await tx.execute(sql`update ${contractPositions} p set status = 'open', open_price = v.open_price, margin = v.margin, fee = v.fee,
      open_tick_id = v.open_tick_id, opened_at = v.opened_at
    from json_to_recordset(${json}::json) as v (id bigint, open_price numeric, margin numeric, fee numeric, open_tick_id bigint, opened_at timestamptz)
    where p.id = v.id and p.id = any(${bigintArray(rows.map((r) => r.id))}::bigint[])`);
}

/** Writes closed positions' outcomes in one statement (with a copy's profit share, or the copy_share it had). */
export async function markClosed(
  tx: Tx,
  rows: { id: number; closePrice: string | null; closeTickId: number | null; profit: string | null; closeReason: string | null; closedAt: Date | null; copyShare: string | null }[],
) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({ id: r.id, close_price: r.closePrice, close_tick_id: r.closeTickId, profit: r.profit, close_reason: r.closeReason, closed_at: r.closedAt?.toISOString(), copy_share: r.copyShare })),
  );
  await tx.execute(sql`update ${contractPositions} p set status = 'closed', close_price = v.close_price, close_tick_id = v.close_tick_id,
      profit = v.profit, close_reason = v.close_reason, closed_at = v.closed_at, copy_share = v.copy_share
    from json_to_recordset(${json}::json) as v (id bigint, close_price numeric, close_tick_id bigint, profit numeric, close_reason text, closed_at timestamptz, copy_share numeric)
    where p.id = v.id and p.id = any(${bigintArray(rows.map((r) => r.id))}::bigint[])`);
}

/** The user's contract account in the coin, its row locked until the transaction ends (a transfer out checks it). */
export async function lockContractAccount(tx: Tx, userId: number, currencyId: number) {
  const [row] = await queryRows<{ available: string }>(
    tx,
    sql`select available::text from ledger_accounts
      where user_id = ${userId} and currency_id = ${currencyId} and kind = 'contract' for update`,
  );
  return row ?? { available: '0' };
}

/** A system account's balance (zero before it exists). */
export async function systemBalance(db: Executor, name: string, currencyId: number) {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`select (available + frozen + locked)::text as balance from ledger_accounts where system = ${name} and currency_id = ${currencyId}`,
  );
  return row?.balance ?? '0';
}

/**
 * Open positions opened before `before` that may owe overnight fees (their last day charged is before
 * `latestDay`, the latest cut-off passed, or none), each with that last day; in id order, at most `limit`.
 */
export async function overnightCandidates(db: Executor, before: Date, latestDay: string, limit: number) {
  const rows = await queryRows<{ id: number; opened_at: string | Date; last_day: string | null }>(
    db,
    sql`select p.id, p.opened_at, f.last_day from contract_positions p
      left join lateral (select max(day) as last_day from contract_overnight_fees f where f.position_id = p.id) f on true
      where p.status = 'open' and p.opened_at < ${before.toISOString()} and (f.last_day is null or f.last_day < ${latestDay})
      order by p.id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), openedAt: new Date(r.opened_at), lastDay: r.last_day }));
}

/** The (position, day) pairs already charged among these, as "<position id>:<day>". */
export async function chargedOvernightDays(db: Executor, positionIds: number[], days: string[]): Promise<Set<string>> {
  if (positionIds.length === 0 || days.length === 0) return new Set();
  // Days are "YYYY-MM-DD": safe in an array literal as they are.
  const rows = await queryRows<{ position_id: number; day: string }>(
    db,
    sql`select position_id, day from contract_overnight_fees where position_id = any(${bigintArray(positionIds)}::bigint[]) and day = any(${`{${days.join(',')}}`}::text[])`,
  );
  return new Set(rows.map((r) => `${r.position_id}:${r.day}`));
}

/** Records overnight fee days in one statement; returns how many were new (a day charged before is left as it was). */
export async function insertOvernightFees(tx: Tx, rows: { positionId: number; day: string; amount: string; fromMargin: string; fromAvailable: string }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const json = JSON.stringify(rows.map((r) => ({ position_id: r.positionId, day: r.day, amount: r.amount, from_margin: r.fromMargin, from_available: r.fromAvailable })));
  const inserted = await queryRows<{ n: number }>(
    tx,
    sql`with added as (
        insert into ${contractOvernightFees} (position_id, day, amount, from_margin, from_available)
        select position_id, day, amount, from_margin, from_available
        from json_to_recordset(${json}::json) as v (position_id bigint, day text, amount numeric, from_margin numeric, from_available numeric)
        on conflict do nothing returning 1)
      select count(*)::int as n from added`,
  );
  return inserted[0]?.n ?? 0;
}

/** Positions' margins and overnight fee totals after fees, in one statement. */
export async function updateOvernightFigures(tx: Tx, rows: { id: number; margin: string; overnightFee: string }[]) {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ id: r.id, margin: r.margin, overnight_fee: r.overnightFee })));
  await tx.execute(sql`update ${contractPositions} p set margin = v.margin, overnight_fee = v.overnight_fee
    from json_to_recordset(${json}::json) as v (id bigint, margin numeric, overnight_fee numeric)
    where p.id = v.id and p.id = any(${bigintArray(rows.map((r) => r.id))}::bigint[])`);
}
