import { cmp, isPositive } from '@fairex/contract/money';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useDepositTarget, useRecharge, type DepositAddress, type DepositInfo } from '../../api/funds.ts';
import { Field } from '../../components/field.tsx';
import { ImagePicker } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { copyText, toastSuccess } from '../../notify.ts';

const QR_SIZE_PX = 180;

/** Deposit step one, where a coin and network are chosen. */
const COIN_PICKER = '/pages/fund/select';

/** A minimum of 0 (or none) means any positive amount. */
const minimumOf = (value: string | undefined) => (value && isPositive(value) ? value : undefined);

/** The amount sent and the payment voucher, declared with POST /wallet/charge_req. */
function RechargeForm({ target, minimum }: { target: DepositAddress; minimum: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recharge = useRecharge();
  const [amount, setAmount] = useState('');
  const [voucher, setVoucher] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; voucher?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = amount.trim();
    const next = {
      amount: !isAmount(value) || !isPositive(value)
        ? t('funds.wrongAmount')
        : minimum && cmp(value, minimum) < 0
          ? t('funds.belowDepositMinimum', { amount: minimum })
          : undefined,
      voucher: voucher ? undefined : t('funds.voucherRequired'),
    };
    setErrors(next);
    if (next.amount || next.voucher || !voucher) return;
    try {
      await recharge.mutateAsync({ currency: target.currency_id, network: target.network, amount: value, voucher });
    } catch {
      return; // The api client has shown the server's message.
    }
    toastSuccess(t('funds.rechargeSubmitted'));
    navigate('/pages/fund/receive_withdraw_record', { replace: true });
  }

  return (
    <form className="card funds-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={t('funds.rechargeAmount')}
        inputMode="decimal"
        placeholder={t('funds.amountPlaceholder')}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors((e) => ({ ...e, amount: undefined }));
        }}
        error={errors.amount}
      />
      <ImagePicker
        label={t('funds.voucher')}
        file={voucher}
        onChange={(file) => {
          setVoucher(file);
          setErrors((e) => ({ ...e, voucher: undefined }));
        }}
        error={errors.voucher}
      />
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={recharge.isPending}>
        {t('funds.submit')}
      </Button>
    </form>
  );
}

/** The one network this address takes, and its minimum when it has one. */
function DepositTerms({ currency, network, minimum }: { currency: string; network: string; minimum: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="funds-notice funds-terms">
      <p>{t('funds.sendOnly', { currency, network })}</p>
      {minimum && <p>{t('funds.depositMinimum', { amount: minimum, currency })}</p>}
    </div>
  );
}

/** The address as text and QR code, the network's terms, then the declaration. */
function DepositView({ info, address, onCopy }: { info: DepositInfo; address: DepositAddress; onCopy: (address: string) => void }) {
  const { t } = useTranslation();
  const minimum = minimumOf(info.networks.find((n) => n.network === address.network)?.deposit_min);
  return (
    <>
      <section className="card" aria-label={t('funds.depositAddress')}>
        <h2 className="section-title">
          {info.name} · {address.network}
        </h2>
        <div className="funds-qr">
          <QRCodeSVG value={address.address} size={QR_SIZE_PX} bgColor="transparent" fgColor="currentColor" title={t('funds.depositAddress')} />
        </div>
        <p className="funds-address">{address.address}</p>
        <Button block shape="rounded" fill="outline" onClick={() => onCopy(address.address)}>
          {t('funds.copyAddress')}
        </Button>
        <DepositTerms currency={info.name} network={address.network} minimum={minimum} />
      </section>
      <RechargeForm target={address} minimum={minimum} />
    </>
  );
}

/** Deposit, step two: the platform address as text and QR code, then the declaration with a voucher. */
export function ReceivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = Number(params.get('currency') ?? 0);
  const target = useDepositTarget(currency, params.get('network') ?? '');
  // Opened without a coin, or with one (or a network) the server does not offer: back to the picker.
  const unknown = target.error instanceof ApiError && (target.error.code === 'currency_unavailable' || target.error.code === 'parameter_error');

  const copy = (address: string) => copyText(address, t('funds.copied'), t('funds.copyFailed'));
  if (!Number.isInteger(currency) || currency <= 0 || unknown) return <Navigate to={COIN_PICKER} replace />;

  return (
    <div className="page">
      <NavBar title={t('page.deposit')} />
      <div className="page__body">
        <PageState query={target}>
          {({ info, address }) =>
            address === null ? (
              <section className="card funds-form">
                <p className="funds-notice" role="alert">
                  {t('funds.contactFirst')}
                </p>
                <Button block color="primary" shape="rounded" onClick={() => navigate('/pages/kefu/index')}>
                  {t('funds.contactService')}
                </Button>
              </section>
            ) : (
              <DepositView info={info} address={address} onCopy={copy} />
            )
          }
        </PageState>
      </div>
    </div>
  );
}
