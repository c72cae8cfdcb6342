import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavBar } from '../../components/nav-bar.tsx';
import '../../components/funds/funds.css';

/** Where a 998 answer lands: the feature needs identity verification first. */
export function RealMarkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <NavBar title={t('page.real')} />
      <div className="page__body">
        <section className="card funds-form">
          <h2 className="section-title">{t('funds.verifyRequiredTitle')}</h2>
          <p className="funds-notice">{t('funds.verifyRequiredBody')}</p>
          <Button block color="primary" size="large" shape="rounded" onClick={() => navigate('/pages/setting/real', { replace: true })}>
            {t('funds.verifyNow')}
          </Button>
        </section>
      </div>
    </div>
  );
}
