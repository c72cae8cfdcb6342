import { isAlphanumeric } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginAndLoadUser, useRegister, type RegisterType } from '../../api/auth.ts';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Field, PasswordField } from '../../components/field.tsx';
import { HOME_PATH, LOGIN_PATH } from '../../navigation.ts';
import { toastSuccess } from '../../notify.ts';
import { clearDraft, useDraft } from '../../store/drafts.ts';
import { CodeField, TargetField, TypeTabs, codeError, passwordErrors, passwordHint, targetError, useAreaCode, useCodeSender } from './account-form.tsx';

type Form = { type: RegisterType; target: string; password: string; confirm: string; invite: string; code: string };
type Errors = Partial<Record<keyof Form, string>>;

const DRAFT = 'register';

/**
 * Registration by email or mobile: password twice, optional invite code (prefilled from ?code=) and the
 * verification code. The form is a draft in memory, so choosing an area code and coming back keeps it.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const areaCode = useAreaCode();
  const [form, setForm] = useDraft<Form>(DRAFT, {
    type: 'email',
    target: '',
    password: '',
    confirm: '',
    invite: params.get('code') ?? '',
    code: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const sendCodeTo = useCodeSender('register');
  const register = useRegister();
  const [finishing, setFinishing] = useState(false);

  const update = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  // An invite link (?code=) fills the invite code, also into a draft left from an earlier visit.
  const inviteFromLink = params.get('code') ?? '';
  useEffect(() => {
    if (inviteFromLink && !form.invite) update({ invite: inviteFromLink });
    // Only when the link changes; the user may clear the field afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inviteFromLink]);

  const send = () => sendCodeTo(form.type, form.target, areaCode, (target) => setErrors({ ...errors, target }));

  function validate(): Errors {
    const invite = form.invite.trim();
    return {
      target: targetError(t, form.type, form.target, areaCode),
      ...passwordErrors(t, form.password, form.confirm),
      invite: invite && !isAlphanumeric(invite) ? t('validation.inviteCodeInvalid') : undefined,
      code: codeError(t, form.code),
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const userString = form.target.trim();
    try {
      await register.mutateAsync({
        user_string: userString,
        code: form.code.trim(),
        password: form.password,
        re_password: form.confirm,
        extension_code: form.invite.trim() || undefined,
        type: form.type,
        area_code: form.type === 'mobile' ? areaCode : undefined,
      });
    } catch {
      return;
    }
    clearDraft(DRAFT);
    toastSuccess(t('auth.registerSuccess'));
    // Signed up means signed in: log in with the same credentials and go home, for this browser
    // session (the login form's stay-logged-in default).
    setFinishing(true);
    try {
      await loginAndLoadUser({ user_string: userString, password: form.password, remember: false });
      navigate(HOME_PATH, { replace: true });
    } catch {
      navigate(LOGIN_PATH, { replace: true });
    }
  }

  return (
    <AuthLayout title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <form className="form" onSubmit={submit} noValidate>
        <TypeTabs
          value={form.type}
          onChange={(type) => {
            update({ type, target: '' });
            setErrors({});
          }}
        />
        <TargetField type={form.type} value={form.target} onChange={(target) => update({ target })} error={errors.target} />
        <PasswordField
          label={t('auth.password')}
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
        <Field
          label={t('auth.inviteCode')}
          placeholder={t('auth.inviteCodePlaceholder')}
          autoCapitalize="characters"
          value={form.invite}
          onChange={(invite) => update({ invite })}
          error={errors.invite}
        />
        <CodeField
          value={form.code}
          onChange={(code) => update({ code })}
          error={errors.code}
          timerKey={`register:${form.type}`}
          onSend={send}
        />
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={register.isPending || finishing}
          loadingText={t('auth.registering')}
        >
          {t('auth.register')}
        </Button>
        <p className="form__switch">
          {t('auth.haveAccount')} <Link to={LOGIN_PATH}>{t('auth.goLogin')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
