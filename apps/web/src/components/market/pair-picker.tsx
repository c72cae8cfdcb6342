import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/market.ts';

export { matchesPair } from './pair-match.ts';

// The sheet brings antd-mobile's Popup and its animation library: it loads on the first tap, not with
// the trade screen (whose start it took 100 ms of on a phone, for a sheet that shows only when asked).
const PairSheet = lazy(() => import('./pair-sheet.tsx').then((m) => ({ default: m.PairSheet })));

/**
 * The pair in a trade screen's title ("BTC/USDT ▾"): a tap opens a sheet of every spot pair with a
 * search box, and choosing one switches the screen to it.
 */
export function PairPicker({ symbol, onChoose }: { symbol: string; onChoose: (symbol: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first tap on, so it closes with its animation like any sheet.
  const [asked, setAsked] = useState(false);
  const choose = (item: Quotation) => {
    setOpen(false);
    if (item.symbol !== symbol) onChoose(item.symbol);
  };
  return (
    <>
      <button
        type="button"
        className="pair-picker__button"
        aria-label={t('market.choosePair')}
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {symbol} ▾
      </button>
      {asked && (
        <Suspense fallback={null}>
          <PairSheet open={open} onClose={() => setOpen(false)} onChoose={choose} />
        </Suspense>
      )}
    </>
  );
}
