import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuotations, type Quotation } from '../../api/market.ts';
import { Icon } from '../../components/icon.tsx';
import { pathOf } from '../../components/market/paths.ts';
import { clearRecentViews, readRecentViews } from '../../components/market/recent-views.ts';
import { SymbolList } from '../../components/market/symbol-list.tsx';
import { useLiveTickers } from '../../components/market/use-live-quotations.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import '../../components/market/market.css';

/** How many spot symbols the hot search shows. */
export const HOT_SEARCH_MAX = 8;

/** The spot symbols with the largest 24 h volume, from the real quotation figures. */
export function hotSymbols(list: readonly Quotation[], max = HOT_SEARCH_MAX): Quotation[] {
  return list
    .filter((q) => q.kind === 'spot')
    .sort((a, b) => (Number(b.volume) || 0) - (Number(a.volume) || 0))
    .slice(0, max);
}

/** Search (spec section 2): filter by text; hot search; recent views kept in localStorage. */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(readRecentViews);
  const list = useQuotations().data ?? [];
  const query = text.trim().toUpperCase();
  const matches = query === '' ? [] : list.filter((q) => q.symbol.toUpperCase().includes(query));
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
      <label className="search-box search-page__box">
        <Icon name="search" size={18} />
        <input
          className="search-box__input"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('market.searchPlaceholder')}
          aria-label={t('market.search')}
          autoFocus
        />
      </label>
      {query !== '' ? (
        matches.length === 0 ? (
          <p className="empty">{t('market.noResults')}</p>
        ) : (
          <SymbolList items={matches} onOpen={open} />
        )
      ) : (
        <>
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
          </button>
        ))}
      </div>
    </section>
  );
}
