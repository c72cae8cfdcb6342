import { eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import { insertUser } from '../accounts/repository.ts';
import { users } from '../accounts/tables.ts';
import type { AccountKind } from '@fairex/contract';
import type { Db, Tx } from '../db/client.ts';
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
      await demoDeposit(tx, { userId: user.id, currencyId: coin.id, kind: 'spot', amount, memo: 'demo funds' });
    }
  });
}

/**
 * A development start's demo funds, through the ledger: a deposit from `deposits_in_transit` into the
 * user's account of `kind`, one entry per user and coin (reference `demo_seed`, `scope:user:coin`).
 */
export async function demoDeposit(tx: Tx, d: { userId: number; currencyId: number; kind: AccountKind; amount: string; memo: string; scope?: string }) {
  await post(tx, {
    kind: 'deposit',
    refType: 'demo_seed',
    refId: `${d.scope ? `${d.scope}:` : ''}${d.userId}:${d.currencyId}`,
    memo: d.memo,
    legs: [
      { accountId: await systemAccount(tx, 'deposits_in_transit', d.currencyId), amount: `-${d.amount}` },
      { accountId: await userAccount(tx, d.userId, d.currencyId, d.kind), amount: d.amount },
    ],
  });
}
