/**
 * Demo dual products for a development start (production seeds nothing): BTC/USDT and ETH/USDT, "sell
 * high" (call) and "buy low" (put), three linked prices each around the symbol's start price, maturing 3
 * and 7 days ahead, sales closing an hour before settlement. Marked demo; a second call adds nothing.
 */
import { addDays, localDay, money, toAmountString, zonedTime, type DualType } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { listSymbols } from '../markets/repository.ts';
import { wealthTimeZone } from '../wealth/settings.ts';
import { DUAL_SETTLE_TIME } from './settlement.ts';
import { demoProductsExist, insertProduct } from './repository.ts';

const HOUR_MS = 3_600_000;
const DEMO_MATURITY_DAYS = [3, 7] as const;

/** Per underlying: a call share in the coin, and how many shares each product offers. */
const DEMO_SYMBOLS = [
  { symbol: 'BTC/USDT', callPerShare: '0.001', callShares: 500 },
  { symbol: 'ETH/USDT', callPerShare: '0.01', callShares: 500 },
] as const;
/** A put share is 100 USDT; 1,000 shares a product. */
const PUT_PER_SHARE = '100';
const PUT_SHARES = 1_000;

/** Linked price as a ratio of the start price, and its APR at 3 and 7 days: further from the price, less yield. */
const LADDER: Record<DualType, { ratio: string; apr: Record<(typeof DEMO_MATURITY_DAYS)[number], string> }[]> = {
  call: [
    { ratio: '1.02', apr: { 3: '0.52', 7: '0.45' } },
    { ratio: '1.05', apr: { 3: '0.31', 7: '0.27' } },
    { ratio: '1.08', apr: { 3: '0.18', 7: '0.15' } },
  ],
  put: [
    { ratio: '0.98', apr: { 3: '0.48', 7: '0.42' } },
    { ratio: '0.95', apr: { 3: '0.29', 7: '0.25' } },
    { ratio: '0.92', apr: { 3: '0.16', 7: '0.12' } },
  ],
};

/** Rounded to the price's second digit: 65000 x 1.02 = 66300 -> 66000; 3200 x 0.95 = 3040 -> 3000. */
function roundedLinkedPrice(startPrice: string, ratio: string): string {
  const price = money(startPrice).times(ratio);
  const digits = price.truncated().toFixed().length;
  const step = money(10).pow(Math.max(0, digits - 2));
  return toAmountString(price.dividedBy(step).toDecimalPlaces(0).times(step));
}

export async function seedInvestDemo(db: Db, now: number) {
  await db.transaction(async (tx) => {
    if (await demoProductsExist(tx)) return;
    const timeZone = await wealthTimeZone(tx);
    const symbols = await listSymbols(tx);
    const today = localDay(now, timeZone);
    for (const plan of DEMO_SYMBOLS) {
      const symbol = symbols.find((s) => s.symbol === plan.symbol);
      if (!symbol || symbol.kind !== 'spot' || symbol.baseCurrencyId === null) continue;
      for (const days of DEMO_MATURITY_DAYS) {
        const maturityDate = addDays(today, days);
        const settleAt = zonedTime(maturityDate, DUAL_SETTLE_TIME, timeZone);
        for (const type of ['call', 'put'] as const) {
          for (const step of LADDER[type]) {
            await insertProduct(tx, {
              type,
              symbolId: symbol.id,
              baseCurrencyId: symbol.baseCurrencyId,
              quoteCurrencyId: symbol.quoteCurrencyId,
              linkedPrice: roundedLinkedPrice(symbol.startPrice, step.ratio),
              apr: step.apr[days],
              perPrice: type === 'call' ? plan.callPerShare : PUT_PER_SHARE,
              totalShares: type === 'call' ? plan.callShares : PUT_SHARES,
              maturityDate,
              settleAt,
              saleEndAt: settleAt - HOUR_MS,
              demo: true,
            });
          }
        }
      }
    }
  });
}
