import { displayBalance } from '@fairex/contract/money';
import { ACCOUNT_KINDS, toAccountKind } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserCoins, useWalletDetail, type UserCoin } from '../../api/funds.ts';
import { BillList } from '../../components/funds/bill-list.tsx';
import { accountFigures, SelectField, useKindLabel } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** Stands in for the figures while they load (each shows "--"). */
const LOADING = { balance: '0', available: '0', frozen: '0', locked: '0' };

/** The chosen account's figures (POST /wallet/detail) above its movements. */
function AccountRecords({ coins }: { coins: UserCoin[] }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const [params, setParams] = useSearchParams();
  // Reached from an assets row (?currency=<id>&type=<kind>); the spot account and the first coin otherwise.
  const kind = toAccountKind(params.get('type')) ?? 'spot';
  const coin = coins.find((c) => String(c.id) === params.get('currency')) ?? coins[0];
  const detail = useWalletDetail(coin?.id ?? 0, kind);
  const choose = (next: { type?: string; currency?: string }) =>
    setParams({ type: next.type ?? kind, currency: next.currency ?? String(coin?.id ?? '') }, { replace: true });
  const title = coin ? t('records.accountTitle', { currency: coin.name, account: kindLabel(kind) }) : t('page.assetRecords');

  return (
    <>
      <div className="funds-filters">
        <SelectField
          label={t('funds.account')}
          value={kind}
          options={ACCOUNT_KINDS.map((value) => ({ value, label: kindLabel(value) }))}
          onChange={(type) => choose({ type })}
        />
        <SelectField
          label={t('funds.coin')}
          value={coin ? String(coin.id) : ''}
          options={coins.map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(currency) => choose({ currency })}
        />
      </div>
      {coin && (
        <>
          <section className="card" aria-label={title}>
            <h2 className="section-title">{title}</h2>
            <dl className="funds-figures">
              {accountFigures(kind, detail.data ?? LOADING).map(([key, value]) => (
                <div key={key}>
                  <dt>{t(`funds.${key}`)}</dt>
                  <dd>{detail.data ? displayBalance(value) : '--'}</dd>
                </div>
              ))}
            </dl>
          </section>
          <BillList kind={kind} currency={String(coin.id)} label={t('records.movements')} />
        </>
      )}
    </>
  );
}

/** The records of one coin in one account kind. */
export function AssetsRecordPage() {
  const { t } = useTranslation();
  const coins = useUserCoins();
  return (
    <div className="page">
      <NavBar title={t('page.assetRecords')} />
      <div className="page__body">
        <PageState query={coins}>{(list) => <AccountRecords coins={list} />}</PageState>
      </div>
    </div>
  );
}
