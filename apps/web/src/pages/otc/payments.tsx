import type { OtcPaymentDetail, OtcPaymentMethod } from '@fairex/contract';
import { OTC_ACCOUNT_FIELD_CHARS_MAX } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteOtcPayment, useOtcPayments, useSaveOtcPayment } from '../../api/otc.ts';
import { useUserInfo } from '../../api/user.ts';
import { Field, PasswordField } from '../../components/field.tsx';
import { Empty } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { PayPasswordFirst } from '../../components/funds/pay-password-first.tsx';
import { confirmThenSend, toastSuccess } from '../../notify.ts';
import { BANK_CARD_PATH } from './paths.ts';
import { useMethodName } from './shared.tsx';

/**
 * The user's payment methods (?tab=payments): what a buyer pays them to when they sell. Bank cards are
 * the ones kept in settings (a link there); an account of a method the operator offers is filled in
 * here, confirmed by the pay password, and can be removed (orders already placed keep their copy).
 */
export function PaymentsView() {
  const { t } = useTranslation();
  const setup = useOtcPayments();
  return (
    <PageState query={setup}>
      {(rows) =>
        rows.length === 0 ? (
          <Empty>{t('otc.noMethods')}</Empty>
        ) : (
          <ul className="otc-list" aria-label={t('otc.paymentMethods')}>
            {rows.map(({ method, detail }) => (
              <li key={method.id}>
                <MethodCard method={method} detail={detail} />
              </li>
            ))}
          </ul>
        )
      }
    </PageState>
  );
}

function MethodCard({ method, detail }: { method: OtcPaymentMethod; detail: OtcPaymentDetail | null }) {
  const { t } = useTranslation();
  const remove = useDeleteOtcPayment();
  const [editing, setEditing] = useState(false);
  const name = useMethodName()(method);
  return (
    <article className="card otc-method-card" aria-label={name}>
      <div className="otc-order__head">
        <strong>{name}</strong>
        <span className={detail ? 'otc-status otc-status--released' : 'otc-status'}>{t(detail ? 'otc.methodSet' : 'otc.methodNotSet')}</span>
      </div>
      {detail && (
        <dl className="otc-detail">
          {Object.entries(detail.fields).map(([field, value]) => (
            <div key={field}>
              <dt>{t(`otc.field.${field}`, { defaultValue: field })}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {method.kind === 'account' ? (
        editing ? (
          <AccountForm method={method} detail={detail} onDone={() => setEditing(false)} />
        ) : (
          <div className="otc-links">
            <Button size="small" shape="rounded" fill="outline" onClick={() => setEditing(true)}>
              {t(detail ? 'otc.editMethod' : 'otc.addMethod')}
            </Button>
            {detail && (
              <Button
                size="small"
                shape="rounded"
                fill="outline"
                color="danger"
                loading={remove.isPending}
                onClick={() =>
                  void confirmThenSend(
                    { content: t('otc.confirmRemoveMethod', { name }), confirmText: t('otc.remove'), cancelText: t('otc.cancel') },
                    () => remove.mutateAsync({ method_id: method.id }),
                    t('otc.methodRemoved'),
                  )
                }
              >
                {t('otc.remove')}
              </Button>
            )}
          </div>
        )
      ) : (
        <Link className="pill pill--ghost otc-self-start" to={BANK_CARD_PATH[method.kind]}>
          {t(detail ? 'otc.editCard' : 'otc.addCard')}
        </Link>
      )}
    </article>
  );
}

function AccountForm({ method, detail, onDone }: { method: OtcPaymentMethod; detail: OtcPaymentDetail | null; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const save = useSaveOtcPayment();
  const [holder, setHolder] = useState(detail?.fields.holder ?? '');
  const [account, setAccount] = useState(detail?.fields.account ?? '');
  const [payPassword, setPayPassword] = useState('');
  const [errors, setErrors] = useState<{ holder?: string; account?: string; payPassword?: string }>({});
  if (user && !user.pay_pin_set) return <PayPasswordFirst />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      holder: holder.trim() ? undefined : t('otc.required'),
      account: account.trim() ? undefined : t('otc.required'),
      payPassword: payPassword ? undefined : t('otc.payPasswordRequired'),
    };
    setErrors(next);
    if (next.holder || next.account || next.payPassword) return;
    try {
      await save.mutateAsync({ method_id: method.id, holder: holder.trim(), account: account.trim(), pay_password: payPassword });
    } catch {
      return;
    }
    toastSuccess(t('otc.methodSaved'));
    onDone();
  }

  return (
    <form className="otc-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field label={t('otc.field.holder')} maxLength={OTC_ACCOUNT_FIELD_CHARS_MAX} value={holder} onChange={setHolder} error={errors.holder} />
      <Field label={t('otc.field.account')} maxLength={OTC_ACCOUNT_FIELD_CHARS_MAX} value={account} onChange={setAccount} error={errors.account} />
      <PasswordField label={t('otc.payPassword')} autoComplete="off" value={payPassword} onChange={setPayPassword} error={errors.payPassword} />
      <div className="otc-links">
        <Button type="submit" size="small" color="primary" shape="rounded" loading={save.isPending}>
          {t('otc.save')}
        </Button>
        <Button size="small" shape="rounded" fill="outline" onClick={onDone}>
          {t('otc.cancel')}
        </Button>
      </div>
    </form>
  );
}
