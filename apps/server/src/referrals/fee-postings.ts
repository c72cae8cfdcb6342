/**
 * The fee-posting job: fee-coupon refunds to payers and rebates to inviters, paid from the fees account
 * through the ledger, once per fee posting (and coupon, and level), within seconds of each fill.
 *
 * Why a job and not at each fill: spot fills are decided by the matching engine in memory and written in
 * group-commit batches (spot/writer.ts), the hot path of the exchange. Paying rebates and refunds there
 * would add reads (inviters, coupons) and ledger legs to every batch and tie the engine to growth
 * features. This job reads instead what every fill already wrote, its postings into the fees accounts,
 * and follows within seconds (every FEE_POSTINGS_EVERY_MS); contract and option fees are read the same
 * way, and a new fee-charging product is one more line in fee-sources.ts, not a change to its engine.
 *
 * Exactly once:
 *  - A watermark per fees account (fee_posting_cursors): every posting up to it is handled. post() takes
 *    the fees account's row lock before its postings are numbered and keeps it until commit, so the
 *    postings into one fees account commit in id order, and a watermark per account never passes a
 *    posting still in flight (one watermark over several accounts could).
 *  - A run claims the cursors with FOR UPDATE SKIP LOCKED (a second scheduler finds them taken) and
 *    advances each in the transaction that pays what it read, so a run rolled back pays nothing and
 *    leaves its postings for the next.
 *  - referral_rebates is unique per (posting, level) and coupon_refunds per (posting, coupon).
 * A run reads at most FEE_POSTINGS_BATCH_MAX postings per fees account; a full batch goes on next run.
 */
import { money, toAmountString } from '@fairex/contract';
import { BATCH_LEGS_PER_ENTRY_MAX, postMany, type Entry, type Leg } from '../ledger/index.ts';
import { lockAccounts } from '../ledger/repository.ts';
import type { Tx } from '../db/client.ts';
import { planRefunds, recordRefunds, refundedByPosting, type RefundPlan } from '../coupons/fee-refunds.ts';
import type { CouponRefund } from '../coupons/repository.ts';
import { FEE_SOURCES, isFeeSource } from './fee-sources.ts';
import { advanceCursor, claimCursors, ensureCursors, feePostingsAfter, insertRebates, inviterChains, referralShares, spotAccountsOf, type Cursor, type RebateRow } from './repository.ts';
import { rebatesOf } from './rules.ts';
import type { referralRebates } from './tables.ts';

export const FEE_POSTINGS_JOB = 'referrals.fee_postings';
/** How often the job looks for new fee postings: rebates and refunds follow a fill within about this long. */
export const FEE_POSTINGS_EVERY_MS = 2_000;
/** Postings one run reads per fees account at most. */
export const FEE_POSTINGS_BATCH_MAX = 1_000;

export type FeePostingsRun = { postings: number; refunds: CouponRefund[]; rebates: RebateRow[] };

type PlannedRebate = Omit<typeof referralRebates.$inferInsert, 'paidAt'>;
type AccountWork = { cursor: Cursor; currencyId: number; lastPostingId: number; refunds: RefundPlan; rebates: PlannedRebate[] };

/** One run of the job, in the job's transaction. */
export async function runFeePostings(tx: Tx, now: number, batchMax = FEE_POSTINGS_BATCH_MAX): Promise<FeePostingsRun> {
  await ensureCursors(tx);
  const cursors = await claimCursors(tx);
  const settings = await referralShares(tx);
  const shares = { level1: settings.level1Share, level2: settings.level2Share };
  const work: AccountWork[] = [];
  let read = 0;
  for (const cursor of cursors) {
    const postings = await feePostingsAfter(tx, cursor.accountId, cursor.lastPostingId, batchMax);
    if (postings.length === 0) continue;
    read += postings.length;
    const fees = postings.flatMap((p) => (p.payerId !== null && isFeeSource(p.sourceType) ? [{ ...p, payerId: p.payerId, source: FEE_SOURCES[p.sourceType] }] : []));
    const refundable = fees.filter((f) => f.source.couponRefunds).map((f) => ({ postingId: f.id, amount: f.amount, payerId: f.payerId }));
    const refunds = await planRefunds(tx, refundable, cursor.currencyId, cursor.decimals);
    const refunded = refundedByPosting(refunds.refunds);
    const chains = await inviterChains(tx, [...new Set(fees.map((f) => f.payerId))]);
    const rebates = fees.flatMap((f) =>
      rebatesOf(f.amount, refunded.get(f.id) ?? '0', shares, chains.get(f.payerId) ?? { level1: null, level2: null }, cursor.decimals).map((r) => ({
        postingId: f.id,
        level: r.level,
        inviterId: r.inviterId,
        inviteeId: f.payerId,
        currencyId: cursor.currencyId,
        sourceType: f.sourceType,
        sourceId: f.sourceId,
        fee: f.amount,
        refunded: refunded.get(f.id) ?? '0',
        share: r.share,
        amount: r.amount,
      })),
    );
    work.push({ cursor, currencyId: cursor.currencyId, lastPostingId: postings.at(-1)!.id, refunds, rebates });
  }

  // Every account the entries touch, locked at once in id order (the order every entry locks in), so
  // this run and a spot batch never wait on each other's accounts in a circle.
  const recipients = new Map<number, Map<number, number>>();
  for (const w of work) {
    const users = [...new Set([...w.refunds.refunds.map((r) => r.userId), ...w.rebates.map((r) => r.inviterId)])];
    recipients.set(w.cursor.accountId, await spotAccountsOf(tx, users, w.currencyId));
  }
  const touched = work.flatMap((w) => [w.cursor.accountId, ...recipients.get(w.cursor.accountId)!.values()]);
  if (touched.length > 0) await lockAccounts(tx, [...new Set(touched)]);

  const run: FeePostingsRun = { postings: read, refunds: [], rebates: [] };
  const entries: Entry[] = [];
  for (const w of work) {
    const accountOf = (userId: number) => recipients.get(w.cursor.accountId)!.get(userId)!;
    const refunds = await recordRefunds(tx, w.refunds, now);
    const rebates = await insertRebates(
      tx,
      w.rebates.map((r) => ({ ...r, paidAt: now })),
    );
    entries.push(...payOut('coupon_fee_refund', 'coupon_refund', w.cursor.accountId, refunds.map((r) => ({ accountId: accountOf(r.userId), amount: r.amount, refId: r.id }))));
    entries.push(...payOut('fee_rebate', 'referral_rebate', w.cursor.accountId, rebates.map((r) => ({ accountId: accountOf(r.inviterId), amount: r.amount, refId: r.id }))));
    await advanceCursor(tx, w.cursor.accountId, w.lastPostingId, now);
    run.refunds.push(...refunds);
    run.rebates.push(...rebates);
  }
  // Every fees account's refunds and rebates in one set-based call.
  await postMany(tx, entries, BATCH_LEGS_PER_ENTRY_MAX);
  return run;
}

/**
 * The entries that pay rows from the fees account: one per BATCH_LEGS_PER_ENTRY_MAX - 1 rows, each credit
 * leg naming its own row (the user's bill shows it), each entry named after its first row.
 */
function payOut(kind: string, refType: string, feesAccountId: number, rows: { accountId: number; amount: string; refId: number }[]): Entry[] {
  const entries: Entry[] = [];
  for (let i = 0; i < rows.length; i += BATCH_LEGS_PER_ENTRY_MAX - 1) {
    const chunk = rows.slice(i, i + BATCH_LEGS_PER_ENTRY_MAX - 1);
    const legs: Leg[] = chunk.map((r) => ({ accountId: r.accountId, amount: r.amount, refType, refId: r.refId }));
    const total = legs.reduce((t, l) => t.plus(l.amount), money(0));
    const refId = chunk.reduce((least, r) => Math.min(least, r.refId), Number.POSITIVE_INFINITY);
    entries.push({ kind, refType, refId, legs: [{ accountId: feesAccountId, amount: toAmountString(total.negated()) }, ...legs] });
  }
  return entries;
}
