// Proves migration 0027 on saved addresses: each row gets the key it is compared by (hex and bech32
// lower-cased, Base58 as typed), duplicates of one user, coin, network and key keep their oldest row
// only, and the unique index then refuses a new duplicate. Runs as the migrator runs it, after 0000-0026.
import { describe, expect, it } from 'vitest';
import { MIGRATION_DATABASES, migrateBefore, statementsOf } from '../support/migrations.ts';

const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRC20 = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const BECH32 = 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ';
const row = (id: number, userId: number, network: string, address: string) =>
  `insert into wallet_addresses (id, user_id, currency_id, network, name, address, qrcode) values (${id}, ${userId}, 1, '${network}', 'n${id}', '${address}', 'q${id}')`;

for (const [name, withDatabase, available] of MIGRATION_DATABASES) {
  describe.skipIf(!available)(`migration 0027 on ${name}`, () => {
    it('keys every address, keeps the oldest of duplicates and then refuses new ones', async () => {
      const result = await withDatabase(async (run) => {
        await migrateBefore(run, '0027');
        for (const statement of [
          row(1, 7, 'ERC20', ERC20),
          row(2, 7, 'ERC20', ERC20.toLowerCase()),
          row(3, 7, 'TRC20', TRC20),
          row(4, 7, 'TRC20', TRC20.toLowerCase()),
          row(5, 8, 'ERC20', ERC20),
          row(6, 7, 'BTC', BECH32),
          row(7, 7, 'BTC', BECH32.toLowerCase()),
        ])
          await run(statement);
        for (const statement of statementsOf('0027_wallet_address_unique.sql')) await run(statement);
        const rows = (await run('select id, address_key from wallet_addresses order by id')).rows;
        let refused = false;
        try {
          await run(`insert into wallet_addresses (user_id, currency_id, network, name, address, address_key, qrcode) values (7, 1, 'TRC20', 'x', '${TRC20}', '${TRC20}', 'q')`);
        } catch {
          refused = true;
        }
        return { rows, refused };
      });
      expect(result.rows).toEqual([
        { id: 1, address_key: ERC20.toLowerCase() },
        { id: 3, address_key: TRC20 },
        { id: 4, address_key: TRC20.toLowerCase() },
        { id: 5, address_key: ERC20.toLowerCase() },
        { id: 6, address_key: BECH32.toLowerCase() },
      ]);
      expect(result.refused).toBe(true);
    });
  });
}
