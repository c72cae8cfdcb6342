import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBindMobile } from '../../api/security.ts';
import { useUserInfo } from '../../api/user.ts';
import { toastSuccess } from '../../notify.ts';
import { clearDraft, useDraft } from '../../store/drafts.ts';
import { CodeField, TargetField, codeError, targetError, useAreaCode, useCodeSender } from '../common/account-form.tsx';
import { BindingProofFields, EMPTY_PROOF, currentContact, proofBody, proofErrors, type ProofErrors } from './binding-proof.tsx';

type Form = { mobile: string; code: string };
type Errors = { mobile?: string; code?: string } & ProofErrors;

/** Kept as a draft: the area code button leaves for /pages/common/area and the form must survive the trip. */
export const BIND_MOBILE_DRAFT = 'security.mobile';

/**
 * Binds (or replaces) the mobile number: the area code from the shared picker, a code to the new number
 * (POST /sms_send, scene bind), the login password and a code from the current number if there is one,
 * then POST /safe/mobile. The password is not kept in the draft.
 */
export function BindMobileForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const bind = useBindMobile();
  const sendCodeTo = useCodeSender('bind');
  const areaCode = useAreaCode();
  const [form, setForm] = useDraft<Form>(BIND_MOBILE_DRAFT, { mobile: '', code: '' });
  const [proof, setProof] = useState(EMPTY_PROOF);
  const [errors, setErrors] = useState<Errors>({});
  const user = useUserInfo().data;
  const hasCurrent = currentContact(user, 'mobile') !== undefined;
  const update = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  const send = () => sendCodeTo('mobile', form.mobile, areaCode, (error) => setErrors({ ...errors, mobile: error }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = { mobile: targetError(t, 'mobile', form.mobile, areaCode), code: codeError(t, form.code), ...proofErrors(t, proof, hasCurrent) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await bind.mutateAsync({ mobile: form.mobile.trim(), code: form.code.trim(), area_code: areaCode, ...proofBody(proof, hasCurrent) });
    } catch {
      return; // The api client has shown the server's message.
    }
    clearDraft(BIND_MOBILE_DRAFT);
    toastSuccess(t('security.mobileBound'));
    onDone();
  }

  return (
    <form className="security-form" onSubmit={(event) => void submit(event)} noValidate>
      <TargetField type="mobile" value={form.mobile} onChange={(mobile) => update({ mobile })} error={errors.mobile} areaPath="/pages/setting/areas" />
      <CodeField value={form.code} onChange={(code) => update({ code })} error={errors.code} timerKey="bind:mobile" onSend={send} />
      <BindingProofFields kind="mobile" user={user} proof={proof} onChange={setProof} errors={errors} />
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={bind.isPending}>
        {t('security.bind')}
      </Button>
    </form>
  );
}
