import { cmp, displayBalance, isPositive, minOf, money, toAmountString } from '@fairex/contract/money';
import { LOAN_TERM_FLEXIBLE, loanDayInterest, loanLtvPercent, loanMaxAmount, loanTermInterest, loanToValue, loanTriggerPrice } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/field.tsx';
import { AccountNote, shortfallOf } from '../../../components/funds/account-note.tsx';
import { ratePercent } from '../../../components/mining/mining.tsx';
import { SegmentTabs } from '../../../components/segment-tabs.tsx';
import { Figures } from '../../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../../notify.ts';
import { useBorrow, type LoanProduct } from './api.ts';
import { useLiveIndex } from './live-index.ts';
import { LtvBadge } from './ltv.tsx';

/** An amount the server would take for a coin of `decimals`: positive, on the coin's unit. */
const usable = (text: string, decimals: number) => isAmount(text) && isPositive(text) && money(text).decimalPlaces() <= decimals;

/**
 * The borrow form of one product: the collateral coin and the term it offers, the collateral ("All" fills
 * the spot balance) and the amount ("Max" fills the most the initial LTV allows at the live index, day 1's
 * interest included), and a live preview by the contract's loan rules: the LTV the loan opens at (with day
 * 1's interest, charged at once), that interest, the whole term's, and the index prices of the margin call
 * and the liquidation. The server checks the same rules at its recorded index.
 */
export function BorrowForm({ product, onBorrowed }: { product: LoanProduct; onBorrowed: () => void }) {
  const { t } = useTranslation();
  const borrow = useBorrow();
  const [collateralId, setCollateralId] = useState(product.collaterals[0]?.currency_id ?? 0);
  const [term, setTerm] = useState(product.terms[0] ?? LOAN_TERM_FLEXIBLE);
  const [collateral, setCollateral] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ collateral?: string; amount?: string }>({});
  const pledged = product.collaterals.find((c) => c.currency_id === collateralId) ?? product.collaterals[0];
  const priceOf = useLiveIndex(
    product.collaterals.map((c) => c.symbol),
    (symbol) => product.collaterals.find((c) => c.symbol === symbol)?.price ?? null,
  );
  if (!pledged) return null;
  const coin = product.currency;
  const price = priceOf(pledged.symbol);
  const collateralText = collateral.trim();
  const amountText = amount.trim();
  const hasCollateral = usable(collateralText, pledged.decimals);
  const hasAmount = usable(amountText, product.decimals);
  const maxBorrow = price && hasCollateral ? loanMaxAmount(collateralText, price, product.initial_ltv, product.daily_rate, product.decimals) : null;
  const dayInterest = hasAmount ? loanDayInterest(amountText, product.daily_rate, false, product.decimals) : null;
  const debt = hasAmount && dayInterest ? money(amountText).plus(dayInterest) : null;
  const ltv = price && hasCollateral && debt ? loanToValue(debt, collateralText, price) : null;
  const termLabel = (days: number) => (days === LOAN_TERM_FLEXIBLE ? t('loan.flexible') : t('loan.termDays', { count: days }));
  const trigger = (level: string) => (debt && hasCollateral ? `${loanTriggerPrice(debt.toString(), collateralText, level, pledged.price_decimals)} ${coin}` : '--');

  function problems() {
    const found: { collateral?: string; amount?: string } = {};
    if (!isAmount(collateralText) || !isPositive(collateralText)) found.collateral = t('loan.wrongAmount');
    else if (money(collateralText).decimalPlaces() > pledged!.decimals) found.collateral = t('loan.tooFine', { coin: pledged!.currency, decimals: pledged!.decimals });
    else if (cmp(collateralText, pledged!.balance ?? '0') > 0) found.collateral = t('loan.insufficient');
    if (!isAmount(amountText) || !isPositive(amountText)) found.amount = t('loan.wrongAmount');
    else if (money(amountText).decimalPlaces() > product.decimals) found.amount = t('loan.tooFine', { coin, decimals: product.decimals });
    else if (cmp(amountText, product.amount_min) < 0) found.amount = t('loan.belowMinimum', { amount: product.amount_min, coin });
    else if (product.amount_max !== null && cmp(amountText, product.amount_max) > 0) found.amount = t('loan.aboveMaximum', { amount: product.amount_max, coin });
    else if (cmp(amountText, product.pool_available) > 0) found.amount = t('loan.poolShort', { amount: product.pool_available, coin });
    else if (maxBorrow !== null && cmp(amountText, maxBorrow) > 0) found.amount = t('loan.ltvTooHigh', { amount: maxBorrow, coin });
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems();
    setErrors(found);
    if (found.collateral || found.amount) return;
    const sent = await confirmThenSend(
      {
        content: t('loan.confirmBorrow', {
          collateral: collateralText,
          collateralCoin: pledged!.currency,
          amount: amountText,
          coin,
          term: termLabel(term),
          rate: ratePercent(product.daily_rate),
          interest: dayInterest,
        }),
        confirmText: t('loan.confirm'),
        cancelText: t('loan.cancel'),
      },
      () => borrow.mutateAsync({ product_id: product.id, collateral_currency_id: pledged!.currency_id, collateral: collateralText, amount: amountText, term_days: term }),
      t('loan.borrowed', { coin }),
    );
    if (sent) {
      setCollateral('');
      setAmount('');
      onBorrowed();
    }
  }

  const fillMax = () => {
    if (!maxBorrow) return;
    const most = product.amount_max === null ? maxBorrow : minOf(maxBorrow, product.amount_max);
    setAmount(toAmountString(minOf(most, product.pool_available)));
    setErrors((e) => ({ ...e, amount: undefined }));
  };

  return (
    <form className="card loan-form" onSubmit={(event) => void submit(event)} noValidate aria-label={product.name}>
      {product.collaterals.length > 1 && (
        <SegmentTabs
          label={t('loan.collateralCoin')}
          kind="toggles"
          variant="pill"
          options={product.collaterals.map((c) => ({ value: String(c.currency_id), label: c.currency }))}
          value={String(pledged.currency_id)}
          onChange={(next) => {
            setCollateralId(Number(next));
            setCollateral('');
            setErrors({});
          }}
        />
      )}
      {product.terms.length > 1 && (
        <SegmentTabs
          label={t('loan.term')}
          kind="toggles"
          variant="pill"
          options={product.terms.map((days) => ({ value: String(days), label: termLabel(days) }))}
          value={String(term)}
          onChange={(next) => setTerm(Number(next))}
        />
      )}
      <AmountField
        label={`${t('loan.collateral')} (${pledged.currency})`}
        placeholder={t('loan.collateralPlaceholder', { coin: pledged.currency })}
        value={collateral}
        onChange={(next) => {
          setCollateral(next);
          setErrors((e) => ({ ...e, collateral: undefined }));
        }}
        error={errors.collateral}
        allLabel={t('loan.all')}
        onAll={() => {
          setCollateral(toAmountString(pledged.balance ?? '0'));
          setErrors((e) => ({ ...e, collateral: undefined }));
        }}
      />
      <AmountField
        label={`${t('loan.amount')} (${coin})`}
        placeholder={t('loan.amountPlaceholder', { min: product.amount_min, coin })}
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setErrors((e) => ({ ...e, amount: undefined }));
        }}
        error={errors.amount}
        allLabel={t('loan.max')}
        allDisabled={!maxBorrow}
        onAll={fillMax}
      />
      <Figures
        rows={[
          [t('loan.available'), `${displayBalance(pledged.balance ?? '0')} ${pledged.currency}`],
          [t('loan.indexPrice', { symbol: pledged.symbol }), price ?? t('loan.noIndex')],
          [t('loan.ltv'), ltv ? <LtvBadge ltv={ltv} marginCall={product.margin_call_ltv} liquidation={product.liquidation_ltv} /> : '--'],
          [t('loan.maxBorrow'), maxBorrow ? `${maxBorrow} ${coin}` : '--'],
          [t('loan.dayInterest'), dayInterest ? `${dayInterest} ${coin}` : '--'],
          term !== LOAN_TERM_FLEXIBLE && [t('loan.termInterest'), hasAmount ? `${loanTermInterest(amountText, product.daily_rate, term, product.decimals)} ${coin}` : '--'],
          [t('loan.marginCallPrice'), trigger(product.margin_call_ltv)],
          [t('loan.liquidationPrice'), trigger(product.liquidation_ltv)],
        ]}
      />
      <AccountNote kind="loan" currencyId={pledged.currency_id} shortfall={hasCollateral ? shortfallOf(collateralText, pledged.balance ?? '0', pledged.currency) : undefined} />
      <p className="loan-hint">{t('loan.rulesHint')}</p>
      <Button block color="primary" shape="rounded" type="submit" loading={borrow.isPending} disabled={!price}>
        {t('loan.borrowNow')}
      </Button>
    </form>
  );
}

/** The product's fixed figures: rate, LTV levels, amount limits and what the pool can lend. */
export function ProductFigures({ product }: { product: LoanProduct }) {
  const { t } = useTranslation();
  const coin = product.currency;
  return (
    <Figures
      rows={[
        [t('loan.dailyRate'), ratePercent(product.daily_rate)],
        [t('loan.initialLtv'), `${loanLtvPercent(product.initial_ltv)}%`],
        [t('loan.marginCallLtv'), `${loanLtvPercent(product.margin_call_ltv)}%`],
        [t('loan.liquidationLtv'), `${loanLtvPercent(product.liquidation_ltv)}%`],
        [
          t('loan.limits'),
          product.amount_max === null
            ? t('loan.limitsFrom', { min: product.amount_min, coin })
            : t('loan.limitsRange', { min: product.amount_min, max: product.amount_max, coin }),
        ],
        [t('loan.poolAvailable'), `${displayBalance(product.pool_available)} ${coin}`],
      ]}
    />
  );
}
