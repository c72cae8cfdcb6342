import { cmp, displayBalance, isPositive, mul } from '@fairex/contract/money';
import {
  limitBuyQuantityMax,
  marketBuyQuantityMax,
  marketOrderValuePrice,
  meetsOrderValueMin,
  orderStepProblem,
  sellQuantityMax,
  stepOf,
} from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import type { Quotation } from '../../api/market.ts';
import { usePlaceOrder, useSpotBalances } from '../../api/spot.ts';
import { LOGIN_PATH } from '../../navigation.ts';
import { toastSuccess } from '../../notify.ts';
import { useStore } from '../../store/store.ts';
import { AccountNote } from '../funds/account-note.tsx';
import { coinsOf } from './format.ts';
import { useLatestDepth } from './order-book.tsx';
import { SegmentTabs } from '../segment-tabs.tsx';

type Side = 'buy' | 'sell';
type OrderType = 'limit' | 'market';

export const PERCENT_SHORTCUTS = [25, 50, 75, 100] as const;

const isPositiveAmount = (value: string) => isAmount(value) && isPositive(value);

/** What the symbol's minimum order value is checked against: the minimum, and the price a market order is valued at (if known). */
export type OrderMinimum = { orderValueMin: string; marketPrice: string | undefined };
/** The symbol's grid: a price is a multiple of its tick (price decimals), an amount of its lot step. */
export type OrderGrid = { price_decimals: number; quantity_decimals: number };

/**
 * Client checks of spec section 5: a limit order needs an entrust price; both must be correct numbers
 * on the symbol's grid (the contract's orderStepProblem, which the server refuses by); and, as the
 * server checks it, the order's value (at the limit price, or a market order's best opposite price or
 * the index) reaches the symbol's minimum.
 */
export function validateOrder(
  orderType: OrderType,
  price: string,
  amount: string,
  minimum?: OrderMinimum,
  grid?: OrderGrid,
): 'priceRequired' | 'wrongPrice' | 'wrongAmount' | 'priceTick' | 'amountStep' | 'belowMinimum' | null {
  if (orderType === 'limit') {
    if (price.trim() === '') return 'priceRequired';
    if (!isPositiveAmount(price.trim())) return 'wrongPrice';
  }
  if (!isPositiveAmount(amount.trim())) return 'wrongAmount';
  const offGrid = grid && orderStepProblem(grid, orderType === 'limit' ? price.trim() : undefined, amount.trim());
  if (offGrid) return offGrid.code === 'price_tick' ? 'priceTick' : 'amountStep';
  const valuedAt = orderType === 'limit' ? price.trim() : minimum?.marketPrice;
  if (minimum && valuedAt !== undefined && !meetsOrderValueMin(amount.trim(), valuedAt, minimum.orderValueMin)) return 'belowMinimum';
  return null;
}

/**
 * The order total shown under the form: price x amount in the quote coin, exact (both are on the
 * symbol's grid, so the product has at most price + quantity decimals); a market order is totalled at
 * the best opposite price it starts to fill at. Undefined until both are correct numbers.
 * 65000.5 x 0.01 -> "650.005"; 0.1 x 0.3 -> "0.03".
 */
export function orderTotal(price: string | undefined, amount: string): string | undefined {
  const unitPrice = price?.trim() ?? '';
  if (!isPositiveAmount(unitPrice) || !isPositiveAmount(amount.trim())) return undefined;
  return mul(unitPrice, amount.trim());
}

/** The best price of a side of the book: the lowest ask or the highest bid. */
export function bestPrice(levels: readonly (readonly [string, string])[], side: 'ask' | 'bid'): string | undefined {
  let best: string | undefined;
  for (const [price] of levels) if (best === undefined || cmp(price, best) === (side === 'ask' ? -1 : 1)) best = price;
  return best;
}

/** Buy or sell, limit or market; the amount is in the base coin. The price is held by the page, so the order book can set it. */
export function TradeForm({ quotation, price, onPriceChange }: { quotation: Quotation; price: string; onPriceChange: (price: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useStore((s) => s.token !== '');
  const { base, quote } = coinsOf(quotation.symbol);
  const [side, setSide] = useState<Side>('buy');
  const [orderType, setOrderType] = useState<OrderType>('limit');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<ReturnType<typeof validateOrder>>(null);
  /** The server's refusal (a tick, step or minimum it names), shown under the form until the next try. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const balances = useSpotBalances().data;
  const place = usePlaceOrder();
  // The book is read when the form needs it; a book update renders the form only when a market order's
  // total moves with it (the best opposite price), not at every snapshot.
  const latestDepth = useLatestDepth(quotation.symbol, orderType === 'market' ? (side === 'buy' ? 'ask' : 'bid') : null);

  const availableCoin = side === 'buy' ? quote : base;
  const availableId = side === 'buy' ? quotation.legal_id : quotation.currency_id;
  const available = (availableId !== null && balances?.get(availableId)) || '0';

  /**
   * The largest amount a share of the balance affords, by the rules the server freezes with (fees, and a
   * market buy's protection price over the asks it would reach), so even 100 % is an order it accepts.
   */
  const applyPercent = (percent: number) => {
    const share = percent === 100 ? available : mul(available, percent / 100);
    if (side === 'sell') return setAmount(sellQuantityMax(share, quotation));
    if (orderType === 'market') return setAmount(marketBuyQuantityMax(share, latestDepth()?.asks ?? [], quotation));
    const unitPrice = isPositiveAmount(price.trim()) ? price.trim() : (quotation.price ?? '');
    if (!isPositiveAmount(unitPrice)) return;
    setAmount(limitBuyQuantityMax(share, unitPrice, quotation));
  };

  const orderValueMin = quotation.spot_rules?.order_value_min ?? '0';
  // A market order is valued where it starts to fill: the best ask for a buy, the best bid for a sell, else the index.
  const marketPriceNow = () => {
    const depth = latestDepth();
    return marketOrderValuePrice(
      bestPrice(side === 'buy' ? (depth?.asks ?? []) : (depth?.bids ?? []), side === 'buy' ? 'ask' : 'bid'),
      quotation.price !== null && isPositiveAmount(quotation.price) ? quotation.price : undefined,
    );
  };
  // Only a market order's total shows it (a limit order is valued at its own price).
  const marketPrice = orderType === 'market' ? marketPriceNow() : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loggedIn) return void navigate(LOGIN_PATH);
    const problem = validateOrder(orderType, price, amount, { orderValueMin, marketPrice: marketPriceNow() }, quotation);
    setError(problem);
    setRefusal(null);
    if (problem || quotation.currency_id === null) return;
    place.mutate(
      {
        amount: amount.trim(),
        target_price: orderType === 'limit' ? price.trim() : '',
        currency_id: quotation.currency_id,
        legal_id: quotation.legal_id,
        type: side,
      },
      {
        onSuccess: () => {
          toastSuccess(t('market.orderPlaced'));
          setAmount('');
        },
        onError: (failure) => setRefusal(failure instanceof ApiError && failure.type === 'error' ? failure.message : null),
      },
    );
  };

  const total = orderTotal(orderType === 'limit' ? price : marketPrice, amount);

  return (
    <form className="trade-form" onSubmit={submit} noValidate>
      <SegmentTabs
        label={t('market.side')}
        variant="buy-sell"
        kind="toggles"
        options={[
          { value: 'buy', label: t('market.buy') },
          { value: 'sell', label: t('market.sell') },
        ]}
        value={side}
        onChange={(value) => {
          setSide(value);
          setAmount('');
        }}
      />
      <SegmentTabs
        label={t('market.orderType')}
        variant="pill"
        kind="toggles"
        options={[
          { value: 'limit', label: t('market.limit') },
          { value: 'market', label: t('market.market') },
        ]}
        value={orderType}
        onChange={(value) => {
          setOrderType(value);
          setError(null);
        }}
      />
      <label className="trade-form__field">
        {t('market.price')}
        {orderType === 'limit' ? (
          <input
            className="trade-form__input"
            inputMode="decimal"
            value={price}
            placeholder={t('market.entrustPrice')}
            onChange={(event) => onPriceChange(event.target.value)}
            aria-invalid={error === 'priceRequired' || error === 'wrongPrice' || error === 'priceTick'}
          />
        ) : (
          <input className="trade-form__input" value="" placeholder={t('market.marketPrice')} disabled readOnly />
        )}
      </label>
      <label className="trade-form__field">
        {t('market.amount')} ({base})
        <input
          className="trade-form__input"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={error === 'wrongAmount' || error === 'amountStep'}
        />
      </label>
      <div className="percent-row">
        {PERCENT_SHORTCUTS.map((percent) => (
          <button key={percent} type="button" aria-label={t('market.percentOfBalance', { percent })} disabled={!loggedIn} onClick={() => applyPercent(percent)}>
            {percent}%
          </button>
        ))}
      </div>
      <p className="trade-form__available">
        <span>{t('market.orderTotal')}</span>
        <span>
          {total === undefined ? '-' : `${orderType === 'market' ? '≈ ' : ''}${total}`} {quote}
        </span>
      </p>
      {loggedIn && (
        <p className="trade-form__available">
          <span>{t('market.available')}</span>
          <span>
            {displayBalance(available)} {availableCoin}
          </span>
        </p>
      )}
      {loggedIn && availableId !== null && <AccountNote kind="spot" currencyId={availableId} />}
      {isPositive(orderValueMin) && (
        <p className="trade-form__available">
          <span>{t('market.orderValueMin')}</span>
          <span>
            {orderValueMin} {quote}
          </span>
        </p>
      )}
      {(error || refusal) && (
        <p className="trade-form__error" role="alert">
          {error
            ? t(`market.${error}`, { value: orderValueMin, coin: quote, tick: stepOf(quotation.price_decimals), step: stepOf(quotation.quantity_decimals) })
            : refusal}
        </p>
      )}
      <button type="submit" className={`trade-submit trade-submit--${side}`} disabled={place.isPending}>
        {loggedIn ? t(side === 'buy' ? 'market.buyCoin' : 'market.sellCoin', { coin: base }) : t('market.loginToTrade')}
      </button>
    </form>
  );
}
