import type { OtcAmountUnit } from '@fairex/contract';
import { cmp, displayBalance, isPositive } from '@fairex/contract/money';
import { otcOrderFigures, otcUsdtValue } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePlaceOtcOrder, type OtcAdView, type OtcConfig } from '../../api/otc.ts';
import { Field } from '../../components/field.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../notify.ts';
import { otcOrderPath, otcTabPath } from './paths.ts';
import { VerifyFirst } from './shared.tsx';

/** The figures an amount gives at a price, or undefined while it is no amount the server would take. */
export function previewOf(text: string, unit: OtcAmountUnit, price: string, decimals: number) {
  const value = text.trim();
  if (!isAmount(value) || !isPositive(value)) return undefined;
  return otcOrderFigures({ price, amount: value, unit, coinDecimals: decimals });
}

/**
 * Taking an ad: the amount in the ad's fiat or in its coin, the ad's limits for one order and the user's
 * own per-order limit for their verification level, the quantity and the total by the contract's rule
 * (the buyer receives rounded down, pays rounded up), checked before asking (the level's limit valued at
 * the ad's index, as the server and quick buy value it); a confirmation, then the order screen.
 */
export function TakeForm({ ad, config }: { ad: OtcAdView; config: OtcConfig }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const place = usePlaceOtcOrder();
  const [unit, setUnit] = useState<OtcAmountUnit>('fiat');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  // The taker's side is the other one: a sell ad's takers buy.
  const buying = ad.side === 'sell';
  const balance = config.balances[String(ad.currency_id)] ?? '0';
  const figures = previewOf(amount, unit, ad.price, ad.decimals);

  function problem(): string | undefined {
    if (!figures) return t('otc.wrongAmount');
    if (cmp(figures.fiat_amount, ad.min_fiat) < 0 || cmp(figures.fiat_amount, ad.fiat_max_now) > 0) return t('otc.outOfLimits', { min: ad.min_fiat, max: ad.fiat_max_now, fiat: ad.fiat });
    if (cmp(figures.quantity, ad.remaining) > 0) return t('otc.notEnoughLeft', { amount: ad.remaining, coin: ad.coin });
    if (ad.index_usdt !== null && cmp(otcUsdtValue(figures.quantity, ad.index_usdt), config.fiat_limit_usdt) > 0) return t('otc.aboveYourLimit', { amount: config.fiat_limit_usdt, level: config.level });
    if (!buying && cmp(figures.quantity, balance) > 0) return t('otc.insufficient');
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problem();
    setError(found);
    if (found || !figures) return;
    let orderId: string | undefined;
    await confirmThenSend(
      {
        title: t(buying ? 'otc.buyCoin' : 'otc.sellCoin', { coin: ad.coin }),
        content: t(buying ? 'otc.confirmBuy' : 'otc.confirmSell', { quantity: figures.quantity, coin: ad.coin, total: figures.fiat_amount, fiat: ad.fiat, price: ad.price }),
        confirmText: t('otc.placeOrder'),
        cancelText: t('otc.cancel'),
      },
      async () => {
        orderId = (await place.mutateAsync({ ad_id: ad.id, amount: amount.trim(), amount_in: unit })).id;
      },
      t('otc.orderPlaced'),
    );
    if (orderId !== undefined) navigate(otcOrderPath(orderId), { replace: true });
  }

  if (config.level === 0) return <VerifyFirst level="basic" />;
  return (
    <form className="otc-form" onSubmit={(event) => void submit(event)} noValidate>
      <Figures
        rows={[
          [t('otc.price'), `${ad.price} ${ad.fiat}`],
          [t('otc.merchant'), ad.merchant.name],
          [t('otc.adLimits'), `${ad.min_fiat} – ${ad.fiat_max_now} ${ad.fiat}`],
          [t('otc.yourLimit'), t('otc.yourLimitValue', { amount: config.fiat_limit_usdt, level: config.level })],
          [t('otc.remaining'), `${ad.remaining} ${ad.coin}`],
          !buying && [t('otc.yourBalance'), `${displayBalance(balance)} ${ad.coin}`],
        ]}
      />
      <SegmentTabs
        label={t('otc.amountIn')}
        kind="toggles"
        variant="pill"
        options={[
          { value: 'fiat', label: t('otc.inFiat', { fiat: ad.fiat }) },
          { value: 'coin', label: t('otc.inCoin', { coin: ad.coin }) },
        ]}
        value={unit}
        onChange={(next) => {
          setUnit(next);
          setAmount('');
          setError(undefined);
        }}
      />
      <Field
        label={t(unit === 'fiat' ? 'otc.amountFiat' : 'otc.amountCoin', { fiat: ad.fiat, coin: ad.coin })}
        inputMode="decimal"
        placeholder={unit === 'fiat' ? `${ad.min_fiat} – ${ad.fiat_max_now}` : undefined}
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setError(undefined);
        }}
        error={error}
      />
      <Figures
        label={t('otc.preview')}
        rows={[
          [t(buying ? 'otc.youReceive' : 'otc.youSell'), figures ? `${figures.quantity} ${ad.coin}` : '--'],
          [t(buying ? 'otc.youPay' : 'otc.youGet'), figures ? `${figures.fiat_amount} ${ad.fiat}` : '--'],
        ]}
      />
      <p className="otc-hint">{t('otc.limitHint')}</p>
      {!buying && (
        <p className="otc-hint">
          {t('otc.sellNeedsMethod')} <Link to={otcTabPath('payments')}>{t('otc.paymentMethods')}</Link>
        </p>
      )}
      <Button block color="primary" shape="rounded" type="submit" loading={place.isPending}>
        {t('otc.placeOrder')}
      </Button>
    </form>
  );
}
