import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBindEmail } from '../../api/security.ts';
import { useUserInfo } from '../../api/user.ts';
import { toastSuccess } from '../../notify.ts';
import { CodeField, TargetField, codeError, targetError, useCodeSender } from '../common/account-form.tsx';
import { BindingProofFields, EMPTY_PROOF, currentContact, proofBody, proofErrors, type ProofErrors } from './binding-proof.tsx';

type Errors = { email?: string; code?: string } & ProofErrors;

/**
 * Binds (or replaces) the email: a code to the new address (POST /sms_mail, scene bind), the login
 * password and a code from the current address if there is one, then POST /safe/email.
 */
export function BindEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const bind = useBindEmail();
  const sendCodeTo = useCodeSender('bind');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [proof, setProof] = useState(EMPTY_PROOF);
  const [errors, setErrors] = useState<Errors>({});
  const user = useUserInfo().data;
  const hasCurrent = currentContact(user, 'email') !== undefined;

  const send = () => sendCodeTo('email', email, '', (error) => setErrors({ ...errors, email: error }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = { email: targetError(t, 'email', email, ''), code: codeError(t, code), ...proofErrors(t, proof, hasCurrent) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await bind.mutateAsync({ email: email.trim(), code: code.trim(), ...proofBody(proof, hasCurrent) });
    } catch {
      return; // The api client has shown the server's message.
    }
    toastSuccess(t('security.emailBound'));
    onDone();
  }

  return (
    <form className="security-form" onSubmit={(event) => void submit(event)} noValidate>
      <TargetField type="email" value={email} onChange={setEmail} error={errors.email} />
      <CodeField value={code} onChange={setCode} error={errors.code} timerKey="bind:email" onSend={send} />
      <BindingProofFields kind="email" user={user} proof={proof} onChange={setProof} errors={errors} />
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={bind.isPending}>
        {t('security.bind')}
      </Button>
    </form>
  );
}
