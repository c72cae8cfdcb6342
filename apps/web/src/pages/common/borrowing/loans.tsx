import { add, cmp, displayBalance, isPositive, money, toAmountString } from '@fairex/contract/money';
import { loanLtvPercent, loanRepaySplit, loanToValue } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/field.tsx';
import { AccountNote, shortfallOf } from '../../../components/funds/account-note.tsx';
import { Empty, LoadMore, useFormatTime } from '../../../components/funds/funds.tsx';
import { useRelativeTime } from '../../../components/relative-time.ts';
import { PageState } from '../../../components/funds/page-state.tsx';
import { ratePercent } from '../../../components/mining/mining.tsx';
import { SegmentTabs } from '../../../components/segment-tabs.tsx';
import { Figures, type FigureRow } from '../../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../../notify.ts';
import { useAddCollateral, useLoanProducts, useLoans, useRepay, type Loan, type LoanTab } from './api.ts';
import { useLiveIndex } from './live-index.ts';
import { LtvBadge } from './ltv.tsx';
import { DemoBadge } from '../../../components/demo-badge.tsx';

/** The user's loans, open or ended; an open one is valued at the live index and can be repaid or topped up. */
export function MyLoans() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<LoanTab>('open');
  return (
    <>
      <SegmentTabs
        label={t('loan.loanLists')}
        variant="pill"
        options={[
          { value: 'open', label: t('loan.open') },
          { value: 'ended', label: t('loan.ended') },
        ]}
        value={tab}
        onChange={setTab}
      />
      <LoanList key={tab} tab={tab} />
    </>
  );
}

function LoanList({ tab }: { tab: LoanTab }) {
  const { t } = useTranslation();
  const loans = useLoans(tab);
  const rows = loans.data?.pages.flatMap((page) => page.data) ?? [];
  const priceOf = useLiveIndex([...new Set(rows.filter((l) => l.status === 'open').map((l) => l.symbol))], (symbol) => rows.find((l) => l.symbol === symbol)?.price ?? null);
  return (
    <PageState query={loans}>
      {(data) => {
        const all = data.pages.flatMap((page) => page.data);
        if (all.length === 0) return <Empty>{t(tab === 'open' ? 'loan.noOpenLoans' : 'loan.noEndedLoans')}</Empty>;
        return (
          <>
            <ul className="loan-products" aria-label={t(tab === 'open' ? 'loan.open' : 'loan.ended')}>
              {all.map((loan) => (
                <li key={loan.id}>
                  <LoanCard loan={loan} price={loan.status === 'open' ? priceOf(loan.symbol) : null} />
                </li>
              ))}
            </ul>
            <LoadMore hasMore={loans.hasNextPage} loading={loans.isFetchingNextPage} onMore={() => void loans.fetchNextPage()} />
          </>
        );
      }}
    </PageState>
  );
}

type Action = 'repay' | 'add' | undefined;

function LoanCard({ loan, price }: { loan: Loan; price: string | null }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const shownAt = useRelativeTime();
  const [action, setAction] = useState<Action>();
  const coin = loan.currency;
  const open = loan.status === 'open';
  const ltv = open && price ? loanToValue(loan.debt, loan.collateral, price) : null;
  const rows: (FigureRow | false)[] = [
    [t('loan.debt'), `${loan.debt} ${coin}`],
    [t('loan.collateral'), `${loan.collateral} ${loan.collateral_currency}`],
    open && [t('loan.ltv'), ltv ? <LtvBadge ltv={ltv} marginCall={loan.margin_call_ltv} liquidation={loan.liquidation_ltv} /> : t('loan.noIndex')],
    open && [t('loan.indexPrice', { symbol: loan.symbol }), price ?? '--'],
    [t('loan.principal'), `${loan.principal} / ${loan.borrowed} ${coin}`],
    [t('loan.interestOutstanding'), `${loan.interest_outstanding} ${coin}`],
    [t('loan.interestPaid'), `${loan.interest_paid} ${coin}`],
    [t('loan.dailyRate'), ratePercent(loan.daily_rate)],
    [t('loan.term'), loan.term_days === 0 ? t('loan.flexible') : t('loan.termDays', { count: loan.term_days })],
    [t('loan.borrowedAt'), shownAt(loan.borrowed_at)],
    open && loan.due_at !== null && [t('loan.dueAt'), formatTime(loan.due_at)],
    open && loan.overdue && loan.overdue_liquidation_at !== null && [t('loan.overdueLiquidationAt'), formatTime(loan.overdue_liquidation_at)],
    open && loan.next_charge_at !== null && [t('loan.nextCharge'), formatTime(loan.next_charge_at)],
    open && loan.margin_call_price !== null && [t('loan.marginCallPrice'), `${loan.margin_call_price} ${coin}`],
    open && loan.liquidation_price !== null && [t('loan.liquidationPrice'), `${loan.liquidation_price} ${coin}`],
    !open && loan.ended_at !== null && [t('loan.endedAt'), shownAt(loan.ended_at)],
  ];
  const liquidation = loan.liquidation;
  return (
    <article className="card loan-card" aria-label={t('loan.loanNumber', { id: loan.id })}>
      <div className="loan-card__head">
        <span className="loan-card__name">
          {loan.name} · {t('loan.loanNumber', { id: loan.id })}
          <DemoBadge demo={loan.demo} />
        </span>
        <span className={`loan-status loan-status--${loan.status}`}>{open && loan.overdue ? t('loan.overdue') : t(`loan.status.${loan.status}`)}</span>
      </div>
      {open && loan.margin_called_at !== null && (
        <p className="loan-alert" role="alert">
          {t('loan.marginCalled')}
        </p>
      )}
      <Figures rows={rows} />
      {liquidation && (
        <Figures
          label={t('loan.liquidation.title')}
          rows={[
            [t('loan.liquidation.title'), t(`loan.liquidation.${liquidation.reason}`)],
            [t('loan.liquidation.price'), liquidation.price],
            [t('loan.debt'), `${liquidation.debt} ${coin}`],
            [t('loan.liquidation.sold'), `${liquidation.collateral_sold} ${loan.collateral_currency}`],
            [t('loan.liquidation.returned'), `${liquidation.collateral_returned} ${loan.collateral_currency}`],
            isPositive(liquidation.shortfall) && [t('loan.liquidation.shortfall'), `${liquidation.shortfall} ${coin}`],
          ]}
        />
      )}
      {open && (
        <div className="loan-actions">
          <Button size="small" shape="rounded" color={action === 'repay' ? 'primary' : 'default'} onClick={() => setAction(action === 'repay' ? undefined : 'repay')}>
            {t('loan.repay')}
          </Button>
          <Button size="small" shape="rounded" fill="outline" color={action === 'add' ? 'primary' : 'default'} onClick={() => setAction(action === 'add' ? undefined : 'add')}>
            {t('loan.addCollateral')}
          </Button>
        </div>
      )}
      {open && action === 'repay' && <RepayForm loan={loan} onDone={() => setAction(undefined)} />}
      {open && action === 'add' && <AddCollateralForm loan={loan} price={price} onDone={() => setAction(undefined)} />}
    </article>
  );
}

function RepayForm({ loan, onDone }: { loan: Loan; onDone: () => void }) {
  const { t } = useTranslation();
  const repay = useRepay();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const coin = loan.currency;
  const value = amount.trim();

  function problemOf(): string | undefined {
    if (!isAmount(value) || !isPositive(value)) return t('loan.wrongAmount');
    if (money(value).decimalPlaces() > loan.decimals) return t('loan.tooFine', { coin, decimals: loan.decimals });
    if (cmp(value, loan.debt) > 0) return t('loan.aboveDebt', { debt: loan.debt, coin });
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = problemOf();
    setError(problem);
    if (problem) return;
    const split = loanRepaySplit(value, loan.interest_outstanding);
    const content =
      cmp(value, loan.debt) === 0
        ? t('loan.confirmRepayAll', { amount: value, coin, collateral: loan.collateral, collateralCoin: loan.collateral_currency })
        : t('loan.confirmRepay', { amount: value, coin, split: t('loan.repaySplit', { interest: split.interest, principal: split.principal, coin }) });
    const sent = await confirmThenSend({ content, confirmText: t('loan.confirm'), cancelText: t('loan.cancel') }, () => repay.mutateAsync({ id: loan.id, amount: value }), t('loan.repaid'));
    if (sent) onDone();
  }

  return (
    <form className="loan-action" onSubmit={(event) => void submit(event)} noValidate aria-label={t('loan.repay')}>
      <AmountField
        label={`${t('loan.repayAmount')} (${coin})`}
        placeholder={t('loan.repayPlaceholder', { debt: loan.debt, coin })}
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setError(undefined);
        }}
        error={error}
        allLabel={t('loan.all')}
        onAll={() => {
          setAmount(toAmountString(loan.debt));
          setError(undefined);
        }}
      />
      <Button block color="primary" shape="rounded" type="submit" loading={repay.isPending}>
        {t('loan.repay')}
      </Button>
    </form>
  );
}

/** The user's spot balance of a coin as the loan products list it (the account a top-up is taken from); undefined until read. */
function useSpotBalance(currencyId: number): string | undefined {
  const products = useLoanProducts().data;
  if (!products) return undefined;
  return products.flatMap((p) => p.collaterals).find((c) => c.currency_id === currencyId)?.balance ?? '0';
}

/** A top-up from the spot balance, shown with an "All" button and checked against it before the confirmation. */
function AddCollateralForm({ loan, price, onDone }: { loan: Loan; price: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const topUp = useAddCollateral();
  const available = useSpotBalance(loan.collateral_currency_id);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const coin = loan.collateral_currency;
  const value = amount.trim();

  function problemOf(): string | undefined {
    if (!isAmount(value) || !isPositive(value)) return t('loan.wrongAmount');
    if (money(value).decimalPlaces() > loan.collateral_decimals) return t('loan.tooFine', { coin, decimals: loan.collateral_decimals });
    if (available !== undefined && cmp(value, available) > 0) return t('loan.insufficient');
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = problemOf();
    setError(problem);
    if (problem) return;
    const after = price ? loanToValue(loan.debt, add(loan.collateral, value), price) : null;
    const sent = await confirmThenSend(
      { content: t('loan.confirmAdd', { amount: value, coin, ltv: after ? `${loanLtvPercent(after)}%` : '--' }), confirmText: t('loan.confirm'), cancelText: t('loan.cancel') },
      () => topUp.mutateAsync({ id: loan.id, amount: value }),
      t('loan.added'),
    );
    if (sent) onDone();
  }

  return (
    <form className="loan-action" onSubmit={(event) => void submit(event)} noValidate aria-label={t('loan.addCollateral')}>
      <AmountField
        label={`${t('loan.addAmount')} (${coin})`}
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setError(undefined);
        }}
        error={error}
        allLabel={t('loan.all')}
        allDisabled={available === undefined || !isPositive(available)}
        onAll={() => {
          setAmount(toAmountString(available ?? '0'));
          setError(undefined);
        }}
      />
      <Figures rows={[[t('loan.available'), available === undefined ? '--' : `${displayBalance(available)} ${coin}`]]} />
      <AccountNote
        kind="loanCollateral"
        currencyId={loan.collateral_currency_id}
        shortfall={available !== undefined && isAmount(value) && isPositive(value) ? shortfallOf(value, available, coin) : undefined}
      />
      <Button block color="primary" shape="rounded" type="submit" loading={topUp.isPending}>
        {t('loan.addCollateral')}
      </Button>
    </form>
  );
}
