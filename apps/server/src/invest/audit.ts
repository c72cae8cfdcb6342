/**
 * The audit's dual_payouts_follow_rule check: every settled dual order was paid exactly
 * dualSettlement(its product's terms, the price of the tick the product cites), in the coin the rule
 * names. A product without a cited tick, or whose settle price is not that tick's, is an offender too.
 */
import { dualSettlement, money } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import { settledOrdersWithTicks } from './repository.ts';

/** Orders read per query while checking. */
const DUAL_AUDIT_PAGE = 5_000;

export async function selectDualPayoutsOffRule(db: Executor, limit: number) {
  const offenders: { order_id: number; payout: string | null; expected: string | null }[] = [];
  for (let afterId = 0; offenders.length < limit; ) {
    const rows = await settledOrdersWithTicks(db, afterId, DUAL_AUDIT_PAGE);
    for (const r of rows) {
      const expected =
        r.tickPrice === null || r.productSettlePrice === null || !money(r.tickPrice).eq(r.productSettlePrice)
          ? undefined
          : dualSettlement({ ...r, type: r.type, settlePrice: r.tickPrice, baseDecimals: Number(r.baseDecimals), quoteDecimals: Number(r.quoteDecimals) });
      const coin = expected && (expected.coin === 'base' ? r.baseCurrencyId : r.quoteCurrencyId);
      const right = expected && r.payout !== null && coin === r.payoutCurrencyId && money(r.payout).eq(expected.amount);
      if (!right) offenders.push({ order_id: r.id, payout: r.payout, expected: expected?.amount ?? null });
      if (offenders.length >= limit) break;
    }
    if (rows.length < DUAL_AUDIT_PAGE) break;
    afterId = rows.at(-1)!.id;
  }
  return offenders;
}
