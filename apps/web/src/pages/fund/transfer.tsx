import { cmp, displayBalance, isPositive, money, toAmountString } from '@fairex/contract/money';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useExchange, useExchangeCoins, useExchangeQuote, type ExchangeCoin } from '../../api/funds.ts';
import { AmountField } from '../../components/field.tsx';
import { estimateShown, rateShown } from '../../components/funds/exchange-figures.ts';
import { SelectField } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { confirmThenSend } from '../../notify.ts';

function ExchangeForm({ coins }: { coins: ExchangeCoin[] }) {
  const { t } = useTranslation();
  const exchange = useExchange();
  const [fromId, setFromId] = useState(String(coins[0]?.id ?? ''));
  const [toId, setToId] = useState(String(coins[1]?.id ?? coins[0]?.id ?? ''));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const from = coins.find((c) => String(c.id) === fromId);
  const to = coins.find((c) => String(c.id) === toId);
  const quote = useExchangeQuote(from?.id ?? 0, to?.id ?? 0).data;
  const value = amount.trim();
  // An estimate in the target coin's own precision; the server computes the exact amount and fee at the moment of exchange.
  const valid = isAmount(value) && isPositive(value);
  const estimate = quote && to && valid ? estimateShown(value, quote.rate, quote.fee_rate, to.decimals) : undefined;
  const options = coins.map((c) => ({ value: String(c.id), label: c.name }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!from || !to) return;
    if (from.id === to.id) return setError(t('funds.sameCoin'));
    if (!isAmount(value) || !isPositive(value)) return setError(t('funds.wrongAmount'));
    if (cmp(value, from.available) > 0) return setError(t('funds.insufficient'));
    const sent = await confirmThenSend(
      { content: t('funds.exchangeConfirm', { amount: value, from: from.name, estimate: estimate ?? '--', to: to.name }), confirmText: t('funds.confirm') },
      () => exchange.mutateAsync({ number: value, from_currency_id: from.id, to_currency_id: to.id }),
      t('funds.exchangeDone'),
    );
    if (sent) setAmount('');
  }

  return (
    <form className="card funds-form" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField label={t('funds.from')} value={fromId} options={options} onChange={(next) => { setFromId(next); setError(undefined); }} />
      <Button
        className="funds-swap"
        size="small"
        shape="rounded"
        fill="outline"
        onClick={() => {
          setFromId(toId);
          setToId(fromId);
        }}
      >
        {t('funds.swapCoins')}
      </Button>
      <SelectField label={t('funds.to')} value={toId} options={options} onChange={(next) => { setToId(next); setError(undefined); }} />
      <AmountField
        label={t('funds.amount')}
        placeholder={t('funds.amountPlaceholder')}
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setError(undefined);
        }}
        error={error}
        allLabel={t('funds.all')}
        // The exact available figure, not the 4-decimal display, so nothing is left behind.
        onAll={() => setAmount(toAmountString(from?.available ?? '0'))}
      />
      <dl className="funds-figures funds-figures--rows">
        <div>
          <dt>{t('funds.available')}</dt>
          <dd>
            {displayBalance(from?.available ?? '0')} {from?.name}
          </dd>
        </div>
        <div>
          <dt>{t('funds.rate')}</dt>
          <dd>{quote && from && to ? `1 ${from.name} ≈ ${rateShown(quote.rate, to.decimals)} ${to.name}` : '--'}</dd>
        </div>
        <div>
          <dt>{t('funds.feeRate')}</dt>
          <dd>{quote ? `${money(quote.fee_rate).times(100).toFixed()}%` : '--'}</dd>
        </div>
        <div>
          <dt>{t('funds.estimate')}</dt>
          <dd>{estimate !== undefined && to ? `${estimate} ${to.name}` : '--'}</dd>
        </div>
      </dl>
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={exchange.isPending}>
        {t('funds.exchange')}
      </Button>
    </form>
  );
}

/** Exchange between coins in the spot account at the index price, less the configured fee. */
export function TransferPage() {
  const { t } = useTranslation();
  const coins = useExchangeCoins();
  return (
    <div className="page">
      <NavBar title={t('page.exchange')} />
      <div className="page__body">
        <PageState query={coins}>{(list) => <ExchangeForm coins={list} />}</PageState>
      </div>
    </div>
  );
}
