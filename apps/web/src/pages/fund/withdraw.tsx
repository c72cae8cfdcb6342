import { cmp, displayBalance, isPositive, money, toAmountString } from '@fairex/contract/money';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCard, type CardKind, type SavedCard } from '../../api/cards.ts';
import { useDepositInfo, useEnabledUserCoins, useWalletAddresses, useWithdraw, useWithdrawLimit, type NetworkView, type UserCoin, type WithdrawTarget } from '../../api/funds.ts';
import { useUserInfo } from '../../api/user.ts';
import { AmountField, PasswordField } from '../../components/field.tsx';
import { SelectField } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { PayPasswordFirst } from '../../components/funds/pay-password-first.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { confirmThenSend } from '../../notify.ts';

/** Withdrawals leave from the spot account (legacy field `change`). */
const WITHDRAW_FIELD = 'change';

/** Where the money goes: a bound wallet address, or the saved domestic or international card (POST /wallet/out `destination`). */
const DESTINATIONS = ['address', 'bank', 'international'] as const;
type Destination = (typeof DESTINATIONS)[number];

const CARD_PAGES: Record<CardKind, string> = { bank: '/pages/setting/bank', international: '/pages/setting/bank_international' };

type Errors = { amount?: string; destination?: string; payPassword?: string };

/** The records screen, opened on its withdrawals tab. */
export const WITHDRAWALS_RECORDS = '/pages/fund/receive_withdraw_record?tab=withdraw';

/**
 * What arrives for `amount`, or undefined unless the server would take it: a number the coin can
 * hold, within the available, at least the network's minimum and above its fee.
 */
export function arrivalOf(amount: string, available: string, decimals: number, network: NetworkView | undefined): string | undefined {
  if (!network || !isAmount(amount) || !isPositive(amount) || money(amount).decimalPlaces() > decimals) return undefined;
  if (cmp(amount, available) > 0 || cmp(amount, network.withdraw_min) < 0 || cmp(amount, network.withdraw_fee) <= 0) return undefined;
  return toAmountString(money(amount).minus(network.withdraw_fee));
}

/** A card as the user recognises it: bank and the last four digits of the account. */
const cardLabel = (card: SavedCard) => `${card.bank_name ?? ''} · ${card.real_name ?? ''} · **** ${(card.bank_account ?? '').slice(-4)}`;

function DestinationChoice({ value, onChange }: { value: Destination; onChange: (value: Destination) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="funds-select">
      <span id={labelId} className="funds-select__label">
        {t('cards.destination')}
      </span>
      <div className="funds-chips" role="group" aria-labelledby={labelId}>
        {DESTINATIONS.map((option) => (
          <button key={option} type="button" className="pill pill--ghost" aria-pressed={value === option} onClick={() => onChange(option)}>
            {t(`cards.destinations.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The saved card of the chosen kind, or a link to bind one. */
function CardTarget({ kind, card, loading }: { kind: CardKind; card: SavedCard | null | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (card) return <p className="funds-notice">{cardLabel(card)}</p>;
  if (loading) return null;
  return (
    <div className="funds-notice">
      <p>{t(kind === 'bank' ? 'cards.noBankCard' : 'cards.noInternationalCard')}</p>
      <Button size="small" shape="rounded" fill="outline" onClick={() => navigate(CARD_PAGES[kind])}>
        {t(kind === 'bank' ? 'cards.bindBankCard' : 'cards.bindInternationalCard')}
      </Button>
    </div>
  );
}

function WithdrawForm({ coins }: { coins: UserCoin[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withdraw = useWithdraw();
  const addresses = useWalletAddresses();
  const bankCard = useCard('bank');
  const internationalCard = useCard('international');
  const [destination, setDestination] = useState<Destination>('address');
  const [coinId, setCoinId] = useState('');
  const [addressId, setAddressId] = useState('');
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const coin = coins.find((c) => String(c.id) === coinId) ?? coins[0];
  const info = useDepositInfo(coin?.id ?? 0);
  const limit = useWithdrawLimit(coin?.id ?? 0).data;
  const own = (addresses.data?.pages.flatMap((page) => page.data) ?? []).filter((row) => row.currency_id === coin?.id);
  const address = own.find((row) => String(row.id) === addressId) ?? own[0];
  const cardQuery = destination === 'bank' ? bankCard : destination === 'international' ? internationalCard : undefined;
  const card = cardQuery?.data ?? null;
  // An address fixes its network; a card is paid on the coin's first network open for withdrawals (its fee and minimum apply).
  const network =
    destination === 'address'
      ? info.data?.networks.find((n) => n.network === address?.network)
      : info.data?.networks.find((n) => n.withdraw_enabled);
  const available = coin?.available[WITHDRAW_FIELD] ?? '0';
  const value = amount.trim();
  const arrival = coin ? arrivalOf(value, available, coin.decimals, network) : undefined;

  /** The chosen destination as the server takes it, with its label for the confirmation; undefined when none is set up. */
  function target(): { body: WithdrawTarget; label: string } | undefined {
    if (destination === 'address') return address ? { body: { destination, address_id: address.id }, label: address.address } : undefined;
    return card ? { body: { destination, network: network?.network }, label: cardLabel(card) } : undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!coin) return;
    const chosen = target();
    const missing = destination === 'address' ? t('funds.addressMissing') : t(destination === 'bank' ? 'cards.noBankCard' : 'cards.noInternationalCard');
    const next: Errors = { destination: chosen ? undefined : missing };
    if (!isAmount(value) || !isPositive(value)) next.amount = t('funds.wrongAmount');
    else if (cmp(value, available) > 0) next.amount = t('funds.insufficient');
    else if (network && cmp(value, network.withdraw_min) < 0) next.amount = t('funds.belowMinimum', { amount: network.withdraw_min });
    if (!payPassword) next.payPassword = t('funds.payPasswordRequired');
    setErrors(next);
    if (next.amount || next.payPassword || !chosen) return;
    // A refusal (verification, pay password, limit...) has been shown by the api client.
    const sent = await confirmThenSend(
      { content: t('funds.withdrawConfirm', { amount: value, currency: coin.name, address: chosen.label }), confirmText: t('funds.confirm') },
      () => withdraw.mutateAsync({ currency: coin.id, number: value, pay_password: payPassword, ...chosen.body }),
      t('funds.withdrawSubmitted'),
    );
    if (sent) navigate(WITHDRAWALS_RECORDS, { replace: true });
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
      <DestinationChoice
        value={destination}
        onChange={(next) => {
          setDestination(next);
          setErrors((e) => ({ ...e, destination: undefined }));
        }}
      />
      {destination !== 'address' ? (
        <CardTarget kind={destination} card={card} loading={cardQuery?.isPending ?? false} />
      ) : own.length > 0 ? (
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
      {errors.destination && (destination === 'address' ? own.length > 0 : card !== null) && (
        <p className="field__error" role="alert">
          {errors.destination}
        </p>
      )}
      <AmountField
        label={t('funds.amount')}
        placeholder={network ? t('funds.minimum', { amount: network.withdraw_min }) : t('funds.amountPlaceholder')}
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setErrors((e) => ({ ...e, amount: undefined }));
        }}
        error={errors.amount}
        allLabel={t('funds.all')}
        // The exact available figure, not the 4-decimal display, so nothing is left behind.
        onAll={() => setAmount(toAmountString(available))}
      />
      <PasswordField
        label={t('funds.payPassword')}
        value={payPassword}
        onChange={(next) => {
          setPayPassword(next);
          setErrors((e) => ({ ...e, payPassword: undefined }));
        }}
        error={errors.payPassword}
        autoComplete="off"
      />
      <dl className="funds-figures funds-figures--rows">
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
          <dd>{arrival !== undefined ? `${arrival} ${coin?.name ?? ''}` : '--'}</dd>
        </div>
        <div>
          <dt>{t('funds.limitLeft')}</dt>
          <dd>{limit ? (limit.remaining !== null ? `${limit.remaining} ${limit.currency}` : `${limit.remaining_btc} BTC`) : '--'}</dd>
        </div>
      </dl>
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={withdraw.isPending}>
        {t('funds.withdraw')}
      </Button>
    </form>
  );
}

/** Withdraw a coin from the spot account to a bound wallet address or a saved bank card; a pay password is set first. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const coins = useEnabledUserCoins();
  const user = useUserInfo().data;
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
        {user && !user.pay_pin_set ? <PayPasswordFirst /> : <PageState query={coins}>{(list) => <WithdrawForm coins={list} />}</PageState>}
      </div>
    </div>
  );
}
