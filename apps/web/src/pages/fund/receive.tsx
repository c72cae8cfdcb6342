import { isPositive } from '@fairex/contract/money';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDepositTarget, useRecharge, type DepositAddress } from '../../api/funds.ts';
import { Field } from '../../components/field.tsx';
import { ImagePicker } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { copyText, toastSuccess } from '../../notify.ts';

const QR_SIZE_PX = 180;

/** The amount sent and the payment voucher, declared with POST /wallet/charge_req. */
function RechargeForm({ target }: { target: DepositAddress }) {
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
      amount: isAmount(value) && isPositive(value) ? undefined : t('funds.wrongAmount'),
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

/** Deposit, step two: the platform address as text and QR code, then the declaration with a voucher. */
export function ReceivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = Number(params.get('currency') ?? 0);
  const target = useDepositTarget(currency, params.get('network') ?? '');

  const copy = (address: string) => copyText(address, t('funds.copied'), t('funds.copyFailed'));

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
              <>
                <section className="card" aria-label={t('funds.depositAddress')}>
                  <h2 className="section-title">
                    {info.name} · {address.network}
                  </h2>
                  <div className="funds-qr">
                    <QRCodeSVG value={address.address} size={QR_SIZE_PX} bgColor="transparent" fgColor="currentColor" title={t('funds.depositAddress')} />
                  </div>
                  <p className="funds-address">{address.address}</p>
                  <Button block shape="rounded" fill="outline" onClick={() => void copy(address.address)}>
                    {t('funds.copyAddress')}
                  </Button>
                </section>
                <RechargeForm target={address} />
              </>
            )
          }
        </PageState>
      </div>
    </div>
  );
}
