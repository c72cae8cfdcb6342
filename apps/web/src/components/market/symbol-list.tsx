import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/market.ts';
import { coinsOf, formatChange, formatVolume, trendOf } from './format.ts';

type SymbolListProps = {
  items: readonly Quotation[];
  onOpen: (item: Quotation) => void;
  /** The list's accessible name, where a screen shows several. */
  label?: string;
  /** The figure under the symbol (default: the 24 h volume) and the price as shown (default: as quoted). */
  figureOf?: (item: Quotation) => string;
  priceOf?: (item: Quotation) => string;
};

/** Market rows: symbol and volume, last price, and the 24 h change as a green or red badge. */
export function SymbolList({ items, onOpen, label, figureOf, priceOf = (item) => item.price }: SymbolListProps) {
  const { t } = useTranslation();
  const figure = figureOf ?? ((item: Quotation) => `${t('market.volume')} ${formatVolume(item.volume)}`);
  return (
    <div className="symbol-list">
      <div className="symbol-list__head" aria-hidden="true">
        <span>{t('market.pair')}</span>
        <span>{t('market.lastPrice')}</span>
        <span>{t('market.change')}</span>
      </div>
      <ul aria-label={label}>
        {items.map((item) => {
          const { base, quote } = coinsOf(item.symbol);
          return (
            <li key={item.id}>
              <button type="button" className="symbol-row" onClick={() => onOpen(item)}>
                <span className="symbol-row__name">
                  <strong>{base}</strong>
                  {quote && <span className="muted">/{quote}</span>}
                  <span className="symbol-row__volume muted">{figure(item)}</span>
                </span>
                <span className="symbol-row__price">{priceOf(item)}</span>
                <span className={`change-badge change-badge--${trendOf(item.change)}`}>{formatChange(item.change)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
