import { memo, useCallback, useRef, useState } from 'react';
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
 * The symbol's latest 'depth' event, read when wanted (a form, when it sends or sizes an order), without a
 * render at each one: a render only when the best price on `renderOn`'s side moves (a market order's total
 * is valued at it).
 */
export function useLatestDepth(symbol: string, renderOn: 'ask' | 'bid' | null): () => DepthEvent | null {
  const latest = useRef<DepthEvent | null>(null);
  const [, setBest] = useState<string | undefined>();
  useMarketEvents<DepthEvent>([{ channel: 'book', symbol }], 'depth', (event) => {
    if (event.symbol !== symbol) return;
    latest.current = event;
    if (renderOn) setBest(bestLevelPrice(renderOn === 'ask' ? event.asks : event.bids, renderOn));
  });
  return () => (latest.current?.symbol === symbol ? latest.current : null);
}

/** The best price of a side of the book: the lowest ask or the highest bid (by value, as decimal strings). */
function bestLevelPrice(levels: readonly Level[], side: 'ask' | 'bid'): string | undefined {
  let best: string | undefined;
  for (const [price] of levels) if (best === undefined || (side === 'ask' ? Number(price) < Number(best) : Number(price) > Number(best))) best = price;
  return best;
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
  // The latest handler behind one stable function, so a level whose figures stay is not rendered again.
  const picker = useRef(onPickPrice);
  picker.current = onPickPrice;
  const pick = useCallback((price: string) => picker.current(price), []);
  const row = (level: Level, side: 'ask' | 'bid') => (
    <BookLevel key={`${side}-${level[0]}`} side={side} price={withDecimals(level[0], decimals.price)} quantity={withDecimals(level[1], decimals.quantity)} level={level[0]} onPick={pick} />
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

/** One price level: its price (offered to the form on a tap) and the amount resting there. */
const BookLevel = memo(function BookLevel({ side, price, quantity, level, onPick }: { side: 'ask' | 'bid'; price: string; quantity: string; level: string; onPick: (price: string) => void }) {
  return (
    <li>
      <button type="button" className="order-book__row link-row" onClick={() => onPick(level)}>
        <span className={side === 'ask' ? 'text-down' : 'text-up'}>{price}</span>
        <span>{quantity}</span>
      </button>
    </li>
  );
});
