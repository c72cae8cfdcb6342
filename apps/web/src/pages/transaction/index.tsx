import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { CONTRACT_ORDERS_PATH } from '../../components/contract/paths.ts';
import { PairPicker } from '../../components/market/pair-picker.tsx';
import { DEFAULT_SPOT_SYMBOL, OPTIONS_PATH } from '../../components/market/paths.ts';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { LOGIN_PATH } from '../../navigation.ts';
import { useStore } from '../../store/store.ts';
import { ContractTradeView } from './contract.tsx';
import { FavouriteButton, SpotTradeView } from './currency.tsx';
import { SecondsTradeView } from './seconds_order.tsx';
import '../../components/market/market.css';
import '../../components/contract/contract.css';

type TradeKind = 'spot' | 'contract' | 'options';
const KINDS: readonly TradeKind[] = ['spot', 'contract', 'options'];

/**
 * The trade tab (open to everyone): spot trading of a pair chosen in the title's picker (price, chart and
 * book for everyone; an order asks a logged-out visitor to log in), futures/stock contracts once logged
 * in, and the way to the options screen. `?trade=contract` opens it on contracts, `?symbol=` on a pair.
 */
export function TradePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('trade') as TradeKind | null;
  const [kind, setKind] = useState<TradeKind>(asked && KINDS.includes(asked) ? asked : 'spot');
  const symbol = params.get('symbol') || DEFAULT_SPOT_SYMBOL;
  const loggedIn = useStore((s) => s.token !== '');
  const choose = (next: TradeKind) => {
    setKind(next);
    setParams(new URLSearchParams(next === 'spot' ? { trade: next, symbol } : { trade: next }), { replace: true });
  };
  const choosePair = (next: string) => setParams(new URLSearchParams({ trade: 'spot', symbol: next }), { replace: true });
  const right =
    kind === 'spot' && loggedIn ? (
      <FavouriteButton symbol={symbol} />
    ) : kind === 'contract' && loggedIn ? (
      <Link to={CONTRACT_ORDERS_PATH} className="link-button">
        {t('contract.positions')}
      </Link>
    ) : undefined;
  return (
    <div className="page trade-page">
      <NavBar title={kind === 'spot' ? <PairPicker symbol={symbol} onChoose={choosePair} /> : t('tab.trade')} back={false} right={right} />
      <div className="trade-switch">
        <SegmentTabs
          label={t('market.tradeLabel')}
          options={[
            { value: 'spot', label: t('market.spot') },
            { value: 'contract', label: t('market.contract') },
            { value: 'options', label: t('market.options') },
          ]}
          value={kind}
          onChange={choose}
        />
      </div>
      {kind === 'spot' ? (
        <SpotTradeView symbol={symbol} />
      ) : kind === 'contract' && loggedIn ? (
        <ContractTradeView />
      ) : kind === 'options' && loggedIn ? (
        <SecondsTradeView />
      ) : (
        <section className="coming-soon">
          <span className="coming-soon__badge">
            <Icon name={kind === 'options' ? 'options' : 'trade'} size={44} />
          </span>
          {kind === 'contract' ? (
            <Link to={LOGIN_PATH} className="pill pill--primary">
              {t('market.login')}
            </Link>
          ) : (
            <Link to={OPTIONS_PATH} className="pill pill--ghost">
              {t('market.options')}
            </Link>
          )}
        </section>
      )}
    </div>
  );
}
