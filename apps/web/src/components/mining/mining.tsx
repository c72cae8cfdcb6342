import { mul } from '@fairex/contract/money';
import { useTranslation } from 'react-i18next';
import { DemoBadge } from '../demo-badge.tsx';
import './mining.css';

/** The lock-up mining screens (spec section 2, Wealth). */
export const MINING_LIST_PATH = '/pages/lockming/lockming';
export const MINING_ORDERS_PATH = '/pages/lockming/order';
export const MINING_WELCOME_PATH = '/pages/lockming/welcome';
export const miningBuyPath = (id: number) => `/pages/lockming/buy?id=${id}`;

/** A daily rate or ratio (a fraction, "0.0035") in percent, exactly: "0.35%". */
export const ratePercent = (rate: string) => `${mul(rate, 100)}%`;

/** A product's advertised daily yield range: "0.3% – 0.4%", or one figure when both ends agree. */
export const yieldRange = (p: { daily_yield_min: string; daily_yield_max: string }) =>
  p.daily_yield_min === p.daily_yield_max ? ratePercent(p.daily_yield_min) : `${ratePercent(p.daily_yield_min)} – ${ratePercent(p.daily_yield_max)}`;

/** A product's coin and name over its daily yield range: the head of its card on the list and on the buy screen. */
export function ProductHeading({ product }: { product: { currency: string; name: string; daily_yield_min: string; daily_yield_max: string; demo: boolean } }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="mining-product__head">
        <span className="mining-coin">{product.currency}</span>
        <span className="mining-product__name">
          {product.name}
          <DemoBadge demo={product.demo} />
        </span>
      </span>
      <span className="mining-product__yield">
        <strong>{yieldRange(product)}</strong>
        <span className="muted">{t('mining.dailyYield')}</span>
      </span>
    </>
  );
}
