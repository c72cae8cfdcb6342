import { sub } from '@fairex/contract/money';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMiningOrders, useMiningRedeem, type MiningOrder, type MiningOrderTab } from '../../api/mining.ts';
import { Empty, LoadMore, useFormatTime } from '../../components/funds/funds.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { MINING_LIST_PATH, ratePercent } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../notify.ts';

/**
 * /pages/lockming/order (login): the user's orders in progress and ended. Each shows its amount, term,
 * days paid, interest paid, next payout and unlock time and its payouts (day, rate, interest); an order
 * in progress can be redeemed early after a confirmation that shows the penalty the server computes now
 * and what returns; an ended order shows what returned and the penalty taken.
 */
export function MiningOrdersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MiningOrderTab>('active');
  return (
    <div className="page">
      <NavBar
        title={t('page.miningOrders')}
        right={
          <Link className="pill pill--ghost" to={MINING_LIST_PATH}>
            {t('mining.products')}
          </Link>
        }
      />
      <SegmentTabs
        label={t('mining.myOrders')}
        options={[
          { value: 'active', label: t('mining.inProgress') },
          { value: 'ended', label: t('mining.ended') },
        ]}
        value={tab}
        onChange={setTab}
      />
      <OrderList key={tab} tab={tab} />
    </div>
  );
}

function OrderList({ tab }: { tab: MiningOrderTab }) {
  const { t } = useTranslation();
  const orders = useMiningOrders(tab);
  const redeem = useMiningRedeem();

  /** The penalty is read again right before asking: it falls as days pass, and the server's figure is the one charged. */
  async function redeemEarly(id: string) {
    const fresh = (await orders.refetch()).data?.pages.flatMap((page) => page.data).find((o) => o.id === id);
    if (!fresh || fresh.status !== 'active') return;
    await confirmThenSend(
      {
        title: t('mining.redeemTitle'),
        content: t('mining.redeemConfirm', {
          amount: fresh.amount,
          coin: fresh.currency,
          penalty: fresh.redeem_penalty,
          left: t('mining.daysLeft', { count: fresh.remaining_days }),
          returned: sub(fresh.amount, fresh.redeem_penalty),
        }),
        confirmText: t('mining.redeem'),
        cancelText: t('mining.keep'),
      },
      () => redeem.mutateAsync({ id }),
      t('mining.redeemed'),
    );
  }

  return (
    <PageState query={orders}>
      {(data) => {
        const rows = data.pages.flatMap((page) => page.data);
        if (rows.length === 0) return <Empty>{t(tab === 'active' ? 'mining.noActiveOrders' : 'mining.noEndedOrders')}</Empty>;
        return (
          <>
            <ul className="mining-products" aria-label={t(tab === 'active' ? 'mining.inProgress' : 'mining.ended')}>
              {rows.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} onRedeem={() => void redeemEarly(order.id)} busy={redeem.isPending} />
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

function OrderCard({ order, onRedeem, busy }: { order: MiningOrder; onRedeem: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const shownAt = useRelativeTime();
  const coin = order.currency;
  const active = order.status === 'active';
  const rows: [string, string][] = [
    [t('mining.amount'), `${order.amount} ${coin}`],
    [t('mining.term'), t('mining.termDays', { count: order.term_days })],
    [t('mining.daysPaid'), `${order.days_paid} / ${order.term_days}`],
    [t('mining.interestPaid'), `${order.interest_paid} ${coin}`],
    [t('mining.lockedAt'), shownAt(order.locked_at)],
    [t('mining.unlockAt'), formatTime(order.unlock_at)],
  ];
  if (active) rows.push([t('mining.nextPayout'), order.next_payout_at === null ? t('mining.allPaid') : formatTime(order.next_payout_at)]);
  else {
    rows.push([t('mining.returned'), `${order.returned ?? '0'} ${coin}`], [t('mining.penalty'), `${order.penalty ?? '0'} ${coin}`]);
    if (order.ended_at !== null) rows.push([t('mining.endedAt'), shownAt(order.ended_at)]);
  }
  return (
    <article className="card mining-order" aria-label={order.name}>
      <div className="mining-order__head">
        <span className="mining-product__name">
          {order.name}
          <DemoBadge demo={order.demo} />
        </span>
        <span className={`mining-status mining-status--${order.status}`}>{t(`mining.status.${order.status}`)}</span>
      </div>
      <Figures rows={rows} />
      <details className="mining-payouts">
        <summary>{t('mining.payouts', { n: order.payouts.length })}</summary>
        {order.payouts.length === 0 ? (
          <p className="muted">{t('mining.noPayouts')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('mining.day')}</th>
                <th scope="col">{t('mining.rate')}</th>
                <th scope="col">{t('mining.interest')}</th>
              </tr>
            </thead>
            <tbody>
              {order.payouts.map((payout) => (
                <tr key={payout.day}>
                  <td>{payout.day}</td>
                  <td>{ratePercent(payout.rate)}</td>
                  <td>
                    {payout.amount} {coin}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
      {active && (
        <Button size="small" shape="rounded" fill="outline" disabled={busy} onClick={onRedeem}>
          {t('mining.redeemEarly')}
        </Button>
      )}
    </article>
  );
}
