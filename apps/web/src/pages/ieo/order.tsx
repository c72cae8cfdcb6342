import { useTranslation } from 'react-i18next';
import { useIeoOrders, type IeoOrder } from '../../api/ieo.ts';
import { Empty, LoadMore, useFormatTime } from '../../components/funds/funds.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { Figures } from '../../components/wealth/figures.tsx';

/**
 * /pages/ieo/order: the user's subscriptions, newest first, 10 a page: the project, the quantity applied
 * for and what was paid; pending until the subscription ends, then what was allocated, charged and
 * refunded, and whether the tokens are still locked (until when) or released.
 */
export function IeoOrdersPage() {
  const { t } = useTranslation();
  const orders = useIeoOrders();
  return (
    <div className="page">
      <NavBar title={t('page.subscriptionRecords')} />
      <div className="page__body">
        <PageState query={orders}>
          {(data) => {
            const rows = data.pages.flatMap((page) => page.data);
            if (rows.length === 0) return <Empty>{t('ieo.noOrders')}</Empty>;
            return (
              <section className="card">
                <ul className="funds-list" aria-label={t('page.subscriptionRecords')}>
                  {rows.map((order) => (
                    <OrderItem key={order.id} order={order} />
                  ))}
                </ul>
                <LoadMore hasMore={orders.hasNextPage} loading={orders.isFetchingNextPage} onMore={() => void orders.fetchNextPage()} />
              </section>
            );
          }}
        </PageState>
      </div>
    </div>
  );
}

function Status({ order }: { order: IeoOrder }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  // Pending after the end: the allocation job takes it within seconds.
  const text =
    order.status === 'pending'
      ? t(order.state === 'ended' ? 'ieo.status.allocating' : 'ieo.status.pending')
      : order.status === 'allocated'
        ? t('ieo.status.allocated', { time: order.unlock_at === null ? '' : formatTime(order.unlock_at) })
        : t('ieo.status.released');
  return <span className={`ieo-order__status ieo-order__status--${order.status}`}>{text}</span>;
}

function OrderItem({ order }: { order: IeoOrder }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const figures: [string, string][] = [
    [t('ieo.order.appliedFor'), `${order.amount} ${order.currency}`],
    [t('ieo.order.price'), `${order.price} ${order.pay_currency}`],
    [t('ieo.order.paid'), `${order.paid} ${order.pay_currency}`],
  ];
  if (order.allocated !== null) figures.push([t('ieo.order.allocated'), `${order.allocated} ${order.currency}`]);
  if (order.charged !== null) figures.push([t('ieo.order.charged'), `${order.charged} ${order.pay_currency}`]);
  if (order.refunded !== null) figures.push([t('ieo.order.refunded'), `${order.refunded} ${order.pay_currency}`]);
  figures.push([t('ieo.order.time'), shownAt(order.created_at)]);
  return (
    <li className="funds-list__item ieo-stack">
      <div className="funds-list__row">
        <span className="funds-list__main">{order.project}</span>
        <Status order={order} />
      </div>
      <Figures rows={figures} />
    </li>
  );
}
