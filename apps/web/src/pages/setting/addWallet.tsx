import { addressFits, networkOfAddress } from '@fairex/contract/rules';
import { isPlainText } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useGoBack } from '../../components/nav-bar.tsx';
import { useDepositInfo, useSaveWalletAddress, useEnabledUserCoins } from '../../api/funds.ts';
import { useUserInfo } from '../../api/user.ts';
import { Field, PasswordField } from '../../components/field.tsx';
import { ImagePicker, SelectField } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { PayPasswordFirst } from '../../components/funds/pay-password-first.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { toastSuccess } from '../../notify.ts';

type Errors = { name?: string; address?: string; qrcode?: string; payPassword?: string };

/** The field a server refusal is about (the form checks the same rules first, the server has the last word). */
const FIELD_OF_CODE: Partial<Record<string, keyof Errors>> = {
  address_invalid: 'address',
  address_duplicate: 'address',
  text_invalid: 'name',
  qrcode_required: 'qrcode',
  pay_password_wrong: 'payPassword',
};

/**
 * Adds a withdrawal address: coin, then the network when the coin has several (USDT on ERC20 and
 * TRC20; preset from the address typed until the user picks one), a plain-text name, the address checked against that network's format (contract
 * address-rules.ts, as the server checks it) and its QR image, confirmed with the pay password (a user
 * without one is led to set it first). Each refusal shows under its field.
 */
export function AddWalletPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const coins = useEnabledUserCoins();
  const save = useSaveWalletAddress();
  const [coinId, setCoinId] = useState('');
  const [networkChoice, setNetworkChoice] = useState('');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [qrcode, setQrcode] = useState<File | null>(null);
  const [payPassword, setPayPassword] = useState('');
  const user = useUserInfo().data;
  const [errors, setErrors] = useState<Errors>({});
  const list = coins.data ?? [];
  const coin = list.find((c) => String(c.id) === coinId) ?? list[0];
  const networks = (useDepositInfo(coin?.id ?? 0).data?.networks ?? []).map((n) => n.network);
  // The user's pick; until they make one, the network the typed address belongs to (ERC20 and BEP20
  // addresses look alike, so the first in the coin's order, shown in the picker to be changed).
  const network = networks.find((n) => n === networkChoice) ?? networkOfAddress(networks, address.trim()) ?? networks[0];

  /** Sets a field and clears what was wrong with it. */
  const edit = (field: keyof Errors, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = address.trim();
    const next: Errors = {
      name: !name.trim() ? t('funds.addressNameRequired') : isPlainText(name) ? undefined : t('accounts.errors.text_invalid'),
      address: !value ? t('funds.addressRequired') : network && !addressFits(network, value) ? t('accounts.errors.address_invalid', { network }) : undefined,
      qrcode: qrcode ? undefined : t('funds.qrcodeRequired'),
      payPassword: payPassword ? undefined : t('funds.payPasswordRequired'),
    };
    setErrors(next);
    if (!coin || !qrcode || next.name || next.address || next.payPassword) return;
    try {
      await save.mutateAsync({ currency: coin.id, network, name: name.trim(), address: value, qrcode, pay_password: payPassword });
    } catch (error) {
      // The api client has shown the server's message; one about a field is shown under it too.
      const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
      if (field) setErrors((e) => ({ ...e, [field]: (error as ApiError).message }));
      return;
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
                <SelectField
                  label={t('funds.coin')}
                  value={coin ? String(coin.id) : ''}
                  options={list.map((c) => ({ value: String(c.id), label: c.name }))}
                  onChange={(next) => {
                    setCoinId(next);
                    setNetworkChoice('');
                    setErrors((e) => ({ ...e, address: undefined }));
                  }}
                />
                {networks.length > 0 && (
                  <>
                    <SelectField label={t('funds.network')} value={network ?? ''} options={networks.map((n) => ({ value: n, label: n }))} onChange={edit('address', setNetworkChoice)} />
                    <p className="funds-notice">{t('accounts.networkHint', { network })}</p>
                  </>
                )}
                <Field label={t('funds.addressName')} value={name} onChange={edit('name', setName)} error={errors.name} maxLength={50} />
                <Field label={t('funds.address')} value={address} onChange={edit('address', setAddress)} error={errors.address} maxLength={120} autoComplete="off" spellCheck={false} />
                <ImagePicker label={t('funds.addressQrcode')} file={qrcode} onChange={setQrcode} error={errors.qrcode} />
                <PasswordField label={t('funds.payPassword')} value={payPassword} onChange={edit('payPassword', setPayPassword)} error={errors.payPassword} autoComplete="off" />
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
