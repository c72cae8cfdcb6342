import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBindEmail } from '../../api/security.ts';
import { toastSuccess } from '../../notify.ts';
import { CodeField, TargetField, codeError, targetError, useCodeSender } from '../common/account-form.tsx';

type Errors = { email?: string; code?: string };

/** Binds (or replaces) the email: a code to the new address (POST /sms_mail, scene bind), then POST /safe/email. */
export function BindEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const bind = useBindEmail();
  const sendCodeTo = useCodeSender('bind');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const send = () => sendCodeTo('email', email, '', (error) => setErrors({ ...errors, email: error }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: targetError(t, 'email', email, ''), code: codeError(t, code) };
    setErrors(found);
    if (found.email || found.code) return;
    try {
      await bind.mutateAsync({ email: email.trim(), code: code.trim() });
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
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={bind.isPending}>
        {t('security.bind')}
      </Button>
    </form>
  );
}
