import type { UserInfo } from '@fairex/contract';
import { PASSWORD_LENGTH_MAX } from '@fairex/contract/constants';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { sendMailCode, sendSmsCode } from '../../api/auth.ts';
import { PasswordField } from '../../components/field.tsx';
import { toast } from '../../notify.ts';
import { CodeField, codeError } from '../common/account-form.tsx';

export type Proof = { password: string; oldCode: string };
export type ProofErrors = { password?: string; oldCode?: string };
export const EMPTY_PROOF: Proof = { password: '', oldCode: '' };

/** The contact a binding replaces: the user's current email or mobile, if any. */
export const currentContact = (user: UserInfo | undefined, kind: 'email' | 'mobile') => (kind === 'email' ? user?.email : user?.mobile) || undefined;

export function proofErrors(t: TFunction, proof: Proof, hasCurrent: boolean): ProofErrors {
  return {
    password: proof.password ? undefined : t('security.loginPasswordRequired'),
    oldCode: hasCurrent ? codeError(t, proof.oldCode) : undefined,
  };
}

/** The body fields the server reads (identity/service.ts bindContact). */
export const proofBody = (proof: Proof, hasCurrent: boolean) => ({ password: proof.password, ...(hasCurrent ? { old_code: proof.oldCode.trim() } : {}) });

/**
 * The login password, and where the user already has this kind of contact, a code sent to it (scene
 * security): a stolen session alone cannot move the account to someone else's email or phone.
 */
export function BindingProofFields(props: { kind: 'email' | 'mobile'; user: UserInfo | undefined; proof: Proof; onChange: (proof: Proof) => void; errors: ProofErrors }) {
  const { t } = useTranslation();
  const { kind, user, proof } = props;
  const current = currentContact(user, kind);

  async function send() {
    if (!current || !user) return false;
    try {
      await (kind === 'email' ? sendMailCode(current, 'security') : sendSmsCode(user.area_code, current, 'security'));
    } catch {
      return false;
    }
    toast(t('auth.codeSent'));
    return true;
  }

  return (
    <>
      <PasswordField
        label={t('security.loginPasswordConfirm')}
        placeholder={t('security.loginPasswordConfirmPlaceholder')}
        autoComplete="current-password"
        maxLength={PASSWORD_LENGTH_MAX}
        value={proof.password}
        onChange={(password) => props.onChange({ ...proof, password })}
        error={props.errors.password}
      />
      {current && user && (
        <>
          <CodeField
            label={t(kind === 'email' ? 'security.currentEmailCode' : 'security.currentMobileCode')}
            value={proof.oldCode}
            onChange={(oldCode) => props.onChange({ ...proof, oldCode })}
            error={props.errors.oldCode}
            timerKey={`security:${current}`}
            onSend={send}
          />
          <p className="security-hint">{t('security.currentCodeGoesTo', { target: kind === 'mobile' ? `+${user.area_code} ${current}` : current })}</p>
        </>
      )}
    </>
  );
}
