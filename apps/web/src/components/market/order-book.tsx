import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withDecimals } from './format.ts';
import { useMarketEvents } from './use-market-events.ts';

type Level = [string, string];
export type DepthEvent = { symbol: string; bids: Level[]; asks: Level[]; time: number };

/** Levels shown per side. */
export const BOOK_LEVELS_SHOWN = 6;

/** The symbol's latest 'depth' event (a full snapshot of its top levels), or null before the first one. */
export function useDepth(symbol: string): DepthEvent | null {
  const [latest, setDepth] = useState<DepthEvent | null>(null);
  useMarketEvents<DepthEvent>([{ channel: 'book', symbol }], 'depth', (event) => {
    if (event.symbol === symbol) setDepth(event);
  });
  // A symbol switch shows an empty book until the new symbol's snapshot comes.
  return latest?.symbol === symbol ? latest : null;
}

/**
 * The order book over realtime: each 'depth' event is a full snapshot of the symbol's top levels, the
 * first one sent on joining the book room. Tapping a level offers its price to the order form.
 */
export function OrderBook({
  symbol,
  decimals,
  lastPrice,
  trend,
  onPickPrice,
}: {
  symbol: string;
  decimals: { price: number; quantity: number };
  lastPrice?: string;
  trend: string;
  onPickPrice: (price: string) => void;
}) {
  const { t } = useTranslation();
  const depth = useDepth(symbol);
  const asks = [...(depth?.asks ?? [])].sort((a, b) => Number(a[0]) - Number(b[0])).slice(0, BOOK_LEVELS_SHOWN).reverse();
  const bids = [...(depth?.bids ?? [])].sort((a, b) => Number(b[0]) - Number(a[0])).slice(0, BOOK_LEVELS_SHOWN);
  const row = (level: Level, side: 'ask' | 'bid') => (
    <li key={`${side}-${level[0]}`}>
      <button type="button" className="order-book__row link-row" onClick={() => onPickPrice(level[0])}>
        <span className={side === 'ask' ? 'text-down' : 'text-up'}>{withDecimals(level[0], decimals.price)}</span>
        <span>{withDecimals(level[1], decimals.quantity)}</span>
      </button>
    </li>
  );
  return (
    <section className="order-book" aria-label={t('market.orderBook')}>
      <div className="order-book__head">
        <span>{t('market.price')}</span>
        <span>{t('market.amount')}</span>
      </div>
      {asks.length === 0 && bids.length === 0 ? (
        // Until the first snapshot the book is unknown, not empty.
        <p className="order-book__empty">{t(depth ? 'market.emptyBook' : 'app.loading')}</p>
      ) : (
        <>
          <ul aria-label={t('market.asks')}>{asks.map((level) => row(level, 'ask'))}</ul>
          <p className={`order-book__mid text-${trend}`}>{lastPrice ? withDecimals(lastPrice, decimals.price) : '--'}</p>
          <ul aria-label={t('market.bids')}>{bids.map((level) => row(level, 'bid'))}</ul>
        </>
      )}
    </section>
  );
}
