import { displayBalance, isPositive } from '@fairex/contract/money';
import { ACCOUNT_KINDS } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { en } from '../../i18n/en.ts';
import { useBills, type BillRow, type UserCoin } from '../../api/funds.ts';
import { PagedList } from '../paged-list.tsx';
import { useRelativeTime } from '../relative-time.ts';
import { SelectField, useKindLabel } from './funds.tsx';

/**
 * The ledger movements of POST /wallet/legal_log, shared by the bills, all-records and one-account
 * records screens: 10 a page, the next on "load more".
 */

/** Ledger entry kinds the bills name (the catalogue's funds.billType); any other kind shows as the server spells it. */
type BillType = keyof Catalogue['funds']['billType'];
const isBillType = (type: string): type is BillType => Object.hasOwn(en.funds.billType, type);

/** The account kind and coin selects over a bills list; '' means all. */
export function BillFilters({
  coins,
  kind,
  currency,
  onKind,
  onCurrency,
}: {
  coins: UserCoin[];
  kind: string;
  currency: string;
  onKind: (kind: string) => void;
  onCurrency: (currency: string) => void;
}) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  return (
    <div className="funds-filters">
      <SelectField
        label={t('funds.account')}
        value={kind}
        options={[{ value: '', label: t('funds.allAccounts') }, ...ACCOUNT_KINDS.map((value) => ({ value, label: kindLabel(value) }))]}
        onChange={onKind}
      />
      <SelectField
        label={t('funds.coin')}
        value={currency}
        options={[{ value: '', label: t('funds.allCoins') }, ...coins.map((coin) => ({ value: String(coin.id), label: coin.name }))]}
        onChange={onCurrency}
      />
    </div>
  );
}

function BillItem({ row }: { row: BillRow }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const kindLabel = useKindLabel();
  const up = isPositive(row.amount);
  // A freeze moves an amount between buckets of one account; the bucket says which side a row is.
  const bucket = row.bucket === 'frozen' || row.bucket === 'locked' ? ` · ${t(`funds.${row.bucket}`)}` : '';
  return (
    <>
      <div className="funds-list__row">
        <span className="funds-list__main">{isBillType(row.type) ? t(`funds.billType.${row.type}`) : row.type}</span>
        <span className={up ? 'funds-up' : 'funds-down'}>
          {up ? '+' : ''}
          {displayBalance(row.amount)} {row.currency}
        </span>
      </div>
      <div className="funds-list__row funds-list__sub">
        <span>
          {kindLabel(row.account_type)}
          {bucket}
        </span>
        <span className="funds-list__time">{shownAt(Date.parse(row.created_at))}</span>
      </div>
      {row.balance_after !== undefined && row.balance_after !== null && (
        <div className="funds-list__sub">{t('funds.balanceAfter', { amount: displayBalance(row.balance_after) })}</div>
      )}
    </>
  );
}

/** The movements filtered by account kind (`type`) and coin (`currency`), '' for all; "load more" like every list. */
export function BillList({ kind, currency, label }: { kind: string; currency: string; label: string }) {
  return (
    <section className="card" aria-label={label}>
      <PagedList query={useBills(kind, currency)} label={label} keyOf={(row) => row.id} className="funds-list" itemClassName="funds-list__item">
        {(row) => <BillItem row={row} />}
      </PagedList>
    </section>
  );
}
