// SKELETON: replaced by its part of issue 12.
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

export function KefuPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('page.kefu')} />;
}
