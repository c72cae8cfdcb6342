import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar.tsx';
import { SpotOrderLists } from '../../components/market/spot-order-lists.tsx';
import '../../components/market/market.css';

/** /pages/transaction/currency_order: every spot order, open and history, ten at a time. */
export function SpotOrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('market.orders')} />
      <div className="spot-section">
        <SpotOrderLists label={t('market.orders')} />
      </div>
    </div>
  );
}
