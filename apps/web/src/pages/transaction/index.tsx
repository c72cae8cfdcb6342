import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { CONTRACT_PATH, DEFAULT_SPOT_SYMBOL, OPTIONS_PATH, spotPath } from '../../components/market/paths.ts';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { useStore } from '../../store/store.ts';
import { FavouriteButton, SpotTradeView } from './currency.tsx';
import '../../components/market/market.css';

type TradeKind = 'spot' | 'contract' | 'options';

/**
 * The trade tab: spot trading of the default symbol (embedded once logged in; the tab itself is open to
 * everyone), and links to the futures and options screens, which are still coming soon.
 */
export function TradePage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TradeKind>('spot');
  const loggedIn = useStore((s) => s.token !== '');
  return (
    <div className="page trade-page">
      <NavBar title={kind === 'spot' ? DEFAULT_SPOT_SYMBOL : t('tab.trade')} back={false} right={kind === 'spot' && loggedIn ? <FavouriteButton symbol={DEFAULT_SPOT_SYMBOL} /> : undefined} />
      <div className="trade-switch">
        <SegmentTabs
          label={t('market.tradeLabel')}
          options={[
            { value: 'spot', label: t('market.spot') },
            { value: 'contract', label: t('market.contract') },
            { value: 'options', label: t('market.options') },
          ]}
          value={kind}
          onChange={setKind}
        />
      </div>
      {kind === 'spot' && loggedIn ? (
        <SpotTradeView symbol={DEFAULT_SPOT_SYMBOL} />
      ) : (
        <section className="coming-soon">
          <span className="coming-soon__badge">
            <Icon name={kind === 'spot' ? 'trade' : 'hourglass'} size={44} />
          </span>
          {kind === 'spot' ? (
            <Link to={spotPath(DEFAULT_SPOT_SYMBOL)} className="pill pill--primary">
              {t('market.openSpot', { symbol: DEFAULT_SPOT_SYMBOL })}
            </Link>
          ) : (
            <>
              <p className="coming-soon__body">{t('market.soonBody')}</p>
              <Link to={kind === 'contract' ? CONTRACT_PATH : OPTIONS_PATH} className="pill pill--ghost">
                {t(`market.${kind}`)}
              </Link>
            </>
          )}
        </section>
      )}
    </div>
  );
}
