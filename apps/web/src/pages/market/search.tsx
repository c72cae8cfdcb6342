import { hotSymbols } from '@fairex/contract/rules';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFavourites, useQuotations, type Quotation, type SymbolKind } from '../../api/market.ts';
import { SearchField } from '../../components/search-field.tsx';
import { pathOf } from '../../components/market/paths.ts';
import { clearRecentViews, readRecentViews } from '../../components/market/recent-views.ts';
import { KindBadge, SymbolList } from '../../components/market/symbol-list.tsx';
import { useFiatValue } from '../../components/market/use-fiat-value.ts';
import { useLiveTickers } from '../../components/market/use-live-quotations.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { useStore } from '../../store/store.ts';
import '../../components/market/market.css';

/** The result sections, in the market tab's order, and their titles. */
const KIND_SECTIONS: readonly { kind: SymbolKind; title: 'coins' | 'futures' | 'stock' }[] = [
  { kind: 'spot', title: 'coins' },
  { kind: 'futures', title: 'futures' },
  { kind: 'stock', title: 'stock' },
];

/**
 * Search (spec section 2). Before typing: favourites, hot search (the most traded spot pairs, from the
 * quotations' real 24 h turnover) and recent views (kept in this browser). Typing lists the matches under
 * coins, futures and stock, each row labelled with its kind, so BTC/USDT spot and BTCUSDT futures are
 * told apart and open their own screens.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(readRecentViews);
  const loggedIn = useStore((s) => s.token !== '');
  const list = useQuotations().data ?? [];
  const favouriteIds = new Set((useFavourites().data ?? []).map((f) => f.currency_id));
  const fiatOf = useFiatValue();
  const query = text.trim().toUpperCase().replace(/[\s/_-]/g, '');
  const matches = query === '' ? [] : list.filter((q) => q.symbol.toUpperCase().replace(/[\s/_-]/g, '').includes(query));
  useLiveTickers(matches.map((q) => q.symbol));
  const bySymbol = new Map(list.map((q) => [q.symbol, q]));
  const open = (item: Quotation) => navigate(pathOf(item));
  const recentItems = recent.map((symbol) => bySymbol.get(symbol)).filter((q): q is Quotation => q !== undefined);
  const clear = () => {
    clearRecentViews();
    setRecent([]);
  };

  return (
    <div className="page search-page">
      <NavBar title={t('market.search')} />
      <SearchField className="search-page__box" value={text} onChange={setText} placeholder={t('market.searchPlaceholder')} label={t('market.search')} autoFocus />
      {query !== '' ? (
        matches.length === 0 ? (
          <p className="empty">{t('market.noResults')}</p>
        ) : (
          KIND_SECTIONS.map(({ kind, title }) => {
            const items = matches.filter((q) => q.kind === kind);
            if (items.length === 0) return null;
            return (
              <section key={kind} className="search-results" aria-label={t(`market.${title}`)}>
                <h2 className="search-results__title">{t(`market.${title}`)}</h2>
                <SymbolList items={items} onOpen={open} label={t(`market.${title}`)} showKind priceNoteOf={(q) => fiatOf(q.price, q.symbol)} />
              </section>
            );
          })
        )
      ) : (
        <>
          {loggedIn && <ChipSection title={t('market.favourites')} items={list.filter((q) => favouriteIds.has(q.id))} onOpen={open} />}
          <ChipSection title={t('market.hotSearch')} items={hotSymbols(list)} onOpen={open} />
          <ChipSection
            title={t('market.recentViews')}
            items={recentItems}
            onOpen={open}
            action={
              recentItems.length > 0 && (
                <button type="button" className="link-button" onClick={clear}>
                  {t('market.clearRecent')}
                </button>
              )
            }
          />
        </>
      )}
    </div>
  );
}

function ChipSection({ title, items, onOpen, action }: { title: string; items: Quotation[]; onOpen: (item: Quotation) => void; action?: ReactNode }) {
  if (items.length === 0 && !action) return null;
  return (
    <section className="search-section" aria-label={title}>
      <div className="search-section__head">
        <h2>{title}</h2>
        {action}
      </div>
      <div className="chip-list">
        {items.map((item) => (
          <button key={item.id} type="button" className="chip" onClick={() => onOpen(item)}>
            {item.symbol}
            {item.kind !== 'spot' && <KindBadge kind={item.kind} />}
          </button>
        ))}
      </div>
    </section>
  );
}
