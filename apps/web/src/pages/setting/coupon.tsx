import type { CouponOfferView, CouponTab, CouponView } from '@fairex/contract';
import { cmp } from '@fairex/contract/money';
import { optionProfit } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApplyCoupon, useClaimCoupon, useCouponCentre, useMyCoupons, useTrialOrder } from '../../api/coupons.ts';
import { useQuotations } from '../../api/market.ts';
import { useOptionDurations, usePayableCurrencies } from '../../api/options.ts';
import { Empty, useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmDialog, confirmThenSend, toastSuccess } from '../../notify.ts';
import './growth.css';
import { DemoBadge } from '../../components/demo-badge.tsx';

type Section = 'centre' | 'mine';
const TABS: readonly CouponTab[] = ['available', 'used', 'expired'];
const OPTIONS_PATH = '/pages/transaction/seconds_order';

/**
 * /pages/setting/coupon (login; the home's coupon centre): the batches the user can claim now (value,
 * what is left, validity, who may claim, per-user limit), and my coupons by status. A fee discount is
 * applied after a confirmation and then refunds spot fees within seconds of each fill, its remaining
 * value shown; an experience coupon stakes one trial seconds option chosen here (symbol, duration, up or
 * down), its fee waived.
 */
export function CouponPage() {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('centre');
  return (
    <div className="page">
      <NavBar title={t('page.coupon')} />
      <SegmentTabs
        label={t('coupon.sections')}
        options={[
          { value: 'centre', label: t('coupon.centre') },
          { value: 'mine', label: t('coupon.mine') },
        ]}
        value={section}
        onChange={setSection}
      />
      <div className="page__body">{section === 'centre' ? <Centre /> : <MyCoupons />}</div>
    </div>
  );
}

function Centre() {
  const { t } = useTranslation();
  const offers = useCouponCentre();
  return (
    <PageState query={offers}>
      {(list) =>
        list.length === 0 ? (
          <Empty>{t('coupon.noOffers')}</Empty>
        ) : (
          <ul className="growth-list" aria-label={t('coupon.centre')}>
            {list.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
        )
      }
    </PageState>
  );
}

function OfferCard({ offer }: { offer: CouponOfferView }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const claim = useClaimCoupon();
  const atLimit = offer.claimed_by_me >= offer.per_user_limit;
  const label = !offer.eligible ? t('coupon.notEligible') : atLimit ? t('coupon.claimed') : t('coupon.claim');
  return (
    <article className="card growth-coupon" aria-label={offer.name}>
      <CouponHeading name={offer.name} kind={offer.kind} value={offer.value} coin={offer.currency} demo={offer.demo} />
      <Figures
        rows={[
          [t('coupon.left'), t('coupon.leftOf', { left: offer.left, quantity: offer.quantity })],
          [t('coupon.validity'), t('coupon.validDays', { count: offer.valid_days })],
          [t('coupon.forWhom'), t(`coupon.eligibility.${offer.eligibility}`)],
          [t('coupon.perUser'), `${offer.claimed_by_me} / ${offer.per_user_limit}`],
          [t('coupon.claimBy'), formatTime(offer.claim_ends_at)],
        ]}
      />
      <Button
        shape="rounded"
        color="primary"
        disabled={!offer.eligible || atLimit || claim.isPending}
        onClick={() => claim.mutate(offer.id, { onSuccess: () => toastSuccess(t('coupon.claimedToast')) })}
      >
        {label}
      </Button>
    </article>
  );
}

function CouponHeading({ name, kind, value, coin, demo }: { name: string; kind: CouponView['kind']; value: string; coin: string; demo: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="growth-coupon__head">
        <span className="growth-coupon__name">
          {name}
          <DemoBadge demo={demo} />
        </span>
        <span className="growth-coupon__value">
          {value} {coin}
        </span>
      </div>
      <p className="growth-hint">
        {t(`coupon.kind.${kind}`)} · {t(`coupon.kindHint.${kind}`, { value, coin })}
      </p>
    </>
  );
}

function MyCoupons() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<CouponTab>('available');
  return (
    <>
      <SegmentTabs label={t('coupon.tabs')} variant="pill" options={TABS.map((value) => ({ value, label: t(`coupon.tab.${value}`) }))} value={tab} onChange={setTab} />
      <CouponList key={tab} tab={tab} />
    </>
  );
}

function CouponList({ tab }: { tab: CouponTab }) {
  const { t } = useTranslation();
  return (
    <PagedList query={useMyCoupons(tab)} label={t(`coupon.tab.${tab}`)} empty={t(`coupon.noCoupons.${tab}`)} className="growth-list" keyOf={(coupon) => coupon.id}>
      {(coupon) => <CouponCard coupon={coupon} />}
    </PagedList>
  );
}

function CouponCard({ coupon }: { coupon: CouponView }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const shownAt = useRelativeTime();
  const apply = useApplyCoupon();
  const [trial, setTrial] = useState(false);
  const coin = coupon.currency;
  const fee = coupon.kind === 'fee_discount';

  const applyFee = () =>
    confirmThenSend(
      {
        title: t('coupon.useTitle'),
        content: t('coupon.useConfirm', { coin, value: coupon.value, date: formatTime(coupon.expires_at) }),
        confirmText: t('coupon.apply'),
        cancelText: t('coupon.keep'),
      },
      () => apply.mutateAsync(coupon.id),
      t('coupon.applied'),
    );

  return (
    <article className="card growth-coupon" aria-label={coupon.name}>
      <CouponHeading name={coupon.name} kind={coupon.kind} value={coupon.value} coin={coin} demo={coupon.demo} />
      <span className={`growth-status growth-status--${coupon.status}`}>{t(`coupon.status.${coupon.status}`)}</span>
      <Figures
        rows={[
          fee && [t('coupon.remaining'), `${coupon.remaining} ${coin}`],
          [t('coupon.claimedAt'), shownAt(coupon.claimed_at)],
          coupon.activated_at !== null && [t('coupon.activatedAt'), shownAt(coupon.activated_at)],
          coupon.used_at !== null && [t('coupon.usedAt'), shownAt(coupon.used_at)],
          [t('coupon.expiresAt'), formatTime(coupon.expires_at)],
          coupon.option_order_id !== null && [t('coupon.trialResult'), <TrialOutcome key="trial" coupon={coupon} />],
        ]}
      />
      {coupon.status === 'active' && <p className="growth-hint">{t('coupon.activeNote')}</p>}
      {coupon.option_order_id !== null && (
        <Link className="pill pill--ghost" to={OPTIONS_PATH}>
          {t('coupon.trialOrder', { id: coupon.option_order_id })} · {t('coupon.seeOptions')}
        </Link>
      )}
      {coupon.status === 'available' && !trial && (
        <Button shape="rounded" color="primary" disabled={apply.isPending} onClick={() => (fee ? void applyFee() : setTrial(true))}>
          {t('coupon.use')}
        </Button>
      )}
      {trial && <TrialForm coupon={coupon} onClose={() => setTrial(false)} />}
    </article>
  );
}

/** What an experience coupon's trial option came to: waiting, or won (its profit, paid to the options account), lost or a draw. */
function TrialOutcome({ coupon }: { coupon: CouponView }) {
  const { t } = useTranslation();
  if (coupon.option_outcome === 'win') return <>{t('coupon.trialWon', { profit: coupon.option_profit ?? '0', coin: coupon.currency })}</>;
  if (coupon.option_outcome === 'lose') return <>{t('coupon.trialLost')}</>;
  if (coupon.option_outcome === 'draw') return <>{t('coupon.trialDraw')}</>;
  return <>{t('coupon.trialPending')}</>;
}

/** An experience coupon's trial option: a symbol, a duration whose stake range takes the coupon's value, up or down. */
function TrialForm({ coupon, onClose }: { coupon: CouponView; onClose: () => void }) {
  const { t } = useTranslation();
  const quotations = useQuotations();
  const durations = useOptionDurations();
  const payable = usePayableCurrencies();
  const order = useTrialOrder();
  const symbols = (quotations.data ?? []).filter((q) => q.kind === 'spot');
  const fitting = (durations.data ?? []).filter((d) => cmp(coupon.value, d.stake_min) >= 0 && cmp(coupon.value, d.stake_max) <= 0);
  const [symbolId, setSymbolId] = useState<number>();
  const [seconds, setSeconds] = useState<number>();
  const symbol = symbols.find((q) => q.id === symbolId) ?? symbols[0];
  const duration = fitting.find((d) => d.seconds === seconds) ?? fitting[0];
  const decimals = payable.data?.find((c) => c.id === coupon.currency_id)?.decimals;
  const coin = coupon.currency;
  const loading = quotations.isPending || durations.isPending || payable.isPending;

  async function place(type: 1 | 2) {
    if (!symbol || !duration) return;
    const confirmed = await confirmDialog({
      content: t('coupon.trial.confirm', { symbol: symbol.symbol, direction: t(type === 1 ? 'coupon.trial.upWord' : 'coupon.trial.downWord'), seconds: duration.seconds, value: coupon.value, coin }),
      confirmText: t('market.confirm'),
      cancelText: t('market.keep'),
    });
    if (!confirmed) return;
    order.mutate(
      { match_id: symbol.id, currency_id: coupon.currency_id, type, seconds: duration.seconds, number: coupon.value, coupon_id: coupon.id },
      {
        onSuccess: () => {
          toastSuccess(t('coupon.trial.placed'));
          onClose();
        },
      },
    );
  }

  return (
    <section className="growth-trial" role="group" aria-label={t('coupon.trial.title')}>
      {loading ? (
        <p className="empty">{t('app.loading')}</p>
      ) : !duration || !symbol ? (
        <p className="empty" role="alert">
          {t('coupon.trial.noDuration', { value: coupon.value, coin })}
        </p>
      ) : (
        <>
          <label>
            <span className="visually-hidden">{t('coupon.trial.symbol')}</span>
            <select aria-label={t('coupon.trial.symbol')} value={symbol.id} onChange={(event) => setSymbolId(Number(event.target.value))}>
              {symbols.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.symbol}
                </option>
              ))}
            </select>
          </label>
          <SegmentTabs
            label={t('coupon.trial.duration')}
            kind="toggles"
            variant="pill"
            options={fitting.map((d) => ({ value: String(d.seconds), label: t('coupon.trial.durationOption', { seconds: d.seconds, percent: Number(d.payout_ratio) * 100 }) }))}
            value={String(duration.seconds)}
            onChange={(value) => setSeconds(Number(value))}
          />
          <Figures
            rows={[
              [t('coupon.trial.stake'), `${coupon.value} ${coin}`],
              [t('coupon.trial.fee'), t('coupon.trial.waived')],
              decimals !== undefined && [t('coupon.trial.profit'), `${optionProfit(coupon.value, duration.payout_ratio, decimals)} ${coin}`],
            ]}
          />
          <div className="growth-trial__buttons">
            <button type="button" className="growth-trial__button growth-trial__button--up" disabled={order.isPending} onClick={() => void place(1)}>
              {t('coupon.trial.up')}
            </button>
            <button type="button" className="growth-trial__button growth-trial__button--down" disabled={order.isPending} onClick={() => void place(2)}>
              {t('coupon.trial.down')}
            </button>
          </div>
        </>
      )}
      <Button size="small" fill="none" onClick={onClose}>
        {t('coupon.trial.close')}
      </Button>
    </section>
  );
}
