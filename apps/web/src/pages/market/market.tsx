import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFavourites, useQuotations, type Quotation, type SymbolKind } from '../../api/market.ts';
import { Icon } from '../../components/icon.tsx';
import { MarketMakerNote } from '../../components/market/market-maker-note.tsx';
import { pathOf, SEARCH_PATH } from '../../components/market/paths.ts';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { SymbolList } from '../../components/market/symbol-list.tsx';
import { useFiatValue } from '../../components/market/use-fiat-value.ts';
import { useLiveTickers } from '../../components/market/use-live-quotations.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { useStore } from '../../store/store.ts';
import '../../components/market/market.css';
import { useDeferredData } from '../../components/use-deferred-data.ts';

type MarketTab = 'favourites' | SymbolKind;

const TAB_LABELS: Record<MarketTab, 'favourites' | 'coins' | 'futures' | 'stock'> = {
  favourites: 'favourites',
  spot: 'coins',
  futures: 'futures',
  stock: 'stock',
};
const TABS: MarketTab[] = ['favourites', 'spot', 'futures', 'stock'];

/** The market tab (spec section 2): favourites, coins, futures and stock, priced live by tickers, each price with its value in the chosen fiat. */
export function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<MarketTab>('spot');
  const loggedIn = useStore((s) => s.token !== '');
  // The list renders from a deferred copy (its renders a transition, in slices).
  const { shown, loading } = useDeferredData(useQuotations());
  const favourites = useFavourites();
  const favouriteIds = new Set((favourites.data ?? []).map((f) => f.currency_id));
  const items = (shown ?? []).filter((q) => (tab === 'favourites' ? favouriteIds.has(q.id) : q.kind === tab));
  useLiveTickers(items.map((q) => q.symbol));
  const open = (item: Quotation) => navigate(pathOf(item));
  const fiatOf = useFiatValue();

  return (
    <div className="page market-page">
      <NavBar
        title={t('market.title')}
        back={false}
        right={
          <Link to={SEARCH_PATH} className="icon-button" aria-label={t('market.search')}>
            <Icon name="search" />
          </Link>
        }
      />
      <SegmentTabs
        label={t('market.listLabel')}
        options={TABS.map((value) => ({ value, label: t(`market.${TAB_LABELS[value]}`) }))}
        value={tab}
        onChange={setTab}
      />
      {tab === 'favourites' && !loggedIn ? (
        <div className="empty">
          <Icon name="user" size={36} />
          <p>{t('market.loginForFavourites')}</p>
          <Link to="/pages/common/login" className="pill pill--primary">
            {t('market.login')}
          </Link>
        </div>
      ) : items.length === 0 ? (
        <div className="empty">
          <Icon name="market" size={36} />
          <p>{loading || (tab === 'favourites' && favourites.isPending) ? t('app.loading') : tab === 'favourites' ? t('market.noFavourites') : t('market.noSymbols')}</p>
        </div>
      ) : (
        <SymbolList items={items} onOpen={open} priceNoteOf={(item) => fiatOf(item.price, item.symbol)} />
      )}
      {tab === 'spot' && <MarketMakerNote />}
    </div>
  );
}
