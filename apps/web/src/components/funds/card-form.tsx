import { cardFieldProblem } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { CARD_FIELDS, CARD_MAX_LENGTH, useCard, useDeleteCard, useSaveCard, type CardField, type CardKind, type SavedCard } from '../../api/cards.ts';
import { confirmThenSend, toastSuccess } from '../../notify.ts';
import { useUserInfo } from '../../api/user.ts';
import { Field, PasswordField } from '../field.tsx';
import { PageState } from './page-state.tsx';
import { PayPasswordFirst } from './pay-password-first.tsx';

type Values = Partial<Record<CardField | 'payPassword', string>>;

/** The field a server refusal is about, for the codes that name one field (the form checks the same rules first). */
const FIELD_OF_CODE: Partial<Record<string, CardField>> = {
  name_invalid: 'real_name',
  card_number_invalid: 'bank_account',
  account_number_invalid: 'bank_account',
  swift_code_invalid: 'swift_code',
  aba_number_invalid: 'aba_number',
  mobile_invalid: 'phone',
};

const INPUT_MODE: Partial<Record<CardField, 'numeric' | 'tel'>> = { phone: 'tel', aba_number: 'numeric' };

function usePlaceholder(kind: CardKind) {
  const { t } = useTranslation();
  return (field: CardField): string | undefined => {
    if (field === 'bank_account') return t(kind === 'bank' ? 'accounts.placeholders.bank_account' : 'accounts.placeholders.international_account');
    if (field === 'aba_number' || field === 'swift_code') return t(`accounts.placeholders.${field}`);
    if (field === 'phone' && kind === 'international') return t('accounts.placeholders.international_phone');
    return undefined;
  };
}

function Form({ kind, saved }: { kind: CardKind; saved: SavedCard | null }) {
  const { t } = useTranslation();
  const fields = CARD_FIELDS[kind];
  const save = useSaveCard(kind);
  const remove = useDeleteCard(kind);
  const placeholder = usePlaceholder(kind);
  const [values, setValues] = useState<Values>(() => Object.fromEntries(fields.map((f) => [f, saved?.[f] ?? ''])));
  const [errors, setErrors] = useState<Values>({});
  const [payPassword, setPayPassword] = useState('');

  /** Spec section 5: every field required, each checked by its format as the server checks it. */
  function problemOf(field: CardField): string | undefined {
    const code = cardFieldProblem(kind, field, values[field] ?? '');
    if (!code) return undefined;
    return code === 'bank_card_incomplete' ? t('cards.required', { field: t(`cards.field.${field}`) }) : t(`accounts.errors.${code}` as 'accounts.errors.name_invalid');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Values = {};
    for (const field of fields) next[field] = problemOf(field);
    if (!payPassword) next.payPassword = t('funds.payPasswordRequired');
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    try {
      await save.mutateAsync({ ...Object.fromEntries(fields.map((f) => [f, values[f]!.trim()])), ...(saved?.id ? { id: saved.id } : {}), pay_password: payPassword });
    } catch (error) {
      // The api client has shown the server's message; one about a field is shown under it too.
      const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
      if (field) setErrors((e) => ({ ...e, [field]: error instanceof ApiError ? error.message : undefined }));
      return;
    }
    toastSuccess(t('cards.saved'));
  }

  async function removeCard() {
    if (!saved?.id) return;
    if (!payPassword) return setErrors((e) => ({ ...e, payPassword: t('funds.payPasswordRequired') }));
    const id = saved.id;
    // Once removed, the card query answers null and the form starts again empty (CardForm keys it by the card).
    await confirmThenSend(
      { content: t('accounts.removeCardConfirm'), confirmText: <span className="danger-text">{t('accounts.removeCard')}</span> },
      () => remove.mutateAsync({ id, pay_password: payPassword }),
      t('accounts.cardRemoved'),
    );
  }

  return (
    <form className="card funds-form" onSubmit={(event) => void submit(event)} noValidate>
      {saved?.id && <p className="funds-notice">{t('accounts.savedCard')}</p>}
      {fields.map((field) => (
        <Field
          key={field}
          label={t(`cards.field.${field}`)}
          value={values[field] ?? ''}
          maxLength={CARD_MAX_LENGTH[kind][field]}
          inputMode={INPUT_MODE[field] ?? (field === 'bank_account' && kind === 'bank' ? 'numeric' : undefined)}
          placeholder={placeholder(field)}
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
      {saved?.id && (
        <Button block color="danger" fill="outline" size="large" shape="rounded" loading={remove.isPending} onClick={() => void removeCard()}>
          {t('accounts.removeCard')}
        </Button>
      )}
    </form>
  );
}

/**
 * The user's domestic or international bank card: the saved one loaded into the form to edit, saved
 * back whole or removed with the pay password (a user without one is led to set it first). Each field
 * shows what is wrong with it underneath, by the rules the server applies (contract bank-card-rules.ts).
 */
export function CardForm({ kind }: { kind: CardKind }) {
  const card = useCard(kind);
  const user = useUserInfo().data;
  if (user && !user.pay_pin_set) return <PayPasswordFirst />;
  // Keyed by the saved card, so a removal or a first save starts the form again from what the server holds.
  return <PageState query={card}>{(saved) => <Form key={saved?.id ?? 'new'} kind={kind} saved={saved} />}</PageState>;
}
