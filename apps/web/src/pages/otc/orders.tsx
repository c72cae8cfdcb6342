import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useOtcOrders, type OtcOrderTab, type OtcOrderView } from '../../api/otc.ts';
import { Empty, LoadMore } from '../../components/funds/funds.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { otcOrderPath } from './paths.ts';
import { StatusLabel, useActionLabel } from './shared.tsx';

/** My orders (?tab=orders, &status=ended for the ended ones): as buyer or seller, newest first, ten at a time; each opens its order screen. */
export function OrdersView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: OtcOrderTab = params.get('status') === 'ended' ? 'ended' : 'open';
  return (
    <>
      <SegmentTabs
        label={t('otc.myOrders')}
        variant="pill"
        options={[
          { value: 'open', label: t('otc.openOrders') },
          { value: 'ended', label: t('otc.endedOrders') },
        ]}
        value={tab}
        onChange={(next) => setParams({ tab: 'orders', status: next }, { replace: true })}
      />
      <OrderList key={tab} tab={tab} />
    </>
  );
}

function OrderList({ tab }: { tab: OtcOrderTab }) {
  const { t } = useTranslation();
  const orders = useOtcOrders(tab);
  return (
    <PageState query={orders}>
      {(data) => {
        const rows = data.pages.flatMap((page) => page.data);
        if (rows.length === 0) return <Empty>{t(tab === 'open' ? 'otc.noOpenOrders' : 'otc.noEndedOrders')}</Empty>;
        return (
          <>
            <ul className="otc-list" aria-label={t(tab === 'open' ? 'otc.openOrders' : 'otc.endedOrders')}>
              {rows.map((order) => (
                <li key={order.id}>
                  <OrderRow order={order} />
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

function OrderRow({ order }: { order: OtcOrderView }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const actionLabel = useActionLabel();
  const title = actionLabel(order.role === 'buyer' ? 'buy' : 'sell', order.coin);
  return (
    <Link className="card otc-order-row" to={otcOrderPath(order.id)} aria-label={t('otc.orderLink', { action: title, id: order.id })}>
      <span className="otc-order-row__head">
        <strong className={order.role === 'buyer' ? 'up' : 'down'}>{title}</strong>
        <StatusLabel status={order.status} />
      </span>
      <span className="otc-order-row__figures">
        <span>{`${order.fiat_amount} ${order.fiat}`}</span>
        <span>{`${order.quantity} ${order.coin}`}</span>
        <span className="muted">{t('otc.atPrice', { price: order.price, fiat: order.fiat })}</span>
      </span>
      <span className="otc-order-row__foot muted">
        <span>{order.counterparty.name}</span>
        <span>{shownAt(order.created_at)}</span>
      </span>
    </Link>
  );
}
