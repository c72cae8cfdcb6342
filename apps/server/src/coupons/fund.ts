/**
 * The coupon fund: the system account that stakes experience coupons' trial options. It is the
 * platform's own money, funded once from equity at start like the option pool; an experience order is
 * refused (coupon_fund_short) when the fund cannot stake it, so it never goes below zero.
 */
import { cmp } from '@fairex/contract';
import type { Db, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { systemAccount } from '../ledger/index.ts';
import { fundOnceFromEquity, OPTION_STAKE_COIN } from '../options/pool.ts';
import { lockedAvailable } from '../options/repository.ts';

/** Experience coupons stake seconds options, so they and their fund are in the option stake coin. */
export const COUPON_FUND_COIN = OPTION_STAKE_COIN;
/** The fund's funding from equity: 100,000 trial orders of 10 USDT. */
export const COUPON_FUND_FUNDING = '1000000';

/** Funds coupon_fund once (idempotent, also with two processes starting at once). */
export const fundCouponFund = (db: Db, amount = COUPON_FUND_FUNDING) =>
  fundOnceFromEquity(db, 'coupon_fund', COUPON_FUND_COIN, amount, { kind: 'coupon_fund_funding', refType: 'coupon_fund', memo: 'coupon fund funding from equity' });

/** The coupon fund's account of a coin, its row locked until the transaction ends, once it holds `stake` (coupon_fund_short otherwise). */
export async function stakingFund(tx: Tx, currencyId: number, stake: string): Promise<number> {
  const fund = await systemAccount(tx, 'coupon_fund', currencyId);
  if (cmp(await lockedAvailable(tx, fund), stake) < 0) throw new DomainError('coupon_fund_short');
  return fund;
}
