import { eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import { insertUser } from '../accounts/repository.ts';
import { users } from '../accounts/tables.ts';
import type { Db } from '../db/client.ts';
import { openUserAccounts, post, systemAccount, userAccount } from '../ledger/index.ts';
import { currencies } from './tables.ts';

/** The demo user the README names, funded through the ledger like any deposit (first start only). */
export const DEMO_USER = {
  account: 'demo@fairex.local',
  password: 'demo123456',
  // Withdrawals, addresses and cards ask for a pay password; the demo user has one so they work at once.
  payPassword: 'pay123456',
  funds: { USDT: '10000', BTC: '0.5' },
};

export async function seedDemo(db: Db) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.account, DEMO_USER.account)).limit(1);
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_USER.password);
  const payPasswordHash = await hashPassword(DEMO_USER.payPassword);
  await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      account: DEMO_USER.account,
      email: DEMO_USER.account,
      nickname: 'Demo',
      passwordHash,
      payPasswordHash,
      extensionCode: 'DEMO0001',
    });
    await openUserAccounts(tx, user.id);
    for (const [name, amount] of Object.entries(DEMO_USER.funds)) {
      const [coin] = await tx.select().from(currencies).where(eq(currencies.name, name)).limit(1);
      if (!coin) continue;
      await post(tx, {
        kind: 'deposit',
        refType: 'demo_seed',
        // One entry per coin, each its own reference.
        refId: `${user.id}:${coin.id}`,
        memo: 'demo funds',
        legs: [
          { accountId: await systemAccount(tx, 'deposits_in_transit', coin.id), amount: `-${amount}` },
          { accountId: await userAccount(tx, user.id, coin.id, 'spot'), amount },
        ],
      });
    }
  });
}
