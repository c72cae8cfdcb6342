import { useQueryClient } from '@tanstack/react-query';
import { marketKeys, type Quotation } from '../../api/market.ts';
import { useMarketEvents } from './use-market-events.ts';

type Ticker = { symbol: string; price: string | number; time: number };

/**
 * A ticker carries only the price, so the 24 h change is recomputed against the opening price the
 * loaded quotation implies (price / (1 + change %)); high and low widen to include the new price.
 * These are display figures, hence plain numbers.
 */
export function applyTicker(item: Quotation, tick: Ticker): Quotation {
  const price = Number(tick.price);
  const last = Number(item.price);
  const change = Number(item.change);
  if (!Number.isFinite(price) || price <= 0) return item;
  const open = Number.isFinite(last) && Number.isFinite(change) && change > -100 ? last / (1 + change / 100) : 0;
  const next = { ...item, price: String(tick.price) };
  if (open > 0) next.change = ((price / open - 1) * 100).toFixed(2);
  if (Number(item.high) > 0 && price > Number(item.high)) next.high = String(tick.price);
  if (Number(item.low) > 0 && price < Number(item.low)) next.low = String(tick.price);
  return next;
}

/** Keeps the cached quotations of `symbols` live from their ticker rooms (tickers only: no books, no candles). */
export function useLiveTickers(symbols: readonly string[]) {
  const queryClient = useQueryClient();
  useMarketEvents<Ticker>(
    symbols.map((symbol) => ({ channel: 'ticker', symbol })),
    'ticker',
    (tick) => {
      queryClient.setQueryData<Quotation[]>(marketKeys.quotations, (list) =>
        list?.map((item) => (item.symbol === tick.symbol ? applyTicker(item, tick) : item)),
      );
    },
  );
}
