import { loanLtvPercent } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import { Empty, LoadMore } from '../../../components/funds/funds.tsx';
import { useRelativeTime } from '../../../components/relative-time.ts';
import { PageState } from '../../../components/funds/page-state.tsx';
import { Figures, type FigureRow } from '../../../components/wealth/figures.tsx';
import { useLoanHistory, type LoanEvent } from './api.ts';

/** Every step of the user's loans, newest first: borrowings, repayments (interest and principal), top-ups, returns, margin calls, liquidations. */
export function LoanHistory() {
  const { t } = useTranslation();
  const history = useLoanHistory();
  return (
    <PageState query={history}>
      {(data) => {
        const rows = data.pages.flatMap((page) => page.data);
        if (rows.length === 0) return <Empty>{t('loan.noHistory')}</Empty>;
        return (
          <>
            <ul className="loan-events" aria-label={t('loan.tab.history')}>
              {rows.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
            <LoadMore hasMore={history.hasNextPage} loading={history.isFetchingNextPage} onMore={() => void history.fetchNextPage()} />
          </>
        );
      }}
    </PageState>
  );
}

/** What a record's amount is: the loan borrowed, the repayment made, or the debt a liquidation settled. */
const AMOUNT_LABEL = { borrow: 'loan.amount', repay: 'loan.repayAmount', liquidation: 'loan.debt', collateral_add: 'loan.amount', collateral_return: 'loan.amount', margin_call: 'loan.debt' } as const;

function EventCard({ event }: { event: LoanEvent }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const rows: (FigureRow | false)[] = [
    event.amount !== null && [t(AMOUNT_LABEL[event.kind]), `${event.amount} ${event.currency}`],
    event.interest !== null && [t('loan.interestPaid'), `${event.interest} ${event.currency}`],
    event.principal !== null && [t('loan.principal'), `${event.principal} ${event.currency}`],
    event.collateral !== null && [t('loan.collateral'), `${event.collateral} ${event.collateral_currency}`],
    event.price !== null && [t('loan.liquidation.price'), event.price],
    event.ltv !== null && [t('loan.ltv'), `${loanLtvPercent(event.ltv)}%`],
  ];
  return (
    <article className="card loan-event" aria-label={t(`loan.event.${event.kind}`)}>
      <div className="loan-event__head">
        <span>
          {t(`loan.event.${event.kind}`)} · {t('loan.loanNumber', { id: event.loan_id })}
        </span>
        <time className="loan-event__time" dateTime={new Date(event.created_at).toISOString()}>
          {shownAt(event.created_at)}
        </time>
      </div>
      <Figures rows={rows} />
    </article>
  );
}
