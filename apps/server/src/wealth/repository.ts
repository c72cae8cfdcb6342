/** Wealth in general: the balances of the system accounts that fund and take the products' money. */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';

/** interest_expense (what interest has cost), ieo_sale (proceeds in, tokens out), invest_pool (dual investment's side). */
export const WEALTH_SYSTEM_ACCOUNTS = ['interest_expense', 'ieo_sale', 'invest_pool', 'fees'] as const;

export function wealthSystemBalances(db: Executor) {
  return queryRows<{ system: string; currency: string; balance: string }>(
    db,
    sql`select a.system, c.name as currency, (a.available + a.frozen + a.locked)::text as balance
        from ledger_accounts a join currencies c on c.id = a.currency_id
        where a.system in (${sql.join(WEALTH_SYSTEM_ACCOUNTS.map((name) => sql`${name}`), sql`, `)})
        order by a.system, c.sort, c.id`,
  );
}
