import { cmp, displayBalance, isAmount, isPositive, money, toAmountString } from '@fairex/contract';
import { Button, Dialog } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDepositInfo, useUserCoins, useWalletAddresses, useWithdraw, type UserCoin } from '../../api/funds.ts';
import { Field, PasswordField } from '../../components/field.tsx';
import { SelectField } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { toastSuccess } from '../../notify.ts';

/** Withdrawals leave from the spot account (legacy field `change`). */
const WITHDRAW_FIELD = 'change';

type Errors = { amount?: string; address?: string };

function WithdrawForm({ coins }: { coins: UserCoin[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withdraw = useWithdraw();
  const addresses = useWalletAddresses();
  const [coinId, setCoinId] = useState('');
  const [addressId, setAddressId] = useState('');
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const coin = coins.find((c) => String(c.id) === coinId) ?? coins[0];
  const info = useDepositInfo(coin?.id ?? 0);
  const own = (addresses.data?.pages.flatMap((page) => page.data) ?? []).filter((row) => row.currency_id === coin?.id);
  const address = own.find((row) => String(row.id) === addressId) ?? own[0];
  const network = info.data?.networks.find((n) => n.network === address?.network);
  const available = coin?.available[WITHDRAW_FIELD] ?? '0';
  const value = amount.trim();
  const arrival = network && isAmount(value) && cmp(value, network.withdraw_fee) > 0 ? toAmountString(money(value).minus(network.withdraw_fee)) : '0';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!coin) return;
    const next: Errors = { address: address ? undefined : t('funds.addressMissing') };
    if (!isAmount(value) || !isPositive(value)) next.amount = t('funds.wrongAmount');
    else if (cmp(value, available) > 0) next.amount = t('funds.insufficient');
    else if (network && cmp(value, network.withdraw_min) < 0) next.amount = t('funds.belowMinimum', { amount: network.withdraw_min });
    setErrors(next);
    if (next.amount || next.address || !address) return;
    const confirmed = await Dialog.confirm({
      content: t('funds.withdrawConfirm', { amount: value, currency: coin.name, address: address.address }),
      confirmText: t('funds.confirm'),
    });
    if (!confirmed) return;
    try {
      await withdraw.mutateAsync({ currency: coin.id, number: value, address_id: address.id, pay_password: payPassword || undefined });
    } catch {
      return; // The api client has shown the server's message (verification, pay password, limit...).
    }
    toastSuccess(t('funds.withdrawSubmitted'));
    navigate('/pages/fund/receive_withdraw_record', { replace: true });
  }

  return (
    <form className="card funds-form" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField
        label={t('funds.coin')}
        value={coin ? String(coin.id) : ''}
        options={coins.map((c) => ({ value: String(c.id), label: c.name }))}
        onChange={(next) => {
          setCoinId(next);
          setAddressId('');
        }}
      />
      {own.length > 0 ? (
        <SelectField
          label={t('funds.withdrawAddress')}
          value={address ? String(address.id) : ''}
          options={own.map((row) => ({ value: String(row.id), label: `${row.name} · ${row.network} · ${row.address}` }))}
          onChange={setAddressId}
        />
      ) : (
        <div className="funds-notice">
          <p>{t('funds.addressMissing')}</p>
          <Button size="small" shape="rounded" fill="outline" onClick={() => navigate('/pages/setting/addWallet')}>
            {t('funds.addAddress')}
          </Button>
        </div>
      )}
      {errors.address && own.length > 0 && (
        <p className="field__error" role="alert">
          {errors.address}
        </p>
      )}
      <Field
        label={t('funds.amount')}
        inputMode="decimal"
        placeholder={network ? t('funds.minimum', { amount: network.withdraw_min }) : t('funds.amountPlaceholder')}
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setErrors((e) => ({ ...e, amount: undefined }));
        }}
        error={errors.amount}
        suffix={
          <button type="button" className="pill pill--ghost" onClick={() => setAmount(displayBalance(available))}>
            {t('funds.all')}
          </button>
        }
      />
      <PasswordField label={t('funds.payPassword')} placeholder={t('funds.payPasswordHint')} value={payPassword} onChange={setPayPassword} autoComplete="off" />
      <dl className="funds-figures">
        <div>
          <dt>{t('funds.available')}</dt>
          <dd>{displayBalance(available)}</dd>
        </div>
        <div>
          <dt>{t('funds.fee')}</dt>
          <dd>{network ? network.withdraw_fee : '--'}</dd>
        </div>
        <div>
          <dt>{t('funds.arrival')}</dt>
          <dd>{displayBalance(arrival)}</dd>
        </div>
      </dl>
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={withdraw.isPending}>
        {t('funds.withdraw')}
      </Button>
    </form>
  );
}

/** Withdraw a coin from the spot account to one of the user's bound wallet addresses. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const coins = useUserCoins();
  return (
    <div className="page">
      <NavBar
        title={t('page.withdraw')}
        right={
          <button type="button" className="pill pill--ghost" onClick={() => navigate('/pages/fund/receive_withdraw_record')}>
            {t('funds.records')}
          </button>
        }
      />
      <div className="page__body">
        <PageState query={coins}>{(list) => <WithdrawForm coins={list} />}</PageState>
      </div>
    </div>
  );
}
