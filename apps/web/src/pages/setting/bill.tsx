import { ACCOUNT_KINDS, displayBalance, isPositive } from '@fairex/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBills, useUserCoins } from '../../api/funds.ts';
import { Empty, useFormatTime, LoadMore, SelectField, useKindLabel } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** Ledger entry kinds the bills name; any other kind shows as the server spells it. */
const BILL_TYPES = ['deposit', 'withdraw_request', 'withdraw_rejected', 'withdraw', 'exchange', 'adjustment', 'account_transfer', 'spot_trade'] as const;
type BillType = (typeof BILL_TYPES)[number];
const isBillType = (type: string): type is BillType => (BILL_TYPES as readonly string[]).includes(type);

/** POST /wallet/legal_log: every movement on the user's accounts, filtered by kind and coin, 10 a page. */
export function BillPage() {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const kindLabel = useKindLabel();
  const coins = useUserCoins().data ?? [];
  const [kind, setKind] = useState('');
  const [currency, setCurrency] = useState('');
  const bills = useBills(kind, currency);

  return (
    <div className="page">
      <NavBar title={t('page.bill')} />
      <div className="page__body">
        <div className="funds-filters">
          <SelectField
            label={t('funds.account')}
            value={kind}
            options={[{ value: '', label: t('funds.allAccounts') }, ...ACCOUNT_KINDS.map((value) => ({ value, label: kindLabel(value) }))]}
            onChange={setKind}
          />
          <SelectField
            label={t('funds.coin')}
            value={currency}
            options={[{ value: '', label: t('funds.allCoins') }, ...coins.map((coin) => ({ value: String(coin.id), label: coin.name }))]}
            onChange={setCurrency}
          />
        </div>
        <PageState query={bills}>
          {(data) => {
            const rows = data.pages.flatMap((page) => page.data);
            if (rows.length === 0) return <Empty />;
            return (
              <section className="card" aria-label={t('page.bill')}>
                <ul className="funds-list">
                  {rows.map((row) => (
                    <li key={row.id} className="funds-list__item">
                      <div className="funds-list__row">
                        <span className="funds-list__main">{isBillType(row.type) ? t(`funds.billType.${row.type}`) : row.type}</span>
                        <span className={isPositive(row.amount) ? 'funds-up' : 'funds-down'}>
                          {isPositive(row.amount) ? '+' : ''}
                          {displayBalance(row.amount)} {row.currency}
                        </span>
                      </div>
                      <div className="funds-list__row funds-list__sub">
                        <span>{kindLabel(row.account_type)}</span>
                        <span>{formatTime(row.created_at)}</span>
                      </div>
                      <div className="funds-list__sub">{t('funds.balanceAfter', { amount: displayBalance(row.balance_after) })}</div>
                    </li>
                  ))}
                </ul>
                <LoadMore hasMore={bills.hasNextPage} loading={bills.isFetchingNextPage} onMore={() => void bills.fetchNextPage()} />
              </section>
            );
          }}
        </PageState>
      </div>
    </div>
  );
}
