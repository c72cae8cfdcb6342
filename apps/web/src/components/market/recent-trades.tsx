import type { RealtimeRoom } from '@fairex/contract';
import { RECENT_TRADES_SNAPSHOT_SIZE } from '@fairex/contract/constants';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareTimeOf, timeOf, withDecimals } from './format.ts';
import { useMarketEvents } from './use-market-events.ts';

type TradeEvent = { symbol: string; id: number; price: string; quantity: string; side: 'buy' | 'sell'; time: number };

/** How many trades the list keeps: as many as the snapshot on joining brings. */
export const RECENT_TRADES_MAX = RECENT_TRADES_SNAPSHOT_SIZE;

/**
 * Adds a symbol's trades to the list, newest (highest id) first, once each (a live trade may overtake
 * the snapshot holding it); trades of a symbol shown before are dropped.
 */
export function mergeTrades(list: TradeEvent[], incoming: TradeEvent[], symbol: string) {
  const byId = new Map([...list, ...incoming].filter((trade) => trade.symbol === symbol).map((trade) => [trade.id, trade]));
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, RECENT_TRADES_MAX);
}

/** Trades of the symbol: the latest ones at once (the book room's 'trades' snapshot), then each 'trade'. */
export function RecentTrades({ symbol, decimals }: { symbol: string; decimals: { price: number; quantity: number } }) {
  const { t } = useTranslation();
  const [all, setTrades] = useState<TradeEvent[]>([]);
  // The trades come with the realtime connection, after the page has shown: the time formatter is made before.
  useEffect(prepareTimeOf, []);
  const book: RealtimeRoom[] = [{ channel: 'book', symbol }];
  useMarketEvents<{ symbol: string; trades: TradeEvent[] }>(book, 'trades', (snapshot) => {
    if (snapshot.symbol === symbol) setTrades((list) => mergeTrades(list, snapshot.trades, symbol));
  });
  useMarketEvents<TradeEvent>(book, 'trade', (trade) => {
    if (trade.symbol === symbol) setTrades((list) => mergeTrades(list, [trade], symbol));
  });
  const trades = all.filter((trade) => trade.symbol === symbol);
  return (
    <section className="spot-section recent-trades" aria-labelledby="recent-trades-title">
      <h2 className="spot-section__head" id="recent-trades-title">
        {t('market.recentTrades')}
      </h2>
      <div className="recent-trades__row recent-trades__head">
        <span>{t('market.time')}</span>
        <span>{t('market.price')}</span>
        <span>{t('market.amount')}</span>
      </div>
      {trades.length === 0 ? (
        <p className="order-book__empty">{t('market.noTrades')}</p>
      ) : (
        <ul>
          {trades.map((trade) => (
            <TradeRow key={trade.id} trade={trade} priceDecimals={decimals.price} quantityDecimals={decimals.quantity} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One trade; a new trade at the top leaves the rows below as they were (memoised on the trade). */
const TradeRow = memo(function TradeRow({ trade, priceDecimals, quantityDecimals }: { trade: TradeEvent; priceDecimals: number; quantityDecimals: number }) {
  return (
    <li className="recent-trades__row">
      <span>{timeOf(trade.time)}</span>
      <span className={trade.side === 'buy' ? 'text-up' : 'text-down'}>{withDecimals(trade.price, priceDecimals)}</span>
      <span>{withDecimals(trade.quantity, quantityDecimals)}</span>
    </li>
  );
});
