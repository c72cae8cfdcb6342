/**
 * Exact integer amounts of the spot service (bigint), so freezes, fees and releases never round:
 *  - base amounts are lots (10^-quantityDecimals);
 *  - quote amounts on the ledger are "fine units" of 10^-(priceDecimals + quantityDecimals + 6): a trade's
 *    quote units (ticks * lots) times one million, so a fee of quote * rate with a rate of at most
 *    6 decimals (parts per million) is a whole number of fine units.
 * Order rows keep exact figures in fine units (NUMERIC(36,18) holds them when priceDecimals +
 * quantityDecimals + 6 <= 18), but every amount posted to the ledger is a whole number of its coin's
 * smallest unit: base amounts are whole lots (a symbol's quantity decimals never exceed its base coin's),
 * quote amounts are rounded by settleFill's one rule. What an order freezes and its protection prices are
 * the contract's rules (spot-rules.ts), which clients size orders by.
 */
import {
  buyFreezeUnits,
  buyProtectionTicks,
  coinUnitInFine,
  FEE_RATE_DECIMALS,
  fineDecimals as fineDecimalsOf,
  PPM,
  roundDownToUnit,
  roundUpToUnit,
  sellProtectionTicks,
  toUnits,
} from '@fairex/contract';
import { formatUnits, type SymbolSpec } from './engine/index.ts';

export { coinUnitInFine, FEE_RATE_DECIMALS, fromUnits, PPM, roundDownToUnit, roundUpToUnit, toUnits } from '@fairex/contract';
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
 * fee it can be charged, rounded up to the quote coin's `unit`. Fills happen at or below the limit, so
 * what the fills cost, rounded up (settleFill), never exceeds it.
 */
export const buyFreeze = (priceTicks: number, lots: number, feePpm: bigint, unit: bigint) => buyFreezeUnits(BigInt(priceTicks), BigInt(lots), feePpm, unit);

/**
 * The protection price of a market buy, anchored at arrival: the best ask then plus the margin, rounded
 * up to a tick (the mirror of the market sell's floor). Asks beyond it are not bought.
 */
export function marketBuyCap(bestAskTicks: number, priceTicksMax: number): number {
  const ticks = buyProtectionTicks(BigInt(bestAskTicks), MARKET_PROTECTION_BPS);
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
  // The freeze was rounded up to a coin unit, which on a tiny order reads as a higher rate: never above the highest rate.
  const rate = order.frozen / (BigInt(order.price) * BigInt(order.quantity)) - PPM;
  return rate < FEE_RATE_PPM_MAX ? rate : FEE_RATE_PPM_MAX;
}

/** A buyer's fee rate on a fill: the market's current rate, capped at the rate its order froze for. */
export const buyerFeePpm = (rate: bigint, order: { price: number | null; quantity: number; frozen: bigint }) => {
  const cap = frozenFeePpm(order);
  return rate < cap ? rate : cap;
};

/**
 * Whether a spot symbol's decimals let every amount it posts be a whole unit of its coins, and its
 * exact figures fit the order rows; null when they do, else why not. The rule:
 *  - quantity decimals <= the base coin's decimals (base amounts are posted as whole lots, unrounded);
 *  - price decimals <= the quote coin's decimals (a price is an amount of the quote coin per whole base
 *    coin, so one whole coin's value is a whole quote unit);
 *  - price + quantity decimals + 6 (fee parts per million) <= 18 (exact fine units fit NUMERIC(36,18)).
 * Quote amounts with more decimals than the quote coin (price x quantity x fee) are rounded by settleFill.
 * BTC/USDT: price 2, quantity 6, BTC 8, USDT 6 -> null; quantity 9 with BTC 8 -> 'quantity_decimals'.
 */
export function symbolDecimalsProblem(s: { priceDecimals: number; quantityDecimals: number; baseDecimals: number; quoteDecimals: number }) {
  if (s.quantityDecimals > s.baseDecimals) return 'quantity_decimals' as const;
  if (s.priceDecimals > s.quoteDecimals) return 'price_decimals' as const;
  if (fineDecimalsOf(s.priceDecimals, s.quantityDecimals) > LEDGER_DECIMALS_MAX) return 'fine_decimals' as const;
  return null;
}

/** An order's exact running totals, in fine units: the quote of its fills (ticks x lots x PPM) and its fees. */
export type FillTotals = { quote: bigint; fee: bigint };

/**
 * The one rounding rule of spot fills. Fill amounts and fees are exact in fine units; the ledger takes
 * whole units of the quote coin (`unit` fine units). Per order and over all its fills so far:
 *  - a buyer has paid its exact cost (quote + fee) rounded UP,
 *  - a seller has received its exact proceeds (quote - fee) rounded DOWN,
 *  - the fees account has received each order's exact fee rounded DOWN;
 * a fill posts the growth of these rounded totals, and the rounding system account takes what is left of
 * the fill (buyer's payment - seller's proceeds - both fees). Summed over all fills that is the sum of
 * every rounding, each >= 0, so the rounding account never goes below zero. Rounding the running totals,
 * not each fill, keeps a buy's payments within its freeze (itself rounded up) however it is split.
 * Worked example (unit 1.00, fees exact): buyer before {quote 0, fee 0}, fill of 10.40 with fees
 * 0.02 / 0.01: buyer pays ceil(10.42) = 11, seller gets floor(10.39) = 10, fees floor(0.02) + floor(0.01)
 * = 0, rounding 1. The next fill of 10.40: buyer ceil(20.84) - 11 = 10, seller floor(20.78) - 10 = 10,
 * fees 0, rounding 0.
 */
export function settleFill(unit: bigint, fill: { quote: bigint; buyerFee: bigint; sellerFee: bigint }, buyer: FillTotals, seller: FillTotals) {
  const paid = (t: FillTotals) => roundUpToUnit(t.quote + t.fee, unit);
  const proceeds = (t: FillTotals) => roundDownToUnit(t.quote - t.fee, unit);
  const fees = (t: FillTotals) => roundDownToUnit(t.fee, unit);
  const buyerAfter = { quote: buyer.quote + fill.quote, fee: buyer.fee + fill.buyerFee };
  const sellerAfter = { quote: seller.quote + fill.quote, fee: seller.fee + fill.sellerFee };
  const buyerPays = paid(buyerAfter) - paid(buyer);
  const sellerReceives = proceeds(sellerAfter) - proceeds(seller);
  const buyerFee = fees(buyerAfter) - fees(buyer);
  const sellerFee = fees(sellerAfter) - fees(seller);
  return { buyerPays, sellerReceives, buyerFee, sellerFee, rounding: buyerPays - sellerReceives - buyerFee - sellerFee };
}

/**
 * What a buy still needs frozen: the most its remaining lots can cost at its limit price and the fee rate
 * it froze for, on top of what it has spent, rounded up as settleFill rounds its payments. Anything it
 * holds beyond this (a fill below its limit, a maker fee below the frozen taker fee) is released at once.
 * Worked example (BTC/USDT, fees 0.1 % / 0.2 %): a buy of 0.02 at 65,000 froze 1302.6; 0.01 filled at
 * 60,000 with the taker fee cost 601.2; the resting 0.01 needs 650 x 1.002 = 651.3, so 50.1 is released.
 */
export function buyNeeds(unit: bigint, order: { price: number | null; quantity: number; frozen: bigint; filledLots: bigint }, spent: FillTotals): bigint {
  const remaining = BigInt(order.quantity) - order.filledLots;
  if (remaining <= 0n || order.price === null) return 0n;
  const exact = spent.quote + spent.fee;
  return roundUpToUnit(exact + BigInt(order.price) * remaining * (PPM + frozenFeePpm(order)), unit) - roundUpToUnit(exact, unit);
}

/**
 * An order's average fill price as the contract's averageFillPrice answers it (half-up to the price
 * decimals, no trailing zeros, "0" before any fill), from its exact totals: quote units (ticks x lots)
 * over lots is the price in ticks, so no decimal division is needed. 0.1 at 60,000 and 0.3 at 60,001
 * (2 price and 1 quantity decimals): 24,000,300 quote units over 4 lots -> 6,000,075 ticks -> "60000.75".
 */
export function averagePriceText(spec: SymbolSpec, filledQuote: bigint, filledLots: bigint): string {
  if (filledLots <= 0n) return '0';
  return formatUnits(Number((2n * filledQuote + filledLots) / (2n * filledLots)), spec.priceDecimals);
}

/**
 * Whether a limit order of `lots` at `ticks` reaches the symbol's minimum order value, as the contract's
 * meetsOrderValueMin answers for its quantity and price, counted in whole quote units (ticks x lots)
 * instead of decimals: 0.0002 BTC at 65,000.12 is 130,000,240,000 units of 10^-8, against a minimum of 5
 * (500,000,000 units) -> true. A minimum with more decimals than the units scales both sides up.
 */
export function limitMeetsValueMin(spec: SymbolSpec, lots: number, ticks: number, orderValueMin: string): boolean {
  const decimals = spec.priceDecimals + spec.quantityDecimals;
  const dot = orderValueMin.indexOf('.');
  const extra = Math.max(0, (dot < 0 ? 0 : orderValueMin.length - dot - 1) - decimals);
  return BigInt(lots) * BigInt(ticks) * 10n ** BigInt(extra) >= toUnits(orderValueMin, decimals + extra);
}
