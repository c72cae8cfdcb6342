import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogin } from '../../api/auth.ts';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Field, PasswordField } from '../../components/field.tsx';
import { HOME_PATH } from '../../navigation.ts';
import { toastSuccess } from '../../notify.ts';

type Errors = { account?: string; password?: string };

/**
 * Login by username, email or mobile and password; success keeps the token and the user, then goes home.
 * "Stay logged in" (unticked by default) keeps the session past this browser session.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      account: account.trim() ? undefined : t('validation.accountRequired'),
      password: password ? undefined : t('validation.passwordRequired'),
    };
    setErrors(found);
    if (found.account || found.password) return;
    try {
      await login.mutateAsync({ user_string: account.trim(), password, remember });
    } catch {
      return; // The api client has shown the server's message.
    }
    toastSuccess(t('auth.loginSuccess'));
    navigate(HOME_PATH, { replace: true });
  }

  return (
    <AuthLayout title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={t('auth.account')}
          placeholder={t('auth.accountPlaceholder')}
          value={account}
          onChange={setAccount}
          error={errors.account}
          autoComplete="username"
          autoCapitalize="off"
        />
        <PasswordField
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <div className="form__aside form__aside--split">
          <label className="form__remember">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <span>{t('auth.stayLoggedIn')}</span>
          </label>
          <Link to="/pages/common/forget">{t('auth.forgot')}</Link>
        </div>
        <Button type="submit" block color="primary" size="large" shape="rounded" loading={login.isPending} loadingText={t('auth.loggingIn')}>
          {t('auth.login')}
        </Button>
        <p className="form__switch">
          {t('auth.noAccount')} <Link to="/pages/common/register">{t('auth.goRegister')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
