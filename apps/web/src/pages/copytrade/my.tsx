import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyCopies, useMySkips, type CopyListTab, type CopyPositionView, type CopySkipView } from '../../api/copy.ts';
import { CONTRACT_ORDERS_PATH } from '../../components/contract/paths.ts';
import { traderPath } from '../../components/copy/paths.ts';
import { useConfirmSelfHold } from '../../components/copy/self-hold.ts';
import { amountText, signClass } from '../../components/copy/trader.tsx';
import { useCopyEvents } from '../../components/copy/use-copy-events.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { useTabParam } from '../../components/use-tab-param.ts';

const TABS = ['current', 'history', 'skipped'] as const;
type Tab = (typeof TABS)[number];

/**
 * /pages/copytrade/my?tab=current|history|skipped (login): the user's copies of traders' positions. Open
 * ones with their live figures from the server and "Self-hold" (after a confirmation) to take one over;
 * closed ones with the close price, P&L, the profit share paid and why they closed; and the trader
 * positions the user got no copy of, with the reason. Copies opening and closing refresh the lists live.
 */
export function CopytradeMyPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabParam(TABS);
  useCopyEvents();
  return (
    <div className="page copy">
      <NavBar title={t('copy.myCopies')} />
      <SegmentTabs
        label={t('copy.myCopies')}
        options={TABS.map((value) => ({ value, label: t(`copy.copyTab.${value}`) }))}
        value={tab}
        onChange={(next) => setTab(next)}
      />
      <div className="spot-section">{tab === 'skipped' ? <Skips /> : <Copies key={tab} tab={tab} />}</div>
    </div>
  );
}

function Copies({ tab }: { tab: CopyListTab }) {
  const { t } = useTranslation();
  const copies = useMyCopies(tab);
  return (
    <PagedList query={copies} label={t(`copy.copyTab.${tab}`)} empty={t(tab === 'current' ? 'copy.noCurrentCopies' : 'copy.noHistoryCopies')} keyOf={(copy) => copy.id}>
      {(copy) => <CopyItem copy={copy} />}
    </PagedList>
  );
}

function CopyItem({ copy }: { copy: CopyPositionView }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const selfHold = useConfirmSelfHold();
  const open = copy.status === 'open' || copy.status === 'pending';
  const closed = copy.status === 'closed' || copy.status === 'cancelled';
  return (
    <article className="order-item" aria-label={`${copy.symbol} ${copy.id}`}>
      <div className="order-item__top">
        <span>
          <strong className={copy.side === 'long' ? 'text-up' : 'text-down'}>{t(`contract.${copy.side}`)}</strong> {copy.symbol} · {copy.multiple}x
          {copy.self_held && <span className="copy-badge">{t('contract.selfHeldBadge')}</span>}
        </span>
        {copy.status === 'open' && !copy.self_held && (
          <button type="button" className="link-button" aria-label={`${t('contract.selfHold')} ${copy.id}`} disabled={selfHold.pending} onClick={() => void selfHold.ask(copy)}>
            {t('contract.selfHold')}
          </button>
        )}
        {(copy.status === 'closed' || copy.status === 'cancelled') && (
          <span className="muted">{t(copy.close_reason ? `contract.reason.${copy.close_reason}` : `contract.status.${copy.status}`)}</span>
        )}
      </div>
      <p className="copy-trader-line">
        {t('copy.copyOf')} <Link to={traderPath(copy.trader_user_id)}>{copy.trader_name}</Link>
      </p>
      <Figures
        className="order-item__figures"
        rows={[
          [t('contract.profit'), <span className={signClass(copy.profit)}>{copy.profit}</span>],
          [t('contract.lots'), String(copy.share)],
          [t('contract.margin'), copy.margin],
          [t('contract.openPrice'), copy.open_price ?? copy.target_price ?? '--'],
          [t(open ? 'contract.markPrice' : 'contract.closePrice'), copy.current_price ?? '--'],
          [t('contract.fee'), copy.handling_fee],
          [t('contract.overnightFee'), copy.overnight_fee],
          closed && [t('copy.profitShare'), copy.profit_share === null ? '--' : amountText(copy.profit_share)],
          [t('market.time'), relative(copy.closed_at ?? copy.opened_at ?? copy.created_at)],
        ]}
      />
      {copy.status === 'open' && copy.self_held && (
        <p className="copy-hint">
          {t('copy.selfHeldHint')} <Link to={CONTRACT_ORDERS_PATH}>{t('copy.toContractOrders')}</Link>
        </p>
      )}
    </article>
  );
}

function Skips() {
  const { t } = useTranslation();
  const skips = useMySkips();
  return (
    <>
      <p className="copy-hint">{t('copy.skipsIntro')}</p>
      <PagedList query={skips} label={t('copy.copyTab.skipped')} empty={t('copy.noSkips')} keyOf={(skip) => skip.id}>
        {(skip) => <SkipItem skip={skip} />}
      </PagedList>
    </>
  );
}

function SkipItem({ skip }: { skip: CopySkipView }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <article className="order-item" aria-label={`${skip.symbol} ${skip.id}`}>
      <div className="order-item__top">
        <span>
          <strong className={skip.side === 'long' ? 'text-up' : 'text-down'}>{t(`contract.${skip.side}`)}</strong> {skip.symbol}
        </span>
        <span className="muted">{relative(skip.created_at)}</span>
      </div>
      <p className="copy-trader-line">
        {t('copy.copyOf')} <Link to={traderPath(skip.trader_user_id)}>{skip.trader_name}</Link> · {t('copy.traderLots', { count: skip.trader_lots })}
      </p>
      <p className="copy-skip-reason">{t(`copy.skipReason.${skip.reason}`)}</p>
    </article>
  );
}
