import type { DualOrderStatus, DualOrderView } from '@fairex/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDualOrders } from '../../api/invest.ts';
import { Empty, LoadMore, useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { aprText, useTypeLabel } from '../../components/invest/invest.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';

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
        <span className="invest-card__price">{title}</span>
        <span className={`invest-order__status invest-order__status--${order.status}`}>{t(`invest.status.${order.status}`)}</span>
      </div>
      <dl className="invest-figures">
        <div>
          <dt>{t('invest.invested')}</dt>
          <dd>
            {order.amount} {order.invest_currency}
          </dd>
        </div>
        <div>
          <dt>{t('invest.linkedPrice')}</dt>
          <dd>{order.linked_price}</dd>
        </div>
        <div>
          <dt>{t('invest.apr')}</dt>
          <dd>{aprText(order.apr)}</dd>
        </div>
        <div>
          <dt>{t('invest.holdingDays')}</dt>
          <dd>{t('invest.days', { count: order.holding_days })}</dd>
        </div>
        <div>
          <dt>{t('invest.maturityDate')}</dt>
          <dd>{order.maturity_date}</dd>
        </div>
        <div>
          <dt>{t('invest.settleTime')}</dt>
          <dd>{formatTime(order.settle_at)}</dd>
        </div>
        {order.settle_tick && (
          <div>
            <dt>{t('invest.settleTick')}</dt>
            <dd>{t('invest.tick', { price: order.settle_tick.price, time: formatTime(order.settle_tick.time), id: order.settle_tick.id })}</dd>
          </div>
        )}
        {order.payout !== null && (
          <div>
            <dt>{order.status === 'fail' ? t('invest.refunded') : t('invest.payout')}</dt>
            <dd>
              {order.payout} {order.payout_currency}
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
