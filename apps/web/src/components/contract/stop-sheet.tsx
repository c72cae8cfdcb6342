import { Popup } from 'antd-mobile';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetStop, type ContractPosition } from '../../api/contracts.ts';
import { toastSuccess } from '../../notify.ts';
import { SheetHead } from '../choice-sheet.tsx';
import { stopsProblem, type StopsProblem } from './preview.ts';
import { StopFields } from './stop-fields.tsx';

/**
 * Sets or clears (left empty) a position's take-profit and stop-loss (POST /lever/setstop), checked
 * against its side before sending.
 */
export function StopSheet({ position, onClose }: { position: ContractPosition | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [error, setError] = useState<StopsProblem | null>(null);
  const setStop = useSetStop();
  useEffect(() => {
    setTakeProfit(position?.target_profit_price ?? '');
    setStopLoss(position?.stop_loss_price ?? '');
    setError(null);
  }, [position?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!position) return;
    // As the server checks them: an open position's against the mark now, a pending order's against its price.
    const reference = (position.status === 'open' ? position.current_price : position.target_price) ?? '';
    const problem = stopsProblem(position.side, reference, takeProfit.trim(), stopLoss.trim());
    setError(problem);
    if (problem) return;
    setStop.mutate(
      { id: position.id, target_profit_price: takeProfit.trim(), stop_loss_price: stopLoss.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('contract.stopsSaved'));
          onClose();
        },
      },
    );
  };

  return (
    <Popup visible={position !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <SheetHead title={t('contract.setStops')} onClose={onClose} />
      {position && (
        <form className="trade-form contract-stop-form" onSubmit={save} noValidate aria-label={t('contract.setStops')}>
          <p className="muted">
            {t(`contract.${position.side}`)} {position.symbol} · {t('contract.markPrice')} {position.current_price ?? '--'}
          </p>
          <StopFields takeProfit={takeProfit} stopLoss={stopLoss} onTakeProfit={setTakeProfit} onStopLoss={setStopLoss} error={error} />
          {error && (
            <p className="trade-form__error" role="alert">
              {t(`contract.problem.${error}`)}
            </p>
          )}
          <button type="submit" className="trade-submit trade-submit--buy" disabled={setStop.isPending}>
            {t('app.save')}
          </button>
        </form>
      )}
    </Popup>
  );
}
