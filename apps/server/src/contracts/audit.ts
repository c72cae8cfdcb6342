/**
 * The ledger audit's contract checks (ledger/audit.ts lists them by name), read from rows alone so they
 * hold whatever code wrote them (money review 2026-11-27, the note on findings 1 and 4):
 *  - contract_insurance_only_net_deficit: the insurance fund pays only an account left without contract
 *    equity. Each insurance-fund payout of a contract close (a negative insurance_fund leg naming a
 *    position) must leave its owner's contract account with available 0 right after that entry (the
 *    available bucket's balance_after at the last posting up to it), nothing frozen for a pending limit
 *    (the frozen bucket's likewise), and no other open position at that
 *    moment (one opened before the close, by id or by time, and not closed by then). A payout while
 *    available or other margin remained is a loss charged to the fund that the account could still pay
 *    (the review's hedge paid 130 while the long held 260).
 *  - contract_no_zero_margin_open: no open position has margin 0 (nothing would stand between its loss
 *    and the fund; finding 4).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';

export function selectInsurancePayoutsWithEquityLeft(db: Executor, limit: number) {
  return queryRows<{ entry_id: string; position_id: string; paid: string; available_after: string; frozen_after: string; other_open: number }>(
    db,
    sql`
    with payouts as (
      select lp.entry_id, lp.ref_id::bigint as position_id, -lp.amount as paid
      from ledger_postings lp
      join ledger_accounts f on f.id = lp.account_id and f.system = 'insurance_fund'
      join ledger_entries e on e.id = lp.entry_id and e.kind = 'contract_close'
      where lp.amount < 0 and lp.ref_type = 'contract_position'
    ),
    checked as (
      select p.entry_id, p.position_id, p.paid,
        coalesce((select la.balance_after from ledger_postings la
          where la.account_id = a.id and la.bucket = 'available' and la.entry_id <= p.entry_id
          order by la.id desc limit 1), 0) as available_after,
        coalesce((select lf.balance_after from ledger_postings lf
          where lf.account_id = a.id and lf.bucket = 'frozen' and lf.entry_id <= p.entry_id
          order by lf.id desc limit 1), 0) as frozen_after,
        (select count(*)::int from contract_positions q
          where q.user_id = c.user_id and q.currency_id = c.currency_id and q.id <> c.id
            and q.status in ('open', 'closed') and q.opened_at <= c.closed_at
            and (q.id < c.id or q.opened_at < c.closed_at)
            and (q.status = 'open' or q.closed_at > c.closed_at)) as other_open
      from payouts p
      join contract_positions c on c.id = p.position_id
      left join ledger_accounts a on a.user_id = c.user_id and a.currency_id = c.currency_id and a.kind = 'contract'
    )
    select entry_id::text, position_id::text, paid::text, available_after::text, frozen_after::text, other_open
    from checked where available_after <> 0 or frozen_after <> 0 or other_open > 0
    order by entry_id limit ${limit}`,
  );
}

export function selectZeroMarginOpenPositions(db: Executor, limit: number) {
  return queryRows<{ position_id: string; user_id: number }>(
    db,
    sql`select id::text as position_id, user_id from contract_positions where status = 'open' and margin = 0 order by id limit ${limit}`,
  );
}
