import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuotations, type Quotation } from '../../api/market.ts';
import { coinsOf, formatChange, formatVolume, trendOf, withDecimals } from '../../components/market/format.ts';
import { pathOf } from '../../components/market/paths.ts';
import { SymbolList } from '../../components/market/symbol-list.tsx';
import { useFiatValue } from '../../components/market/use-fiat-value.ts';
import { useLiveTickers } from '../../components/market/use-live-quotations.ts';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import '../../components/market/market.css';
import './market-overview.css';
import { useDeferredData } from '../../components/use-deferred-data.ts';

export type RankingTab = 'gainers' | 'losers' | 'volume';
const TABS: RankingTab[] = ['gainers', 'losers', 'volume'];
/** Spot pairs shown as cards above the rankings. */
const TOP_PAIRS_MAX = 3;
/** Rows of a ranking. */
const RANKING_ROWS_MAX = 8;
export const MARKET_PATH = '/pages/market/market';

const changeOf = (q: Quotation) => (Number.isFinite(Number(q.change)) ? Number(q.change) : 0);
/** The 24 h turnover in the quote coin, so pairs of different coins compare. */
const turnoverOf = (q: Quotation) => (Number.isFinite(Number(q.amount)) ? Number(q.amount) : 0);

/**
 * A ranking of every symbol (spot, futures, stock): the risers by 24 h change, the fallers by 24 h change
 * (a symbol that did not move is neither), or all by 24 h turnover.
 */
export function rank(items: readonly Quotation[], tab: RankingTab): Quotation[] {
  const order: Record<RankingTab, (a: Quotation, b: Quotation) => number> = {
    gainers: (a, b) => changeOf(b) - changeOf(a),
    losers: (a, b) => changeOf(a) - changeOf(b),
    volume: (a, b) => turnoverOf(b) - turnoverOf(a),
  };
  const ranked = tab === 'volume' ? [...items] : items.filter((item) => trendOf(item.change) === (tab === 'gainers' ? 'up' : 'down'));
  return ranked.sort(order[tab]).slice(0, RANKING_ROWS_MAX);
}

const NONE_TEXT = { gainers: 'home.noGainers', losers: 'home.noLosers', volume: 'market.noSymbols' } as const;

const priceOf = (q: Quotation) => withDecimals(q.price, q.price_decimals);

function TopPairs({ items, onOpen }: { items: readonly Quotation[]; onOpen: (item: Quotation) => void }) {
  const { t } = useTranslation();
  const fiatOf = useFiatValue();
  return (
    <ul className="market-overview__pairs" aria-label={t('home.topPairs')}>
      {items.map((item) => {
        const { base, quote } = coinsOf(item.symbol);
        const trend = trendOf(item.change);
        return (
          <li key={item.id}>
            <button type="button" className="market-overview__pair" onClick={() => onOpen(item)}>
              <span className="market-overview__pair-name">
                {base}
                {quote && <span className="muted">/{quote}</span>}
              </span>
              <strong className={`market-overview__pair-price market-overview--${trend}`}>{priceOf(item)}</strong>
              <span className="market-overview__pair-fiat muted">{fiatOf(item.price, item.symbol) ?? '\u00a0'}</span>
              <span className={`market-overview__pair-change market-overview--${trend}`}>{formatChange(item.change)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function RankingRows({ items, tab, onOpen }: { items: readonly Quotation[]; tab: RankingTab; onOpen: (item: Quotation) => void }) {
  const { t } = useTranslation();
  const fiatOf = useFiatValue();
  return <SymbolList items={items} onOpen={onOpen} label={t(`home.${tab}`)} priceOf={priceOf} priceNoteOf={(item) => fiatOf(item.price, item.symbol)} figureOf={(item) => t('home.turnover', { value: formatVolume(item.amount) })} />;
}

/**
 * Home's market overview: the first spot pairs as cards, then Gainers / Losers / Volume over every
 * symbol, from the quotation list the market tab uses and kept live by the same ticker rooms. A row
 * opens its trade page, as in the market list.
 */
export function MarketOverview() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<RankingTab>('gainers');
  // Rendered from a deferred copy (its renders a transition, in slices).
  const { shown, loading } = useDeferredData(useQuotations());
  const all = shown ?? [];
  const pairs = all.filter((q) => q.kind === 'spot').slice(0, TOP_PAIRS_MAX);
  const rows = rank(all, tab);
  useLiveTickers([...new Set([...pairs, ...rows].map((q) => q.symbol))]);
  const open = (item: Quotation) => navigate(pathOf(item));

  return (
    <section className="card market-overview" aria-labelledby="home-markets">
      <div className="news__head">
        <h2 className="section-title" id="home-markets">
          {t('home.markets')}
        </h2>
        <Link to={MARKET_PATH} className="news__more">
          {t('home.allMarkets')}
        </Link>
      </div>
      {all.length === 0 ? (
        <p className="empty">{loading ? t('app.loading') : t('market.noSymbols')}</p>
      ) : (
        <>
          <TopPairs items={pairs} onOpen={open} />
          <SegmentTabs label={t('home.rankings')} options={TABS.map((value) => ({ value, label: t(`home.${value}`) }))} value={tab} onChange={setTab} />
          {rows.length > 0 ? <RankingRows items={rows} tab={tab} onOpen={open} /> : <p className="empty">{t(NONE_TEXT[tab])}</p>}
        </>
      )}
    </section>
  );
}
