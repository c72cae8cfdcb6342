import type { DualProductView } from '@fairex/contract';
import { cmp, displayBalance, money } from '@fairex/contract/money';
import { dualAmount, dualEstimatedIncome } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useBuyDual, useDualDetail } from '../../api/invest.ts';
import { AccountNote, shortfallOf } from '../../components/funds/account-note.tsx';
import { useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { aprText, INVEST_PATHS, Outcomes, settlementOutcomes, useTypeLabel } from '../../components/invest/invest.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../notify.ts';
import { usePreloadFeedback } from '../../components/preload-feedback.ts';
import { DemoBadge } from '../../components/demo-badge.tsx';

/** Shares are whole numbers (spec section 5): digits only, at least one. */
const wholeShares = (text: string) => (/^\d{1,7}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined);

/**
 * /pages/invest/purchase?id=: one dual product, the two outcomes of the chosen number of shares and the
 * estimated income (computed by the contract's rules, as the server pays), then the purchase after a
 * confirmation. Without an id it goes to the list; an unknown id, or a product no longer offered, says so
 * with a link to the list.
 */
export function InvestPurchasePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (params.get('id') === null) return <Navigate to={INVEST_PATHS.list} replace />;
  const gone = <NotFound title={t('wealth.productGone')} backTo={INVEST_PATHS.list} backLabel={t('wealth.backToList')} />;
  return (
    <div className="page">
      <NavBar title={t('page.purchase')} />
      <div className="page__body">{Number.isInteger(id) && id > 0 ? <Purchase id={id} gone={gone} /> : gone}</div>
    </div>
  );
}

function Purchase({ id, gone }: { id: number; gone: ReactNode }) {
  const detail = useDualDetail(id);
  return (
    <PageState query={detail} notFound={gone}>
      {(product) => <PurchaseForm product={product} />}
    </PageState>
  );
}

function PurchaseForm({ product }: { product: DualProductView }) {
  const { t } = useTranslation();
  usePreloadFeedback();
  const typeLabel = useTypeLabel();
  const formatTime = useFormatTime();
  const navigate = useNavigate();
  const buy = useBuyDual();
  const inputId = useId();
  const [shares, setShares] = useState('1');
  const [error, setError] = useState<string>();
  const num = wholeShares(shares);
  const coin = product.invest_currency;
  const balance = product.balance ?? '0';
  const amount = num === undefined ? '0' : dualAmount(num, product.per_price);
  const outcomes = settlementOutcomes(product, amount, product.holding_days);
  const income = dualEstimatedIncome(amount, product.apr, product.holding_days, product.invest_decimals);
  const affordable = Math.min(product.remaining_shares, money(balance).dividedToIntegerBy(product.per_price).toNumber());

  const change = (next: string) => {
    setShares(next.trim());
    setError(undefined);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (num === undefined) return setError(t('invest.quantityInteger'));
    if (num > product.remaining_shares) return setError(t('invest.tooMany', { count: product.remaining_shares }));
    if (cmp(amount, balance) > 0) return setError(t('invest.insufficient'));
    const sent = await confirmThenSend(
      {
        content: t('invest.confirm', { count: num, amount, coin, maturity: product.maturity_date, time: formatTime(product.settle_at) }),
        confirmText: t('invest.confirmOk'),
        cancelText: t('invest.cancel'),
      },
      () => buy.mutateAsync({ id: product.id, num }),
      t('invest.bought'),
    );
    if (sent) navigate(INVEST_PATHS.mine);
  }

  return (
    <>
      <section className="card">
        <h2 className="section-title">
          {product.symbol} · {typeLabel(product.type)}
          <DemoBadge demo={product.demo} />
        </h2>
        <Figures
          rows={[
            [t('invest.linkedPrice'), `${product.linked_price} ${product.quote_currency}`],
            [t('invest.apr'), aprText(product.apr)],
            [t('invest.holdingDays'), t('invest.days', { count: product.holding_days })],
            [t('invest.maturityDate'), product.maturity_date],
            [t('invest.settleTime'), formatTime(product.settle_at)],
            [t('invest.indexPrice', { symbol: product.symbol }), product.index_price ?? t('invest.noIndex')],
            [t('invest.perShare'), `${product.per_price} ${coin}`],
            [t('invest.remaining'), t('invest.remainingOf', { remaining: product.remaining_shares, total: product.total_shares })],
          ]}
        />
      </section>
      <form className="card invest-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId}>{t('invest.shares')}</label>
        <div className="invest-stepper">
          <button type="button" aria-label={t('invest.fewer')} onClick={() => change(String(Math.max(1, (num ?? 1) - 1)))}>
            −
          </button>
          <input id={inputId} inputMode="numeric" value={shares} aria-invalid={error ? true : undefined} onChange={(event) => change(event.target.value)} />
          <button type="button" aria-label={t('invest.more')} onClick={() => change(String((num ?? 0) + 1))}>
            +
          </button>
          <button type="button" className="pill pill--ghost" disabled={affordable < 1} onClick={() => change(String(affordable))}>
            {t('invest.max')}
          </button>
        </div>
        {error && (
          <p className="invest-error" role="alert">
            {error}
          </p>
        )}
        <Figures
          rows={[
            [t('invest.amount'), `${amount} ${coin}`],
            [t('invest.estimatedIncome'), `${income} ${coin}`],
            [t('invest.balance'), `${displayBalance(balance)} ${coin}`],
          ]}
        />
        <AccountNote kind="dual" currencyId={product.invest_currency_id} shortfall={shortfallOf(amount, balance, coin)} />
        <Outcomes outcomes={outcomes} label={t('invest.outcomes')} />
        {!product.on_sale && <p className="invest-note">{product.remaining_shares === 0 ? t('invest.soldOut') : t('invest.offSale')}</p>}
        <Button type="submit" block color="primary" size="large" shape="rounded" disabled={!product.on_sale} loading={buy.isPending}>
          {t('invest.buy')}
        </Button>
      </form>
    </>
  );
}
