/**
 * The proof of liabilities' SQL: what every user is owed at one moment, the ledger's own totals of the
 * same, and the stored snapshots, leaves and nodes.
 *
 * What a user is owed, per coin: every bucket of their own ledger accounts (available, frozen, locked of
 * every kind: spot, contract, options, mining and dual holdings, …), plus what system accounts hold on
 * their behalf and will pay back to them: an open contract position's margin (contract_margins), a held
 * NFT auction margin (auction_margins), and an open OTC order's coins, the seller's until released
 * (otc_escrow). Seconds options' stakes are not: once open they are the option pool's, paid back only
 * as the outcome decides.
 */
import { DAY_MS, fromPolUnits, utcDay, type LiabilitiesSnapshotView } from '@fairex/contract';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import { polLeaves, polNodes, polSnapshots } from './tables.ts';

/** The system accounts that hold users' money for them (and so count as owed to users). */
export const HELD_FOR_USERS = ['contract_margins', 'auction_margins', 'otc_escrow'] as const;

/** One non-zero figure owed to a user: `line` is its detail line's middle ("spot:available", "held:contract_margin"). */
export type Holding = { user_id: number; coin: string; line: string; amount: string };

/** The highest user id anything below may name (holdings are read in ranges of ids up to it). */
export async function selectHoldersMaxId(db: Executor): Promise<number> {
  const [row] = await queryRows<{ max: number | null }>(
    db,
    sql`select greatest((select max(user_id) from ledger_accounts), (select max(user_id) from contract_positions),
      (select max(user_id) from nft_margins), (select max(seller_id) from otc_orders)) as max`,
  );
  return Number(row?.max ?? 0);
}

/** What users with ids from `fromId` to `toId` are owed (a range at a time: a million users' rows at once would take gigabytes). */
export function selectHoldings(db: Executor, fromId: number, toId: number) {
  return queryRows<Holding>(
    db,
    sql`
    select a.user_id, c.name as coin, a.kind || ':' || b.bucket as line, b.amount::text as amount
    from ledger_accounts a
    join currencies c on c.id = a.currency_id
    cross join lateral (values ('available', a.available), ('frozen', a.frozen), ('locked', a.locked)) as b(bucket, amount)
    where a.user_id between ${fromId} and ${toId} and b.amount <> 0
    union all
    select p.user_id, c.name, 'held:contract_margin', sum(p.margin)::text
    from contract_positions p join currencies c on c.id = p.currency_id
    where p.user_id between ${fromId} and ${toId} and p.status = 'open' and p.margin <> 0
    group by p.user_id, c.name
    union all
    select m.user_id, c.name, 'held:auction_margin', sum(m.amount)::text
    from nft_margins m join currencies c on c.id = m.currency_id
    where m.user_id between ${fromId} and ${toId} and m.status = 'held'
    group by m.user_id, c.name
    union all
    select o.seller_id, c.name, 'held:otc_escrow', sum(o.quantity)::text
    from otc_orders o join currencies c on c.id = o.currency_id
    where o.seller_id between ${fromId} and ${toId} and o.status in ('pending', 'paid', 'appealed')
    group by o.seller_id, c.name`,
  );
}

/** Every coin a user may hold, by name (a snapshot's coin list: the ones with a user account or a ledger total). */
export function selectHeldCoins(db: Executor) {
  return queryRows<{ coin: string }>(db, sql`select distinct c.name as coin from ledger_accounts a join currencies c on c.id = a.currency_id where a.user_id is not null`);
}

/**
 * The ledger's own figure of the same, per coin, from the postings rather than the accounts' figures: every
 * posting into a user account or an account holding for users.
 */
export function selectLedgerTotals(db: Executor) {
  return queryRows<{ coin: string; total: string }>(
    db,
    sql`
    select c.name as coin, sum(p.amount)::text as total
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join currencies c on c.id = a.currency_id
    where a.user_id is not null or a.system in (${sql.join(
      HELD_FOR_USERS.map((s) => sql`${s}`),
      sql`, `,
    )})
    group by c.name`,
  );
}

/** Open contract positions, committed in their owner's leaf at the snapshot's mark. */
export function selectOpenPositions(db: Executor) {
  return queryRows<{ id: number; user_id: number; coin: string; symbol: string; side: 'long' | 'short'; lots: number; open_price: string; contract_size: string }>(
    db,
    sql`
    select p.id, p.user_id, c.name as coin, s.symbol, p.side, p.lots, p.open_price::text as open_price, p.contract_size::text as contract_size
    from contract_positions p
    join currencies c on c.id = p.currency_id
    join market_symbols s on s.id = p.symbol_id
    where p.status = 'open'
    order by p.id`,
  );
}

export type SnapshotRow = typeof polSnapshots.$inferSelect;

export const snapshotView = (row: SnapshotRow): LiabilitiesSnapshotView => ({
  id: row.id,
  day: row.day,
  taken_at: row.takenAt.toISOString(),
  reason: row.reason,
  coins: row.coins,
  root: row.rootHash,
  totals: row.totals.map((units) => fromPolUnits(BigInt(units))),
  leaf_count: row.leafCount,
  demo: row.demo,
});

/** The snapshots taken in the last `days` UTC days (today included), newest first. */
export async function recentSnapshots(db: Executor, days: number, now: number): Promise<LiabilitiesSnapshotView[]> {
  const since = utcDay(now - (days - 1) * DAY_MS);
  const rows = await db.select().from(polSnapshots).where(gte(polSnapshots.day, since)).orderBy(desc(polSnapshots.id));
  return rows.map(snapshotView);
}

export async function snapshotRow(db: Executor, id?: number): Promise<SnapshotRow | undefined> {
  const query = db.select().from(polSnapshots);
  const [row] = await (id === undefined ? query.orderBy(desc(polSnapshots.id)).limit(1) : query.where(eq(polSnapshots.id, id)).limit(1));
  return row;
}

export async function leafOf(db: Executor, snapshotId: number, userId: number) {
  const [row] = await db
    .select()
    .from(polLeaves)
    .where(and(eq(polLeaves.snapshotId, snapshotId), eq(polLeaves.userId, userId)))
    .limit(1);
  return row;
}

/** The nodes at the given (level, position) pairs of one snapshot. */
export async function nodesAt(db: Executor, snapshotId: number, at: { level: number; position: number }[]) {
  if (!at.length) return [];
  const levels = [...new Set(at.map((a) => a.level))];
  const rows = await db
    .select()
    .from(polNodes)
    .where(
      and(
        eq(polNodes.snapshotId, snapshotId),
        inArray(polNodes.level, levels),
        inArray(
          polNodes.position,
          at.map((a) => a.position),
        ),
      ),
    );
  return rows.filter((r) => at.some((a) => a.level === r.level && a.position === r.position));
}

export async function leafAt(db: Executor, snapshotId: number, position: number) {
  const [row] = await db
    .select()
    .from(polLeaves)
    .where(and(eq(polLeaves.snapshotId, snapshotId), eq(polLeaves.position, position)))
    .limit(1);
  return row;
}

/**
 * The audit's check of the latest snapshot: its published totals, the sum of its leaves' sums and the
 * ledger totals read in its transaction, per coin. Answers the coins where they differ.
 */
export async function selectLiabilityMismatches(db: Executor, limit: number) {
  const latest = await snapshotRow(db);
  if (!latest) return [];
  const sums = await queryRows<{ ord: string; total: string }>(
    db,
    sql`select u.ord::text as ord, sum(u.v::numeric)::text as total
      from pol_leaves l, unnest(string_to_array(l.sums, ',')) with ordinality as u(v, ord)
      where l.snapshot_id = ${latest.id}
      group by u.ord`,
  );
  const leafTotal = (i: number) => BigInt(sums.find((s) => Number(s.ord) === i + 1)?.total ?? '0');
  return latest.coins
    .map((coin, i) => ({ snapshot_id: latest.id, coin, published: latest.totals[i]!, leaves: String(leafTotal(i)), ledger: latest.ledgerTotals[i]! }))
    .filter((row) => row.published !== row.leaves || row.published !== row.ledger)
    .slice(0, limit);
}
