import { useTranslation } from 'react-i18next';
import { useMarketMaker } from '../../api/spot.ts';

/**
 * One short line under the spot books and the coins list: the platform's market maker quotes them (its
 * orders are real and funded; the account named as the back office names it), and on a development start
 * the demo traders that trade against it (fairness review, sections 6 and 8). Nothing until the answer is in.
 */
export function MarketMakerNote() {
  const { t } = useTranslation();
  const maker = useMarketMaker().data;
  if (!maker) return null;
  return (
    <p className="market-note" role="note">
      {t('demo.marketMaker', { account: maker.account })}
      {maker.demo_traders.length > 0 && ` ${t('demo.demoTraders', { names: maker.demo_traders.join(', ') })}`}
    </p>
  );
}
