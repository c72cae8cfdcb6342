import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../components/nav-bar.tsx';
import { useSaveWalletAddress, useEnabledUserCoins } from '../../api/funds.ts';
import { useUserInfo } from '../../api/user.ts';
import { Field, PasswordField } from '../../components/field.tsx';
import { ImagePicker, SelectField } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { PayPasswordFirst } from '../../components/funds/pay-password-first.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { toastSuccess } from '../../notify.ts';

type Errors = { name?: string; address?: string; qrcode?: string; payPassword?: string };

/**
 * Adds a withdrawal address: coin, a name, the address (its network is recognised by the server) and its
 * QR image, confirmed with the pay password (a user without one is led to set it first).
 */
export function AddWalletPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const coins = useEnabledUserCoins();
  const save = useSaveWalletAddress();
  const [coinId, setCoinId] = useState('');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [qrcode, setQrcode] = useState<File | null>(null);
  const [payPassword, setPayPassword] = useState('');
  const user = useUserInfo().data;
  const [errors, setErrors] = useState<Errors>({});
  const list = coins.data ?? [];
  const coin = list.find((c) => String(c.id) === coinId) ?? list[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {
      name: name.trim() ? undefined : t('funds.addressNameRequired'),
      address: address.trim() ? undefined : t('funds.addressRequired'),
      qrcode: qrcode ? undefined : t('funds.qrcodeRequired'),
      payPassword: payPassword ? undefined : t('funds.payPasswordRequired'),
    };
    setErrors(next);
    if (!coin || !qrcode || next.name || next.address || next.payPassword) return;
    try {
      await save.mutateAsync({ currency: coin.id, name: name.trim(), address: address.trim(), qrcode, pay_password: payPassword });
    } catch {
      return; // The api client has shown the server's message.
    }
    toastSuccess(t('funds.addressSaved'));
    goBack();
  }

  return (
    <div className="page">
      <NavBar title={t('page.addWallet')} />
      <div className="page__body">
        {user && !user.pay_pin_set ? (
          <PayPasswordFirst />
        ) : (
          <PageState query={coins}>
            {() => (
              <form className="card funds-form" onSubmit={(event) => void submit(event)} noValidate>
                <SelectField label={t('funds.coin')} value={coin ? String(coin.id) : ''} options={list.map((c) => ({ value: String(c.id), label: c.name }))} onChange={setCoinId} />
                <Field label={t('funds.addressName')} value={name} onChange={setName} error={errors.name} maxLength={50} />
                <Field label={t('funds.address')} value={address} onChange={setAddress} error={errors.address} maxLength={120} autoComplete="off" />
                <ImagePicker label={t('funds.addressQrcode')} file={qrcode} onChange={setQrcode} error={errors.qrcode} />
                <PasswordField label={t('funds.payPassword')} value={payPassword} onChange={setPayPassword} error={errors.payPassword} autoComplete="off" />
                <Button type="submit" block color="primary" size="large" shape="rounded" loading={save.isPending}>
                  {t('funds.save')}
                </Button>
              </form>
            )}
          </PageState>
        )}
      </div>
    </div>
  );
}
