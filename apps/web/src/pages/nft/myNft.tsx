// SKELETON: replaced by its part.
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

export function NftMyNftPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('page.myCollection')} />;
}
