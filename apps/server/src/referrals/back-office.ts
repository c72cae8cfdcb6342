/**
 * Back office for invitations and rebates: the rebate shares (edited by admins, logged with before and
 * after), the users who invited someone with their totals, and the rebate records. No call pays or
 * changes a rebate: rebates follow from the fee postings and the shares alone.
 */
import { toAmountString, type AdminInviterListInput, type AdminRebateListInput, type AdminRebateRow, type InviterTotalsRow, type ReferralSettingsView, type ReferralSharesInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/client.ts';
import { lockShares, pageInviters, pageRebates, rebateCounts, rebateTotals, referralShares, updateShares } from './repository.ts';
import { rebateView } from './service.ts';

const settingsView = (row: Awaited<ReturnType<typeof referralShares>>): ReferralSettingsView => ({
  level1_share: toAmountString(row.level1Share),
  level2_share: toAmountString(row.level2Share),
  updated_at: row.updatedAt,
});

/** GET /api/admin/referrals: the shares in force. */
export async function referralSettings(db: Executor) {
  return settingsView(await referralShares(db));
}

/** POST /api/admin/referrals/settings: both shares (together at most 1, checked by the contract); the next run of the job pays at them. */
export async function saveReferralShares(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: ReferralSharesInput) {
  return ctx.db.transaction(async (tx) => {
    const before = settingsView(await lockShares(tx));
    const after = settingsView(await updateShares(tx, { level1Share: input.level1_share, level2Share: input.level2_share, updatedAt: ctx.clock() }));
    await logAction(tx, operator.id, 'referrals.shares.edit', 'referral_settings', { before, after });
    return after;
  });
}

/** GET /api/admin/referrals/inviters: users who invited someone, newest first, with invitees, rebates and totals per coin. */
export async function searchInviters(db: Executor, input: AdminInviterListInput) {
  const { rows, total } = await pageInviters(db, input.inviter_id, input.page, input.limit);
  const ids = rows.map((r) => r.inviter_id);
  const [totals, counts] = await Promise.all([rebateTotals(db, ids), rebateCounts(db, ids)]);
  const data: InviterTotalsRow[] = rows.map((r) => ({
    inviter_id: r.inviter_id,
    account: r.account,
    invitees: r.invitees,
    rebates: counts.get(r.inviter_id) ?? 0,
    totals: (totals.get(r.inviter_id) ?? []).map((t) => ({ currency: t.currency, amount: toAmountString(t.amount) })),
  }));
  return { data, total, page: input.page, limit: input.limit };
}

/** GET /api/admin/referrals/rebates: rebate records, newest first, unmasked, with the posting each was paid on. */
export async function searchRebates(db: Executor, input: AdminRebateListInput) {
  const { rows, total } = await pageRebates(db, { inviterId: input.inviter_id, inviteeId: input.invitee_id }, input.page, input.limit);
  const data: AdminRebateRow[] = rows.map((row) => ({
    ...rebateView(row),
    inviter_id: row.rebate.inviterId,
    invitee_id: row.rebate.inviteeId,
    inviter: row.inviter,
    invitee: row.invitee,
    posting_id: String(row.rebate.postingId),
    source: `${row.rebate.sourceType}:${row.rebate.sourceId}`,
  }));
  return { data, total, page: input.page, limit: input.limit };
}
