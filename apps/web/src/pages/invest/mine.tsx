import type { DualOrderStatus, DualOrderView } from '@fairex/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDualOrders } from '../../api/invest.ts';
import { Empty, LoadMore, useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { aprText, useTypeLabel } from '../../components/invest/invest.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { DemoBadge } from '../../components/demo-badge.tsx';

type Filter = 'all' | DualOrderStatus;
const FILTERS: readonly Filter[] = ['all', 'purchased', 'settling', 'success', 'fail'];

/**
 * /pages/invest/mine: the user's dual orders by state (purchased, settling, completed, failed). A settled
 * order shows the index tick it settled on (price, time and number) and what it paid; a failed one
 * (its product cancelled while on sale) what was refunded.
 */
export function InvestMinePage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <div className="page">
      <NavBar title={t('page.myInvest')} />
      <div className="page__body">
        <SegmentTabs
          label={t('invest.statuses')}
          options={FILTERS.map((value) => ({ value, label: value === 'all' ? t('invest.all') : t(`invest.status.${value}`) }))}
          value={filter}
          onChange={setFilter}
        />
        <Orders key={filter} status={filter === 'all' ? undefined : filter} />
      </div>
    </div>
  );
}

function Orders({ status }: { status?: DualOrderStatus }) {
  const { t } = useTranslation();
  const orders = useDualOrders(status);
  return (
    <PageState query={orders}>
      {(data) => {
        const rows = data.pages.flatMap((page) => page.data);
        if (rows.length === 0) return <Empty>{t('invest.noOrders')}</Empty>;
        return (
          <>
            <ul className="invest-list">
              {rows.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ul>
            <LoadMore hasMore={orders.hasNextPage} loading={orders.isFetchingNextPage} onMore={() => void orders.fetchNextPage()} />
          </>
        );
      }}
    </PageState>
  );
}

function OrderCard({ order }: { order: DualOrderView }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const formatTime = useFormatTime();
  const title = `${order.symbol} · ${typeLabel(order.type)}`;
  return (
    <article className="invest-card" aria-label={title}>
      <div className="invest-card__head">
        <span className="invest-card__price">
          {title}
          <DemoBadge demo={order.demo} />
        </span>
        <span className={`invest-order__status invest-order__status--${order.status}`}>{t(`invest.status.${order.status}`)}</span>
      </div>
      <Figures
        rows={[
          [t('invest.invested'), `${order.amount} ${order.invest_currency}`],
          [t('invest.linkedPrice'), order.linked_price],
          [t('invest.apr'), aprText(order.apr)],
          [t('invest.holdingDays'), t('invest.days', { count: order.holding_days })],
          [t('invest.maturityDate'), order.maturity_date],
          [t('invest.settleTime'), formatTime(order.settle_at)],
          order.settle_tick && [t('invest.settleTick'), t('invest.tick', { price: order.settle_tick.price, time: formatTime(order.settle_tick.time), id: order.settle_tick.id })],
          order.payout !== null && [order.status === 'fail' ? t('invest.refunded') : t('invest.payout'), `${order.payout} ${order.payout_currency ?? ''}`],
        ]}
      />
    </article>
  );
}
