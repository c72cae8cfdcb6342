// Proves that migration 0010 gives every existing entry its own (kind, reference) before the unique key
// is created: seeds that posted one entry per coin under the user's id get the coin appended, repeated
// legacy spot batch references get their entry id appended, and a real double posting stops the
// migration with the repeated key named. The migrations before it run on a fresh database, the rows are
// inserted, then 0010's statements run in one transaction, as the migrator runs them.
import { describe, expect, it } from 'vitest';
import { MIGRATION_DATABASES, migrateBefore, statementsOf, type Run } from './support/migrations.ts';

/** Two accounts in currency 1 and 2 each (a system one and a user's), and an entry writer. */
const SETUP = [
  `insert into ledger_accounts (id, system, currency_id, kind) values (1, 'deposits_in_transit', 1, 'system'), (2, 'deposits_in_transit', 2, 'system')`,
  `insert into ledger_accounts (id, user_id, currency_id, kind) values (3, 7, 1, 'spot'), (4, 7, 2, 'spot')`,
];
/** An entry of two postings in one currency (the figures are not the point here). */
const entry = (id: number, kind: string, refType: string, refId: string, currency: 1 | 2) => [
  `insert into ledger_entries (id, kind, ref_type, ref_id) values (${id}, '${kind}', '${refType}', '${refId}')`,
  `insert into ledger_postings (entry_id, account_id, currency_id, bucket, amount, balance_after) values
     (${id}, ${currency}, ${currency}, 'available', -1, -1), (${id}, ${currency + 2}, ${currency}, 'available', 1, 1)`,
];

async function migrateWith(run: Run, rows: string[]) {
  await migrateBefore(run, '0010');
  for (const row of [...SETUP, ...rows]) await run(row);
  await run('begin');
  try {
    for (const statement of statementsOf('0010_ledger_trust.sql')) await run(statement);
    await run('commit');
  } catch (error) {
    await run('rollback');
    return { error: error as Error };
  }
  return { entries: (await run('select id::int as id, kind, ref_type, ref_id from ledger_entries order by id')).rows };
}


for (const [name, withDatabase, available] of MIGRATION_DATABASES) {
  describe.skipIf(!available)(`migration 0010 on ${name}`, () => {
    it('gives seed entries posted per coin under one reference each their coin, and repeated spot batches their id', async () => {
      const result = await withDatabase((run) =>
        migrateWith(run, [
          ...entry(1, 'deposit', 'market_maker_seed', '7', 1),
          ...entry(2, 'deposit', 'market_maker_seed', '7', 2),
          ...entry(3, 'deposit', 'demo_seed', '7', 1),
          ...entry(4, 'deposit', 'demo_seed', '7', 2),
          ...entry(5, 'spot_trade', 'spot_batch', '1:10', 1),
          ...entry(6, 'spot_trade', 'spot_batch', '1:10', 1),
          ...entry(7, 'deposit', 'recharge', '3', 1),
          ...entry(8, 'deposit', 'market_maker_seed', '7:1:2', 2),
        ]),
      );
      expect(result.error).toBeUndefined();
      expect(result.entries).toEqual([
        { id: 1, kind: 'deposit', ref_type: 'market_maker_seed', ref_id: '7:1' },
        { id: 2, kind: 'deposit', ref_type: 'market_maker_seed', ref_id: '7:2' },
        { id: 3, kind: 'deposit', ref_type: 'demo_seed', ref_id: '7:1' },
        { id: 4, kind: 'deposit', ref_type: 'demo_seed', ref_id: '7:2' },
        { id: 5, kind: 'spot_trade', ref_type: 'spot_batch', ref_id: '1:10' },
        { id: 6, kind: 'spot_trade', ref_type: 'spot_batch', ref_id: '1:10#6' },
        { id: 7, kind: 'deposit', ref_type: 'recharge', ref_id: '3' },
        { id: 8, kind: 'deposit', ref_type: 'market_maker_seed', ref_id: '7:1:2' },
      ]);
    });

    it('stops at a business row posted twice, naming its key', async () => {
      const result = await withDatabase((run) => migrateWith(run, [...entry(1, 'deposit', 'recharge', '3', 1), ...entry(2, 'deposit', 'recharge', '3', 1)]));
      expect(result.error?.message).toMatch(/ledger_entries_kind_ref_key|could not create unique index/);
    });
  });
}
