import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

/** The finance tab: its screens come with a later feature; the tab itself is live, with the tab bar. */
export function FinancePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('page.finance')} back={false} />;
}
