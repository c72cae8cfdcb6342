import type { OtcMerchantView, OtcMethodKind, OtcOrderStatus, OtcSide } from '@fairex/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OtcConfig } from '../../api/otc.ts';
import { SelectField } from '../../components/funds/funds.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { otcTabPath, REAL_NAME_SETTINGS_PATH, type OtcTab } from './paths.ts';
import './otc.css';

/** The four views a user moves between at the top of every OTC screen (payments are reached from the merchant view and the take sheet). */
const TOP_TABS = ['market', 'quick', 'orders', 'merchant'] as const satisfies readonly OtcTab[];

/** The OTC screens' frame: the bar and the row of views. */
export function OtcFrame({ tab, children, right }: { tab: OtcTab | null; children: ReactNode; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page otc">
      <NavBar title={t('page.otc')} right={right} />
      {tab !== null && (
        <SegmentTabs
          label={t('otc.views')}
          options={TOP_TABS.map((value) => ({ value, label: t(`otc.tab.${value}`) }))}
          value={tab === 'payments' ? 'merchant' : tab}
          onChange={(next) => navigate(otcTabPath(next), { replace: true })}
        />
      )}
      {children}
    </div>
  );
}

/** Mean seconds from "paid" to release as minutes and seconds. */
export function useReleaseTime() {
  const { t } = useTranslation();
  return (seconds: number | null) =>
    seconds === null ? t('otc.none') : seconds < 60 ? t('otc.seconds', { s: seconds }) : t('otc.minutesSeconds', { m: Math.floor(seconds / 60), s: seconds % 60 });
}

/** A merchant's name and their counters, computed by the server from the orders on their ads. */
export function MerchantLine({ merchant }: { merchant: OtcMerchantView }) {
  const { t } = useTranslation();
  const releaseTime = useReleaseTime();
  return (
    <div className="otc-merchant">
      <span className="otc-merchant__name">{merchant.name}</span>
      <span className="otc-merchant__stats">
        <span>{t('otc.completedOrders', { count: merchant.completed_orders })}</span>
        <span>{t('otc.completionRate', { rate: merchant.completion_rate === null ? t('otc.none') : `${merchant.completion_rate}%` })}</span>
        <span>{t('otc.avgRelease', { time: releaseTime(merchant.avg_release_seconds) })}</span>
      </span>
    </div>
  );
}

export function StatusLabel({ status }: { status: OtcOrderStatus }) {
  const { t } = useTranslation();
  return <span className={`otc-status otc-status--${status}`}>{t(`otc.status.${status}`)}</span>;
}

/** A payment method's name: the built-in card methods in the reader's language, an operator's method as the operator named it. */
export function useMethodName() {
  const { t } = useTranslation();
  return (method: { kind: OtcMethodKind; name: string }) => (method.kind === 'account' ? method.name : t(`otc.methodKind.${method.kind}`));
}

/** What the user does in an order or on an ad, in their words: "Buy USDT" / "Sell USDT". */
export function useActionLabel() {
  const { t } = useTranslation();
  return (side: OtcSide, coin: string) => t(side === 'buy' ? 'otc.buyCoin' : 'otc.sellCoin', { coin });
}

/** The coin and fiat pickers of a market (ads list, quick buy, ad form). */
export function CoinFiatPickers({
  config,
  coin,
  fiat,
  onCoin,
  onFiat,
}: {
  config: OtcConfig;
  coin: number;
  fiat: string;
  onCoin: (id: number) => void;
  onFiat: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="otc-pickers">
      <SelectField label={t('otc.coin')} value={String(coin)} options={config.coins.map((c) => ({ value: String(c.id), label: c.name }))} onChange={(v) => onCoin(Number(v))} />
      <SelectField label={t('otc.fiat')} value={fiat} options={config.fiats.map((f) => ({ value: f.code, label: f.code }))} onChange={onFiat} />
    </div>
  );
}

/** Before Lv1 the server sends a taker to verify (998): said up front, with the way there. */
export function VerifyFirst({ level }: { level: 'basic' | 'advanced' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="funds-notice" role="note">
      <p>{t(level === 'basic' ? 'otc.verifyToTrade' : 'otc.verifyToMerchant')}</p>
      <button type="button" className="pill pill--ghost" onClick={() => navigate(REAL_NAME_SETTINGS_PATH)}>
        {t('otc.goVerify')}
      </button>
    </div>
  );
}

/** The user's chosen fiat when it is one of the kept list, else the list's first (USD). */
export function defaultFiat(config: OtcConfig, chosen: string): string {
  return config.fiats.some((f) => f.code === chosen) ? chosen : (config.fiats[0]?.code ?? 'USD');
}
