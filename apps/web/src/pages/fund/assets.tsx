import { cmp, displayBalance, money, Money } from '@fairex/contract/money';
import { Switch } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useFiat } from '../../api/config.ts';
import { useWalletList, type AccountSection, type CoinBalance } from '../../api/funds.ts';
import { accountFigures, Empty, isShownAccount, useKindLabel } from '../../components/funds/funds.tsx';
import { Icon } from '../../components/icon.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { PageState } from '../../components/funds/page-state.tsx';

/** "Hide small balances" hides a coin worth less than this many USDT. */
export const SMALL_BALANCE_USDT = '1';
const FIAT_DECIMALS = 2;

/**
 * The server values everything in USDT. The fiat rates are quoted against USD, and USDT is treated as
 * worth one USD here, so a USDT value times the chosen fiat's rate is its value in that fiat.
 */
function useToFiat() {
  const fiat = useFiat();
  // Truncated like every balance (never rounded up), shown with the fiat's two decimals.
  return (usdt: string) => `${money(usdt).times(fiat.rate).toFixed(FIAT_DECIMALS, Money.ROUND_DOWN)} ${fiat.currency_code}`;
}

/** Where one coin's movements in one account kind are listed. */
const recordsPath = (kind: string, currency: number) => `/pages/fund/assets_record?${new URLSearchParams({ type: kind, currency: String(currency) })}`;

function CoinFigures({ coin, kind, kindTitle }: { coin: CoinBalance; kind: string; kindTitle: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toFiat = useToFiat();
  const figures = accountFigures(kind, coin);
  return (
    <li className="funds-coin">
      {/* The coin's row opens its movements in this account. */}
      <button
        type="button"
        className="funds-coin__head link-row"
        aria-label={t('records.accountTitle', { currency: coin.currency, account: kindTitle })}
        onClick={() => navigate(recordsPath(kind, coin.currency_id))}
      >
        <span className="funds-coin__name">{coin.currency}</span>
        <span className="muted">≈ {toFiat(coin.usdt_value)}</span>
        <Icon name="chevronRight" size={16} className="muted" />
      </button>
      <dl className="funds-figures">
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`funds.${key}`)}</dt>
            <dd>{displayBalance(value)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function AccountCard({ section, hideSmall }: { section: AccountSection; hideSmall: boolean }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const toFiat = useToFiat();
  const coins = hideSmall ? section.balance.filter((coin) => cmp(coin.usdt_value, SMALL_BALANCE_USDT) >= 0) : section.balance;
  const title = kindLabel(section.kind);
  return (
    <section className="card" aria-label={title}>
      <div className="funds-section__head">
        <h2 className="section-title">{title}</h2>
        <span className="funds-section__total">
          {t('funds.equivalent')} ≈ {toFiat(section.total_usdt)}
        </span>
      </div>
      {coins.length === 0 ? <Empty /> : <ul className="funds-list">{coins.map((coin) => <CoinFigures key={coin.currency_id} coin={coin} kind={section.kind} kindTitle={title} />)}</ul>}
      {section.kind === 'contract' && <p className="muted">{t('funds.profitApart')}</p>}
    </section>
  );
}

/** The account kind shown first: the spot account, where deposits land and trading happens. */
const FIRST_ACCOUNT = 'spot';

/**
 * One account at a time behind a row of tabs (ten kinds, mostly empty, would make a long page on a phone);
 * an account no product uses only while it still holds something.
 */
function Accounts({ accounts: all, hideSmall }: { accounts: AccountSection[]; hideSmall: boolean }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const accounts = all.filter((section) => isShownAccount(section.kind, section.balance));
  // Kept in the URL, so coming back from a coin's records shows the same account.
  const [params, setParams] = useSearchParams();
  const chosen = accounts.find((section) => section.kind === params.get('account')) ?? accounts.find((section) => section.kind === FIRST_ACCOUNT) ?? accounts[0];
  if (!chosen) return <Empty />;
  return (
    <>
      <SegmentTabs
        label={t('funds.accounts')}
        options={accounts.map((section) => ({ value: section.kind, label: kindLabel(section.kind) }))}
        value={chosen.kind}
        onChange={(kind) => setParams({ account: kind }, { replace: true })}
      />
      <AccountCard section={chosen} hideSmall={hideSmall} />
    </>
  );
}

/** The assets tab: total value in the chosen fiat, the funds actions, and each account kind's coins. */
export function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useWalletList();
  const toFiat = useToFiat();
  const [hideSmall, setHideSmall] = useState(false);
  const switchId = useId();
  const actions = [
    ['deposit', '/pages/fund/select'],
    ['withdraw', '/pages/fund/withdraw'],
    ['transfer', '/pages/fund/fundTransfer'],
    ['records', '/pages/setting/bill'],
  ] as const;

  return (
    <div className="page">
      <NavBar
        title={t('page.assets')}
        back={false}
        right={
          <button type="button" className="pill pill--ghost" onClick={() => navigate('/pages/fund/assets_all_record')}>
            {t('page.allRecords')}
          </button>
        }
      />
      <div className="page__body">
        <section className="funds-total" aria-label={t('funds.totalValue')}>
          <div className="funds-total__label">{t('funds.totalValue')}</div>
          <div className="funds-total__value">{wallet.data ? toFiat(wallet.data.total_usdt) : '--'}</div>
          <div className="funds-total__hint">{wallet.data ? `≈ ${displayBalance(wallet.data.total_usdt)} USDT` : ''}</div>
        </section>
        <nav className="funds-actions" aria-label={t('funds.actions')}>
          {actions.map(([key, path]) => (
            <button key={key} type="button" className="pill pill--ghost" onClick={() => navigate(path)}>
              {t(`funds.${key}`)}
            </button>
          ))}
        </nav>
        <div className="funds-toolbar">
          <span id={switchId}>{t('funds.hideSmall')}</span>
          <Switch checked={hideSmall} onChange={setHideSmall} aria-labelledby={switchId} />
        </div>
        <PageState query={wallet}>
          {(data) => <Accounts accounts={data.accounts} hideSmall={hideSmall} />}
        </PageState>
      </div>
    </div>
  );
}
