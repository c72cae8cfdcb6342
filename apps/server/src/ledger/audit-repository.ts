/**
 * The audit's SQL for the checks that look beyond the journal's own sums: what business rows hold
 * against frozen figures, references posted twice, fixed-sign system accounts, and the balance_after
 * chain. Each query is one pass (or one grouped pass per table) and returns the first offenders.
 */
import type { SystemAccount } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';

/**
 * Every place the code freezes money, and the business row that holds it while it stays frozen. A new
 * kind of freeze adds its row here, or the audit reports its accounts.
 * - an open spot order holds frozen - used in the user's spot account: the quote coin for a buy, the
 *   base coin for a sell (spot/batch-plan.ts);
 * - a pending withdrawal holds its number in the user's spot account (funds/withdrawals.ts);
 * - a pending contract limit order holds its margin and fee in the user's contract account
 *   (contracts/service.ts); an open position's margin sits in the contract_margins system account;
 * - a pending IEO subscription holds its payment in the user's spot account of the pay coin (ieo/);
 * - a held NFT auction margin sits in the frozen bucket of the auction_margins system account (nft/);
 * - a held NFT bid (the leading one, or an unpaid win) holds its price above the margin in the bidder's
 *   spot account of the auction's coin (nft/auctions.ts);
 * - an online OTC sell ad holds its remaining coins in the merchant's fiat account, and an open OTC
 *   order (pending, paid or appealed) its quantity in the frozen bucket of the otc_escrow system account (otc/).
 */
export function selectFrozenMismatches(db: Executor, limit: number) {
  return queryRows<{ account_id: number; frozen: string; held: string }>(
    db,
    sql`
    with holds as (
      select a.id as account_id, sum(o.frozen - o.used) as held
      from spot_orders o
      join market_symbols s on s.id = o.symbol_id
      join ledger_accounts a on a.user_id = o.user_id and a.kind = 'spot'
        and a.currency_id = case when o.side = 'buy' then s.quote_currency_id else s.base_currency_id end
      where o.status = 'open'
      group by a.id
      union all
      select a.id, sum(w.number)
      from withdrawals w
      join ledger_accounts a on a.user_id = w.user_id and a.kind = 'spot' and a.currency_id = w.currency_id
      where w.status = 'pending'
      group by a.id
      union all
      select a.id, sum(p.margin + p.fee)
      from contract_positions p
      join ledger_accounts a on a.user_id = p.user_id and a.kind = 'contract' and a.currency_id = p.currency_id
      where p.status = 'pending'
      group by a.id
      union all
      select a.id, sum(o.paid)
      from ieo_orders o
      join ieo_projects p on p.id = o.project_id
      join ledger_accounts a on a.user_id = o.user_id and a.kind = 'spot' and a.currency_id = p.pay_currency_id
      where o.status = 'pending'
      group by a.id
      union all
      select a.id, sum(m.amount)
      from nft_margins m
      join ledger_accounts a on a.system = 'auction_margins' and a.currency_id = m.currency_id
      where m.status = 'held'
      group by a.id
      union all
      select a.id, sum(b.hold)
      from nft_bids b
      join nft_listings l on l.id = b.listing_id
      join ledger_accounts a on a.user_id = b.user_id and a.kind = 'spot' and a.currency_id = l.currency_id
      where b.hold_status = 'held'
      group by a.id
      union all
      select a.id, sum(ad.remaining)
      from otc_ads ad
      join ledger_accounts a on a.user_id = ad.user_id and a.kind = 'fiat' and a.currency_id = ad.currency_id
      where ad.status = 'online' and ad.side = 'sell'
      group by a.id
      union all
      select a.id, sum(o.quantity)
      from otc_orders o
      join ledger_accounts a on a.system = 'otc_escrow' and a.currency_id = o.currency_id
      where o.status in ('pending', 'paid', 'appealed')
      group by a.id),
    expected as (select account_id, sum(held) as held from holds group by account_id)
    select a.id as account_id, a.frozen::text as frozen, coalesce(e.held, 0)::text as held
    from ledger_accounts a left join expected e on e.account_id = a.id
    where a.frozen <> coalesce(e.held, 0)
    order by a.id limit ${limit}`,
  );
}

/**
 * Every place the code locks money for a term, and the business row that holds it while it stays locked:
 * - an active lock-up mining order holds its amount in the user's mining account (mining/);
 * - an allocated IEO subscription still in its lock period holds its tokens in the user's spot account
 *   of the token (ieo/);
 * - a dual investment order not yet settled holds its amount in the user's financial account of the
 *   invested coin (invest/);
 * - an open loan holds its collateral in the user's spot account of the collateral coin (loans/).
 */
export function selectLockedMismatches(db: Executor, limit: number) {
  return queryRows<{ account_id: number; locked: string; held: string }>(
    db,
    sql`
    with holds as (
      select a.id as account_id, sum(o.amount) as held
      from mining_orders o
      join ledger_accounts a on a.user_id = o.user_id and a.kind = 'mining' and a.currency_id = o.currency_id
      where o.status = 'active'
      group by a.id
      union all
      select a.id, sum(o.allocated)
      from ieo_orders o
      join ieo_projects p on p.id = o.project_id
      join ledger_accounts a on a.user_id = o.user_id and a.kind = 'spot' and a.currency_id = p.currency_id
      where o.status = 'allocated'
      group by a.id
      union all
      select a.id, sum(o.amount)
      from dual_orders o
      join ledger_accounts a on a.user_id = o.user_id and a.kind = 'financial' and a.currency_id = o.invest_currency_id
      where o.status = 'purchased'
      group by a.id
      union all
      select a.id, sum(l.collateral)
      from loans l
      join ledger_accounts a on a.user_id = l.user_id and a.kind = 'spot' and a.currency_id = l.collateral_currency_id
      where l.status = 'open'
      group by a.id),
    expected as (select account_id, sum(held) as held from holds group by account_id)
    select a.id as account_id, a.locked::text as locked, coalesce(e.held, 0)::text as held
    from ledger_accounts a left join expected e on e.account_id = a.id
    where a.user_id is not null and a.locked <> coalesce(e.held, 0)
    order by a.id limit ${limit}`,
  );
}

/** Entries that repeat another's (kind, reference): a business row posted twice. */
export function selectRepeatedReferences(db: Executor, limit: number) {
  return queryRows<{ kind: string; ref_type: string; ref_id: string; entries: number }>(
    db,
    sql`
    select kind, ref_type, ref_id, count(*)::int as entries
    from ledger_entries group by kind, ref_type, ref_id having count(*) > 1
    order by min(id) limit ${limit}`,
  );
}

/**
 * System accounts whose balance has one sign by construction: what the platform collects (fees,
 * rounding, withdrawals on their way out) never falls below zero; what it owes the world or its owners
 * (deposits in transit, equity) never rises above zero. The others (adjustments, pools) may take either.
 */
export const SYSTEM_ACCOUNT_SIGNS: Partial<Record<SystemAccount, 1 | -1>> = {
  fees: 1,
  rounding: 1,
  withdrawals_in_transit: 1,
  deposits_in_transit: -1,
  equity: -1,
  contract_margins: 1,
  insurance_fund: 1,
  // Funded from equity, takes stakes, pays wins only from what it holds (options/pool.ts).
  option_pool: 1,
  // What wealth products paid in interest: the platform's expense, so it only grows more negative.
  interest_expense: -1,
  // Funded from equity, stakes experience coupons' options only from what it holds (coupons/fund.ts).
  coupon_fund: 1,
  // Funded from equity, lends only what it holds; repayments and liquidated collateral come back to it (loans/pool.ts).
  loans: 1,
  // Funded from equity, covers a liquidation's shortfall only up to what it holds (loans/pool.ts).
  loan_reserve: 1,
  // Takes margins and gives back or passes on only those (nft/auctions.ts).
  auction_margins: 1,
  // The platform's NFT proceeds: only ever credited (nft/).
  nft_sales: 1,
  // Holds open OTC orders' coins and gives back only those (otc/escrow.ts).
  otc_escrow: 1,
};

export function selectWrongSignSystemAccounts(db: Executor, limit: number) {
  const signs = Object.entries(SYSTEM_ACCOUNT_SIGNS);
  const values = sql.join(
    signs.map(([name, sign]) => sql`(${name}::text, ${sign}::int)`),
    sql`, `,
  );
  return queryRows<{ account_id: number; system: string; currency_id: number; balance: string }>(
    db,
    sql`
    with signs (system, sign) as (values ${values})
    select a.id as account_id, a.system, a.currency_id, (a.available + a.frozen + a.locked)::text as balance
    from ledger_accounts a join signs s on s.system = a.system
    where (a.available + a.frozen + a.locked) * s.sign < 0
    order by a.id limit ${limit}`,
  );
}

/** Postings whose balance_after is not the bucket's running sum up to them (a gap or an edit in the chain). */
export function selectBrokenBalanceChains(db: Executor, limit: number) {
  return queryRows<{ posting_id: string; account_id: number; bucket: string; balance_after: string; expected: string }>(
    db,
    sql`
    select id::text as posting_id, account_id, bucket, balance_after::text, expected::text
    from (
      select id, account_id, bucket, balance_after,
        sum(amount) over (partition by account_id, bucket order by id) as expected
      from ledger_postings) chain
    where balance_after <> expected
    order by id limit ${limit}`,
  );
}
