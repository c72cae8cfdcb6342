import { useTranslation } from 'react-i18next';
import { CardForm } from '../../components/funds/card-form.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** The international card (POST /user/cash_info_international, /user/cash_save_international). */
export function BankInternationalPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('page.bankInternational')} />
      <div className="page__body">
        <CardForm kind="international" />
      </div>
    </div>
  );
}
