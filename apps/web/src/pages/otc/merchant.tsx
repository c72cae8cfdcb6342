import { isPositive, mul } from '@fairex/contract/money';
import { OTC_MERCHANT_NAME_CHARS } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApplyMerchant, useCloseOtcAd, useMyOtcAds, type OtcAdView, type OtcConfig } from '../../api/otc.ts';
import { Field } from '../../components/field.tsx';
import { Empty, LoadMore } from '../../components/funds/funds.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend, toastSuccess } from '../../notify.ts';
import { otcPostAdPath, otcTabPath } from './paths.ts';
import { useMethodName, VerifyFirst } from './shared.tsx';

/**
 * The merchant view (?tab=merchant): before applying, the application (advanced verification, Lv2,
 * required); while it waits or after a refusal or suspension, where it stands; an approved merchant's
 * ads, online and closed, with posting, editing (a new ad with the terms changed, the old one taken
 * offline) and taking offline, and the way to their payment methods.
 */
export function MerchantView({ config }: { config: OtcConfig }) {
  const { t } = useTranslation();
  const merchant = config.merchant;
  if (merchant?.status === 'approved') return <MerchantAds />;
  return (
    <>
      {merchant && (
        <section className="card otc-standing" aria-label={t('otc.application')}>
          <p>
            <strong>{merchant.name}</strong> · {t(`otc.merchantStatus.${merchant.status}`)}
          </p>
          {merchant.reason && <p className="muted">{t('otc.reason', { reason: merchant.reason })}</p>}
        </section>
      )}
      {(merchant === null || merchant.status === 'rejected') && (config.level < 2 ? <VerifyFirst level="advanced" /> : <ApplyForm />)}
      <p className="otc-hint otc-pad">
        <Link to={otcTabPath('payments')}>{t('otc.paymentMethods')}</Link>
      </p>
    </>
  );
}

function ApplyForm() {
  const { t } = useTranslation();
  const apply = useApplyMerchant();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const length = [...name.trim()].length;
    if (length < OTC_MERCHANT_NAME_CHARS.min || length > OTC_MERCHANT_NAME_CHARS.max || /[<>]/.test(name)) {
      return setError(t('otc.merchantNameRule', OTC_MERCHANT_NAME_CHARS));
    }
    try {
      await apply.mutateAsync({ name: name.trim() });
    } catch {
      return;
    }
    toastSuccess(t('otc.applied'));
  }

  return (
    <form className="card otc-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="otc-step__title">{t('otc.becomeMerchant')}</h2>
      <p className="otc-hint">{t('otc.merchantIntro')}</p>
      <Field
        label={t('otc.merchantName')}
        placeholder={t('otc.merchantNameRule', OTC_MERCHANT_NAME_CHARS)}
        maxLength={OTC_MERCHANT_NAME_CHARS.max}
        value={name}
        onChange={(next) => {
          setName(next);
          setError(undefined);
        }}
        error={error}
      />
      <Button block color="primary" shape="rounded" type="submit" loading={apply.isPending}>
        {t('otc.apply')}
      </Button>
    </form>
  );
}

function MerchantAds() {
  const { t } = useTranslation();
  const ads = useMyOtcAds();
  return (
    <>
      <div className="otc-links">
        <Link className="pill pill--primary" to={otcPostAdPath()}>
          {t('otc.postAd')}
        </Link>
        <Link className="pill pill--ghost" to={otcTabPath('payments')}>
          {t('otc.paymentMethods')}
        </Link>
      </div>
      <PageState query={ads}>
        {(data) => {
          const rows = data.pages.flatMap((page) => page.data);
          if (rows.length === 0) return <Empty>{t('otc.noOwnAds')}</Empty>;
          return (
            <>
              <ul className="otc-list" aria-label={t('otc.myAds')}>
                {rows.map((ad) => (
                  <li key={ad.id}>
                    <OwnAd ad={ad} />
                  </li>
                ))}
              </ul>
              <LoadMore hasMore={ads.hasNextPage} loading={ads.isFetchingNextPage} onMore={() => void ads.fetchNextPage()} />
            </>
          );
        }}
      </PageState>
    </>
  );
}

function OwnAd({ ad }: { ad: OtcAdView }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const close = useCloseOtcAd();
  const methodName = useMethodName();
  const online = ad.status === 'online';
  const priceText = ad.price_type === 'fixed' ? `${ad.price} ${ad.fiat}` : t('otc.floatingAt', { margin: marginPercent(ad.margin ?? '0'), price: ad.price, fiat: ad.fiat });
  return (
    <article className="card otc-ad" aria-label={t('otc.ownAdTitle', { id: ad.id })}>
      <div className="otc-order__head">
        <strong className={ad.side === 'sell' ? 'down' : 'up'}>{t(ad.side === 'sell' ? 'otc.sellAd' : 'otc.buyAd', { coin: ad.coin, fiat: ad.fiat })}</strong>
        <span className={`otc-status otc-status--${ad.status}`}>{t(`otc.adStatus.${ad.status}`)}</span>
      </div>
      <Figures
        rows={[
          [t('otc.price'), priceText],
          [t('otc.remaining'), `${ad.remaining} / ${ad.quantity} ${ad.coin}`],
          [t('otc.adLimits'), `${ad.min_fiat} – ${ad.max_fiat} ${ad.fiat}`],
          [t('otc.payWithinLabel'), t('otc.minutes', { count: ad.pay_minutes })],
          [t('otc.methods'), ad.methods.map(methodName).join(' · ')],
          [t('otc.createdAt'), shownAt(ad.created_at)],
        ]}
      />
      <div className="otc-links">
        <Link className="pill pill--ghost" to={otcPostAdPath(ad.id)} aria-label={t(online ? 'otc.editAdNamed' : 'otc.repostAdNamed', { id: ad.id })}>
          {t(online ? 'otc.editAd' : 'otc.repostAd')}
        </Link>
        {online && (
          <button
            type="button"
            className="pill pill--ghost"
            disabled={close.isPending}
            onClick={() =>
              void confirmThenSend(
                { content: t(ad.side === 'sell' ? 'otc.confirmCloseSell' : 'otc.confirmClose', { amount: ad.remaining, coin: ad.coin }), confirmText: t('otc.takeOffline'), cancelText: t('otc.cancel') },
                () => close.mutateAsync({ id: ad.id }),
                t('otc.adClosed'),
              )
            }
          >
            {t('otc.takeOffline')}
          </button>
        )}
      </div>
    </article>
  );
}

/** A margin fraction ("0.015") as a signed percent ("+1.5%"). */
export function marginPercent(margin: string): string {
  return `${isPositive(margin) ? '+' : ''}${mul(margin, 100)}%`;
}
