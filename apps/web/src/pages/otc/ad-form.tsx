import type { TFunction } from 'i18next';
import type { OtcPriceType, OtcSide } from '@fairex/contract';
import { add, cmp, displayBalance, div, isPositive, money } from '@fairex/contract/money';
import { OTC_AD_METHODS_MAX, OTC_FIAT_DECIMALS, OTC_MARGIN_MAX, OTC_PAY_MINUTES, OTC_PRICE_DECIMALS, OTC_REMARK_CHARS_MAX } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useCloseOtcAd, useMyOtcAds, usePostOtcAd, type AdDraft, type OtcAdView, type OtcConfig } from '../../api/otc.ts';
import { Field } from '../../components/field.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { confirmThenSend } from '../../notify.ts';
import { useStore } from '../../store/store.ts';
import { marginPercent } from './merchant.tsx';
import { otcTabPath } from './paths.ts';
import { CoinFiatPickers, defaultFiat, useMethodName } from './shared.tsx';

type Values = {
  side: OtcSide;
  coin: number;
  fiat: string;
  priceType: OtcPriceType;
  price: string;
  /** The margin in percent as typed ("1.5"); sent as a fraction. */
  marginPercent: string;
  quantity: string;
  minFiat: string;
  maxFiat: string;
  methodIds: number[];
  payMinutes: string;
  remark: string;
};
type Errors = Partial<Record<keyof Values, string>>;

/** A new ad's values, or those of the merchant's ad it copies (an edit or a repost). */
function valuesOf(config: OtcConfig, chosenFiat: string, from: OtcAdView | undefined): Values {
  if (from) {
    return {
      side: from.side,
      coin: from.currency_id,
      fiat: from.fiat,
      priceType: from.price_type,
      price: from.fixed_price ?? '',
      marginPercent: from.margin === null ? '' : marginPercent(from.margin).replace(/[+%]/g, ''),
      quantity: from.status === 'online' ? from.remaining : from.quantity,
      minFiat: from.min_fiat,
      maxFiat: from.max_fiat,
      methodIds: from.methods.map((m) => m.id),
      payMinutes: String(from.pay_minutes),
      remark: from.remark,
    };
  }
  return {
    side: 'sell',
    coin: config.coins.find((c) => c.name === 'USDT')?.id ?? config.coins[0]?.id ?? 0,
    fiat: defaultFiat(config, chosenFiat),
    priceType: 'fixed',
    price: '',
    marginPercent: '',
    quantity: '',
    minFiat: '',
    maxFiat: '',
    methodIds: [],
    payMinutes: '15',
    remark: '',
  };
}

/** What an online sell ad being replaced holds frozen of the coin: it comes back when the old ad goes offline. */
const heldBy = (ad: OtcAdView | undefined, coin: number) => (ad && ad.side === 'sell' && ad.currency_id === coin ? ad.remaining : '0');
const decimalsOf = (text: string) => money(text).decimalPlaces();
const isFigure = (text: string) => isAmount(text) && isPositive(text);

/** The form's problems, by field, in the server's terms (schemas/otc.ts otcAdPostInput and ads.ts postAd). */
function problemsOf(values: Values, config: OtcConfig, t: TFunction, replacing: OtcAdView | undefined): Errors {
  const errors: Errors = {};
  const coin = config.coins.find((c) => c.id === values.coin);
  if (values.priceType === 'fixed' && (!isFigure(values.price) || decimalsOf(values.price) > OTC_PRICE_DECIMALS)) errors.price = t('otc.wrongPrice', { decimals: OTC_PRICE_DECIMALS });
  if (values.priceType === 'floating') {
    const ok = /^-?\d{1,2}(\.\d{1,2})?$/.test(values.marginPercent.trim()) && Math.abs(Number(values.marginPercent)) <= Number(OTC_MARGIN_MAX) * 100;
    if (!ok) errors.marginPercent = t('otc.wrongMargin', { max: Number(OTC_MARGIN_MAX) * 100 });
  }
  if (!isFigure(values.quantity) || (coin && decimalsOf(values.quantity) > coin.decimals)) errors.quantity = t('otc.wrongQuantity', { decimals: coin?.decimals ?? 0 });
  else if (values.side === 'sell' && cmp(values.quantity, add(config.balances[String(values.coin)] ?? '0', heldBy(replacing, values.coin))) > 0) errors.quantity = t('otc.insufficient');
  for (const key of ['minFiat', 'maxFiat'] as const) if (!isFigure(values[key]) || decimalsOf(values[key]) > OTC_FIAT_DECIMALS) errors[key] = t('otc.wrongFiat');
  if (!errors.minFiat && !errors.maxFiat && cmp(values.minFiat, values.maxFiat) > 0) errors.maxFiat = t('otc.minAboveMax');
  if (values.methodIds.length === 0) errors.methodIds = t('otc.pickMethods');
  const minutes = Number(values.payMinutes);
  if (!Number.isInteger(minutes) || minutes < OTC_PAY_MINUTES.min || minutes > OTC_PAY_MINUTES.max) errors.payMinutes = t('otc.wrongMinutes', OTC_PAY_MINUTES);
  if ([...values.remark.trim()].length > OTC_REMARK_CHARS_MAX || /[<>]/.test(values.remark)) errors.remark = t('otc.tooLong', { max: OTC_REMARK_CHARS_MAX });
  return errors;
}

/**
 * Posting an ad (?tab=merchant&post=new), or a new one from an own ad's terms (&post=ID): an edit of an
 * online ad takes the old one offline first (what a sell ad holds comes back) and posts the new terms;
 * orders already placed keep theirs. A sell ad's quantity is frozen from the fiat account when posted.
 */
export function AdFormScreen({ config, copyOf }: { config: OtcConfig; copyOf: number | null }) {
  const { t } = useTranslation();
  const ads = useMyOtcAds();
  // Only an approved merchant posts; anyone else reaching this address sees where their application stands.
  if (config.merchant?.status !== 'approved') return <Navigate to={otcTabPath('merchant')} replace />;
  return (
    <div className="page otc">
      <NavBar title={t(copyOf === null ? 'otc.postAd' : 'otc.editAd')} />
      {copyOf === null ? (
        <AdForm config={config} from={undefined} />
      ) : (
        <PageState query={ads}>{(data) => <AdForm config={config} from={data.pages.flatMap((p) => p.data).find((ad) => ad.id === copyOf)} />}</PageState>
      )}
    </div>
  );
}

function AdForm({ config, from }: { config: OtcConfig; from: OtcAdView | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chosenFiat = useStore((s) => s.fiat.currency_code);
  const post = usePostOtcAd();
  const methodName = useMethodName();
  const close = useCloseOtcAd();
  const [values, setValues] = useState<Values>(() => valuesOf(config, chosenFiat, from));
  const [errors, setErrors] = useState<Errors>({});
  const replacing = from?.status === 'online' ? from : undefined;
  const coin = config.coins.find((c) => c.id === values.coin);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf(values, config, t, replacing);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const draft: AdDraft = {
      side: values.side,
      currency_id: values.coin,
      fiat: values.fiat,
      price_type: values.priceType,
      price: values.priceType === 'fixed' ? values.price.trim() : undefined,
      margin: values.priceType === 'floating' ? div(values.marginPercent.trim(), 100) : undefined,
      quantity: values.quantity.trim(),
      min_fiat: values.minFiat.trim(),
      max_fiat: values.maxFiat.trim(),
      method_ids: values.methodIds.join(','),
      pay_minutes: Number(values.payMinutes),
      remark: values.remark.trim(),
    };
    const sent = await confirmThenSend(
      {
        content: t(replacing ? 'otc.confirmEdit' : values.side === 'sell' ? 'otc.confirmPostSell' : 'otc.confirmPost', { quantity: draft.quantity, coin: coin?.name ?? '' }),
        confirmText: t('otc.postAd'),
        cancelText: t('otc.cancel'),
      },
      async () => {
        if (replacing) await close.mutateAsync({ id: replacing.id });
        await post.mutateAsync(draft);
      },
      t('otc.adPosted'),
    );
    if (sent) navigate(otcTabPath('merchant'), { replace: true });
  }

  const text = (key: 'price' | 'marginPercent' | 'quantity' | 'minFiat' | 'maxFiat' | 'payMinutes', label: string, extra: object = {}) => (
    <Field label={label} inputMode={key === 'payMinutes' ? 'numeric' : 'decimal'} value={values[key]} onChange={(v) => set(key, v)} error={errors[key]} {...extra} />
  );

  return (
    <form className="card otc-form" onSubmit={(event) => void submit(event)} noValidate>
      <SegmentTabs
        label={t('otc.adSide')}
        kind="toggles"
        variant="buy-sell"
        options={[
          { value: 'buy', label: t('otc.adBuys') },
          { value: 'sell', label: t('otc.adSells') },
        ]}
        value={values.side}
        onChange={(v) => set('side', v)}
      />
      <CoinFiatPickers config={config} coin={values.coin} fiat={values.fiat} onCoin={(v) => set('coin', v)} onFiat={(v) => set('fiat', v)} />
      <SegmentTabs
        label={t('otc.priceType')}
        kind="toggles"
        variant="pill"
        options={[
          { value: 'fixed', label: t('otc.fixed') },
          { value: 'floating', label: t('otc.floating') },
        ]}
        value={values.priceType}
        onChange={(v) => set('priceType', v)}
      />
      {values.priceType === 'fixed'
        ? text('price', t('otc.fixedPrice', { fiat: values.fiat, coin: coin?.name ?? '' }))
        : text('marginPercent', t('otc.margin'), { placeholder: '1.5' })}
      {values.priceType === 'floating' && <p className="otc-hint">{t('otc.floatingHint', { fiat: values.fiat })}</p>}
      {text('quantity', t('otc.quantityOf', { coin: coin?.name ?? '' }))}
      {values.side === 'sell' && <p className="otc-hint">{t('otc.sellFreezes', { amount: displayBalance(config.balances[String(values.coin)] ?? '0'), coin: coin?.name ?? '' })}</p>}
      <div className="otc-pair">
        {text('minFiat', t('otc.minFiat', { fiat: values.fiat }))}
        {text('maxFiat', t('otc.maxFiat', { fiat: values.fiat }))}
      </div>
      <fieldset className="otc-methods" aria-invalid={errors.methodIds ? true : undefined}>
        <legend>{t('otc.methodsAccepted', { max: OTC_AD_METHODS_MAX })}</legend>
        {config.methods.map((method) => (
          <label key={method.id} className="otc-method__head">
            <input
              type="checkbox"
              checked={values.methodIds.includes(method.id)}
              onChange={(event) => set('methodIds', event.target.checked ? [...values.methodIds, method.id].slice(0, OTC_AD_METHODS_MAX) : values.methodIds.filter((id) => id !== method.id))}
            />
            <span>{methodName(method)}</span>
          </label>
        ))}
        {errors.methodIds && (
          <p className="field__error" role="alert">
            {errors.methodIds}
          </p>
        )}
      </fieldset>
      {text('payMinutes', t('otc.payMinutes', OTC_PAY_MINUTES))}
      <label className="field__label" htmlFor="otc-remark">
        {t('otc.remark')}
      </label>
      <textarea id="otc-remark" className="otc-textarea" rows={2} maxLength={OTC_REMARK_CHARS_MAX} value={values.remark} onChange={(event) => set('remark', event.target.value)} />
      {errors.remark && (
        <p className="field__error" role="alert">
          {errors.remark}
        </p>
      )}
      {replacing && <p className="otc-hint">{t('otc.editHint')}</p>}
      <Button block color="primary" shape="rounded" type="submit" loading={post.isPending || close.isPending}>
        {t('otc.postAd')}
      </Button>
    </form>
  );
}
