import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpotOrderPages, type SpotListStatus } from '../../api/spot.ts';
import { PagedList } from '../paged-list.tsx';
import { SegmentTabs } from '../segment-tabs.tsx';
import { OrderRow } from './order-list.tsx';

/**
 * Open orders and order history (spec section 4: in progress, completed), ten at a time with the app's
 * one paging style ("load more", then "no more data"); one symbol's (its quotation id) or every symbol's.
 */
export function SpotOrderLists({ symbolId, label }: { symbolId?: number; label: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SpotListStatus>('in_progress');
  const orders = useSpotOrderPages(status, symbolId);
  return (
    <>
      <SegmentTabs
        label={label}
        options={[
          { value: 'in_progress', label: t('market.openOrders') },
          { value: 'completed', label: t('market.orderHistory') },
        ]}
        value={status}
        onChange={setStatus}
      />
      <PagedList query={orders} label={t(status === 'in_progress' ? 'market.openOrders' : 'market.orderHistory')} empty={t('market.noOrders')} keyOf={(order) => order.id}>
        {(order) => <OrderRow order={order} />}
      </PagedList>
    </>
  );
}
