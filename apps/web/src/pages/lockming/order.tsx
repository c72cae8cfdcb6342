// SKELETON: replaced by the wealth screens (issue 11).
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

export function MiningOrdersPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('page.miningOrders')} />;
}
