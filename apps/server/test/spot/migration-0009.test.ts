// Proves that migration 0009 gives each user's spot posting from before it a reference to that user's
// own orders, taken from the batch entry's memo (which listed the counterparty's too), and leaves the
// fees account's postings alone: migrations 0000-0008 on a fresh database, a legacy batch inserted,
// then 0009 as the migrator runs it (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
import { describe, expect, it } from 'vitest';
import { MIGRATION_DATABASES, migrateBefore, statementsOf, type Run } from '../support/migrations.ts';

/** A batch of the old writer: user 1's sell 10 met user 2's buys 11 and 12 in one entry. */
const LEGACY = [
  `insert into currencies (id, name, full_name, decimals) values (1, 'USDT', 'Tether', 6), (2, 'BTC', 'Bitcoin', 8)`,
  `insert into market_symbols (id, symbol, kind, base_currency_id, quote_currency_id, start_price, volatility, price_decimals, quantity_decimals)
   values (1, 'BTC/USDT', 'spot', 2, 1, '60000', 0.5, 2, 6)`,
  `insert into ledger_accounts (id, user_id, currency_id, kind) values (1, 1, 1, 'spot'), (2, 1, 2, 'spot'), (3, 2, 1, 'spot'), (4, 2, 2, 'spot')`,
  `insert into ledger_accounts (id, system, currency_id, kind) values (5, 'fees', 1, 'system')`,
  `insert into spot_orders (id, user_id, symbol_id, side, type, price, quantity, status) values
   (10, 1, 1, 'sell', 'limit', '60000', '0.02', 'filled'), (11, 2, 1, 'buy', 'limit', '60000', '0.01', 'filled'), (12, 2, 1, 'buy', 'limit', '60000', '0.01', 'filled')`,
  `insert into ledger_entries (id, kind, ref_type, ref_id, memo) values (100, 'spot_trade', 'spot_batch', '1:10', 'orders 10,11,12')`,
  `insert into ledger_postings (entry_id, account_id, currency_id, bucket, amount, balance_after) values
   (100, 2, 2, 'frozen', '-0.02', '0'), (100, 1, 1, 'available', '1198.8', '1198.8'),
   (100, 3, 1, 'frozen', '-1202.4', '0'), (100, 4, 2, 'available', '0.02', '0.02'), (100, 5, 1, 'available', '3.6', '3.6')`,
];

async function migrate(run: Run) {
  await migrateBefore(run, '0009');
  for (const row of LEGACY) await run(row);
  await run('begin');
  for (const statement of statementsOf('0009_spot_trust.sql')) await run(statement);
  await run('commit');
  return (await run('select account_id, ref_type, ref_id from ledger_postings order by account_id')).rows;
}


for (const [name, withDatabase, available] of MIGRATION_DATABASES) {
  describe.skipIf(!available)(`migration 0009 on ${name}`, () => {
    it('names each user’s own orders on their legacy spot postings, never the counterparty’s', async () => {
      expect(await withDatabase(migrate)).toEqual([
        { account_id: 1, ref_type: 'spot_order', ref_id: '10' },
        { account_id: 2, ref_type: 'spot_order', ref_id: '10' },
        { account_id: 3, ref_type: 'spot_order', ref_id: '11,12' },
        { account_id: 4, ref_type: 'spot_order', ref_id: '11,12' },
        { account_id: 5, ref_type: null, ref_id: null },
      ]);
    });
  });
}
