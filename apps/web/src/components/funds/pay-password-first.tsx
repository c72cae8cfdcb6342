import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Where money leaves or a destination is added and the user has no pay password yet: the server refuses
 * without one (pay_password_not_set), so the screen says so and leads to setting it.
 */
export function PayPasswordFirst() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="funds-notice" role="note">
      <p>{t('security.payPasswordFirst')}</p>
      <Button size="small" shape="rounded" fill="outline" onClick={() => navigate('/pages/setting/payPassword')}>
        {t('security.goSetPayPassword')}
      </Button>
    </div>
  );
}
