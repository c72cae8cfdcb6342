import { DEFAULT_AREA_CODE, PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN } from '@fairex/contract/constants';
import { isEmail, isMobileFor, isNumericCode, passwordProblem } from '@fairex/contract/validators';
import { Tabs } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSendCode, type CodeScene, type RegisterType } from '../../api/auth.ts';
import { CodeButton } from '../../components/code-button.tsx';
import { Field } from '../../components/field.tsx';
import { Icon } from '../../components/icon.tsx';
import { toast } from '../../notify.ts';
import { AREA_CODE_DRAFT, useDraft } from '../../store/drafts.ts';

/** Pieces shared by the register and forgot-password screens: email or mobile, the area code, the checks. */


export function targetError(t: TFunction, type: RegisterType, target: string, areaCode: string): string | undefined {
  if (type === 'email') return isEmail(target.trim()) ? undefined : t('validation.emailInvalid');
  return isMobileFor(areaCode, target.trim()) ? undefined : t('validation.mobileInvalid');
}

/** The one password rule (the contract's passwordProblem), in the words the server uses for it. */
export function passwordError(t: TFunction, password: string): string | undefined {
  const problem = passwordProblem(password);
  if (problem === 'password_too_short') return t('validation.passwordTooShort');
  if (problem === 'password_too_long') return t('validation.passwordTooLong', { max: PASSWORD_LENGTH_MAX });
  return undefined;
}

/** The placeholder of a new password field: the rule's real range. */
export const passwordHint = (t: TFunction) => t('auth.passwordHint', { min: PASSWORD_LENGTH_MIN, max: PASSWORD_LENGTH_MAX });

export function passwordErrors(t: TFunction, password: string, confirm: string) {
  return {
    password: passwordError(t, password),
    confirm: passwordError(t, confirm) ?? (confirm !== password ? t('validation.passwordsInconsistent') : undefined),
  };
}

export const codeError = (t: TFunction, code: string) => (isNumericCode(code.trim()) ? undefined : t('validation.codeInvalid'));

export function useAreaCode(): string {
  return useDraft(AREA_CODE_DRAFT, DEFAULT_AREA_CODE)[0];
}

export function TypeTabs({ value, onChange }: { value: RegisterType; onChange: (type: RegisterType) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs activeKey={value} onChange={(key) => onChange(key as RegisterType)} className="type-tabs" aria-label={t('auth.registerWith')}>
      <Tabs.Tab key="email" title={t('auth.email')} />
      <Tabs.Tab key="mobile" title={t('auth.mobile')} />
    </Tabs>
  );
}

/** The email field, or the mobile field with its area code button (which opens `areaPath`: /pages/common/area, or settings' own list). */
export function TargetField({
  type,
  value,
  onChange,
  error,
  areaPath = '/pages/common/area',
}: {
  type: RegisterType;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  areaPath?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areaCode = useAreaCode();
  if (type === 'email') {
    return (
      <Field
        key="email"
        label={t('auth.email')}
        placeholder={t('auth.emailPlaceholder')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        value={value}
        onChange={onChange}
        error={error}
      />
    );
  }
  return (
    <Field
      key="mobile"
      label={t('auth.mobile')}
      placeholder={t('auth.mobilePlaceholder')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      value={value}
      onChange={(next) => onChange(next.replace(/\D/g, ''))}
      error={error}
      prefix={
        <button
          type="button"
          className="field__prefix"
          aria-label={`${t('auth.areaCode')} +${areaCode}`}
          onClick={() => navigate(areaPath)}
        >
          +{areaCode}
          <Icon name="chevronDown" size={14} />
        </button>
      }
    />
  );
}

/**
 * Sends a verification code for a scene once the address passes the client check; `showError` puts the
 * address error under its field. Answers whether a code went out (the button then counts down).
 */
export function useCodeSender(scene: CodeScene) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  return async (type: RegisterType, target: string, areaCode: string, showError: (error: string | undefined) => void) => {
    const error = targetError(t, type, target, areaCode);
    showError(error);
    if (error) return false;
    try {
      await sendCode.mutateAsync({ type, target: target.trim(), area_code: areaCode, scene });
    } catch {
      return false;
    }
    toast(t('auth.codeSent'));
    return true;
  };
}

/** The 6-digit verification code field with its get-code button. */
export function CodeField(props: {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  timerKey: string;
  onSend: () => Promise<boolean>;
  /** For a second code field in one form (the current contact's code beside the new one's). */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={props.label ?? t('auth.code')}
      placeholder={t('auth.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={props.value}
      onChange={(code) => props.onChange(code.replace(/\D/g, ''))}
      error={props.error}
      suffix={<CodeButton timerKey={props.timerKey} onSend={props.onSend} />}
    />
  );
}
