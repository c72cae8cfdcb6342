import type { IdentityState, IdType } from '@fairex/contract';
import { ID_TYPES, isIdNumber, isLegalName, LEGAL_NAME_LENGTH } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useIdentityState, useSubmitIdentity, type IdentityStatus } from '../../api/funds.ts';
import { useUserInfo } from '../../api/user.ts';
import { Cell, CellGroup } from '../../components/cell.tsx';
import { Field } from '../../components/field.tsx';
import { ImagePicker, SelectField } from '../../components/funds/funds.tsx';
import { useGroupDigits } from '../../components/funds/group-digits.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { toastSuccess } from '../../notify.ts';
import { SECURITY_PATH } from './security-path.ts';

const canSubmit = (state: IdentityState) => state === 'not_authenticated' || state === 'audit_failed';

/** The server refuses identity verification until both email and mobile are bound (spec section 5). */
function BindFirst() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="card funds-form">
      <p className="funds-notice">{t('security.bindFirst')}</p>
      <Button block color="primary" size="large" shape="rounded" onClick={() => navigate(SECURITY_PATH)}>
        {t('security.goBind')}
      </Button>
    </div>
  );
}

/** The field a server refusal of the basic form is about (the form checks the same rules first). */
const FIELD_OF_CODE: Partial<Record<string, 'name' | 'cardId'>> = { name_required: 'name', name_invalid: 'name', id_number_invalid: 'cardId', identity_card_in_use: 'cardId' };

/** Level 1: id type, a legal name and id number, each checked as the server checks it, errors under the field. */
function BasicForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitIdentity();
  const [idType, setIdType] = useState<IdType>('id_card');
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const [errors, setErrors] = useState<{ name?: string; cardId?: string }>({});

  async function send(event: FormEvent) {
    event.preventDefault();
    const next = {
      name: !name.trim() ? t('funds.nameRequired') : isLegalName(name) ? undefined : t('accounts.errors.name_invalid'),
      cardId: isIdNumber(idType, cardId.trim()) ? undefined : t('funds.idNumberInvalid'),
    };
    setErrors(next);
    if (next.name || next.cardId) return;
    try {
      await submit.mutateAsync({ real_type: 1, id_type: idType, name: name.trim(), card_id: cardId.trim() });
    } catch (error) {
      // The api client has shown the server's message; an unbound email or mobile is fixed in the security centre.
      if (error instanceof ApiError && error.code === 'identity_bind_first') navigate(SECURITY_PATH);
      const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
      if (field) setErrors((e) => ({ ...e, [field]: (error as ApiError).message }));
      return;
    }
    toastSuccess(t('funds.identitySubmitted'));
  }

  return (
    <form className="card funds-form" onSubmit={(event) => void send(event)} noValidate>
      <h2 className="section-title">{t('funds.basicLevel')}</h2>
      <SelectField label={t('funds.idType')} value={idType} options={ID_TYPES.map((value) => ({ value, label: t(`funds.idTypes.${value}`) }))} onChange={setIdType} />
      <Field
        label={t('funds.realName')}
        value={name}
        onChange={(value) => {
          setName(value);
          setErrors((e) => ({ ...e, name: undefined }));
        }}
        error={errors.name}
        autoComplete="name"
        maxLength={LEGAL_NAME_LENGTH.max}
      />
      <Field
        label={t('funds.idNumber')}
        value={cardId}
        onChange={(value) => {
          setCardId(value);
          setErrors((e) => ({ ...e, cardId: undefined }));
        }}
        error={errors.cardId}
        maxLength={30}
      />
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={submit.isPending}>
        {t('funds.submit')}
      </Button>
    </form>
  );
}

/** Level 2: both photos of the document, each uploaded before the submission. */
function AdvancedForm() {
  const { t } = useTranslation();
  const submit = useSubmitIdentity();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!front || !back) return setError(t('funds.photosRequired'));
    try {
      await submit.mutateAsync({ real_type: 2, front, back });
    } catch {
      return;
    }
    toastSuccess(t('funds.identitySubmitted'));
  }

  return (
    <form className="card funds-form" onSubmit={(event) => void send(event)} noValidate>
      <h2 className="section-title">{t('funds.advancedLevel')}</h2>
      <ImagePicker label={t('funds.frontPhoto')} file={front} onChange={setFront} error={!front ? error : undefined} />
      <ImagePicker label={t('funds.backPhoto')} file={back} onChange={setBack} error={front && !back ? error : undefined} />
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={submit.isPending}>
        {t('funds.submit')}
      </Button>
    </form>
  );
}

function Status({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation();
  const group = useGroupDigits();
  return (
    <CellGroup label={t('funds.verificationStatus')}>
      <Cell label={t('funds.basicLevel')} value={t(`funds.identityState.${status.basic.state}`)} />
      {status.basic.reason && <Cell label={t('funds.rejectReason')} value={status.basic.reason} />}
      <Cell label={t('funds.advancedLevel')} value={t(`funds.identityState.${status.advanced.state}`)} />
      {status.advanced.reason && <Cell label={t('funds.rejectReason')} value={status.advanced.reason} />}
      <Cell label={t('funds.withdrawLimit')} value={`${group(status.limits.withdraw_24h_btc)} BTC`} />
      <Cell label={t('funds.fiatLimit')} value={`${group(status.limits.fiat_trade_per_order_usdt)} USDT`} />
    </CellGroup>
  );
}

/** Identity verification: the state of both levels, then the form of the level that can be submitted next. */
export function RealPage() {
  const { t } = useTranslation();
  const state = useIdentityState();
  const user = useUserInfo().data;
  const mustBind = user !== undefined && (!user.email || !user.mobile);
  return (
    <div className="page">
      <NavBar title={t('page.real')} />
      <div className="page__body">
        <PageState query={state}>
          {(status) => (
            <>
              <Status status={status} />
              {canSubmit(status.basic.state) && (mustBind ? <BindFirst /> : <BasicForm />)}
              {status.basic.state === 'authenticated' && canSubmit(status.advanced.state) && <AdvancedForm />}
              {(status.basic.state === 'under_review' || status.advanced.state === 'under_review') && (
                <p className="card funds-notice">{t('funds.underReviewNotice')}</p>
              )}
            </>
          )}
        </PageState>
      </div>
    </div>
  );
}
