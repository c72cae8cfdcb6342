import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTraderDetail, useTraderTrades, type TraderDetail, type TraderTrade } from '../../api/copy.ts';
import { Avatar } from '../../components/avatar.tsx';
import { followPath, traderIdOf, TRADERS_PATH } from '../../components/copy/paths.ts';
import { ReturnsChart } from '../../components/copy/returns-chart.tsx';
import { amountText, signClass, TraderGone, TraderName, TraderStatistics, useFollowSetting } from '../../components/copy/trader.tsx';
import { useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { ratePercent } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { LOGIN_PATH } from '../../navigation.ts';

/**
 * /pages/follow/trader?id= (public): one trader: every statistic, the chart of cumulative P&L by day, how
 * the figures are computed (period, formula, when recomputed, time zone), the closed trades ten at a
 * time, and Follow / Edit follow, or why the caller cannot follow. Without an id it goes to the list; a
 * wrong id, or a trader who is not available, says so with a link to the list.
 */
export function FollowTraderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = traderIdOf(params.get('id'));
  if (params.get('id') === null) return <Navigate to={TRADERS_PATH} replace />;
  return (
    <div className="page copy">
      <NavBar title={t('page.trader')} />
      {id === null ? <TraderGone /> : <Trader key={id} id={id} />}
    </div>
  );
}

function Trader({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useTraderDetail(id);
  return (
    <PageState query={detail} notFound={<TraderGone />}>
      {(trader) => (
        <>
          <TraderHead trader={trader} />
          <section className="card" aria-label={t('copy.statistics')}>
            <h2 className="section-title">{t('copy.statistics')}</h2>
            <TraderStatistics stats={trader.stats} />
          </section>
          <section className="card" aria-label={t('copy.chart.title')}>
            <h2 className="section-title">{t('copy.chart.title')}</h2>
            <ReturnsChart series={trader.series} />
            <Method trader={trader} />
          </section>
          <section className="card" aria-label={t('copy.historyTrades')}>
            <h2 className="section-title">{t('copy.historyTrades')}</h2>
            <TradeHistory id={trader.trader_user_id} />
          </section>
        </>
      )}
    </PageState>
  );
}

function TraderHead({ trader }: { trader: TraderDetail }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <section className="card copy-head" aria-label={trader.name}>
      <div className="copy-card__head">
        <Avatar src={trader.avatar} />
        <div className="copy-card__who">
          <TraderName name={trader.name} demo={trader.demo} />
          <span className="muted">{t('copy.traderSince', { date: formatTime(trader.since) })}</span>
          <span className="muted">{t('copy.profitShareLine', { rate: ratePercent(trader.profit_share_rate) })}</span>
        </div>
      </div>
      <FollowAction trader={trader} />
    </section>
  );
}

/** Follow, or Edit follow with the current setting, or why the caller cannot follow this trader. */
function FollowAction({ trader }: { trader: TraderDetail }) {
  const { t } = useTranslation();
  const setting = useFollowSetting();
  const mine = trader.my_follow?.status === 'following' ? trader.my_follow : null;
  if (mine) {
    return (
      <div className="copy-action">
        <span>{t('copy.youFollow', { setting: setting(mine.type, mine.number) })}</span>
        <Link className="pill pill--primary" to={followPath(trader.trader_user_id)}>
          {t('copy.editFollow')}
        </Link>
      </div>
    );
  }
  if (trader.can_follow) {
    return (
      <div className="copy-action">
        <Link className="pill pill--primary" to={followPath(trader.trader_user_id)}>
          {t('copy.follow')}
        </Link>
      </div>
    );
  }
  const reason = trader.cannot_follow_reason ?? 'unavailable';
  return (
    <div className="copy-action" role="note">
      <span>{t(`copy.cannotFollow.${reason}`, { count: trader.limits.traders_per_follower_max })}</span>
      {reason === 'not_logged_in' && (
        <Link className="pill pill--primary" to={LOGIN_PATH}>
          {t('copy.logIn')}
        </Link>
      )}
    </div>
  );
}

/** What the figures cover and how they are computed, and when they were last computed. */
function Method({ trader }: { trader: TraderDetail }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const relative = useRelativeTime();
  const { first_trade_at: first, computed_at: computed } = trader.stats;
  return (
    <div className="copy-method">
      {/* "No closed positions yet" only from figures computed: before that, nothing is known. */}
      {first !== null ? <p>{t('copy.method.period', { date: formatTime(first) })}</p> : computed !== null && <p>{t('copy.method.noTrades')}</p>}
      <p>{t('copy.method.formula')}</p>
      <p>{t('copy.method.refresh', { zone: trader.time_zone })}</p>
      <p className="muted">{computed === null ? t('copy.method.notComputed') : t('copy.method.computedAt', { time: relative(computed) })}</p>
    </div>
  );
}

function TradeHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const trades = useTraderTrades(id);
  return (
    <PagedList query={trades} label={t('copy.historyTrades')} empty={t('copy.noHistoryTrades')} keyOf={(trade) => trade.id} className="copy-rows">
      {(trade) => <TradeRow trade={trade} />}
    </PagedList>
  );
}

function TradeRow({ trade }: { trade: TraderTrade }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <article className="order-item" aria-label={`${trade.symbol} ${trade.id}`}>
      <div className="order-item__top">
        <span>
          <strong className={trade.side === 'long' ? 'text-up' : 'text-down'}>{t(`contract.${trade.side}`)}</strong> {trade.symbol} · {trade.multiple}x
        </span>
        <span className={signClass(trade.profit)}>{amountText(trade.profit)}</span>
      </div>
      <Figures
        className="order-item__figures"
        rows={[
          [t('contract.lots'), String(trade.share)],
          [t('contract.openPrice'), trade.open_price],
          [t('contract.closePrice'), trade.close_price],
          [t('contract.margin'), trade.margin],
          [t('copy.openedAt'), relative(trade.opened_at)],
          [t('copy.closedAt'), relative(trade.closed_at)],
        ]}
      />
    </article>
  );
}
