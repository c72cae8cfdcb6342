/**
 * Exact integer amounts of the spot service (bigint), so freezes, fees and releases never round:
 *  - base amounts are lots (10^-quantityDecimals);
 *  - quote amounts on the ledger are "fine units" of 10^-(priceDecimals + quantityDecimals + 6): a trade's
 *    quote units (ticks * lots) times one million, so a fee of quote * rate with a rate of at most
 *    6 decimals (parts per million) is a whole number of fine units.
 * The ledger's NUMERIC(36,18) holds it when priceDecimals + quantityDecimals + 6 <= 18. What an order
 * freezes and its protection prices are the contract's rules (spot-rules.ts), which clients size orders by.
 */
import { buyFreezeUnits, buyProtectionTicks, FEE_RATE_DECIMALS, fineDecimals as fineDecimalsOf, PPM, sellProtectionTicks, toUnits } from '@fairex/contract';
import type { SymbolSpec } from './engine/index.ts';

export { FEE_RATE_DECIMALS, fromUnits, PPM, toUnits } from '@fairex/contract';
/** Highest fee rate accepted from the settings (10 %): a seller's fee must stay below its proceeds. */
export const FEE_RATE_PPM_MAX = 100_000n;
/**
 * How far a market order may trade past the book it sees (its protection price): a buy up to this much
 * above the ask that completes it, a sell down to this much below the best bid. Clients read it from
 * the quotation list (spot_rules.market_protection_bps).
 */
export const MARKET_PROTECTION_BPS = 100n;
const LEDGER_DECIMALS_MAX = 18;

export const fineDecimals = (spec: SymbolSpec) => fineDecimalsOf(spec.priceDecimals, spec.quantityDecimals);
export const fitsLedger = (spec: SymbolSpec) => fineDecimals(spec) <= LEDGER_DECIMALS_MAX;

/** A fee rate such as "0.001" in parts per million; refuses more than 6 decimals or above the maximum. */
export function feeRatePpm(rate: string): bigint {
  const ppm = toUnits(rate, FEE_RATE_DECIMALS);
  if (toUnits(rate, LEDGER_DECIMALS_MAX) !== ppm * 10n ** BigInt(LEDGER_DECIMALS_MAX - FEE_RATE_DECIMALS)) {
    throw new RangeError(`fee rate has more than ${FEE_RATE_DECIMALS} decimals: ${rate}`);
  }
  if (ppm < 0n || ppm > FEE_RATE_PPM_MAX) throw new RangeError(`fee rate out of range: ${rate}`);
  return ppm;
}

/** Quote units (ticks * lots) of a trade to fine units. */
export const quoteToFine = (quoteUnits: number | bigint) => BigInt(quoteUnits) * PPM;

/** The fee on a trade's quote amount, in fine units: exact. */
export const feeOf = (quoteUnits: number | bigint, ratePpm: bigint) => BigInt(quoteUnits) * ratePpm;

/**
 * What a buy freezes, in fine units: the most it can spend at `priceTicks` for `lots`, plus the highest
 * fee it can be charged. Fills happen at or below the limit, so the sum of fills never exceeds it.
 */
export const buyFreeze = (priceTicks: number, lots: number, feePpm: bigint) => buyFreezeUnits(BigInt(priceTicks), BigInt(lots), feePpm);

/** The protection price of a market buy: the ask completing it plus the margin, rounded up to a tick. */
export function marketBuyCap(worstAskTicks: number, priceTicksMax: number): number {
  const ticks = buyProtectionTicks(BigInt(worstAskTicks), MARKET_PROTECTION_BPS);
  return Number(ticks > BigInt(priceTicksMax) ? BigInt(priceTicksMax) : ticks);
}

/** The protection price of a market sell: the best bid less the margin, rounded down to a tick. */
export const marketSellFloor = (bestBidTicks: number) => Number(sellProtectionTicks(BigInt(bestBidTicks), MARKET_PROTECTION_BPS));

/**
 * The fee rate a buy froze for, in ppm: its freeze is price * lots * (PPM + rate) exactly. Fee rates can
 * change while a buy rests (back office); charging it at most this rate keeps its spending within what
 * it froze.
 */
export function frozenFeePpm(order: { price: number | null; quantity: number; frozen: bigint }): bigint {
  if (order.price === null || order.price === 0 || order.quantity === 0) return FEE_RATE_PPM_MAX;
  return order.frozen / (BigInt(order.price) * BigInt(order.quantity)) - PPM;
}

/** A buyer's fee rate on a fill: the market's current rate, capped at the rate its order froze for. */
export const buyerFeePpm = (rate: bigint, order: { price: number | null; quantity: number; frozen: bigint }) => {
  const cap = frozenFeePpm(order);
  return rate < cap ? rate : cap;
};
