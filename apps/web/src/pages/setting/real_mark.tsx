import type { IdentityState } from '@fairex/contract';
import { FIAT_TRADE_LIMIT_PER_ORDER_USDT, WITHDRAW_LIMIT_24H_BTC } from '@fairex/contract/constants';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdentityState, type IdentityStatus } from '../../api/funds.ts';
import { Cell, CellGroup } from '../../components/cell.tsx';
import { useGroupDigits } from '../../components/funds/group-digits.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import '../../components/funds/funds.css';

const REAL_PATH = '/pages/setting/real';

type Level = { state: IdentityState; reason: string | null };

/** The next step the user can take: verify Lv1, submit a rejected level again, go on to Lv2, or none (under review or done). */
export function nextStep(status: Pick<IdentityStatus, 'basic' | 'advanced'>): 'verifyLevel1' | 'submitAgain' | 'verifyLevel2' | undefined {
  const { basic, advanced } = status;
  if (basic.state === 'not_authenticated') return 'verifyLevel1';
  if (basic.state === 'audit_failed') return 'submitAgain';
  if (basic.state !== 'authenticated') return undefined;
  if (advanced.state === 'not_authenticated') return 'verifyLevel2';
  return advanced.state === 'audit_failed' ? 'submitAgain' : undefined;
}

function LevelRow({ label, level }: { label: string; level: Level }) {
  const { t } = useTranslation();
  return (
    <>
      <Cell label={label} value={t(`funds.identityState.${level.state}`)} />
      {level.state === 'audit_failed' && <p className="funds-notice danger-text">{t('accounts.status.rejected', { reason: level.reason ?? '' })}</p>}
    </>
  );
}

/** What Lv1 and Lv2 unlock, with the spec's limits (section 6) in the reader's digit grouping. */
function Unlocks() {
  const { t } = useTranslation();
  const group = useGroupDigits();
  const levels = [
    { label: t('accounts.unlocks.level1'), withdraw: WITHDRAW_LIMIT_24H_BTC.lv1, fiat: FIAT_TRADE_LIMIT_PER_ORDER_USDT.lv1 },
    { label: t('accounts.unlocks.level2'), withdraw: WITHDRAW_LIMIT_24H_BTC.lv2, fiat: FIAT_TRADE_LIMIT_PER_ORDER_USDT.lv2 },
  ];
  return (
    <section className="card funds-form" aria-label={t('accounts.unlocks.title')}>
      <h2 className="section-title">{t('accounts.unlocks.title')}</h2>
      {levels.map((level) => (
        <div key={level.label}>
          <p>
            <strong>{level.label}</strong>
          </p>
          <ul className="funds-notice">
            <li>{t('accounts.unlocks.withdraw', { amount: group(level.withdraw) })}</li>
            <li>{t('accounts.unlocks.fiat', { amount: group(level.fiat) })}</li>
          </ul>
        </div>
      ))}
    </section>
  );
}

function StatusCard({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const group = useGroupDigits();
  const step = nextStep(status);
  const reviewing = status.basic.state === 'under_review' || status.advanced.state === 'under_review';
  const done = status.advanced.state === 'authenticated';
  return (
    <section className="card funds-form">
      {status.basic.state === 'not_authenticated' && (
        <>
          <h2 className="section-title">{t('funds.verifyRequiredTitle')}</h2>
          <p className="funds-notice">{t('funds.verifyRequiredBody')}</p>
        </>
      )}
      <CellGroup label={t('accounts.status.title')}>
        <LevelRow label={t('accounts.status.level1')} level={status.basic} />
        <LevelRow label={t('accounts.status.level2')} level={status.advanced} />
        {status.level > 0 && (
          <>
            <Cell label={t('funds.withdrawLimit')} value={`${group(status.limits.withdraw_24h_btc)} BTC`} />
            <Cell label={t('funds.fiatLimit')} value={`${group(status.limits.fiat_trade_per_order_usdt)} USDT`} />
          </>
        )}
      </CellGroup>
      {reviewing && <p className="funds-notice">{t('accounts.status.underReview')}</p>}
      {done && <p className="funds-notice">{t('accounts.status.allDone')}</p>}
      {step && (
        <Button block color="primary" size="large" shape="rounded" onClick={() => navigate(REAL_PATH, { replace: true })}>
          {t(`accounts.status.${step}`)}
        </Button>
      )}
    </section>
  );
}

/**
 * The verification status and entry page (where a 998 answer lands): each level's real state from
 * GET /real/state (not verified, under review, not approved with the operator's reason, verified), the
 * step the user can take next, and, until both levels pass, what each level unlocks.
 */
export function RealMarkPage() {
  const { t } = useTranslation();
  const state = useIdentityState();
  return (
    <div className="page">
      <NavBar title={t('page.real')} />
      <div className="page__body">
        <PageState query={state}>
          {(status) => (
            <>
              <StatusCard status={status} />
              {status.advanced.state !== 'authenticated' && <Unlocks />}
            </>
          )}
        </PageState>
      </div>
    </div>
  );
}
