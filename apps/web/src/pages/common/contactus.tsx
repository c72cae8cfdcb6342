import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { ContentPageBody } from '../../components/content/content.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { KEFU_PATH } from '../kefu/paths.ts';

/** /pages/common/contactus: how to reach the operator (GET /contactus), and the way into customer service. */
export function ContactUsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <NavBar title={t('page.contactus')} />
      <ContentPageBody pageKey="contactus" />
      <div className="content-actions">
        <Button block color="primary" shape="rounded" onClick={() => navigate(KEFU_PATH)}>
          {t('content.writeToUs')}
        </Button>
      </div>
    </div>
  );
}
