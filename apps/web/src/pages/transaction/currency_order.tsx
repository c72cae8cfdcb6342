import { SPOT_PAGE_SIZE } from '@fairex/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpotOrders, type SpotListStatus } from '../../api/spot.ts';
import { OrderList } from '../../components/market/order-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { Pager } from '../../components/pager.tsx';
import '../../components/market/market.css';

/** /pages/transaction/currency_order: the full spot order history, in progress and completed, paged by 10. */
export function SpotOrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SpotListStatus>('in_progress');
  const [page, setPage] = useState(1);
  const orders = useSpotOrders(status, page);
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
      <Pager label={t('market.orders')} page={page} total={orders.data?.total ?? 0} pageSize={SPOT_PAGE_SIZE} onPage={setPage} />
    </div>
  );
}
