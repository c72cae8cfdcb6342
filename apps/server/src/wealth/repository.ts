/** Wealth in general: the balances of the system accounts that fund and take the products' money. */
import type { AccountKind } from '@fairex/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { ledgerAccounts } from '../ledger/tables.ts';

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

/** A user's ledger account by owner, coin and kind (the key of ledger_accounts_user_key). */
export type UserAccountKey = { userId: number; currencyId: number; kind: AccountKind };
export const userAccountKey = (k: UserAccountKey) => `${k.userId}:${k.currencyId}:${k.kind}`;

/**
 * The ledger accounts of these (user, coin, kind), opened where missing, by userAccountKey: one statement
 * however many (the bulk form of ledger's userAccount, for the jobs that pay many users at once).
 */
export async function userAccountIds(tx: Tx, keys: readonly UserAccountKey[]): Promise<Map<string, number>> {
  const unique = [...new Map(keys.map((k) => [userAccountKey(k), k])).values()];
  const ids = new Map<string, number>();
  if (unique.length === 0) return ids;
  const read = async (statement: SQL) => {
    for (const r of await queryRows<{ id: number; user_id: number; currency_id: number; kind: AccountKind }>(tx, statement)) {
      ids.set(userAccountKey({ userId: r.user_id, currencyId: r.currency_id, kind: r.kind }), r.id);
    }
  };
  const wanted = sql`unnest(${intArray(unique.map((k) => k.userId))}::int[], ${intArray(unique.map((k) => k.currencyId))}::int[], ${wordArray(unique.map((k) => k.kind))}::text[])
    as k (user_id, currency_id, kind)`;
  await read(sql`
    with k as (select * from ${wanted}),
    found as (
      select a.id, a.user_id, a.currency_id, a.kind from ${ledgerAccounts} a
      join k on a.user_id = k.user_id and a.currency_id = k.currency_id and a.kind = k.kind),
    made as (
      insert into ${ledgerAccounts} (user_id, currency_id, kind)
      select k.user_id, k.currency_id, k.kind from k
      where not exists (select 1 from found f where f.user_id = k.user_id and f.currency_id = k.currency_id and f.kind = k.kind)
      on conflict do nothing
      returning id, user_id, currency_id, kind)
    select id, user_id, currency_id, kind from found union all select id, user_id, currency_id, kind from made`);
  // An account another transaction opened meanwhile was left to it (on conflict): read it now.
  if (ids.size < unique.length) {
    await read(sql`select a.id, a.user_id, a.currency_id, a.kind from ${ledgerAccounts} a
      join ${wanted} on a.user_id = k.user_id and a.currency_id = k.currency_id and a.kind = k.kind`);
  }
  for (const k of unique) if (!ids.has(userAccountKey(k))) throw new Error(`ledger account could not be opened: ${userAccountKey(k)}`);
  return ids;
}

const intArray = (values: readonly number[]) => `{${values.map((v) => String(Math.trunc(v))).join(',')}}`;
const wordArray = (values: readonly string[]) => {
  for (const v of values) if (!/^\w+$/.test(v)) throw new Error(`not a word: ${v}`);
  return `{${values.join(',')}}`;
};
