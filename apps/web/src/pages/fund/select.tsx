import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDepositInfo, useEnabledUserCoins } from '../../api/funds.ts';
import { Empty } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** The chosen coin's networks; picking one opens the deposit page for that coin and network. */
function Networks({ currency }: { currency: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useDepositInfo(currency);
  return (
    <section className="card" aria-label={t('funds.network')}>
      <h2 className="section-title">{t('funds.network')}</h2>
      <PageState query={info}>
        {(data) => {
          const networks = data.networks.filter((network) => network.deposit_enabled);
          if (networks.length === 0) return <Empty>{t('funds.noNetwork')}</Empty>;
          return (
            <div className="funds-chips">
              {networks.map((network) => (
                <button
                  key={network.network}
                  type="button"
                  className="pill pill--ghost"
                  onClick={() => navigate(`/pages/fund/receive?${new URLSearchParams({ currency: String(currency), network: network.network })}`)}
                >
                  {network.network}
                </button>
              ))}
            </div>
          );
        }}
      </PageState>
    </section>
  );
}

/** Deposit, step one: choose the coin, then its network. */
export function SelectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const coins = useEnabledUserCoins();
  const [chosen, setChosen] = useState(0);
  return (
    <div className="page">
      <NavBar
        title={t('page.recharge')}
        right={
          <button type="button" className="pill pill--ghost" onClick={() => navigate('/pages/fund/receive_withdraw_record')}>
            {t('funds.records')}
          </button>
        }
      />
      <div className="page__body">
        <section className="card" aria-label={t('funds.chooseCoin')}>
          <h2 className="section-title">{t('funds.chooseCoin')}</h2>
          <PageState query={coins}>
            {(list) => (
              <div className="funds-chips">
                {list.map((coin) => (
                  <button key={coin.id} type="button" className="pill pill--ghost" aria-pressed={coin.id === chosen} onClick={() => setChosen(coin.id)}>
                    {coin.name}
                  </button>
                ))}
              </div>
            )}
          </PageState>
        </section>
        {chosen > 0 && <Networks currency={chosen} />}
      </div>
    </div>
  );
}
