import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFavourites, useQuotation, useToggleFavourite, type Quotation } from '../../api/market.ts';
import { spotKeys, useSpotOrders } from '../../api/spot.ts';
import { formatChange, formatVolume, trendOf, withDecimals } from '../../components/market/format.ts';
import { KlineChart } from '../../components/market/kline-chart.tsx';
import { OrderBook } from '../../components/market/order-book.tsx';
import { OrderList } from '../../components/market/order-list.tsx';
import { DEFAULT_SPOT_SYMBOL, SPOT_ORDERS_PATH } from '../../components/market/paths.ts';
import { RecentTrades } from '../../components/market/recent-trades.tsx';
import { rememberView } from '../../components/market/recent-views.ts';
import { StarIcon } from '../../components/market/star-icon.tsx';
import { TradeForm } from '../../components/market/trade-form.tsx';
import { USER_ROOM_JOINED, useUserEvent } from '../../components/market/use-market-events.ts';
import { useLiveTickers } from '../../components/market/use-live-quotations.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import '../../components/market/market.css';

/** /pages/transaction/currency?symbol=BTC/USDT: the spot trade page (login required by the route gate). */
export function SpotPage() {
  const [params] = useSearchParams();
  const symbol = params.get('symbol') || DEFAULT_SPOT_SYMBOL;
  return (
    <div className="page spot-page">
      <NavBar title={symbol} right={<FavouriteButton symbol={symbol} />} />
      <SpotTradeView symbol={symbol} />
    </div>
  );
}

/** The spot trade screen's body, also embedded in the trade tab. */
export function SpotTradeView({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const quotation = useQuotation(symbol);
  useLiveTickers([symbol]);
  useEffect(() => {
    if (quotation.data?.kind === 'spot') rememberView(symbol);
  }, [symbol, quotation.data?.kind]);

  if (quotation.isPending) return <p className="empty">{t('app.loading')}</p>;
  if (!quotation.data || quotation.data.kind !== 'spot') return <p className="empty">{t('market.symbolNotFound')}</p>;
  return <SpotBody quotation={quotation.data} />;
}

function SpotBody({ quotation }: { quotation: Quotation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [price, setPrice] = useState('');
  const trend = trendOf(quotation.change);
  const decimals = { price: quotation.price_decimals, quantity: quotation.quantity_decimals };
  const showPrice = (value: string) => withDecimals(value, decimals.price);
  // The user's own order updates refresh the open orders and balances, and so does joining the user's
  // room, since updates sent before it were missed.
  const refreshOwn = () => void queryClient.invalidateQueries({ queryKey: spotKeys.all });
  useUserEvent('order', refreshOwn);
  useUserEvent(USER_ROOM_JOINED, refreshOwn);
  return (
    <>
      <header className="spot-header">
        <div>
          <p className={`spot-header__price text-${trend}`}>{showPrice(quotation.price)}</p>
          <p className={`text-${trend}`}>{formatChange(quotation.change)}</p>
        </div>
        <dl className="spot-header__stats">
          <dt>{t('market.high')}</dt>
          <dd>{showPrice(quotation.high)}</dd>
          <dt>{t('market.low')}</dt>
          <dd>{showPrice(quotation.low)}</dd>
          <dt>{t('market.volume')}</dt>
          <dd>{formatVolume(quotation.volume)}</dd>
        </dl>
      </header>
      <KlineChart symbol={quotation.symbol} />
      <div className="spot-main">
        <TradeForm quotation={quotation} price={price} onPriceChange={setPrice} />
        <OrderBook symbol={quotation.symbol} decimals={decimals} lastPrice={quotation.price} trend={trend} onPickPrice={setPrice} />
      </div>
      <OpenOrders quotation={quotation} />
      <RecentTrades symbol={quotation.symbol} decimals={decimals} />
    </>
  );
}

function OpenOrders({ quotation }: { quotation: Quotation }) {
  const { t } = useTranslation();
  const orders = useSpotOrders('in_progress', 1, quotation.id);
  return (
    <section className="spot-section" aria-labelledby="open-orders-title">
      <div className="spot-section__head">
        <h2 id="open-orders-title">{t('market.openOrders')}</h2>
        <Link to={SPOT_ORDERS_PATH} className="link-button">
          {t('market.allOrders')}
        </Link>
      </div>
      {orders.isPending ? <p className="empty">{t('app.loading')}</p> : <OrderList orders={orders.data?.data ?? []} />}
    </section>
  );
}

/** Adds the symbol to the favourites or removes it (POST /optional/add or /optional/del). */
export function FavouriteButton({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const quotation = useQuotation(symbol).data;
  const favourites = useFavourites();
  const toggle = useToggleFavourite();
  if (!quotation) return null;
  const isFavourite = (favourites.data ?? []).some((f) => f.currency_id === quotation.id);
  return (
    <button
      type="button"
      className={`icon-button ${isFavourite ? 'text-gold' : ''}`}
      aria-label={t(isFavourite ? 'market.removeFavourite' : 'market.addFavourite')}
      aria-pressed={isFavourite}
      disabled={toggle.isPending || favourites.isPending}
      onClick={() => toggle.mutate({ symbolId: quotation.id, add: !isFavourite })}
    >
      <StarIcon filled={isFavourite} />
    </button>
  );
}
