import { useTranslation } from 'react-i18next';
import { CardForm } from '../../components/funds/card-form.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** The domestic bank card (POST /user/cash_info, /user/cash_save). */
export function BankPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('page.bank')} />
      <div className="page__body">
        <CardForm kind="bank" />
      </div>
    </div>
  );
}
