import type { DualProductView, DualType } from '@fairex/contract';
import { money, toAmountString } from '@fairex/contract/money';
import { dualSettlement } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import { ProgressBar as WealthProgressBar } from '../wealth/progress-bar.tsx';
import './invest.css';

/** What the dual-investment screens share: paths, labels, the progress bar and the two settlement outcomes. */

export const INVEST_PATHS = {
  list: '/pages/invest/invest',
  mine: '/pages/invest/mine',
  purchase: '/pages/invest/purchase',
  help: '/pages/invest/help',
} as const;

/** An APR fraction as a percentage: "0.365" -> "36.5%". */
export const aprText = (apr: string) => `${toAmountString(money(apr).times(100))}%`;

/** "Sell high" for call, "Buy low" for put. */
export function useTypeLabel() {
  const { t } = useTranslation();
  return (type: DualType) => t(type === 'call' ? 'invest.sellHigh' : 'invest.buyLow');
}

/** Shares sold, as the server's percentage. */
export function ProgressBar({ percent }: { percent: string }) {
  const { t } = useTranslation();
  return <WealthProgressBar percent={percent} label={t('invest.progress')} valueText={`${percent}%`} />;
}

type Figures = Pick<DualProductView, 'type' | 'linked_price' | 'apr' | 'currency' | 'quote_currency' | 'base_decimals' | 'quote_decimals'>;
export type Outcome = { key: 'callBelow' | 'callOtherwise' | 'putAbove' | 'putOtherwise'; price: string; amount: string; coin: string };

/**
 * The two things an amount can become at settlement, by the contract's rule (the one the server pays by):
 * each branch priced on an index on its side of the linked price (zero below, twice the linked price
 * above, the linked price itself where the rule puts the tie).
 */
export function settlementOutcomes(figures: Figures, amount: string, days: number): [Outcome, Outcome] {
  const pay = (settlePrice: string) =>
    dualSettlement({
      type: figures.type,
      amount,
      linkedPrice: figures.linked_price,
      settlePrice,
      apr: figures.apr,
      days,
      baseDecimals: figures.base_decimals,
      quoteDecimals: figures.quote_decimals,
    });
  const line = (key: Outcome['key'], settlePrice: string): Outcome => {
    const paid = pay(settlePrice);
    return { key, price: figures.linked_price, amount: paid.amount, coin: paid.coin === 'base' ? figures.currency : figures.quote_currency };
  };
  const above = toAmountString(money(figures.linked_price).times(2));
  return figures.type === 'call' ? [line('callBelow', '0'), line('callOtherwise', figures.linked_price)] : [line('putAbove', above), line('putOtherwise', figures.linked_price)];
}

/** The two outcomes as sentences. */
export function Outcomes({ outcomes, label }: { outcomes: readonly Outcome[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="invest-outcomes" aria-label={label}>
      {outcomes.map((o) => (
        <li key={o.key}>{t(`invest.${o.key}`, { price: o.price, amount: o.amount, coin: o.coin })}</li>
      ))}
    </ul>
  );
}
