import { SPOT_PAGE_SIZE } from '@fairex/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpotOrders, type SpotListStatus } from '../../api/spot.ts';
import { OrderList } from '../../components/market/order-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import '../../components/market/market.css';

/** /pages/transaction/currency_order: the full spot order history, in progress and completed, paged by 10. */
export function SpotOrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SpotListStatus>('in_progress');
  const [page, setPage] = useState(1);
  const orders = useSpotOrders(status, page);
  const total = orders.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SPOT_PAGE_SIZE));
  return (
    <div className="page">
      <NavBar title={t('market.orders')} />
      <SegmentTabs
        label={t('market.orders')}
        options={[
          { value: 'in_progress', label: t('market.inProgress') },
          { value: 'completed', label: t('market.completed') },
        ]}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      <div className="spot-section">
        {orders.isPending ? <p className="empty">{t('app.loading')}</p> : <OrderList orders={orders.data?.data ?? []} />}
      </div>
      {total > SPOT_PAGE_SIZE && (
        <nav className="pager" aria-label={t('market.orders')}>
          <button type="button" className="link-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('market.previousPage')}
          </button>
          <span>{t('market.pageOf', { page, pages })}</span>
          <button type="button" className="link-button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('market.nextPage')}
          </button>
        </nav>
      )}
    </div>
  );
}
