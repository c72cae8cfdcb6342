/** Prices in USDT for valuations and exchange: the index price of COIN/USDT, USDT itself is 1. */
import { isPositive, toAmountString } from '@fairex/contract';
import type { PriceFeed } from '../markets/price-feed.ts';

export const QUOTE_COIN = 'USDT';

type Priced = { name: string; referencePriceUsdt: string };

/** The feed's price; the coin's configured reference price only when the feed has no such symbol. */
export function priceUsdt(ctx: { markets: { feed: Pick<PriceFeed, 'price'> } }, coin: Priced): string {
  if (coin.name === QUOTE_COIN) return '1';
  const indexPrice = ctx.markets.feed.price(`${coin.name}/${QUOTE_COIN}`);
  if (indexPrice && isPositive(indexPrice)) return toAmountString(indexPrice);
  return toAmountString(coin.referencePriceUsdt);
}
