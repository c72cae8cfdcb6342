/** Opening and finding ledger accounts; reading a user's figures. */
import { ACCOUNT_KINDS, toAmountString, type AccountKind, type SystemAccount } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import {
  enabledCurrencyIds,
  findOrCreateSystemAccount,
  findOrCreateUserAccount,
  insertUserAccounts,
  selectUserAccounts,
  type AccountRow,
} from './repository.ts';

/** Opens every account kind in every enabled currency (or the ones given) for a user; safe to call again. */
export async function openUserAccounts(db: Executor, userId: number, currencyIds?: number[]): Promise<void> {
  const ids = currencyIds ?? (await enabledCurrencyIds(db));
  await insertUserAccounts(
    db,
    ids.flatMap((currencyId) => ACCOUNT_KINDS.map((kind) => ({ userId, currencyId, kind }))),
  );
}

/** The user's account of that currency and kind, opened when missing. */
export const userAccount = (db: Executor, userId: number, currencyId: number, kind: AccountKind): Promise<number> =>
  findOrCreateUserAccount(db, userId, currencyId, kind);

/** System accounts stand on the other side of movements with the outside world; they may go negative. */
export const systemAccount = (db: Executor, name: SystemAccount, currencyId: number): Promise<number> =>
  findOrCreateSystemAccount(db, name, currencyId);

/** A user's accounts with their figures (balance = available + frozen + locked), trimmed amount strings. */
export async function accountsOf(db: Executor, userId: number): Promise<AccountRow[]> {
  const rows = await selectUserAccounts(db, userId);
  return rows.map((row) => ({
    ...row,
    balance: toAmountString(row.balance),
    available: toAmountString(row.available),
    frozen: toAmountString(row.frozen),
    locked: toAmountString(row.locked),
  }));
}
