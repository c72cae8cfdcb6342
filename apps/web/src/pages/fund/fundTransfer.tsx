import type { AccountKind } from '@fairex/contract';
import { cmp, displayBalance, isPositive, toAmountString } from '@fairex/contract/money';
import { accountFieldOf, ACCOUNT_KINDS, isTransferTarget, toAccountKind, TRANSFER_TARGET_KINDS } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccountTransfer, useEnabledUserCoins, type UserCoin } from '../../api/funds.ts';
import { AmountField } from '../../components/field.tsx';
import { SelectField, useKindLabel, useTargetLabel } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { confirmThenSend } from '../../notify.ts';

const availableIn = (coin: UserCoin | undefined, kind: AccountKind) => coin?.available[accountFieldOf(kind)] ?? '0';

/** The account to move funds out of when none is chosen: the other product account holding the most of the coin. */
function fullestOther(coin: UserCoin | undefined, to: AccountKind): AccountKind {
  const others = TRANSFER_TARGET_KINDS.filter((kind) => kind !== to);
  return others.reduce((best, kind) => (cmp(availableIn(coin, kind), availableIn(coin, best)) > 0 ? kind : best), others[0]!);
}

/**
 * Moves an available amount of one coin between two account kinds (POST /wallet/change), after
 * confirmation. Money goes only into an account a product draws on, each named by its products; any
 * other account still holding some is offered as a source, so money left there can come back. A product
 * screen opens it as ?to=<kind>&currency=<id>&amount=<missing>, the form filled in.
 */
export function FundTransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const coins = useEnabledUserCoins();
  const kindLabel = useKindLabel();
  const targetLabel = useTargetLabel();
  const transfer = useAccountTransfer();
  const asked = toAccountKind(params.get('to'));
  const [to, setTo] = useState<AccountKind>(asked && isTransferTarget(asked) ? asked : 'contract');
  const [chosenFrom, setFrom] = useState<AccountKind>();
  const [coinId, setCoinId] = useState(params.get('currency') ?? '');
  const [amount, setAmount] = useState(() => (isAmount(params.get('amount') ?? '') ? params.get('amount')! : ''));
  const [error, setError] = useState<string>();

  const list = coins.data ?? [];
  const coin = list.find((c) => String(c.id) === coinId) ?? list[0];
  const from = chosenFrom ?? fullestOther(coin, to);
  const available = availableIn(coin, from);
  const toOptions = TRANSFER_TARGET_KINDS.map((kind) => ({ value: kind as AccountKind, label: targetLabel(kind) }));
  const leftElsewhere = ACCOUNT_KINDS.filter((kind) => !isTransferTarget(kind) && (kind === from || isPositive(availableIn(coin, kind))));
  const fromOptions = [...TRANSFER_TARGET_KINDS, ...leftElsewhere].map((kind) => ({ value: kind as AccountKind, label: targetLabel(kind) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!coin) return;
    const number = amount.trim();
    if (from === to) return setError(t('funds.sameAccount'));
    if (!isAmount(number) || !isPositive(number)) return setError(t('funds.wrongAmount'));
    if (cmp(number, available) > 0) return setError(t('funds.insufficient'));
    const sent = await confirmThenSend(
      { content: t('funds.transferConfirm', { amount: number, currency: coin.name, from: kindLabel(from), to: kindLabel(to) }), confirmText: t('funds.confirm') },
      () => transfer.mutateAsync({ currency_id: coin.id, number, from_field: from, to_field: to }),
      t('funds.transferDone'),
    );
    if (sent) setAmount('');
  }

  return (
    <div className="page">
      <NavBar
        title={t('page.transfer')}
        right={
          <button type="button" className="pill pill--ghost" onClick={() => navigate('/pages/fund/transfer_history')}>
            {t('funds.history')}
          </button>
        }
      />
      <div className="page__body">
        <PageState query={coins}>
          {() => (
            <form className="card funds-form" onSubmit={(event) => void submit(event)} noValidate>
              <SelectField label={t('funds.from')} value={from} options={fromOptions} onChange={(value) => { setFrom(value); setError(undefined); }} />
              <Button
                className="funds-swap"
                size="small"
                shape="rounded"
                fill="outline"
                // Money goes back only into an account a product uses.
                disabled={!isTransferTarget(from)}
                onClick={() => {
                  setFrom(to);
                  setTo(from);
                }}
              >
                {t('funds.swap')}
              </Button>
              <SelectField label={t('funds.to')} value={to} options={toOptions} onChange={(value) => { setTo(value); setError(undefined); }} />
              <SelectField
                label={t('funds.coin')}
                value={coin ? String(coin.id) : ''}
                options={list.map((c) => ({ value: String(c.id), label: c.name }))}
                onChange={setCoinId}
              />
              <AmountField
                label={t('funds.amount')}
                placeholder={t('funds.amountPlaceholder')}
                value={amount}
                onChange={(value) => {
                  setAmount(value);
                  setError(undefined);
                }}
                error={error}
                allLabel={t('funds.all')}
                // The exact available figure, not the 4-decimal display, so nothing is left behind.
                onAll={() => setAmount(toAmountString(available))}
              />
              <p className="muted">
                {t('funds.availableAmount', { amount: displayBalance(available), currency: coin?.name ?? '' })}
              </p>
              {from === 'contract' && <p className="muted">{t('funds.contractKeepsLosses')}</p>}
              <Button type="submit" block color="primary" size="large" shape="rounded" loading={transfer.isPending}>
                {t('funds.transfer')}
              </Button>
            </form>
          )}
        </PageState>
      </div>
    </div>
  );
}
