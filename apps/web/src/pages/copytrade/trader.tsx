import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCopyMe, type CopyMe } from '../../api/copy.ts';
import { Avatar } from '../../components/avatar.tsx';
import { AGREEMENT_PATHS, COPY_HUB_PATH, traderPath } from '../../components/copy/paths.ts';
import { amountText, TraderName, TraderStatistics } from '../../components/copy/trader.tsx';
import { useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { ratePercent } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { Figures } from '../../components/wealth/figures.tsx';

type TraderStanding = NonNullable<CopyMe['trader']>;

/**
 * /pages/copytrade/trader (login): becoming a trader, then the trader's own page. Without an application:
 * what it means and the agreement to read and accept (Chinese or English page); under review; refused
 * or revoked (with the reason, and applying again); approved: the user's statistics,
 * followers and the profit share received, and their public page. Following traders bars applying: the
 * follows must be cancelled first.
 */
export function CopytradeTraderPage() {
  const { t } = useTranslation();
  const me = useCopyMe();
  return (
    <div className="page copy">
      <NavBar title={t('copy.traderPage')} />
      <div className="page__body">
        <PageState query={me}>{(data) => <Standing me={data} />}</PageState>
      </div>
    </div>
  );
}

function Standing({ me }: { me: CopyMe }) {
  const trader = me.trader;
  if (trader?.status === 'approved' && trader.card) return <Approved trader={trader} card={trader.card} />;
  return (
    <>
      {trader === null ? <Intro me={me} /> : <Decision trader={trader} />}
      {/* A refused or revoked application may be made again: the operator decides it anew. */}
      {me.can_apply && <AgreementLinks again={trader !== null} />}
      {me.cannot_apply_reason === 'following' && <FollowingFirst following={me.follower.following} />}
    </>
  );
}

/** What being a trader means, before any application. */
function Intro({ me }: { me: CopyMe }) {
  const { t } = useTranslation();
  return (
    <section className="card copy-text" aria-label={t('copy.becomeTrader')}>
      <h2 className="section-title">{t('copy.becomeTrader')}</h2>
      <p>{t('copy.apply.what')}</p>
      <p>{t('copy.apply.stats')}</p>
      <p>{t('copy.apply.share', { rate: ratePercent(me.limits.profit_share_rate) })}</p>
      <p>{t('copy.apply.review')}</p>
    </section>
  );
}

/** An application under review, refused or revoked, with the operator's reason. */
function Decision({ trader }: { trader: TraderStanding }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <section className="card copy-text" aria-label={t('copy.application')}>
      <h2 className="section-title">{t(`copy.applicationStatus.${trader.status}`)}</h2>
      <p>{t('copy.appliedAt', { time: formatTime(trader.applied_at) })}</p>
      {trader.decided_at !== null && <p>{t('copy.decidedAt', { time: formatTime(trader.decided_at) })}</p>}
      {trader.status === 'pending' && <p>{t('copy.pendingHint')}</p>}
      {trader.reason && <p>{t('copy.reason', { reason: trader.reason })}</p>}
    </section>
  );
}

function AgreementLinks({ again }: { again: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card copy-text" aria-label={t('copy.agreementTitle')}>
      <p>{t(again ? 'copy.applyAgain' : 'copy.readAgreement')}</p>
      <div className="copy-actions">
        <Link className="pill pill--primary" to={AGREEMENT_PATHS.zh}>
          {t('copy.agreementZh')}
        </Link>
        <Link className="pill pill--primary" to={AGREEMENT_PATHS.en}>
          {t('copy.agreementEn')}
        </Link>
      </div>
    </section>
  );
}

function FollowingFirst({ following }: { following: number }) {
  const { t } = useTranslation();
  return (
    <div className="funds-notice" role="note">
      <p>{t('copy.followingFirst', { count: following })}</p>
      <Link className="pill pill--ghost" to={COPY_HUB_PATH}>
        {t('copy.myFollows')}
      </Link>
    </div>
  );
}

function Approved({ trader, card }: { trader: TraderStanding; card: NonNullable<TraderStanding['card']> }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <>
      <section className="card copy-head" aria-label={card.name}>
        <div className="copy-card__head">
          <Avatar src={card.avatar} />
          <div className="copy-card__who">
            <TraderName name={card.name} demo={card.demo} />
            <span className="muted">{t('copy.traderSince', { date: formatTime(card.since) })}</span>
          </div>
        </div>
        <Figures
          className="copy-figures"
          rows={[
            [t('copy.stats.followers'), String(card.stats.followers)],
            [t('copy.profitShareReceived'), amountText(trader.profit_share_received)],
            [t('copy.profitShareRate'), ratePercent(card.profit_share_rate)],
          ]}
        />
        <div className="copy-actions">
          <Link className="pill pill--primary" to={traderPath(card.trader_user_id)}>
            {t('copy.publicPage')}
          </Link>
        </div>
      </section>
      <section className="card" aria-label={t('copy.statistics')}>
        <h2 className="section-title">{t('copy.statistics')}</h2>
        <TraderStatistics stats={card.stats} />
      </section>
    </>
  );
}
