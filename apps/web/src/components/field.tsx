import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'>;

export type FieldProps = InputProps & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Shown inside the box before the input (an area code button) or after it (a get-code button). */
  prefix?: ReactNode;
  suffix?: ReactNode;
};

/** A labelled text field with its validation message underneath; the label names the input for assistive tech. */
export function Field({ label, value, onChange, error, prefix, suffix, id, ...input }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__box">
        {prefix}
        <input
          {...input}
          id={inputId}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {suffix}
      </div>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** An amount field with an "All" pill after the input that fills in the most the user can enter (`onAll`). */
export function AmountField({ allLabel, onAll, allDisabled, ...props }: Omit<FieldProps, 'suffix' | 'inputMode'> & { allLabel: string; onAll: () => void; allDisabled?: boolean }) {
  return (
    <Field
      {...props}
      inputMode="decimal"
      suffix={
        <button type="button" className="pill pill--ghost" disabled={allDisabled} onClick={onAll}>
          {allLabel}
        </button>
      }
    />
  );
}

/** A password field with a show/hide toggle (an icon button named "Show password" / "Hide password"). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'suffix'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      autoComplete={props.autoComplete ?? 'current-password'}
      suffix={
        <button
          type="button"
          className="icon-button field__toggle"
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          <Icon name={shown ? 'eye' : 'eyeOff'} size={20} />
        </button>
      }
    />
  );
}
