// Proves migration 0033 on option exposure (issue 22): the per-direction limits become one per symbol,
// the larger of the two (a direction without a row counting as the old default 100000, so a side an
// operator had closed with 0 closes nothing now), the per-user limit starts at 50000, and the open stake
// stays counted per direction. Runs as the migrator runs it, after 0000-0032, on both databases.
import { describe, expect, it } from 'vitest';
import { MIGRATION_DATABASES, migrateBefore, statementsOf } from '../support/migrations.ts';

const symbol = (id: number) =>
  `insert into market_symbols (id, symbol, kind, quote_currency_id, start_price, volatility, price_decimals, quantity_decimals) values (${id}, 'S${id}', 'spot', 1, 100, 0.5, 2, 4)`;
const exposure = (symbolId: number, direction: string, stakeMax: string, open: string) =>
  `insert into option_exposure (symbol_id, direction, stake_max, open_stake) values (${symbolId}, '${direction}', ${stakeMax}, ${open})`;

for (const [name, withDatabase, available] of MIGRATION_DATABASES) {
  describe.skipIf(!available)(`migration 0033 on ${name}`, () => {
    it('turns the per-direction option limits into one per symbol, up and down alike', async () => {
      const rows = await withDatabase(async (run) => {
        await migrateBefore(run, '0033');
        for (const id of [1, 2, 3]) await run(symbol(id));
        // Symbol 1: "up" closed (0), "down" 5000. Symbol 2: only "up" set, to 0. Symbol 3: both set.
        for (const statement of [exposure(1, 'up', '0', '0'), exposure(1, 'down', '5000', '120'), exposure(2, 'up', '0', '0'), exposure(3, 'up', '700', '30'), exposure(3, 'down', '900', '40')])
          await run(statement);
        for (const statement of statementsOf('0033_operator_levers.sql')) await run(statement);
        return {
          limits: (await run('select symbol_id, stake_max::float as stake_max, user_stake_max::float as user_stake_max from option_exposure_limits order by symbol_id')).rows,
          open: (await run(`select symbol_id, direction, open_stake::float as open_stake from option_exposure order by symbol_id, direction`)).rows,
        };
      });
      expect(rows.limits).toEqual([
        { symbol_id: 1, stake_max: 5000, user_stake_max: 50000 },
        { symbol_id: 2, stake_max: 100000, user_stake_max: 50000 },
        { symbol_id: 3, stake_max: 900, user_stake_max: 50000 },
      ]);
      expect(rows.open).toEqual([
        { symbol_id: 1, direction: 'down', open_stake: 120 },
        { symbol_id: 1, direction: 'up', open_stake: 0 },
        { symbol_id: 2, direction: 'up', open_stake: 0 },
        { symbol_id: 3, direction: 'down', open_stake: 40 },
        { symbol_id: 3, direction: 'up', open_stake: 30 },
      ]);
    });
  });
}
