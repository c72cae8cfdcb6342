/**
 * The option pool: the system account (one per stake coin) that takes every stake and pays every win.
 * It is the platform's own money, funded once from equity like the market maker, so a win is paid from
 * what the pool holds and never from an account that may go negative; an order whose possible win the
 * pool could not pay is refused (option_pool_short) before it is taken.
 */
import type { SystemAccount } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../http/errors.ts';
import { post, systemAccount } from '../ledger/index.ts';
import { currencyByName, entryExists } from './repository.ts';

/** Stakes are in USDT (the quote coin of every listed symbol). */
export const OPTION_STAKE_COIN = 'USDT';
/** The pool's funding from equity, in the stake coin. */
export const OPTION_POOL_FUNDING = '10000000';

const FUNDING = { kind: 'option_pool_funding', refType: 'option_pool', memo: 'option pool funding from equity' } as const;

/** Funds the pool of the stake coin once (idempotent, also with two processes starting at once). */
export const fundOptionPool = (db: Db, amount = OPTION_POOL_FUNDING) => fundOnceFromEquity(db, 'option_pool', OPTION_STAKE_COIN, amount, FUNDING);

/**
 * Moves `amount` of a coin from equity to a system account once: the entry is named after the coin, and
 * the ledger's unique reference refuses a second (another process funding it first). Nothing happens
 * when the coin does not exist.
 */
export async function fundOnceFromEquity(db: Db, account: SystemAccount, coinName: string, amount: string, ref: { kind: string; refType: string; memo: string }): Promise<void> {
  const coin = await currencyByName(db, coinName);
  if (!coin) return;
  const refId = String(coin.id);
  if (await entryExists(db, ref.kind, ref.refType, refId)) return;
  try {
    await db.transaction(async (tx) => {
      await post(tx, {
        ...ref,
        refId,
        legs: [
          { accountId: await systemAccount(tx, 'equity', coin.id), amount: `-${amount}` },
          { accountId: await systemAccount(tx, account, coin.id), amount },
        ],
      });
    });
  } catch (error) {
    // Another process funded it first: the ledger's unique reference refused the second.
    if (!isUniqueViolation(error)) throw error;
  }
}
