import type { AccountKind } from '@fairex/contract';
import { cmp, displayBalance, isPositive, toAmountString } from '@fairex/contract/money';
import { accountFieldOf } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountTransfer, useEnabledUserCoins } from '../../api/funds.ts';
import { AmountField } from '../../components/field.tsx';
import { SelectField, TRANSFER_KINDS, useKindLabel } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { confirmThenSend } from '../../notify.ts';

/** Moves an available amount of one coin between two account kinds (POST /wallet/change), after confirmation. */
export function FundTransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const coins = useEnabledUserCoins();
  const kindLabel = useKindLabel();
  const transfer = useAccountTransfer();
  const [from, setFrom] = useState<AccountKind>('spot');
  const [to, setTo] = useState<AccountKind>('contract');
  const [coinId, setCoinId] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();

  const kindOptions = TRANSFER_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }));
  const list = coins.data ?? [];
  const coin = list.find((c) => String(c.id) === coinId) ?? list[0];
  const available = coin?.available[accountFieldOf(from)] ?? '0';

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
              <SelectField label={t('funds.from')} value={from} options={kindOptions} onChange={(value) => { setFrom(value); setError(undefined); }} />
              <Button
                className="funds-swap"
                size="small"
                shape="rounded"
                fill="outline"
                onClick={() => {
                  setFrom(to);
                  setTo(from);
                }}
              >
                {t('funds.swap')}
              </Button>
              <SelectField label={t('funds.to')} value={to} options={kindOptions} onChange={(value) => { setTo(value); setError(undefined); }} />
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
