import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeOf } from './format.ts';
import { useMarketEvents } from './use-market-events.ts';

type TradeEvent = { symbol: string; id: number; price: string; quantity: string; side: 'buy' | 'sell'; time: number };

/** How many trades the list keeps. */
export const RECENT_TRADES_MAX = 20;

/** Trades of the symbol as they happen ('trade' events), newest first. */
export function RecentTrades({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [trades, setTrades] = useState<TradeEvent[]>([]);
  useMarketEvents<TradeEvent>([symbol], 'trade', (trade) => {
    if (trade.symbol !== symbol) return;
    setTrades((list) => [trade, ...list.filter((item) => item.id !== trade.id)].slice(0, RECENT_TRADES_MAX));
  });
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
            <li key={trade.id} className="recent-trades__row">
              <span>{timeOf(trade.time)}</span>
              <span className={trade.side === 'buy' ? 'text-up' : 'text-down'}>{trade.price}</span>
              <span>{trade.quantity}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
