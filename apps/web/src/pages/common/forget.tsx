import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useForget, type RegisterType } from '../../api/auth.ts';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { PasswordField } from '../../components/field.tsx';
import { LOGIN_PATH } from '../../navigation.ts';
import { toastSuccess } from '../../notify.ts';
import { clearDraft, useDraft } from '../../store/drafts.ts';
import { CodeField, TargetField, TypeTabs, codeError, passwordErrors, passwordHint, targetError, useAreaCode, useCodeSender } from './account-form.tsx';

type Form = { type: RegisterType; target: string; code: string; password: string; confirm: string };
type Errors = Partial<Record<keyof Form, string>>;

const DRAFT = 'forget';

/** Forgotten password (/pages/common/forget): a code to the account's email or mobile, then a new password. */
export function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areaCode = useAreaCode();
  const [form, setForm] = useDraft<Form>(DRAFT, { type: 'email', target: '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const sendCodeTo = useCodeSender('forget');
  const forget = useForget();

  const update = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  const send = () => sendCodeTo(form.type, form.target, areaCode, (target) => setErrors({ ...errors, target }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      target: targetError(t, form.type, form.target, areaCode),
      code: codeError(t, form.code),
      ...passwordErrors(t, form.password, form.confirm),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await forget.mutateAsync({ account: form.target.trim(), code: form.code.trim(), password: form.password, repassword: form.confirm });
    } catch {
      return;
    }
    clearDraft(DRAFT);
    toastSuccess(t('auth.resetDone'));
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <AuthLayout title={t('auth.forgetTitle')} subtitle={t('auth.forgetSubtitle')}>
      <form className="form" onSubmit={submit} noValidate>
        <TypeTabs
          value={form.type}
          onChange={(type) => {
            update({ type, target: '' });
            setErrors({});
          }}
        />
        <TargetField type={form.type} value={form.target} onChange={(target) => update({ target })} error={errors.target} />
        <CodeField
          value={form.code}
          onChange={(code) => update({ code })}
          error={errors.code}
          timerKey={`forget:${form.type}`}
          onSend={send}
        />
        <PasswordField
          label={t('auth.newPassword')}
          placeholder={passwordHint(t)}
          autoComplete="new-password"
          value={form.password}
          onChange={(password) => update({ password })}
          error={errors.password}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          placeholder={t('auth.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          value={form.confirm}
          onChange={(confirm) => update({ confirm })}
          error={errors.confirm}
        />
        <Button type="submit" block color="primary" size="large" shape="rounded" loading={forget.isPending}>
          {t('auth.resetPassword')}
        </Button>
      </form>
    </AuthLayout>
  );
}
