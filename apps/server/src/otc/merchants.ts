/**
 * OTC merchants: a user at verification Lv2 applies with the name takers will see; an operator approves
 * or rejects the application, and may suspend an approved merchant (their online ads close, what a sell
 * ad still froze going back to them; orders already placed carry on) or reinstate one. Each decision is
 * in the operator log, written in the decision's transaction.
 */
import type { OtcMerchantDecideInput } from '@fairex/contract';
import type { Db, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { identityLevel } from '../identity/service.ts';
import { closeAd } from './ads.ts';
import { lockMerchant, lockMerchantOfUser, lockOnlineAdsOf, saveApplication, updateMerchant, type Merchant } from './repository.ts';

/** POST /otc/merchant/apply: Lv2 required (998 below); a new application only before one or after a rejection. */
export async function applyAsMerchant(db: Db, userId: number, name: string, now: number): Promise<Merchant> {
  if ((await identityLevel(db, userId)) < 2) throw new DomainError('verification_required');
  return db.transaction(async (tx) => {
    const existing = await lockMerchantOfUser(tx, userId);
    if (existing?.status === 'pending') throw new DomainError('otc_merchant_pending');
    if (existing && existing.status !== 'rejected') throw new DomainError('otc_merchant_exists');
    return saveApplication(tx, { userId, name, appliedAt: now });
  });
}

/** Which states each decision applies to. */
const DECISION_FROM: Record<OtcMerchantDecideInput['decision'], Merchant['status']> = {
  approve: 'pending',
  reject: 'pending',
  suspend: 'approved',
  reinstate: 'suspended',
};
const DECISION_TO: Record<OtcMerchantDecideInput['decision'], Merchant['status']> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reinstate: 'approved',
};

/** An operator's decision on a merchant, its row locked; `log` writes the operator log in the same transaction. */
export function decideMerchant(db: Db, operatorId: number, input: OtcMerchantDecideInput, now: number, log: (tx: Tx, merchant: Merchant) => Promise<void>) {
  return db.transaction(async (tx) => {
    const merchant = await lockMerchant(tx, input.id);
    if (!merchant) throw new DomainError('not_found');
    if (merchant.status !== DECISION_FROM[input.decision]) throw new DomainError('already_reviewed');
    if (input.decision === 'suspend') {
      for (const ad of await lockOnlineAdsOf(tx, merchant.id)) await closeAd(tx, ad, 'suspension', now);
    }
    const decided = await updateMerchant(tx, merchant.id, {
      status: DECISION_TO[input.decision],
      reason: input.reason === '' ? null : input.reason,
      decidedAt: now,
      operatorId,
    });
    await log(tx, decided);
    return decided;
  });
}
