import { useTranslation } from 'react-i18next';
import { ContentPageScreen } from '../../components/content/content.tsx';

/** /pages/common/faq: the questions operators answer (GET /faq), in the reader's language or English. */
export function FaqPage() {
  const { t } = useTranslation();
  return <ContentPageScreen pageKey="faq" title={t('page.faq')} />;
}
