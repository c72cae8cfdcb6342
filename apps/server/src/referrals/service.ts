/**
 * Invitations and rebates (/pages/setting/share). A user's invite code is their extension_code; whoever
 * registers with it is their invitee (users.parent_id). The inviter earns a share of each invitee's
 * trading fees (rules.ts), paid by the fee-posting job (fee-postings.ts, registered here), and sees the
 * invitees (masked) and every rebate with the fee it came from.
 */
import { toAmountString, type InviteeView, type RebateView, type ShareInfo, type ShareListInput } from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { FEE_POSTINGS_BATCH_MAX, FEE_POSTINGS_EVERY_MS, FEE_POSTINGS_JOB, runFeePostings, type FeePostingsRun } from './fee-postings.ts';
import { productOf } from './fee-sources.ts';
import { invitedCount, inviteCode, pageInvitees, pageRebates, rebateTotals, referralShares, type RebateWithNames } from './repository.ts';
import { maskAccount } from './rules.ts';

export type ReferralOptions = {
  now: Clock;
  bus: EventBus;
  onError?: (error: unknown) => void;
  /** FEE_POSTINGS_BATCH_MAX unless a test makes it small. */
  batchMax?: number;
};

export class ReferralService {
  constructor(
    readonly db: Db,
    readonly options: ReferralOptions,
  ) {}

  register(jobs: JobScheduler) {
    jobs.every(FEE_POSTINGS_JOB, FEE_POSTINGS_EVERY_MS, async (tx) => {
      await this.runFeePostings(tx);
    });
    return this;
  }

  /** One run of the fee-posting job (refunds and rebates) in `tx`. */
  runFeePostings(tx: Tx): Promise<FeePostingsRun> {
    return runFeePostings(tx, this.options.now(), this.options.batchMax ?? FEE_POSTINGS_BATCH_MAX);
  }

  /** GET /share/info */
  async info(userId: number): Promise<ShareInfo> {
    const [code, invited, totals, shares] = await Promise.all([inviteCode(this.db, userId), invitedCount(this.db, userId), rebateTotals(this.db, [userId]), referralShares(this.db)]);
    if (code === undefined) throw new DomainError('not_found');
    return {
      extension_code: code,
      invited,
      rebates: (totals.get(userId) ?? []).map((t) => ({ currency: t.currency, amount: toAmountString(t.amount) })),
      level1_share: toAmountString(shares.level1Share),
      level2_share: toAmountString(shares.level2Share),
    };
  }

  /** GET /share/invitees: the users who registered with the user's code, masked, newest first. */
  async invitees(userId: number, input: ShareListInput) {
    const { rows, total } = await pageInvitees(this.db, userId, input.page, input.limit);
    const data: InviteeView[] = rows.map((r) => ({ account: maskAccount(r.account), registered_at: r.createdAt.getTime() }));
    return { data, total, page: input.page, limit: input.limit };
  }

  /** GET /share/rebates: the rebates the user received, newest first. */
  async rebates(userId: number, input: ShareListInput) {
    const { rows, total } = await pageRebates(this.db, { inviterId: userId }, input.page, input.limit);
    return { data: rows.map(rebateView), total, page: input.page, limit: input.limit };
  }
}

/** A rebate as its inviter sees it: the invitee masked. */
export function rebateView({ rebate, currency, invitee }: RebateWithNames): RebateView {
  return {
    id: String(rebate.id),
    level: rebate.level,
    product: productOf(rebate.sourceType),
    invitee: maskAccount(invitee),
    currency,
    fee: toAmountString(rebate.fee),
    refunded: toAmountString(rebate.refunded),
    share: toAmountString(rebate.share),
    amount: toAmountString(rebate.amount),
    created_at: rebate.paidAt,
  };
}
