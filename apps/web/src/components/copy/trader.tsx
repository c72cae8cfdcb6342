import type { CopyType, TraderStatsView } from '@fairex/contract';
import { formatCount } from '@fairex/contract/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TraderCard } from '../../api/copy.ts';
import { Avatar } from '../avatar.tsx';
import { DemoBadge } from '../demo-badge.tsx';
import { ratePercent } from '../mining/mining.tsx';
import { NotFound } from '../not-found.tsx';
import { Figures } from '../wealth/figures.tsx';
import { traderPath, TRADERS_PATH } from './paths.ts';
// The position rows, up/down colours and link buttons the contract screens use too.
import '../market/market.css';
import './copy.css';

/** The coin copy-trading amounts are in (the contract margin coin). */
export const COPY_COIN = 'USDT';

/** A percent figure as the server gives it ("8.00" is 8 %). */
export const percentText = (value: string) => `${value}%`;
/** An amount in the margin coin. */
export const amountText = (value: string) => `${value} ${COPY_COIN}`;
/** Up (gain), down (loss) or flat, for the theme's text colours. */
export const signClass = (value: string) => (value.startsWith('-') ? 'text-down' : /^[0.]+$/.test(value) ? 'text-flat' : 'text-up');

/** A follow's setting in words: "Fixed multiple 1.5x" or "Fixed lots 5". */
export function useFollowSetting() {
  const { t } = useTranslation();
  return (type: CopyType, number: string) => (type === 'multiple' ? t('copy.settingMultiple', { number }) : t('copy.settingLots', { number }));
}

/** The trader's name, and the demo label on an account of a development start. */
export function TraderName({ name, demo }: { name: string; demo: boolean }) {
  return (
    <span className="copy-name">
      <strong>{name}</strong>
      <DemoBadge demo={demo} />
    </span>
  );
}

/** The figures a trader card shows: return, P&L, accuracy, followers, open positions and orders. */
export function CardFigures({ stats }: { stats: TraderStatsView }) {
  const { t } = useTranslation();
  return (
    <Figures
      className="copy-figures"
      rows={[
        [t('copy.stats.totalReturn'), <span className={signClass(stats.total_return)}>{percentText(stats.total_return)}</span>],
        [t('copy.stats.totalProfit'), <span className={signClass(stats.total_profit)}>{amountText(stats.total_profit)}</span>],
        [t('copy.stats.accuracy'), percentText(stats.accuracy)],
        [t('copy.stats.followers'), formatCount(stats.followers)],
        [t('copy.stats.currentPositions'), String(stats.current_positions)],
        [t('copy.stats.totalOrders'), String(stats.total_orders)],
      ]}
    />
  );
}

/** One trader in the list: avatar, name, the agreed profit share and the card figures; the whole card opens the trader. */
export function TraderCardLink({ trader }: { trader: TraderCard }) {
  const { t } = useTranslation();
  return (
    <Link className="card copy-card" to={traderPath(trader.trader_user_id)} aria-label={trader.name}>
      <span className="copy-card__head">
        <Avatar src={trader.avatar} size="var(--avatar-size-small)" />
        <span className="copy-card__who">
          <TraderName name={trader.name} demo={trader.demo} />
          <span className="muted">{t('copy.profitShareLine', { rate: ratePercent(trader.profit_share_rate) })}</span>
        </span>
        {trader.following && <span className="copy-badge copy-badge--on">{t('copy.followingBadge')}</span>}
      </span>
      <CardFigures stats={trader.stats} />
    </Link>
  );
}

/** Every statistic of spec section 3, from the trader's own closed positions. */
export function TraderStatistics({ stats }: { stats: TraderStatsView }) {
  const { t } = useTranslation();
  return (
    <Figures
      className="copy-figures"
      rows={[
        [t('copy.stats.totalProfit'), <span className={signClass(stats.total_profit)}>{amountText(stats.total_profit)}</span>],
        [t('copy.stats.totalReturn'), <span className={signClass(stats.total_return)}>{percentText(stats.total_return)}</span>],
        [t('copy.stats.accuracy'), percentText(stats.accuracy)],
        [t('copy.stats.profitableOrders'), String(stats.profitable_orders)],
        [t('copy.stats.longWins'), String(stats.long_wins)],
        [t('copy.stats.shortWins'), String(stats.short_wins)],
        [t('copy.stats.currentPositions'), String(stats.current_positions)],
        [t('copy.stats.totalOrders'), String(stats.total_orders)],
        [t('copy.stats.followers'), formatCount(stats.followers)],
        [t('copy.stats.yesterdayTrades'), String(stats.yesterday_trades)],
      ]}
    />
  );
}

/** A trader page opened with an id that names no trader the reader may see: says so, with the list. */
export function TraderGone() {
  const { t } = useTranslation();
  return <NotFound title={t('copy.traderGone')} backTo={TRADERS_PATH} backLabel={t('copy.allTraders')} />;
}
