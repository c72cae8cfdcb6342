import { mul } from '@fairex/contract/money';
import type { ReactNode } from 'react';
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


/** Label and value pairs in two columns. */
export function Figures({ rows, label }: { rows: [string, ReactNode][]; label?: string }) {
  return (
    <dl className="mining-figures" aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
