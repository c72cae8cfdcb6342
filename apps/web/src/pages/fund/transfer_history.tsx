import { displayBalance } from '@fairex/contract/money';
import { useTranslation } from 'react-i18next';
import { useTransferHistory } from '../../api/funds.ts';
import { Empty, useFormatTime, LoadMore, useKindLabel } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** GET /wallet/hzhistory: the user's transfers between account kinds, 10 a page. */
export function TransferHistoryPage() {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const history = useTransferHistory();
  const kindLabel = useKindLabel();
  return (
    <div className="page">
      <NavBar title={t('page.transferHistory')} />
      <div className="page__body">
        <PageState query={history}>
          {(data) => {
            const rows = data.pages.flatMap((page) => page.data);
            if (rows.length === 0) return <Empty />;
            return (
              <section className="card">
                <ul className="funds-list">
                  {rows.map((row) => (
                    <li key={row.id} className="funds-list__item">
                      <div className="funds-list__row">
                        <span className="funds-list__main">
                          {displayBalance(row.number)} {row.currency}
                        </span>
                        <span className="funds-list__sub">{formatTime(row.created_at)}</span>
                      </div>
                      <div className="funds-list__sub">{t('funds.fromTo', { from: kindLabel(row.from_field), to: kindLabel(row.to_field) })}</div>
                    </li>
                  ))}
                </ul>
                <LoadMore hasMore={history.hasNextPage} loading={history.isFetchingNextPage} onMore={() => void history.fetchNextPage()} />
              </section>
            );
          }}
        </PageState>
      </div>
    </div>
  );
}
