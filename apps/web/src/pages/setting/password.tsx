import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChangeLoginPassword } from '../../api/security.ts';
import { PasswordField } from '../../components/field.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { toastSuccess } from '../../notify.ts';
import { passwordErrors, passwordHint } from '../common/account-form.tsx';
import { SECURITY_PATH } from './security-path.ts';
import './security.css';

type Errors = { old?: string; password?: string; confirm?: string };

/**
 * Changes the login password knowing the current one (POST /safe/update_login_password). The server keeps
 * this session and ends every other one, so the user stays here and is told the other devices were logged out.
 */
export function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangeLoginPassword();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = { old: old ? undefined : t('validation.passwordRequired'), ...passwordErrors(t, password, confirm) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await change.mutateAsync({ oldpassword: old, password, re_password: confirm });
    } catch {
      return; // The api client has shown the server's message (a wrong current password, say).
    }
    toastSuccess(t('security.passwordChanged'));
    navigate(SECURITY_PATH, { replace: true });
  }

  return (
    <div className="page">
      <NavBar title={t('page.password')} />
      <div className="page__body">
        <form className="card security-form security-page-form" onSubmit={(event) => void submit(event)} noValidate>
          <PasswordField
            label={t('security.oldPassword')}
            placeholder={t('security.oldPasswordPlaceholder')}
            autoComplete="current-password"
            value={old}
            onChange={setOld}
            error={errors.old}
          />
          <PasswordField
            label={t('security.newPassword')}
            placeholder={passwordHint(t)}
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
          <PasswordField
            label={t('security.confirmPassword')}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            error={errors.confirm}
          />
          <Button type="submit" block color="primary" size="large" shape="rounded" loading={change.isPending}>
            {t('security.changePassword')}
          </Button>
        </form>
      </div>
    </div>
  );
}
