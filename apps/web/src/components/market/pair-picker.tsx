import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotations, type Quotation } from '../../api/market.ts';
import { SheetHead } from '../choice-sheet.tsx';
import { SearchField } from '../search-field.tsx';
import { SymbolList } from './symbol-list.tsx';

/** Whether a spot pair matches what was typed: "eth", "ETH/USDT" and "ethusdt" all find ETH/USDT. */
export const matchesPair = (symbol: string, text: string) => {
  const plain = (value: string) => value.toUpperCase().replace(/[\s/_-]/g, '');
  return plain(symbol).includes(plain(text));
};

/**
 * The pair in a trade screen's title ("BTC/USDT ▾"): a tap opens a sheet of every spot pair with a
 * search box, and choosing one switches the screen to it.
 */
export function PairPicker({ symbol, onChoose }: { symbol: string; onChoose: (symbol: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const pairs = (useQuotations().data ?? []).filter((q) => q.kind === 'spot' && matchesPair(q.symbol, text));
  const close = () => {
    setOpen(false);
    setText('');
  };
  const choose = (item: Quotation) => {
    close();
    if (item.symbol !== symbol) onChoose(item.symbol);
  };
  return (
    <>
      <button type="button" className="pair-picker__button" aria-label={t('market.choosePair')} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {symbol} ▾
      </button>
      <Popup visible={open} onMaskClick={close} onClose={close} bodyClassName="sheet pair-picker" destroyOnClose>
        <SheetHead title={t('market.pairs')} onClose={close} />
        <SearchField className="pair-picker__search" value={text} onChange={setText} placeholder={t('market.searchPlaceholder')} label={t('market.searchPairs')} />
        {pairs.length === 0 ? <p className="empty">{t('market.noResults')}</p> : <SymbolList items={pairs} onOpen={choose} label={t('market.pairs')} />}
      </Popup>
    </>
  );
}
