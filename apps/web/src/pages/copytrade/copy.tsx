import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCopyMe, useMyFollows, type FollowStatusTab, type FollowView } from '../../api/copy.ts';
import { useConfirmCancelFollow } from '../../components/copy/cancel-follow.ts';
import { BECOME_TRADER_PATH, followPath, MY_COPIES_PATH, traderPath, TRADERS_PATH } from '../../components/copy/paths.ts';
import { amountText, signClass, useFollowSetting } from '../../components/copy/trader.tsx';
import { useCopyEvents } from '../../components/copy/use-copy-events.ts';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { ratePercent } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { useTabParam } from '../../components/use-tab-param.ts';

const TABS = ['following', 'cancelled'] as const satisfies readonly FollowStatusTab[];

/**
 * /pages/copytrade/copy?tab=following|cancelled (login): the user's copy trading. The totals (traders
 * followed, the margin their open copies hold, the net earnings, open copies and, apart, self-held
 * positions), then the follows, each with its trader, setting, amount, earnings, profit share paid,
 * copies and skips, and Edit / Cancel; a cancelled one says what still closes with the trader; links to
 * the copies, the trader list and the trader page. Copies opening and closing refresh it live.
 */
export function CopytradeCopyPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabParam(TABS);
  useCopyEvents();
  return (
    <div className="page copy">
      <NavBar title={t('copy.myCopyTrading')} />
      <Totals />
      <nav className="copy-links" aria-label={t('copy.moreLinks')}>
        <Link className="pill pill--ghost" to={MY_COPIES_PATH}>
          {t('copy.myCopies')}
        </Link>
        <Link className="pill pill--ghost" to={TRADERS_PATH}>
          {t('copy.findTraders')}
        </Link>
        <Link className="pill pill--ghost" to={BECOME_TRADER_PATH}>
          {t('copy.traderPage')}
        </Link>
      </nav>
      <SegmentTabs
        label={t('copy.myFollows')}
        options={TABS.map((value) => ({ value, label: t(`copy.followTab.${value}`) }))}
        value={tab}
        onChange={(next) => setTab(next)}
      />
      <Follows key={tab} tab={tab} />
    </div>
  );
}

function Totals() {
  const { t } = useTranslation();
  const me = useCopyMe();
  return (
    <section className="card" aria-label={t('copy.totals')}>
      <PageState query={me}>
        {({ follower }) => (
          <Figures
            className="copy-figures"
            rows={[
              [t('copy.totalsFollowing'), String(follower.following)],
              [t('copy.followAmount'), amountText(follower.follow_amount)],
              [t('copy.earnings'), <span className={signClass(follower.earnings)}>{amountText(follower.earnings)}</span>],
              [t('copy.openCopies'), String(follower.open_copies)],
              follower.self_held > 0 && [t('copy.selfHeldPositions'), String(follower.self_held)],
            ]}
          />
        )}
      </PageState>
    </section>
  );
}

function Follows({ tab }: { tab: FollowStatusTab }) {
  const { t } = useTranslation();
  const follows = useMyFollows(tab);
  return (
    <PagedList
      query={follows}
      label={t(`copy.followTab.${tab}`)}
      empty={t(tab === 'following' ? 'copy.noFollows' : 'copy.noCancelledFollows')}
      keyOf={(follow) => follow.id}
      className="copy-list"
    >
      {(follow) => <FollowCard follow={follow} />}
    </PagedList>
  );
}

function FollowCard({ follow }: { follow: FollowView }) {
  const { t } = useTranslation();
  const setting = useFollowSetting();
  const shownAt = useRelativeTime();
  const cancel = useConfirmCancelFollow();
  const active = follow.status === 'following';
  return (
    <article className="card copy-follow" aria-label={follow.trader_name}>
      <div className="copy-follow__head">
        <Link className="copy-follow__name" to={traderPath(follow.trader_user_id)}>
          {follow.trader_name}
        </Link>
        <span className="muted">{setting(follow.type, follow.number)}</span>
      </div>
      <Figures
        className="copy-figures"
        rows={[
          [t('copy.followAmount'), amountText(follow.follow_amount)],
          [t('copy.earnings'), <span className={signClass(follow.earnings)}>{amountText(follow.earnings)}</span>],
          [t('copy.profitSharePaid'), amountText(follow.profit_share_paid)],
          [t('copy.profitShareRate'), ratePercent(follow.profit_share_rate)],
          [t('copy.openCopies'), String(follow.open_copies)],
          follow.self_held > 0 && [t('copy.selfHeldPositions'), String(follow.self_held)],
          [t('copy.closedCopies'), String(follow.closed_copies)],
          [t('copy.skipped'), String(follow.skipped)],
          [active ? t('copy.followedAt') : t('copy.cancelledAt'), shownAt(active ? follow.created_at : (follow.cancelled_at ?? follow.updated_at))],
        ]}
      />
      {active ? (
        <div className="copy-actions">
          <Link className="pill pill--ghost" to={followPath(follow.trader_user_id)}>
            {t('copy.edit')}
          </Link>
          <button type="button" className="pill pill--ghost copy-danger" disabled={cancel.pending} onClick={() => void cancel.ask(follow)}>
            {t('copy.cancelFollow.action')}
          </button>
        </div>
      ) : (
        <>
          {follow.open_copies > 0 && <p className="copy-hint">{t('copy.stillLinked', { count: follow.open_copies })}</p>}
          {follow.self_held > 0 && <p className="copy-hint">{t('copy.selfHeldOpen', { count: follow.self_held })}</p>}
        </>
      )}
    </article>
  );
}
