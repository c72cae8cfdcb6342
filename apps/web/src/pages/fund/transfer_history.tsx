import { displayBalance } from '@fairex/contract/money';
import { useTranslation } from 'react-i18next';
import { useTransferHistory, type TransferRow } from '../../api/funds.ts';
import { useKindLabel } from '../../components/funds/funds.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';

function TransferItem({ row }: { row: TransferRow }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const kindLabel = useKindLabel();
  return (
    <>
      <div className="funds-list__row">
        <span className="funds-list__main">
          {displayBalance(row.number)} {row.currency}
        </span>
        <span className="funds-list__sub funds-list__time">{shownAt(Date.parse(row.created_at))}</span>
      </div>
      <div className="funds-list__sub">{t('funds.fromTo', { from: kindLabel(row.from_field), to: kindLabel(row.to_field) })}</div>
    </>
  );
}

/** GET /wallet/hzhistory: the user's transfers between account kinds, 10 a page. */
export function TransferHistoryPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('page.transferHistory')} />
      <div className="page__body">
        <section className="card">
          <PagedList query={useTransferHistory()} label={t('page.transferHistory')} keyOf={(row) => row.id} className="funds-list" itemClassName="funds-list__item">
            {(row) => <TransferItem row={row} />}
          </PagedList>
        </section>
      </div>
    </div>
  );
}
