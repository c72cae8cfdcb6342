import { averageFillPrice, feeShown } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import { useQuotations } from '../../api/market.ts';
import { useCancelOrder, type SpotOrderItem } from '../../api/spot.ts';
import { confirmDialog, toastSuccess } from '../../notify.ts';
import { useRelativeTime } from '../relative-time.ts';
import { withDecimals } from './format.ts';

const STATUS_KEYS = { open: 'statusOpen', filled: 'statusFilled', cancelled: 'statusCancelled' } as const;

/** Shown for an average price before any fill. */
export const NO_FILL = '-';

/**
 * An order's figures as shown: prices with its symbol's decimals (a market order's price reads "market",
 * never its protection price), the average from its fills or "-", the fee rounded up in its coin.
 */
export function orderFigures(order: SpotOrderItem, decimals: { price: number; quantity: number } | undefined) {
  const price = (value: string) => (decimals ? withDecimals(value, decimals.price) : value);
  const quantity = (value: string) => (decimals ? withDecimals(value, decimals.quantity) : value);
  const average = averageFillPrice(order.filled_quote, order.filled_quantity, decimals?.price ?? 18);
  return {
    price: order.order_type === 'limit' && order.price !== null ? price(order.price) : null,
    quantity: quantity(order.quantity),
    filled: quantity(order.filled_quantity),
    average: average === null ? NO_FILL : price(order.average_price),
    fee: `${feeShown(order.fee, order.fee_decimals)} ${order.fee_currency}`.trim(),
  };
}

/** One spot order; an open one can be cancelled after a confirmation (spec section 4), then the server's text shows. */
export function OrderRow({ order }: { order: SpotOrderItem }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const timeOf = useRelativeTime();
  const symbol = useQuotations().data?.find((q) => q.id === order.symbol_id);
  const figures = orderFigures(order, symbol && { price: symbol.price_decimals, quantity: symbol.quantity_decimals });
  const confirmCancel = async () => {
    const confirmed = await confirmDialog({
      content: t('market.cancelConfirm'),
      confirmText: t('market.confirm'),
      cancelText: t('market.keep'),
    });
    if (!confirmed) return;
    cancel.mutate(order.id, { onSuccess: (message) => toastSuccess(message) });
  };
  return (
    <div className="order-item">
      <div className="order-item__top">
        <span>
          <strong className={order.side === 'buy' ? 'text-up' : 'text-down'}>{t(`market.${order.side}`)}</strong> {order.symbol} ·{' '}
          {t(`market.${order.order_type}`)}
        </span>
        {order.status === 'open' ? (
          <button
            type="button"
            className="link-button"
            aria-label={`${t('market.cancelOrder')} ${order.id}`}
            disabled={cancel.isPending}
            onClick={() => void confirmCancel()}
          >
            {t('market.cancelOrder')}
          </button>
        ) : (
          <span className="muted">{t(`market.${STATUS_KEYS[order.status]}`)}</span>
        )}
      </div>
      <dl className="order-item__figures">
        <Figure label={t('market.price')} value={figures.price ?? t('market.market')} />
        <Figure label={t('market.amount')} value={figures.quantity} />
        <Figure label={t('market.filled')} value={figures.filled} />
        <Figure label={t('market.averagePrice')} value={figures.average} />
        <Figure label={t('market.fee')} value={figures.fee} />
        <Figure label={t('market.time')} value={timeOf(Date.parse(order.created_at))} />
      </dl>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
