/**
 * Trading fees, by the business row a posting into the fees account names (the leg's own reference,
 * else its entry's): which product it is, which table holds the row and which column names the payer,
 * and whether the payer's fee coupons refund it (spot only). Every fee-charging product that lands
 * later is one more line here; fees of anything else (withdrawals, exchanges, penalties, overnight
 * fees) are not trading fees and pay no rebate.
 */
import type { FeeProduct } from '@fairex/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { contractPositions } from '../contracts/tables.ts';
import { optionOrders } from '../options/tables.ts';
import { spotOrders } from '../spot/tables.ts';

export type FeeSource = { product: FeeProduct; id: AnyPgColumn; userId: AnyPgColumn; couponRefunds: boolean };

export const FEE_SOURCES = {
  spot_order: { product: 'spot', id: spotOrders.id, userId: spotOrders.userId, couponRefunds: true },
  contract_position: { product: 'contract', id: contractPositions.id, userId: contractPositions.userId, couponRefunds: false },
  option_order: { product: 'options', id: optionOrders.id, userId: optionOrders.userId, couponRefunds: false },
} as const satisfies Record<string, FeeSource>;

export type FeeSourceType = keyof typeof FEE_SOURCES;

export const isFeeSource = (refType: string): refType is FeeSourceType => Object.hasOwn(FEE_SOURCES, refType);

/** The product of a rebate's source (rebates are only written for the sources above). */
export function productOf(refType: string): FeeProduct {
  if (!isFeeSource(refType)) throw new Error(`rebate source ${refType} is not a fee source`);
  return FEE_SOURCES[refType].product;
}
