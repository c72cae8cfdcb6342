/**
 * The lending pool (system account `loans`) and its reserve (`loan_reserve`): the platform's own money,
 * moved from equity by admins (back-office.ts; a development start funds a demo pool once, demo.ts), never
 * from users' deposits. The pool pays every loan and takes every
 * repayment and the collateral a liquidation sells to it; a borrowing it cannot pay is refused
 * (loan_pool_short), so it never goes below zero. The reserve covers a liquidation's shortfall up to what
 * it holds; the rest is the pool's loss.
 */
import { isNegative, maxOf, minOf } from '@fairex/contract';
import type { Db, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { systemAccount } from '../ledger/index.ts';
import { fundOnceFromEquity } from '../options/pool.ts';
import { lockedAvailable } from '../options/repository.ts';

/** The coin the demo pool is funded in. */
export const LOAN_POOL_COIN = 'USDT';
/** The demo pool's and reserve's funding from equity. */
export const LOAN_POOL_FUNDING = '5000000';
export const LOAN_RESERVE_FUNDING = '500000';

/** Funds the demo pool and its reserve once (idempotent, also with two processes starting at once); the memo marks it demo. */
export async function fundLoanPool(db: Db) {
  await fundOnceFromEquity(db, 'loans', LOAN_POOL_COIN, LOAN_POOL_FUNDING, { kind: 'loan_pool_funding', refType: 'loan_pool', memo: 'demo: lending pool funding from equity' });
  await fundOnceFromEquity(db, 'loan_reserve', LOAN_POOL_COIN, LOAN_RESERVE_FUNDING, { kind: 'loan_reserve_funding', refType: 'loan_reserve', memo: 'demo: lending pool reserve funding from equity' });
}

/**
 * Refuses (loan_pool_short) once the pool's account went below zero within the transaction: read after the
 * borrowing's entry, which holds the pool's row locked, so two borrowings cannot both spend the same money.
 */
export async function requirePoolNotShort(tx: Tx, poolAccountId: number) {
  if (isNegative(await lockedAvailable(tx, poolAccountId))) throw new DomainError('loan_pool_short');
}

/** What the reserve can pay of `shortfall` in a coin now (its row locked until the transaction ends): at most what it holds. */
export async function reserveCover(tx: Tx, currencyId: number, shortfall: string): Promise<{ accountId: number; covered: string }> {
  const accountId = await systemAccount(tx, 'loan_reserve', currencyId);
  return { accountId, covered: maxOf(minOf(await lockedAvailable(tx, accountId), shortfall), 0) };
}
