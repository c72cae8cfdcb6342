/**
 * The transparency page's reads that no other domain offers: the insurance fund's daily closing
 * balances and the market maker's holdings, open orders and funding.
 * Every figure is read from the ledger and business rows, never stored for the page.
 */
import { DAY_MS, toAmountString, type InsuranceFundSeries, type MarketMakerView } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';

/** The start (epoch ms) of the UTC day holding `time`. */
export const dayStart = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;

/**
 * The 'insurance_fund' system account's closing balance per coin for each of the `days` UTC days up to
 * today's: the balance_after of the last posting made before the day's end, per bucket, summed. A day
 * without postings so carries the figure before it; before the first posting it is 0.
 */
export async function insuranceFundByDay(db: Executor, now: number, days: number): Promise<InsuranceFundSeries[]> {
  const first = new Date(dayStart(now) - (days - 1) * DAY_MS).toISOString();
  const last = new Date(dayStart(now)).toISOString();
  const rows = await queryRows<{ coin: string; day: string; balance: string }>(
    db,
    sql`select c.name as coin, to_char(d.day_start at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(sum(p.balance_after), 0)::text as balance
        from ledger_accounts a
        join currencies c on c.id = a.currency_id
        cross join generate_series(${first}::timestamptz, ${last}::timestamptz, interval '1 day') d(day_start)
        cross join (values ('available'), ('frozen'), ('locked')) b(bucket)
        left join lateral (
          select lp.balance_after from ledger_postings lp
          where lp.account_id = a.id and lp.bucket = b.bucket and lp.created_at < d.day_start + interval '1 day'
          order by lp.id desc limit 1) p on true
        where a.system = 'insurance_fund'
        group by c.name, c.sort, c.id, d.day_start
        order by c.sort, c.id, d.day_start`,
  );
  const series = new Map<string, InsuranceFundSeries>();
  for (const row of rows) {
    const coin = series.get(row.coin) ?? { coin: row.coin, days: [] };
    coin.days.push({ day: row.day, balance: toAmountString(row.balance) });
    series.set(row.coin, coin);
  }
  return [...series.values()];
}

/** What a user account holds per coin (all its kinds summed), available and frozen, coins with anything only. */
export async function holdingsOf(db: Executor, userId: number): Promise<MarketMakerView['holdings']> {
  const rows = await queryRows<{ coin: string; available: string; frozen: string }>(
    db,
    sql`select c.name as coin, sum(a.available)::text as available, sum(a.frozen)::text as frozen
        from ledger_accounts a join currencies c on c.id = a.currency_id
        where a.user_id = ${userId}
        group by c.name, c.sort, c.id
        having sum(a.available) <> 0 or sum(a.frozen) <> 0
        order by c.sort, c.id`,
  );
  return rows.map((r) => ({ coin: r.coin, available: toAmountString(r.available), frozen: toAmountString(r.frozen) }));
}

/** A user's open spot orders counted per symbol, in the symbols' display order. */
export async function openOrdersBySymbol(db: Executor, userId: number): Promise<MarketMakerView['open_orders']> {
  const rows = await queryRows<{ symbol: string; count: string }>(
    db,
    sql`select s.symbol, count(*)::text as count
        from spot_orders o join market_symbols s on s.id = o.symbol_id
        where o.user_id = ${userId} and o.status = 'open'
        group by s.symbol, s.sort, s.id
        order by s.sort, s.id`,
  );
  return rows.map((r) => ({ symbol: r.symbol, count: Number(r.count) }));
}

/**
 * How a user account was funded by the platform: per coin and entry kind, the sum of its positive legs
 * in entries where a system account paid out (a negative system leg in the same coin), and how many
 * entries. Trades between users have no such leg and are left out.
 */
export async function fundingFromSystem(db: Executor, userId: number): Promise<MarketMakerView['funding']> {
  const rows = await queryRows<{ coin: string; kind: string; amount: string; entries: string }>(
    db,
    sql`select c.name as coin, e.kind, sum(p.amount)::text as amount, count(distinct e.id)::text as entries
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
        join currencies c on c.id = p.currency_id
        where a.user_id = ${userId} and p.amount > 0
          and exists (
            select 1 from ledger_postings sp join ledger_accounts sa on sa.id = sp.account_id
            where sp.entry_id = p.entry_id and sp.currency_id = p.currency_id and sp.amount < 0 and sa.system is not null)
        group by c.name, c.sort, c.id, e.kind
        order by c.sort, c.id, e.kind`,
  );
  return rows.map((r) => ({ coin: r.coin, kind: r.kind, amount: toAmountString(r.amount), entries: Number(r.entries) }));
}
