import type { OtcAmountUnit, OtcSide } from '@fairex/contract';
import { DEBOUNCE_MS } from '@fairex/contract/constants';
import { cmp, displayBalance, isPositive, money } from '@fairex/contract/money';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useOtcQuote, useQuickOtc, type OtcConfig, type QuickInput } from '../../api/otc.ts';
import { Field } from '../../components/field.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../notify.ts';
import { useStore } from '../../store/store.ts';
import { otcOrderPath, otcTabPath } from './paths.ts';
import { CoinFiatPickers, defaultFiat, MerchantLine, VerifyFirst } from './shared.tsx';

/** The text once it has stopped changing for `ms`. */
function useDebounced(text: string, ms: number) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * Quick buy (?tab=quick): one screen. The user enters an amount (in fiat or in the coin); the server
 * quotes the best-priced ad they may take for it now (their limit, the ad's limits and what remains);
 * confirming places the same order on the ad the server picks at that moment and opens it.
 */
export function QuickView({ config }: { config: OtcConfig }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chosenFiat = useStore((s) => s.fiat.currency_code);
  const quick = useQuickOtc();
  const [side, setSide] = useState<OtcSide>('buy');
  const [coin, setCoin] = useState(() => config.coins.find((c) => c.name === 'USDT')?.id ?? config.coins[0]?.id ?? 0);
  const [fiat, setFiat] = useState(() => defaultFiat(config, chosenFiat));
  const [unit, setUnit] = useState<OtcAmountUnit>('fiat');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const decimals = config.coins.find((c) => c.id === coin)?.decimals ?? 8;
  const coinName = config.coins.find((c) => c.id === coin)?.name ?? '';
  const settled = useDebounced(amount.trim(), DEBOUNCE_MS);
  // Only an amount the server could take is quoted: a positive number, in the coin at most its decimals.
  const quotable = config.level > 0 && isAmount(settled) && isPositive(settled) && (unit === 'fiat' || money(settled).decimalPlaces() <= decimals);
  const balance = config.balances[String(coin)] ?? '0';
  const input: QuickInput | undefined = quotable ? { side, currency_id: coin, fiat, amount: settled, amount_in: unit } : undefined;
  const quote = useOtcQuote(input);
  const shown = quotable && quote.data && !quote.isError ? quote.data : undefined;
  // An amount typed that no ad could take is said under the field, not only by a greyed button.
  const typedWrong = settled !== '' && !quotable;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!input || !shown) return setError(t('otc.wrongAmount'));
    if (side === 'sell' && cmp(shown.quantity, balance) > 0) return setError(t('otc.insufficient'));
    let orderId: string | undefined;
    await confirmThenSend(
      {
        title: t(side === 'buy' ? 'otc.buyCoin' : 'otc.sellCoin', { coin: coinName }),
        content: t(side === 'buy' ? 'otc.confirmQuickBuy' : 'otc.confirmQuickSell', { quantity: shown.quantity, coin: coinName, total: shown.fiat_amount, fiat, price: shown.price }),
        confirmText: t('otc.placeOrder'),
        cancelText: t('otc.cancel'),
      },
      async () => {
        orderId = (await quick.mutateAsync(input)).id;
      },
      t('otc.orderPlaced'),
    );
    if (orderId !== undefined) navigate(otcOrderPath(orderId));
  }

  if (config.level === 0) return <VerifyFirst level="basic" />;
  const reset = () => {
    setAmount('');
    setError(undefined);
  };
  return (
    <form className="card otc-form otc-quick" onSubmit={(event) => void submit(event)} noValidate>
      <SegmentTabs
        label={t('otc.side')}
        kind="toggles"
        variant="buy-sell"
        options={[
          { value: 'buy', label: t('otc.iBuy') },
          { value: 'sell', label: t('otc.iSell') },
        ]}
        value={side}
        onChange={setSide}
      />
      <CoinFiatPickers config={config} coin={coin} fiat={fiat} onCoin={setCoin} onFiat={setFiat} />
      <SegmentTabs
        label={t('otc.amountIn')}
        kind="toggles"
        variant="pill"
        options={[
          { value: 'fiat', label: t('otc.inFiat', { fiat }) },
          { value: 'coin', label: t('otc.inCoin', { coin: coinName }) },
        ]}
        value={unit}
        onChange={(next) => {
          setUnit(next);
          reset();
        }}
      />
      <Field
        label={t(unit === 'fiat' ? 'otc.amountFiat' : 'otc.amountCoin', { fiat, coin: coinName })}
        inputMode="decimal"
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setError(undefined);
        }}
        error={error ?? (typedWrong ? t('otc.wrongAmount') : undefined)}
      />
      <p className="otc-hint">{t('otc.yourLimitLine', { amount: config.fiat_limit_usdt, level: config.level })}</p>
      {side === 'sell' && (
        <p className="otc-hint">
          {t('otc.sellFreezes', { amount: displayBalance(balance), coin: coinName })} · {t('otc.sellNeedsMethod')} <Link to={otcTabPath('payments')}>{t('otc.paymentMethods')}</Link>
        </p>
      )}
      {quotable && quote.isError && (
        <p className="otc-note" role="status">
          {quote.error instanceof ApiError ? quote.error.message : t('otc.noAdFits')}
        </p>
      )}
      {shown && (
        <section className="otc-quote" aria-label={t('otc.bestAd')}>
          <MerchantLine merchant={shown.ad.merchant} />
          <Figures
            rows={[
              [t('otc.price'), `${shown.price} ${fiat}`],
              [t(side === 'buy' ? 'otc.youReceive' : 'otc.youSell'), `${shown.quantity} ${coinName}`],
              [t(side === 'buy' ? 'otc.youPay' : 'otc.youGet'), `${shown.fiat_amount} ${fiat}`],
              [t('otc.payWithinLabel'), t('otc.minutes', { count: shown.ad.pay_minutes })],
            ]}
          />
        </section>
      )}
      {/* Waiting for a quote greys it; without an amount a tap says what is wrong. */}
      <Button block color="primary" shape="rounded" type="submit" disabled={quotable && !shown} loading={quick.isPending}>
        {t(side === 'buy' ? 'otc.buyCoin' : 'otc.sellCoin', { coin: coinName })}
      </Button>
    </form>
  );
}
