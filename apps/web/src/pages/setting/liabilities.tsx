import type { LiabilitiesProof, LiabilitiesProofAnswer, LiabilitiesSnapshotView, ProofCheck } from '@fairex/contract';
import { fromPolUnits, leafNode, matchesPublished, parentNode, verifyProof } from '@fairex/contract/rules';
import { ACCOUNT_KINDS, type AccountKind } from '@fairex/contract/accounts';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchPublishedSnapshots, useLiabilitiesProof } from '../../api/liabilities.ts';
import { Empty, useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { CopyButton, ProofCard } from '../../components/proof-card.tsx';
import './liabilities.css';

/** Where the published roots are, to compare the one a proof leads to. */
export const TRANSPARENCY_PATH = '/pages/common/transparency';
const BUCKETS = ['available', 'frozen', 'locked'] as const;
type Bucket = (typeof BUCKETS)[number];

/**
 * /pages/setting/liabilities (login): the latest proof-of-liabilities snapshot (time, occasion, leaf count,
 * published root, totals per coin), the user's own leaf (per coin the counted sum and its ledger lines,
 * open positions shown apart: committed, not summed), an in-browser check of the path up to the root with
 * each hash shown and of the snapshot against the published one (root, coins in order, totals), and the
 * proof as a JSON file anyone can check with any SHA-256 tool.
 */
export function LiabilitiesPage() {
  const { t } = useTranslation();
  const query = useLiabilitiesProof();
  return (
    <div className="page">
      <NavBar title={t('proof.title')} />
      <div className="page__body pol">
        <p className="proof-hint">{t('proof.intro')}</p>
        <PageState query={query}>{(answer) => (answer === null ? <Empty>{t('proof.noSnapshot')}</Empty> : <Answer answer={answer} />)}</PageState>
      </div>
    </div>
  );
}

function Answer({ answer }: { answer: LiabilitiesProofAnswer }) {
  const { t } = useTranslation();
  const { snapshot, proof } = answer;
  return (
    <>
      <Snapshot snapshot={snapshot} />
      <ProofCard title={t('proof.mine.title')}>{proof === null ? <Empty>{t('proof.mine.nothing')}</Empty> : <MyBalances proof={proof} />}</ProofCard>
      {proof !== null && (
        <>
          <Check proof={proof} />
          <Button block shape="rounded" fill="outline" onClick={() => downloadProof(proof)}>
            {t('proof.download')}
          </Button>
          <p className="proof-hint">{t('proof.downloadHint')}</p>
        </>
      )}
    </>
  );
}

function Snapshot({ snapshot }: { snapshot: LiabilitiesSnapshotView }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <ProofCard title={t('proof.snapshot.title')}>
      <dl className="proof-figures">
        <div>
          <dt>{t('proof.snapshot.takenAt')}</dt>
          <dd>{formatTime(snapshot.taken_at)}</dd>
        </div>
        <div>
          <dt>{t('proof.snapshot.occasion')}</dt>
          <dd>
            {t(`transparency.liabilities.reason.${snapshot.reason}`)}
            {snapshot.demo && ` · ${t('transparency.liabilities.demo')}`}
          </dd>
        </div>
        <div>
          <dt>{t('transparency.liabilities.leaves')}</dt>
          <dd>{snapshot.leaf_count}</dd>
        </div>
        <div className="proof-figures__wide">
          <dt>{t('proof.snapshot.root')}</dt>
          <dd className="pol-root">
            <code className="pol-hash">{snapshot.root}</code>
            <CopyButton value={snapshot.root} />
          </dd>
        </div>
      </dl>
      <Amounts label={t('proof.snapshot.totals')} rows={snapshot.coins.map((coin, i) => [coin, snapshot.totals[i] ?? '0'])} />
    </ProofCard>
  );
}

/** Amounts per coin under a label: the coin, then the whole amount (never cut). */
function Amounts({ label, rows }: { label: string; rows: [coin: string, amount: string][] }) {
  return (
    <>
      <span className="pol__label">{label}</span>
      <dl className="proof-amounts" aria-label={label}>
        {rows.map(([coin, amount]) => (
          <div key={coin}>
            <dt>{coin}</dt>
            <dd>{amount}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** One detail line of a leaf, read back: a ledger bucket (summed) or an open position at the mark (committed only). */
export type DetailLine =
  | { type: 'ledger'; coin: string; kind: string; bucket: string; amount: string }
  | { type: 'position'; coin: string; symbol: string; side: string; lots: string; pnl: string };

/** "COIN:kind:bucket=amount" or "COIN:position:SYMBOL:side:lots=pnl" (liabilities-proof.ts); anything else is left as written. */
export function readDetailLine(line: string): DetailLine | undefined {
  const at = line.lastIndexOf('=');
  if (at < 0) return undefined;
  const parts = line.slice(0, at).split(':');
  const amount = line.slice(at + 1);
  if (parts.length === 5 && parts[1] === 'position') return { type: 'position', coin: parts[0]!, symbol: parts[2]!, side: parts[3]!, lots: parts[4]!, pnl: amount };
  if (parts.length === 3) return { type: 'ledger', coin: parts[0]!, kind: parts[1]!, bucket: parts[2]!, amount };
  return undefined;
}

function MyBalances({ proof }: { proof: LiabilitiesProof }) {
  const { t } = useTranslation();
  const lines = proof.leaf.detail.map((text) => ({ text, read: readDetailLine(text) }));
  const coins = proof.snapshot.coins.filter((coin, i) => proof.leaf.sums[i] !== '0' || lines.some((l) => l.read?.coin === coin));
  return (
    <ul className="pol-list">
      {coins.map((coin) => {
        const i = proof.snapshot.coins.indexOf(coin);
        const own = lines.filter((l) => l.read?.coin === coin);
        const ledger = own.filter((l) => l.read?.type === 'ledger');
        const positions = own.filter((l) => l.read?.type === 'position');
        return (
          <li key={coin} className="pol-coin" aria-label={coin}>
            <div className="pol-coin__head">
              <strong>{coin}</strong>
              <span>
                <span className="pol__label">{t('proof.mine.sum')} </span>
                {fromPolUnits(BigInt(proof.leaf.sums[i] ?? '0'))}
              </span>
            </div>
            {ledger.length > 0 && (
              <ul className="pol-lines">
                {ledger.map((l) => (
                  <li key={l.text}>
                    <LineText line={l.read!} />
                  </li>
                ))}
              </ul>
            )}
            {positions.length > 0 && (
              <>
                <span className="pol__label">{t('proof.mine.positions')}</span>
                <ul className="pol-lines">
                  {positions.map((l) => (
                    <li key={l.text}>
                      <LineText line={l.read!} />
                    </li>
                  ))}
                </ul>
                <p className="proof-hint">{t('proof.mine.notCountedWhy')}</p>
              </>
            )}
          </li>
        );
      })}
      {lines.some((l) => l.read === undefined) && (
        <li className="pol-coin">
          <ul className="pol-lines">
            {lines
              .filter((l) => l.read === undefined)
              .map((l) => (
                <li key={l.text}>
                  <code className="pol-hash">{l.text}</code>
                </li>
              ))}
          </ul>
        </li>
      )}
    </ul>
  );
}

function LineText({ line }: { line: DetailLine }) {
  const { t } = useTranslation();
  if (line.type === 'position') {
    const side = line.side === 'long' ? t('contract.long') : line.side === 'short' ? t('contract.short') : line.side;
    return (
      <>
        <span className="pol-lines__label">{t('proof.mine.position', { symbol: line.symbol, side, lots: line.lots })}</span>
        <span className="pol-lines__value">
          {t('proof.mine.pnl', { amount: line.pnl, coin: line.coin })} <em className="pol-tag">{t('proof.mine.notCounted')}</em>
        </span>
      </>
    );
  }
  const kind = (ACCOUNT_KINDS as readonly string[]).includes(line.kind) ? t(`funds.kind.${line.kind as AccountKind}`) : line.kind;
  const bucket = (BUCKETS as readonly string[]).includes(line.bucket) ? t(`proof.bucket.${line.bucket as Bucket}`) : line.bucket;
  return (
    <>
      <span className="pol-lines__label">
        {kind} · {bucket}
      </span>
      <span className="pol-lines__value">
        {line.amount} {line.coin}
      </span>
    </>
  );
}

/**
 * The hashes on the way up, as verifyProof computes them (the leaf's, then each parent's), for showing;
 * the verdict is verifyProof's. Undefined when the proof cannot be hashed (it is malformed).
 */
export function hashesUp(proof: LiabilitiesProof): string[] | undefined {
  try {
    const { leaf } = proof;
    let node = leafNode({ user_id: leaf.user_id, salt: leaf.salt, sums: leaf.sums.map(BigInt), detail: leaf.detail });
    const hashes = [node.hash];
    for (const step of proof.path) {
      const sibling = { hash: step.hash, sums: step.sums.map(BigInt) };
      node = step.side === 'left' ? parentNode(sibling, node) : parentNode(node, sibling);
      hashes.push(node.hash);
    }
    return hashes;
  } catch {
    return undefined;
  }
}

/** How the proof's snapshot compares with the one published for everyone (matchesPublished). */
type Publication = 'same' | 'differs' | 'unavailable';
type Outcome = { check: ProofCheck; hashes: string[] | undefined; published: Publication };

/** Verifies the path in the browser, then holds the proof's snapshot against the published list. */
async function checkProof(proof: LiabilitiesProof): Promise<Outcome> {
  const check = verifyProof(proof);
  // Only a proof that got as far as hashing has steps worth showing.
  const hashed = check.ok || check.reason === 'root_mismatch' || check.reason === 'totals_mismatch';
  let published: Publication;
  try {
    published = matchesPublished(proof, await fetchPublishedSnapshots()) ? 'same' : 'differs';
  } catch {
    published = 'unavailable';
  }
  return { check, hashes: hashed ? hashesUp(proof) : undefined, published };
}

function Check({ proof }: { proof: LiabilitiesProof }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>();
  const [checking, setChecking] = useState(false);
  const run = async () => {
    setChecking(true);
    setOutcome(await checkProof(proof));
    setChecking(false);
  };
  return (
    <ProofCard title={t('proof.check.title')}>
      <p className="proof-hint">{t('proof.check.hint')}</p>
      <Button block shape="rounded" color="primary" loading={checking} onClick={() => void run()}>
        {t('proof.check.run')}
      </Button>
      {outcome && (
        <>
          {outcome.hashes && <Steps hashes={outcome.hashes} />}
          <div role="status" className="pol-result">
            <p className={outcome.check.ok ? 'pol-result--ok' : 'pol-result--failed'}>
              {outcome.check.ok ? `✓ ${t('proof.check.included')}` : `✗ ${t('proof.check.failed', { reason: t(`proof.check.reason.${outcome.check.reason}`) })}`}
            </p>
            <p className={`pol-result--${outcome.published}`}>
              {outcome.published === 'same' ? '✓ ' : outcome.published === 'differs' ? '✗ ' : ''}
              {t(`proof.check.published.${outcome.published}`)}
            </p>
          </div>
          <p className="proof-hint">{t('proof.check.compare')}</p>
          <Link to={TRANSPARENCY_PATH} className="pol-link">
            {t('proof.check.compareLink')}
          </Link>
        </>
      )}
    </ProofCard>
  );
}

/** The hashes on the way up: the leaf's, each level's, the last one the root. */
function Steps({ hashes }: { hashes: string[] }) {
  const { t } = useTranslation();
  const labelOf = (level: number) => (level === 0 ? t('proof.check.leaf') : level === hashes.length - 1 ? t('proof.check.rootLevel', { n: level }) : t('proof.check.level', { n: level }));
  return (
    <ol className="pol-steps" aria-label={t('proof.check.title')}>
      {hashes.map((hash, level) => (
        <li key={level} className="pol-step">
          <span className="pol__label">{labelOf(level)}</span>
          <code className="pol-hash">{hash}</code>
        </li>
      ))}
    </ol>
  );
}

/** The proof as the server sent it, saved as fairex-proof-<snapshot id>.json (the scripts and any SHA-256 tool read it). */
export function downloadProof(proof: LiabilitiesProof) {
  const blob = new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `fairex-proof-${proof.snapshot.id}.json`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked after the click's turn: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url));
}
