import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserCoins } from '../../api/funds.ts';
import { BillFilters, BillList } from '../../components/funds/bill-list.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** POST /wallet/legal_log: every movement on the user's accounts, filtered by kind and coin, 10 a page. */
export function MovementsPage({ title }: { title: 'bill' | 'allRecords' }) {
  const { t } = useTranslation();
  const coins = useUserCoins().data ?? [];
  const [kind, setKind] = useState('');
  const [currency, setCurrency] = useState('');

  return (
    <div className="page">
      <NavBar title={t(`page.${title}`)} />
      <div className="page__body">
        <BillFilters coins={coins} kind={kind} currency={currency} onKind={setKind} onCurrency={setCurrency} />
        <BillList kind={kind} currency={currency} label={t(`page.${title}`)} />
      </div>
    </div>
  );
}

export const BillPage = () => <MovementsPage title="bill" />;
