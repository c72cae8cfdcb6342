/**
 * What OTC prices and limits read: the coin's index price in USDT from the price feed (the one source
 * every valuation reads; USDT itself is 1) and the kept fiat rates the operator sets. A floating ad is
 * priced from them when it is shown or taken (otc-rules.ts); nothing else sets a price.
 */
import { isPositive, otcFloatingPrice, toAmountString } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import type { PriceFeed } from '../markets/price-feed.ts';
import { listKeptFiatRates } from '../site/repository.ts';
import type { Ad } from './repository.ts';

const QUOTE_COIN = 'USDT';

export type Market = {
  /** The coin's index price in USDT now; undefined when the feed has none (the coin cannot be traded OTC then). */
  indexUsdt(coin: string): string | undefined;
  /** Fiat per USD for a kept currency; undefined for any other. */
  fiatRate(code: string): string | undefined;
  rates: { code: string; rate: string }[];
};

/** A snapshot of the index prices and the kept fiat rates for one request. */
export async function readMarket(db: Executor, feed: Pick<PriceFeed, 'price'>): Promise<Market> {
  const rates = (await listKeptFiatRates(db)).map((r) => ({ code: r.currencyCode, rate: toAmountString(r.rate) }));
  const byCode = new Map(rates.map((r) => [r.code, r.rate]));
  return {
    indexUsdt(coin) {
      if (coin === QUOTE_COIN) return '1';
      const price = feed.price(`${coin}/${QUOTE_COIN}`);
      return price !== undefined && isPositive(price) ? toAmountString(price) : undefined;
    },
    fiatRate: (code) => byCode.get(code),
    rates,
  };
}

/** The ad's price now: its fixed price, or the floating one from the index; undefined while the index or the rate is missing. */
export function adPrice(ad: Pick<Ad, 'priceType' | 'price' | 'margin' | 'fiat'>, coin: string, market: Market): string | undefined {
  if (ad.priceType === 'fixed') return ad.price === null ? undefined : toAmountString(ad.price);
  const index = market.indexUsdt(coin);
  const rate = market.fiatRate(ad.fiat);
  if (index === undefined || rate === undefined || ad.margin === null) return undefined;
  return otcFloatingPrice(index, rate, ad.margin);
}
