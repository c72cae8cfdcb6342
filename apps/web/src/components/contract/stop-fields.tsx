import { useTranslation } from 'react-i18next';

type Props = {
  takeProfit: string;
  stopLoss: string;
  onTakeProfit(value: string): void;
  onStopLoss(value: string): void;
  /** The form's current problem; the field it names is marked invalid. */
  error: string | null;
};

/** The optional take-profit and stop-loss inputs, shared by the order form and the set-TP/SL sheet. */
export function StopFields({ takeProfit, stopLoss, onTakeProfit, onStopLoss, error }: Props) {
  const { t } = useTranslation();
  const field = (label: string, value: string, onChange: (value: string) => void, invalid: boolean) => (
    <label className="trade-form__field">
      {label}
      <input
        className="trade-form__input"
        inputMode="decimal"
        value={value}
        placeholder={t('contract.optional')}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
      />
    </label>
  );
  return (
    <>
      {field(t('contract.takeProfit'), takeProfit, onTakeProfit, error === 'takeProfitSide' || error === 'wrongTakeProfit')}
      {field(t('contract.stopLoss'), stopLoss, onStopLoss, error === 'stopLossSide' || error === 'wrongStopLoss')}
    </>
  );
}
