// SKELETON: replaced by its part.
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export function NftComponentsSearchPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('page.search')} />;
}
