import { useTranslation } from 'react-i18next';
import { ContentPageScreen } from '../../components/content/content.tsx';

/** /pages/setting/operational_compliance: the operator's compliance text (GET /operational_compliance). */
export function CompliancePage() {
  const { t } = useTranslation();
  return <ContentPageScreen pageKey="operational_compliance" title={t('page.compliance')} />;
}
