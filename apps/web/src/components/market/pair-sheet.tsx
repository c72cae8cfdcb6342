import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotations, type Quotation } from '../../api/market.ts';
import { SheetHead } from '../choice-sheet.tsx';
import { SearchField } from '../search-field.tsx';
import { matchesPair } from './pair-match.ts';
import { SymbolList } from './symbol-list.tsx';

/** The sheet of every spot pair with a search box (pair-picker.tsx loads it on the first tap). */
export function PairSheet({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (item: Quotation) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const pairs = (useQuotations().data ?? []).filter((q) => q.kind === 'spot' && matchesPair(q.symbol, text));
  const close = () => {
    onClose();
    setText('');
  };
  const choose = (item: Quotation) => {
    setText('');
    onChoose(item);
  };
  return (
    <Popup visible={open} onMaskClick={close} onClose={close} bodyClassName="sheet pair-picker" destroyOnClose>
      <SheetHead title={t('market.pairs')} onClose={close} />
      <SearchField className="pair-picker__search" value={text} onChange={setText} placeholder={t('market.searchPlaceholder')} label={t('market.searchPairs')} />
      {pairs.length === 0 ? <p className="empty">{t('market.noResults')}</p> : <SymbolList items={pairs} onOpen={choose} label={t('market.pairs')} />}
    </Popup>
  );
}
