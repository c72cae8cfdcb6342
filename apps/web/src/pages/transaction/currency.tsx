import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFavourites, useQuotation, useToggleFavourite, type Quotation } from '../../api/market.ts';
import { spotKeys } from '../../api/spot.ts';
import { formatChange, formatVolume, trendOf, withDecimals } from '../../components/market/format.ts';
import { KlineChart } from '../../components/market/kline-chart.tsx';
import { MarketMakerNote } from '../../components/market/market-maker-note.tsx';
import { OrderBook } from '../../components/market/order-book.tsx';
import { PairPicker } from '../../components/market/pair-picker.tsx';
import { DEFAULT_SPOT_SYMBOL, SPOT_ORDERS_PATH, spotPath } from '../../components/market/paths.ts';
import { RecentTrades } from '../../components/market/recent-trades.tsx';
import { rememberView } from '../../components/market/recent-views.ts';
import { SpotOrderLists } from '../../components/market/spot-order-lists.tsx';
import { StarIcon } from '../../components/market/star-icon.tsx';
import { TradeForm } from '../../components/market/trade-form.tsx';
import { USER_ROOM_JOINED, useRefresh, useUserEvent } from '../../components/market/use-market-events.ts';
import { useFiatValue } from '../../components/market/use-fiat-value.ts';
import { useLiveTickers } from '../../components/market/use-live-quotations.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { useStore } from '../../store/store.ts';
import '../../components/market/market.css';
import { useDeferredData } from '../../components/use-deferred-data.ts';

/**
 * /pages/transaction/currency?symbol=BTC/USDT: the spot trade page, open to everyone (price, chart,
 * book and trades); placing an order leads a logged-out visitor to the login page.
 */
export function SpotPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useStore((s) => s.token !== '');
  const symbol = params.get('symbol') || DEFAULT_SPOT_SYMBOL;
  return (
    <div className="page spot-page">
      <NavBar
        title={<PairPicker symbol={symbol} onChoose={(next) => navigate(spotPath(next), { replace: true })} />}
        right={loggedIn ? <FavouriteButton symbol={symbol} /> : undefined}
      />
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
  // The body renders from a deferred copy (its renders a transition, in slices).
  const { shown, loading } = useDeferredData(quotation);

  if (loading) return <p className="empty">{t('app.loading')}</p>;
  if (!shown || shown.kind !== 'spot') return <p className="empty">{t('market.symbolNotFound')}</p>;
  // One body per pair: switching pairs starts afresh (chart, book, the form's price and amount).
  return <SpotBody key={shown.symbol} quotation={shown} />;
}

function SpotBody({ quotation }: { quotation: Quotation }) {
  const { t } = useTranslation();
  const [price, setPrice] = useState('');
  const loggedIn = useStore((s) => s.token !== '');
  const fiatOf = useFiatValue();
  const fiat = fiatOf(quotation.price, quotation.symbol);
  const trend = trendOf(quotation.change);
  const decimals = { price: quotation.price_decimals, quantity: quotation.quantity_decimals };
  const showPrice = (value: string | null) => withDecimals(value, decimals.price);
  // The user's own order updates refresh the open orders and balances, and so does joining the user's
  // room, since updates sent before it were missed.
  const refreshOwn = useRefresh(spotKeys.all);
  useUserEvent('order', refreshOwn);
  useUserEvent(USER_ROOM_JOINED, refreshOwn);
  return (
    <>
      <header className="spot-header">
        <div>
          <p className={`spot-header__price text-${trend}`}>{showPrice(quotation.price)}</p>
          {fiat && <p className="spot-header__fiat">{fiat}</p>}
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
      <KlineChart symbol={quotation.symbol} priceDecimals={quotation.price_decimals} />
      <div className="spot-main">
        <TradeForm quotation={quotation} price={price} onPriceChange={setPrice} />
        <OrderBook symbol={quotation.symbol} decimals={decimals} lastPrice={quotation.price ?? undefined} trend={trend} onPickPrice={setPrice} />
      </div>
      <MarketMakerNote />
      {loggedIn && <OwnOrders quotation={quotation} />}
      <RecentTrades symbol={quotation.symbol} decimals={decimals} />
    </>
  );
}

/** The user's orders in this pair, open and history, with the way to every pair's. */
function OwnOrders({ quotation }: { quotation: Quotation }) {
  const { t } = useTranslation();
  return (
    <section className="spot-section" aria-labelledby="own-orders-title">
      <div className="spot-section__head">
        <h2 id="own-orders-title">{t('market.myOrders')}</h2>
        <Link to={SPOT_ORDERS_PATH} className="link-button">
          {t('market.allOrders')}
        </Link>
      </div>
      <SpotOrderLists symbolId={quotation.id} label={t('market.myOrders')} />
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
