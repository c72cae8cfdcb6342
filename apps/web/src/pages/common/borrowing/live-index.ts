import { useState } from 'react';
import { useMarketEvents } from '../../../components/market/use-market-events.ts';

type Ticker = { symbol: string; price: string | number; time: number };

/**
 * The index prices of `symbols`, live from their ticker rooms (the same feed the server values loans
 * at), starting from the prices the server answered. Without a connection the loaded prices stay.
 */
export function useLiveIndex(symbols: readonly string[], loaded: (symbol: string) => string | null): (symbol: string) => string | null {
  const [live, setLive] = useState<Record<string, string>>({});
  useMarketEvents<Ticker>(
    symbols.map((symbol) => ({ channel: 'ticker', symbol })),
    'ticker',
    (tick) => {
      if (symbols.includes(tick.symbol)) setLive((prices) => ({ ...prices, [tick.symbol]: String(tick.price) }));
    },
  );
  return (symbol) => live[symbol] ?? loaded(symbol);
}
