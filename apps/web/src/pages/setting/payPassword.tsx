import type { UserInfo } from '@fairex/contract';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { securityTarget, sendSecurityCode, useSetPayPassword } from '../../api/security.ts';
import { useUserInfo } from '../../api/user.ts';
import { PasswordField } from '../../components/field.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { toast, toastSuccess } from '../../notify.ts';
import { CodeField, codeError, passwordErrors, passwordHint } from '../common/account-form.tsx';
import { SECURITY_PATH } from './security-path.ts';
import './security.css';

type Errors = { password?: string; confirm?: string; code?: string };

function PayPasswordForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSetPayPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const target = securityTarget(user);

  async function send() {
    try {
      await sendSecurityCode(user);
    } catch {
      return false;
    }
    toast(t('auth.codeSent'));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      ...passwordErrors(t, password, confirm),
      code: codeError(t, code),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await save.mutateAsync({ password, re_password: confirm, code: code.trim() });
    } catch {
      return; // The api client has shown the server's message (a wrong code, say).
    }
    toastSuccess(t('security.payPasswordSaved'));
    navigate(SECURITY_PATH, { replace: true });
  }

  return (
    <form className="card security-form security-page-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="section-title">{t(user.pay_pin_set ? 'security.changePayPassword' : 'security.setPayPassword')}</h2>
      <PasswordField
        label={t('security.newPayPassword')}
        placeholder={passwordHint(t)}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <PasswordField
        label={t('security.confirmPayPassword')}
        placeholder={t('auth.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={errors.confirm}
      />
      <CodeField value={code} onChange={setCode} error={errors.code} timerKey={`security:${target.target}`} onSend={send} />
      <p className="security-hint">
        {t('security.codeGoesTo', { target: target.type === 'mobile' ? `+${user.area_code} ${target.target}` : target.target })}
      </p>
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={save.isPending}>
        {t('security.save')}
      </Button>
    </form>
  );
}

/** Sets or changes the pay password with a code sent to the user's email, else their mobile. */
export function PayPasswordPage() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  return (
    <div className="page">
      <NavBar title={t('page.payPassword')} />
      <div className="page__body">{user ? <PayPasswordForm user={user} /> : <PageLoading />}</div>
    </div>
  );
}
