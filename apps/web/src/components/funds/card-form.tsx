import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_FIELDS, CARD_MAX_LENGTH, useCard, useSaveCard, type CardField, type CardKind, type SavedCard } from '../../api/cards.ts';
import { toastSuccess } from '../../notify.ts';
import { useUserInfo } from '../../api/user.ts';
import { Field, PasswordField } from '../field.tsx';
import { PageState } from './page-state.tsx';
import { PayPasswordFirst } from './pay-password-first.tsx';

type Values = Partial<Record<CardField | 'payPassword', string>>;

function Form({ kind, saved }: { kind: CardKind; saved: SavedCard | null }) {
  const { t } = useTranslation();
  const fields = CARD_FIELDS[kind];
  const save = useSaveCard(kind);
  const [values, setValues] = useState<Values>(() => Object.fromEntries(fields.map((f) => [f, saved?.[f] ?? ''])));
  const [errors, setErrors] = useState<Values>({});
  const [payPassword, setPayPassword] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Spec section 5: every bank card field is required.
    const next: Values = {};
    for (const field of fields) if (!values[field]?.trim()) next[field] = t('cards.required', { field: t(`cards.field.${field}`) });
    if (!payPassword) next.payPassword = t('funds.payPasswordRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await save.mutateAsync({ ...Object.fromEntries(fields.map((f) => [f, values[f]!.trim()])), pay_password: payPassword });
    } catch {
      return; // The api client has shown the server's message.
    }
    toastSuccess(t('cards.saved'));
  }

  return (
    <form className="card funds-form" onSubmit={(event) => void submit(event)} noValidate>
      {fields.map((field) => (
        <Field
          key={field}
          label={t(`cards.field.${field}`)}
          value={values[field] ?? ''}
          maxLength={CARD_MAX_LENGTH[kind][field]}
          inputMode={field === 'phone' ? 'tel' : undefined}
          onChange={(value) => {
            setValues((v) => ({ ...v, [field]: value }));
            setErrors((e) => ({ ...e, [field]: undefined }));
          }}
          error={errors[field]}
        />
      ))}
      <PasswordField
        label={t('funds.payPassword')}
        value={payPassword}
        onChange={(value) => {
          setPayPassword(value);
          setErrors((e) => ({ ...e, payPassword: undefined }));
        }}
        error={errors.payPassword}
        autoComplete="off"
      />
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={save.isPending}>
        {t('funds.save')}
      </Button>
    </form>
  );
}

/**
 * The user's domestic or international bank card: the saved one loaded into the form, saved back whole
 * with the pay password (a user without one is led to set it first).
 */
export function CardForm({ kind }: { kind: CardKind }) {
  const card = useCard(kind);
  const user = useUserInfo().data;
  if (user && !user.pay_pin_set) return <PayPasswordFirst />;
  return <PageState query={card}>{(saved) => <Form kind={kind} saved={saved} />}</PageState>;
}
