import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

/** The market tab: its screens come with a later feature; the tab itself is live, with the tab bar. */
export function MarketPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('page.market')} back={false} />;
}
