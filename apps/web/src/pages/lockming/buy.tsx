import { cmp, displayBalance, isPositive, money, toAmountString } from '@fairex/contract/money';
import { DAY_MS, miningDailyInterest, miningTermInterest } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMiningDeposit, useMiningProducts, type MiningProduct } from '../../api/mining.ts';
import { AmountField } from '../../components/field.tsx';
import { AccountNote, shortfallOf } from '../../components/funds/account-note.tsx';
import { useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { MINING_LIST_PATH, MINING_ORDERS_PATH, ProductHeading, ratePercent } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../notify.ts';
import { usePreloadFeedback } from '../../components/preload-feedback.ts';

/**
 * /pages/lockming/buy?id= (login): one product's figures, the amount (checked against the minimum, the
 * maximum, the coin's unit and the spot balance, "All" filling the exact balance), a preview by the
 * contract's mining rules (a day's interest at today's rate, the term at that rate, the unlock time),
 * then a confirmation and the order. Without an id it goes to the product list; an unknown id says the
 * product is not available, with a link to that list.
 */
export function MiningBuyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const products = useMiningProducts();
  if (params.get('id') === null) return <Navigate to={MINING_LIST_PATH} replace />;
  return (
    <div className="page">
      <NavBar title={t('page.mining')} />
      <PageState query={products}>
        {(all) => {
          const product = all.find((p) => p.id === id);
          if (!product) return <NotFound title={t('wealth.productGone')} backTo={MINING_LIST_PATH} backLabel={t('wealth.backToList')} />;
          return <BuyForm product={product} />;
        }}
      </PageState>
    </div>
  );
}

function BuyForm({ product }: { product: MiningProduct }) {
  const { t } = useTranslation();
  usePreloadFeedback();
  const navigate = useNavigate();
  const formatTime = useFormatTime();
  const deposit = useMiningDeposit();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const coin = product.currency;
  const balance = product.balance ?? '0';
  const value = amount.trim();
  // The preview needs a number the server would take; anything else previews nothing.
  const previewable = isAmount(value) && isPositive(value) && money(value).decimalPlaces() <= product.decimals;
  const term = t('mining.termDays', { count: product.term_days });

  /** The field's problem, in the order the server checks (minimum, maximum, unit), then the balance. */
  function problemOf(text: string): string | undefined {
    if (!isAmount(text) || !isPositive(text)) return t('mining.wrongAmount');
    if (money(text).decimalPlaces() > product.decimals) return t('mining.tooFine', { decimals: product.decimals, coin });
    if (cmp(text, product.amount_min) < 0) return t('mining.belowMinimum', { amount: product.amount_min, coin });
    if (product.amount_max !== null && cmp(text, product.amount_max) > 0) return t('mining.aboveMaximum', { amount: product.amount_max, coin });
    if (cmp(text, balance) > 0) return t('mining.insufficient');
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = problemOf(value);
    setError(problem);
    if (problem) return;
    const sent = await confirmThenSend(
      { content: t('mining.confirmBuy', { amount: value, coin, term, name: product.name }), confirmText: t('mining.confirm'), cancelText: t('mining.cancel') },
      () => deposit.mutateAsync({ config_id: product.id, amount: value }),
      t('mining.locked'),
    );
    if (sent) navigate(MINING_ORDERS_PATH, { replace: true });
  }

  return (
    <>
      <section className="card mining-product" aria-label={product.name}>
        <ProductHeading product={product} />
        <Figures
          rows={[
            [t('mining.term'), term],
            [t('mining.todayRate'), ratePercent(product.today_rate)],
            [t('mining.tomorrowRate'), product.tomorrow_rate === null ? t('mining.notPublished') : ratePercent(product.tomorrow_rate)],
            [t('mining.minimum'), `${product.amount_min} ${coin}`],
            [t('mining.maximum'), product.amount_max === null ? t('mining.noLimit') : `${product.amount_max} ${coin}`],
            [t('mining.penaltyRatio'), t('mining.penaltyPerDay', { ratio: ratePercent(product.penalty_ratio) })],
          ]}
        />
      </section>
      <form className="card mining-form" onSubmit={(event) => void submit(event)} noValidate>
        <AmountField
          label={t('mining.amount')}
          placeholder={t('mining.minimumPlaceholder', { amount: product.amount_min, coin })}
          value={amount}
          onChange={(next) => {
            setAmount(next);
            setError(undefined);
          }}
          error={error}
          allLabel={t('mining.all')}
          onAll={() => {
            setAmount(toAmountString(balance));
            setError(undefined);
          }}
        />
        <Figures
          label={t('mining.preview')}
          rows={[
            [t('mining.available'), `${displayBalance(balance)} ${coin}`],
            [t('mining.dailyInterest'), previewable ? `${miningDailyInterest(value, product.today_rate, product.decimals)} ${coin}` : '--'],
            [t('mining.termInterest'), previewable ? `${miningTermInterest(value, product.today_rate, product.term_days, product.decimals)} ${coin}` : '--'],
            [t('mining.unlockAt'), formatTime(Date.now() + product.term_days * DAY_MS)],
          ]}
        />
        <AccountNote kind="mining" currencyId={product.currency_id} shortfall={previewable ? shortfallOf(value, balance, coin) : undefined} />
        <p className="mining-hint">{t('mining.estimateHint')}</p>
        <Button block color="primary" shape="rounded" type="submit" loading={deposit.isPending}>
          {t('mining.lockNow')}
        </Button>
      </form>
    </>
  );
}
