import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/market.ts';
import { coinsOf, formatChange, formatVolume, trendOf, withDecimals } from './format.ts';

type SymbolListProps = {
  items: readonly Quotation[];
  onOpen: (item: Quotation) => void;
  /** The list's accessible name, where a screen shows several. */
  label?: string;
  /** The figure under the symbol (default: the 24 h volume) and the price as shown (default: with the symbol's decimals). */
  figureOf?: (item: Quotation) => string;
  priceOf?: (item: Quotation) => string;
  /** A line under the price, such as its fiat value. */
  priceNoteOf?: (item: Quotation) => string | undefined;
  /** Labels each row Spot, Futures or Stock, where one list mixes them (search). */
  showKind?: boolean;
};

/** A symbol's price as quoted, with exactly its own decimals. */
export const priceShown = (item: Quotation) => withDecimals(item.price, item.price_decimals);

/**
 * Market rows: symbol and volume, last price, and the 24 h change as a green or red badge. A ticker moves
 * one row: the others keep their figures and are not rendered again (SymbolRow is memoised on them).
 */
export function SymbolList({ items, onOpen, label, figureOf, priceOf = priceShown, priceNoteOf, showKind = false }: SymbolListProps) {
  const { t } = useTranslation();
  const figure = figureOf ?? ((item: Quotation) => `${t('market.volume')} ${formatVolume(item.volume)}`);
  // The latest handler behind one stable function, so a row's props change only with its figures.
  const opener = useRef(onOpen);
  opener.current = onOpen;
  const open = useCallback((item: Quotation) => opener.current(item), []);
  return (
    <div className="symbol-list">
      <div className="symbol-list__head" aria-hidden="true">
        <span>{t('market.pair')}</span>
        <span>{t('market.lastPrice')}</span>
        <span>{t('market.change')}</span>
      </div>
      <ul aria-label={label}>
        {items.map((item) => (
          <SymbolRow key={item.id} item={item} onOpen={open} figure={figure(item)} price={priceOf(item)} note={priceNoteOf?.(item)} showKind={showKind} />
        ))}
      </ul>
    </div>
  );
}

type SymbolRowProps = { item: Quotation; onOpen: (item: Quotation) => void; figure: string; price: string; note: string | undefined; showKind: boolean };

const SymbolRow = memo(function SymbolRow({ item, onOpen, figure, price, note, showKind }: SymbolRowProps) {
  const { base, quote } = coinsOf(item.symbol);
  return (
    <li>
      <button type="button" className="symbol-row" onClick={() => onOpen(item)}>
        <span className="symbol-row__name">
          <strong>{base}</strong>
          {quote && <span className="muted">/{quote}</span>}
          {showKind && <KindBadge kind={item.kind} />}
          <span className="symbol-row__volume muted">{figure}</span>
        </span>
        <span className="symbol-row__price">
          {price}
          {note && <span className="symbol-row__note muted">{note}</span>}
        </span>
        <span className={`change-badge change-badge--${trendOf(item.change)}`}>{formatChange(item.change)}</span>
      </button>
    </li>
  );
});

/** Tells a spot pair from a futures or stock contract of the same coin. */
export function KindBadge({ kind }: { kind: Quotation['kind'] }) {
  const { t } = useTranslation();
  return <span className={`kind-badge kind-badge--${kind}`}>{t(`market.kind.${kind}`)}</span>;
}
