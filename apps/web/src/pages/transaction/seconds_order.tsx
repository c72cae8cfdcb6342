import type { OptionOrderView } from '@fairex/contract';
import { add, cmp, isPositive } from '@fairex/contract/money';
import { optionFee, optionProfit } from '@fairex/contract/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountNote, shortfallOf } from '../../components/funds/account-note.tsx';
import { TickCheck } from '../../components/tick-check.tsx';
import { useSearchParams } from 'react-router';
import { useQuotations } from '../../api/market.ts';
import { optionKeys, useOptionDurations, useOptionList, useOptionResult, usePayableCurrencies, useSubmitOption, type OptionListStatus } from '../../api/options.ts';
import { KlineChart } from '../../components/market/kline-chart.tsx';
import { USER_ROOM_JOINED, useRefresh, useUserEvent } from '../../components/market/use-market-events.ts';
import { useLiveTickers } from '../../components/market/use-live-quotations.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { confirmDialog, toastSuccess } from '../../notify.ts';
import '../../components/market/market.css';
import './seconds_order.css';

const DEFAULT_SYMBOL = 'BTC/USDT';

/**
 * /pages/transaction/seconds_order?symbol=BTC/USDT: seconds options. The index price live beside the
 * K-line, a duration, a stake within the duration's range and the options balance, up or down after a
 * confirmation; an order waits "opening" for the first index tick after it, holding orders count down in a
 * ring, a void one (no fresh tick to open or settle on) reads refunded, and each result shows the open and close index
 * ticks it was decided on. Fee and profit previews use the contract's option rules, as the server does.
 */
export function SecondsOrderPage() {
  const { t } = useTranslation();
  return (
    <div className="page seconds-page">
      <NavBar title={t('seconds.title')} />
      <SecondsTradeView />
    </div>
  );
}

export function SecondsTradeView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const quotations = useQuotations();
  const symbols = (quotations.data ?? []).filter((q) => q.kind === 'spot');
  const quotation = symbols.find((q) => q.symbol === (params.get('symbol') ?? DEFAULT_SYMBOL)) ?? symbols[0];
  useLiveTickers(quotation ? [quotation.symbol] : []);
  // An order accepted or settled (this device or another): lists and balance follow.
  const refreshOwn = useRefresh(optionKeys.all);
  useUserEvent<OptionOrderView>('option', refreshOwn);
  useUserEvent(USER_ROOM_JOINED, refreshOwn);
  const [status, setStatus] = useState<OptionListStatus>('holding');
  const [shown, setShown] = useState<string>();
  // Only the symbol changes in the query string (the trade tab keeps its own ?trade=options).
  const chooseSymbol = (symbol: string) => {
    const next = new URLSearchParams(params);
    next.set('symbol', symbol);
    setParams(next, { replace: true });
  };
  if (!quotation) return <p className="empty">{t('app.loading')}</p>;
  return (
    <>
      <section className="seconds-head">
        <label className="seconds-symbol">
          <span className="visually-hidden">{t('seconds.symbol')}</span>
          <select value={quotation.symbol} onChange={(e) => chooseSymbol(e.target.value)} aria-label={t('seconds.symbol')}>
            {symbols.map((q) => (
              <option key={q.id} value={q.symbol}>
                {q.symbol}
              </option>
            ))}
          </select>
        </label>
        <div className="seconds-price" aria-label={t('seconds.price')}>
          {quotation.price}
        </div>
      </section>
      <KlineChart symbol={quotation.symbol} fromTicks />
      <OrderForm symbolId={quotation.id} symbol={quotation.symbol} />
      <SegmentTabs
        label={t('seconds.orders')}
        options={[
          { value: 'holding', label: t('seconds.holding') },
          { value: 'history', label: t('seconds.history') },
        ]}
        value={status}
        onChange={setStatus}
      />
      <OrderList key={status} status={status} symbolId={quotation.id} onShow={setShown} />
      {shown && <ResultDialog id={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}

function OrderForm({ symbolId, symbol }: { symbolId: number; symbol: string }) {
  const { t } = useTranslation();
  const durations = useOptionDurations();
  const payable = usePayableCurrencies();
  const submit = useSubmitOption();
  const [seconds, setSeconds] = useState<number>();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState('');
  const duration = durations.data?.find((d) => d.seconds === seconds) ?? durations.data?.[0];
  const coin = payable.data?.[0];
  if (!duration || !coin) return <p className="empty">{t('app.loading')}</p>;
  const valid = /^\d+(\.\d+)?$/.test(amount) && isPositive(amount);
  const fee = valid ? optionFee(amount, duration.fee_rate, coin.decimals) : '0';
  const profit = valid ? optionProfit(amount, duration.payout_ratio, coin.decimals) : '0';
  // The stake and its fee come out of the options account: what they need beyond it, the transfer link asks for.
  const cost = valid ? add(amount, fee) : '0';
  const shortfall = shortfallOf(cost, coin.balance, coin.name);

  const place = async (type: 1 | 2) => {
    if (!valid || cmp(amount, duration.stake_min) < 0 || cmp(amount, duration.stake_max) > 0) {
      setProblem(t('seconds.amountInvalid', { min: duration.stake_min, max: duration.stake_max }));
      return;
    }
    if (shortfall) {
      setProblem(t('seconds.insufficient'));
      return;
    }
    setProblem('');
    const confirmed = await confirmDialog({
      content: t('seconds.confirm', { direction: t(type === 1 ? 'seconds.upWord' : 'seconds.downWord'), amount, coin: coin.name, symbol, seconds: duration.seconds }),
      confirmText: t('market.confirm'),
      cancelText: t('market.keep'),
    });
    if (!confirmed) return;
    submit.mutate(
      { match_id: symbolId, currency_id: coin.id, type, seconds: duration.seconds, number: amount },
      { onSuccess: () => toastSuccess(t('seconds.placed')) },
    );
  };

  return (
    <section className="seconds-form">
      <div className="seconds-durations" role="group" aria-label={t('seconds.duration')}>
        {durations.data?.map((d) => (
          <button
            key={d.seconds}
            type="button"
            className={d.seconds === duration.seconds ? 'pill pill--primary' : 'pill pill--ghost'}
            aria-pressed={d.seconds === duration.seconds}
            onClick={() => setSeconds(d.seconds)}
          >
            {t('seconds.durationOption', { seconds: d.seconds, percent: Number(d.payout_ratio) * 100 })}
          </button>
        ))}
      </div>
      <label className="seconds-amount">
        <span>{t('seconds.amount')}</span>
        <input inputMode="decimal" value={amount} placeholder={t('seconds.amountRange', { min: duration.stake_min, max: duration.stake_max })} onChange={(e) => setAmount(e.target.value.trim())} />
      </label>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <dl className="seconds-preview">
        <dt>{t('seconds.balance')}</dt>
        <dd>
          {coin.balance} {coin.name}
        </dd>
        <dt>{t('seconds.fee')}</dt>
        <dd>
          {fee} {coin.name}
        </dd>
        <dt>{t('seconds.expectedProfit')}</dt>
        <dd>
          {profit} {coin.name}
        </dd>
      </dl>
      <AccountNote kind="options" currencyId={coin.id} shortfall={shortfall} />
      <div className="seconds-buttons">
        <button type="button" className="seconds-button seconds-button--up" disabled={submit.isPending} onClick={() => void place(1)}>
          {t('seconds.up')}
        </button>
        <button type="button" className="seconds-button seconds-button--down" disabled={submit.isPending} onClick={() => void place(2)}>
          {t('seconds.down')}
        </button>
      </div>
    </section>
  );
}

/** Re-renders every quarter second while mounted (the countdowns). */
function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Holding orders with their countdown, or the history with each result and when it was placed: 5 a page, "load more". */
function OrderList({ status, symbolId, onShow }: { status: OptionListStatus; symbolId: number; onShow: (id: string) => void }) {
  const { t } = useTranslation();
  const list = useOptionList(status, symbolId);
  const now = useNow(status === 'holding');
  const shownAt = useRelativeTime();
  return (
    <PagedList
      query={list}
      label={t(status === 'holding' ? 'seconds.holding' : 'seconds.history')}
      empty={t('seconds.empty')}
      keyOf={(o) => o.id}
      className="seconds-orders"
    >
      {(o) => (
        <button type="button" className="seconds-order" onClick={() => onShow(o.id)}>
          <span className={o.type === 1 ? 'up' : 'down'}>{t(o.type === 1 ? 'seconds.upWord' : 'seconds.downWord')}</span>
          <span>
            {/* No-break spaces: a wrapped row keeps "10 USDT" and "30 s" whole. */}
            {o.symbol} · {o.number}{'\u00a0'}{o.currency} · {o.seconds}{'\u00a0'}s
          </span>
          <span>{o.open ? t('seconds.openPrice', { price: o.open.price }) : o.status === 'opening' ? t('ticks.opening') : t('ticks.voidResult')}</span>
          {o.status === 'holding' || o.status === 'opening' ? <CountdownRing order={o} now={now} /> : <Outcome order={o} />}
          {(o.status === 'settled' || o.status === 'void') && <span className="muted seconds-order__time">{shownAt(o.created_at)}</span>}
        </button>
      )}
    </PagedList>
  );
}

/** A ring emptying as the option runs, with the seconds left in it. */
export function CountdownRing({ order, now }: { order: OptionOrderView; now: number }) {
  const { t } = useTranslation();
  const total = order.seconds * 1000;
  const left = Math.max(0, Math.min(total, order.expires_at - now));
  const secondsLeft = Math.ceil(left / 1000);
  const radius = 16;
  const circumference = 2 * Math.PI * radius;
  const label = secondsLeft > 0 ? t('seconds.secondsLeft', { seconds: secondsLeft }) : t('seconds.settling');
  return (
    <span className="countdown" role="timer" aria-label={label}>
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="20" cy="20" r={radius} className="countdown__track" />
        <circle cx="20" cy="20" r={radius} className="countdown__bar" strokeDasharray={circumference} strokeDashoffset={circumference * (1 - left / total)} />
      </svg>
      <span className="countdown__text">{secondsLeft}</span>
    </span>
  );
}

function Outcome({ order }: { order: OptionOrderView }) {
  const { t } = useTranslation();
  // Void: no fresh index tick to open or settle on, stake and fee refunded in full.
  if (order.status === 'void') return <span className="outcome outcome--void">{t('ticks.void')}</span>;
  if (!order.outcome) return null;
  return (
    <span className={`outcome outcome--${order.outcome}`}>
      {t(`seconds.${order.outcome}`)} {order.profit} {order.currency}
    </span>
  );
}

const tickTime = (time: number) => new Date(time).toLocaleTimeString(undefined, { hour12: false });

/** One order's result: the open and close index ticks (id, price, time) and the K-line beside them. */
function ResultDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const result = useOptionResult(id);
  const order = result.data;
  return (
    <div className="seconds-result" role="dialog" aria-label={t('seconds.result')}>
      {order ? (
        <>
          <h2>
            {order.symbol} · {t(order.type === 1 ? 'seconds.upWord' : 'seconds.downWord')} · {order.seconds} s
          </h2>
          <dl className="seconds-preview">
            <dt>{t('seconds.openTick')}</dt>
            <dd>{order.open ? t('seconds.tick', { price: order.open.price, id: order.open.id, time: tickTime(order.open.time) }) : t(order.status === 'opening' ? 'ticks.opening' : 'ticks.voidResult')}</dd>
            <dt>{t('seconds.closeTick')}</dt>
            <dd>{order.close ? t('seconds.tick', { price: order.close.price, id: order.close.id, time: tickTime(order.close.time) }) : t(order.status === 'void' ? 'ticks.voidResult' : 'seconds.settling')}</dd>
            <dt>{t('seconds.resultLabel')}</dt>
            <dd>{order.outcome || order.status === 'void' ? <Outcome order={order} /> : t('seconds.settling')}</dd>
          </dl>
          {order.void_reason && <p className="muted">{t(order.void_reason === 'stale_close' ? 'ticks.voidStaleClose' : 'ticks.voidNoOpeningTick')}</p>}
          {order.open && order.close && <TickCheck openId={order.open.id} closeId={order.close.id} />}
          <KlineChart symbol={order.symbol} fromTicks />
        </>
      ) : (
        <p className="empty">{t('app.loading')}</p>
      )}
      <button type="button" className="pill pill--ghost" onClick={onClose}>
        {t('seconds.close')}
      </button>
    </div>
  );
}
