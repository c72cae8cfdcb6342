/**
 * Money for test users, moved through the ledger as a confirmed deposit or a transfer in would move it
 * (never by UPDATE), so the audit after each scenario still balances.
 */
import type { AccountKind } from '@fairex/contract';
import { post, systemAccount, userAccount } from '../../src/ledger/index.ts';
import { makeUser, type TestApp } from './app.ts';

let fundingRef = 1;

/** Credits `amount` of a coin to a user's account of `kind` (spot unless told), against deposits in transit. */
export async function fundAccount(test: TestApp, userId: number, currencyId: number, amount: string, kind: AccountKind = 'spot') {
  await test.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'deposit',
      refType: 'test_funding',
      refId: `${process.pid}:${fundingRef++}`,
      legs: [
        { accountId: await systemAccount(tx, 'deposits_in_transit', currencyId), amount: `-${amount}` },
        { accountId: await userAccount(tx, userId, currencyId, kind), amount },
      ],
    });
  });
}

/** A registered, logged-in user with `amount` of a coin in their account of `kind` (spot unless told). */
export async function makeFundedUser(test: TestApp, currencyId: number, amount: string, kind: AccountKind = 'spot') {
  const user = await makeUser(test);
  await fundAccount(test, user.id, currencyId, amount, kind);
  return user;
}
