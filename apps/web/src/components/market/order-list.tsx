import { useTranslation } from 'react-i18next';
import { useCancelOrder, type SpotOrderItem } from '../../api/spot.ts';
import { confirmDialog, toastSuccess } from '../../notify.ts';

const STATUS_KEYS = { open: 'statusOpen', filled: 'statusFilled', cancelled: 'statusCancelled' } as const;

/** Spot orders; open ones can be cancelled after a confirmation (spec section 4), then the server's text shows. */
export function OrderList({ orders }: { orders: readonly SpotOrderItem[] }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const confirmCancel = async (order: SpotOrderItem) => {
    const confirmed = await confirmDialog({
      content: t('market.cancelConfirm'),
      confirmText: t('market.confirm'),
      cancelText: t('market.keep'),
    });
    if (!confirmed) return;
    cancel.mutate(order.id, { onSuccess: (message) => toastSuccess(message) });
  };
  if (orders.length === 0) return <p className="empty">{t('market.noOrders')}</p>;
  return (
    <ul>
      {orders.map((order) => (
        <li key={order.id} className="order-item">
          <div className="order-item__top">
            <span>
              <strong className={order.side === 'buy' ? 'text-up' : 'text-down'}>{t(`market.${order.side}`)}</strong>{' '}
              {order.symbol} · {t(`market.${order.order_type}`)}
            </span>
            {order.status === 'open' ? (
              <button
                type="button"
                className="link-button"
                aria-label={`${t('market.cancelOrder')} ${order.id}`}
                disabled={cancel.isPending}
                onClick={() => void confirmCancel(order)}
              >
                {t('market.cancelOrder')}
              </button>
            ) : (
              <span className="muted">{t(`market.${STATUS_KEYS[order.status]}`)}</span>
            )}
          </div>
          <dl className="order-item__figures">
            <div>
              <dt>{t('market.price')}</dt>
              <dd>{order.price ?? t('market.market')}</dd>
            </div>
            <div>
              <dt>{t('market.amount')}</dt>
              <dd>{order.quantity}</dd>
            </div>
            <div>
              <dt>{t('market.filled')}</dt>
              <dd>{order.filled_quantity}</dd>
            </div>
            <div>
              <dt>{t('market.averagePrice')}</dt>
              <dd>{order.average_price}</dd>
            </div>
            <div>
              <dt>{t('market.fee')}</dt>
              <dd>{order.fee}</dd>
            </div>
            <div>
              <dt>{t('market.time')}</dt>
              <dd>{new Date(order.created_at).toLocaleString()}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
