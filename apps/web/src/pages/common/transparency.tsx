import type { AuditRunView, InsuranceFundSeries, LedgerAuditCheck, LiabilitiesSnapshotView, MarketMakerView, OperatorLogHeadView, TransparencyAnswer, TransparencyTickHeads } from '@fairex/contract';
import { money } from '@fairex/contract/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTransparency } from '../../api/transparency.ts';
import { Empty, useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { CopyButton, ProofCard } from '../../components/proof-card.tsx';
import './transparency.css';

/** Where a logged-in user checks their own leaf of the latest proof of liabilities. */
export const OWN_PROOF_PATH = '/pages/setting/liabilities';
/** The insurance fund's table shows this many latest days; the sparkline all of them. */
const INSURANCE_TABLE_DAYS = 7;

/**
 * /pages/common/transparency (public, no login): the ledger audit's last run with each check by name, the
 * proof-of-liabilities roots by day, the index feed's sources and freshness, the tick-chain heads, the
 * insurance fund by day, the market maker's account and the operator log's daily heads. Every figure is
 * the server's, computed from its rows (GET /api/transparency).
 */
export function TransparencyPage() {
  const { t } = useTranslation();
  const query = useTransparency();
  return (
    <div className="page">
      <NavBar title={t('transparency.title')} />
      <div className="page__body transparency">
        <p className="transparency__intro">{t('transparency.intro')}</p>
        <PageState query={query}>{(data) => <Sections data={data} />}</PageState>
      </div>
    </div>
  );
}

function Sections({ data }: { data: TransparencyAnswer }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <>
      <p className="proof-hint">{t('transparency.generatedAt', { time: formatTime(data.generated_at) })}</p>
      <Audit audit={data.audit} />
      <Liabilities snapshots={data.liabilities} />
      <Feed feed={data.feed} />
      <TickHeads days={data.tick_heads} />
      <InsuranceFund series={data.insurance_fund} />
      <MarketMaker maker={data.market_maker} />
      <OperatorLog heads={data.operator_log} />
    </>
  );
}

/** A titled card; the title names the region for assistive technology and tests. */
/** ✓ or ✗ with its meaning spoken. */
function Mark({ ok, label }: { ok: boolean; label: string }) {
  return (
    <span className={`transparency-mark transparency-mark--${ok ? 'ok' : 'failed'}`} role="img" aria-label={label}>
      {ok ? '✓' : '✗'}
    </span>
  );
}

/** A hash shortened to fit a narrow screen, the whole of it in its title and on the clipboard. */
function Hash({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (value === null) return <span className="transparency-hash">-</span>;
  const short = value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-8)}` : value;
  return (
    <span className="transparency-hash-line">
      <code className="transparency-hash" title={value}>
        {short}
      </code>
      <CopyButton value={value} />
    </span>
  );
}

function Audit({ audit }: { audit: AuditRunView | null }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <ProofCard title={t('transparency.audit.title')} hint={t('transparency.audit.hint')}>
      {audit === null ? (
        <Empty>{t('transparency.audit.empty')}</Empty>
      ) : (
        <>
          <p className={`transparency-status transparency-status--${audit.ok ? 'ok' : 'failed'}`}>{audit.ok ? t('transparency.audit.passed') : t('transparency.audit.failed')}</p>
          <dl className="proof-figures">
            <div>
              <dt>{t('transparency.audit.ranAt')}</dt>
              <dd>{formatTime(audit.ran_at)}</dd>
            </div>
            <div>
              <dt>{t('transparency.audit.entries')}</dt>
              <dd>{audit.entries}</dd>
            </div>
            <div>
              <dt>{t('transparency.audit.postings')}</dt>
              <dd>{audit.postings}</dd>
            </div>
          </dl>
          <ul className="transparency-list" aria-label={t('transparency.audit.title')}>
            {audit.checks.map((check) => {
              const label = t(`transparency.audit.checks.${check.name as LedgerAuditCheck}`, { defaultValue: check.name });
              return (
                <li key={check.name} className="transparency-row">
                  <Mark ok={check.ok} label={check.ok ? t('transparency.audit.passed') : t('transparency.audit.failed')} />
                  <span className="transparency-row__label">{label}</span>
                  {!check.ok && <span className="transparency-row__value transparency-text--failed">{t('transparency.audit.offenders', { n: check.offenders })}</span>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </ProofCard>
  );
}

function Liabilities({ snapshots }: { snapshots: LiabilitiesSnapshotView[] }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <ProofCard title={t('transparency.liabilities.title')} hint={t('transparency.liabilities.hint')}>
      <Link to={OWN_PROOF_PATH} className="transparency-link">
        {t('transparency.liabilities.myProof')}
      </Link>
      {snapshots.length === 0 ? (
        <Empty>{t('transparency.liabilities.empty')}</Empty>
      ) : (
        <ul className="transparency-list">
          {snapshots.map((s) => (
            <li key={s.id} className="transparency-item">
              <div className="transparency-item__head">
                <strong>{s.day}</strong>
                <span className="proof-hint">
                  {t(`transparency.liabilities.reason.${s.reason}`)} · {formatTime(s.taken_at)}
                  {s.demo && ` · ${t('transparency.liabilities.demo')}`}
                </span>
              </div>
              <div className="transparency-row">
                <span className="transparency-row__label">{t('transparency.liabilities.root')}</span>
                <Hash value={s.root} />
              </div>
              <div className="transparency-row">
                <span className="transparency-row__label">{t('transparency.liabilities.leaves')}</span>
                <span className="transparency-row__value">{s.leaf_count}</span>
              </div>
              <dl className="proof-amounts" aria-label={t('transparency.liabilities.totals')}>
                {s.coins.map((coin, i) => (
                  <div key={coin}>
                    <dt>{coin}</dt>
                    <dd>{s.totals[i]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </ProofCard>
  );
}

function Feed({ feed }: { feed: TransparencyAnswer['feed'] }) {
  const { t } = useTranslation();
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return (
    <ProofCard title={t('transparency.feed.title')} hint={t('transparency.feed.hint', { seconds: seconds(feed.fresh_ms) })}>
      <p className="proof-hint">{feed.kind === 'public' ? t('transparency.feed.public') : t('transparency.feed.simulation')}</p>
      {feed.symbols.length === 0 ? (
        <Empty>{t('transparency.feed.empty')}</Empty>
      ) : (
        <ul className="transparency-list">
          {feed.symbols.map((s) => (
            <li key={s.symbol} className="transparency-item" aria-label={s.symbol}>
              <div className="transparency-item__head">
                <strong>{s.symbol}</strong>
                <span className={s.fresh ? 'transparency-text--ok' : 'transparency-text--failed'}>{s.age_ms === null ? t('transparency.feed.noTick') : s.fresh ? t('transparency.feed.fresh') : t('transparency.feed.stale')}</span>
              </div>
              <div className="transparency-row">
                <span className="transparency-row__label">{t('transparency.feed.sources')}</span>
                <span className="transparency-row__value">
                  {s.sources.filter((source) => source.live).length} / {s.sources.length}
                </span>
              </div>
              <ul className="transparency-sources">
                {s.sources.map((source) => (
                  <li key={source.name} className={`transparency-source transparency-source--${source.live ? 'ok' : 'failed'}`}>
                    {source.name} · {source.live ? t('transparency.feed.live') : t('transparency.feed.down')}
                  </li>
                ))}
              </ul>
              <div className="transparency-row">
                <span className="transparency-row__label">{t('transparency.feed.lastTick')}</span>
                <span className="transparency-row__value">
                  {s.age_ms === null ? t('transparency.feed.noTick') : `${t('transparency.feed.age', { seconds: seconds(s.age_ms) })} · ${t('transparency.feed.limit', { seconds: seconds(feed.fresh_ms) })}`}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ProofCard>
  );
}

function TickHeads({ days }: { days: TransparencyTickHeads[] }) {
  const { t } = useTranslation();
  return (
    <ProofCard title={t('transparency.ticks.title')} hint={t('transparency.ticks.hint')}>
      <ul className="transparency-list">
        {days.map((day) => (
          <li key={day.day} className="transparency-item">
            <strong>{day.day}</strong>
            {day.heads.length === 0 ? (
              <p className="proof-hint">{t('transparency.ticks.empty')}</p>
            ) : (
              day.heads.map((head) => (
                <div key={head.symbol} className="transparency-row">
                  <span className="transparency-row__label">{head.symbol}</span>
                  <Hash value={head.hash} />
                </div>
              ))
            )}
          </li>
        ))}
      </ul>
    </ProofCard>
  );
}

/** The balances as a line: the lowest day at the bottom, the highest at the top (a flat line when equal). */
function Sparkline({ balances, label }: { balances: string[]; label: string }) {
  const width = 300;
  const height = 48;
  if (balances.length < 2) return null;
  const values = balances.map((b) => money(b));
  const low = values.reduce((a, b) => (b.lt(a) ? b : a));
  const high = values.reduce((a, b) => (b.gt(a) ? b : a));
  const range = high.minus(low);
  const points = values.map((v, i) => {
    // Pixels only: the figures themselves are shown as the server's decimal strings.
    const y = range.isZero() ? height / 2 : height - v.minus(low).dividedBy(range).times(height - 4).plus(2).toNumber();
    return `${((i / (values.length - 1)) * width).toFixed(1)},${y.toFixed(1)}`;
  });
  return (
    <svg className="transparency-sparkline" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label}>
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

function InsuranceFund({ series }: { series: InsuranceFundSeries[] }) {
  const { t } = useTranslation();
  return (
    <ProofCard title={t('transparency.insurance.title')} hint={t('transparency.insurance.hint')}>
      {series.length === 0 ? (
        <Empty>{t('transparency.insurance.empty')}</Empty>
      ) : (
        series.map((coin) => (
          <div key={coin.coin} className="transparency-item" aria-label={`${t('transparency.insurance.title')} ${coin.coin}`}>
            <div className="transparency-item__head">
              <strong>{coin.coin}</strong>
              <span>{coin.days.at(-1)?.balance}</span>
            </div>
            <Sparkline balances={coin.days.map((d) => d.balance)} label={`${coin.coin} ${coin.days[0]?.day ?? ''} – ${coin.days.at(-1)?.day ?? ''}`} />
            <table className="transparency-table">
              <thead>
                <tr>
                  <th scope="col">{t('transparency.insurance.day')}</th>
                  <th scope="col">{t('transparency.insurance.balance')}</th>
                </tr>
              </thead>
              <tbody>
                {coin.days
                  .slice(-INSURANCE_TABLE_DAYS)
                  .reverse()
                  .map((d) => (
                    <tr key={d.day}>
                      <td>{d.day}</td>
                      <td>{d.balance}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        ))
      )}
    </ProofCard>
  );
}

function MarketMaker({ maker }: { maker: MarketMakerView | null }) {
  const { t } = useTranslation();
  const kindLabel = (kind: string) => (kind === 'market_maker_funding' ? t('transparency.marketMaker.kind.market_maker_funding') : t('transparency.marketMaker.kind.other', { kind }));
  return (
    <ProofCard title={t('transparency.marketMaker.title')} hint={t('transparency.marketMaker.hint')}>
      {maker === null ? (
        <Empty>{t('transparency.marketMaker.empty')}</Empty>
      ) : (
        <>
          <h3 className="transparency-subtitle">{t('transparency.marketMaker.holdings')}</h3>
          <table className="transparency-table" aria-label={t('transparency.marketMaker.holdings')}>
            <thead>
              <tr>
                <th scope="col">{t('transparency.marketMaker.coin')}</th>
                <th scope="col">{t('transparency.marketMaker.available')}</th>
                <th scope="col">{t('transparency.marketMaker.frozen')}</th>
              </tr>
            </thead>
            <tbody>
              {maker.holdings.map((h) => (
                <tr key={h.coin}>
                  <td>{h.coin}</td>
                  <td>{h.available}</td>
                  <td>{h.frozen}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3 className="transparency-subtitle">{t('transparency.marketMaker.funding')}</h3>
          <ul className="transparency-list" aria-label={t('transparency.marketMaker.funding')}>
            {maker.funding.map((f) => (
              <li key={`${f.coin}:${f.kind}`} className="transparency-row">
                <span className="transparency-row__label">
                  {f.coin} · {kindLabel(f.kind)} · {t('transparency.marketMaker.entries', { n: f.entries })}
                </span>
                <span className="transparency-row__value">{f.amount}</span>
              </li>
            ))}
          </ul>
          <h3 className="transparency-subtitle">{t('transparency.marketMaker.openOrders')}</h3>
          {maker.open_orders.length === 0 ? (
            <p className="proof-hint">{t('transparency.marketMaker.noOrders')}</p>
          ) : (
            <ul className="transparency-list" aria-label={t('transparency.marketMaker.openOrders')}>
              {maker.open_orders.map((o) => (
                <li key={o.symbol} className="transparency-row">
                  <span className="transparency-row__label">{o.symbol}</span>
                  <span className="transparency-row__value">{o.count}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ProofCard>
  );
}

function OperatorLog({ heads }: { heads: OperatorLogHeadView[] }) {
  const { t } = useTranslation();
  return (
    <ProofCard title={t('transparency.operatorLog.title')} hint={t('transparency.operatorLog.hint')}>
      {heads.length === 0 ? (
        <Empty>{t('transparency.operatorLog.empty')}</Empty>
      ) : (
        <ul className="transparency-list">
          {heads.map((head) => (
            <li key={head.day} className="transparency-row">
              <span className="transparency-row__label">
                {head.day} · {t('transparency.operatorLog.seq', { seq: head.seq })}
              </span>
              <Hash value={head.hash} />
            </li>
          ))}
        </ul>
      )}
    </ProofCard>
  );
}
