/**
 * Rebates on invitees' trading fees, pure (issue 12). The rule:
 *  - A trading fee is one ledger posting into a `fees` system account that names a trading business row
 *    (fee-sources.ts); its payer is that row's user.
 *  - Fee coupons the payer applied refund first (coupons/rules.ts); the rebate is a share of what the
 *    payer kept paying: net = fee - refunded.
 *  - Level 1: the payer's inviter (users.parent_id) gets net x level1_share; level 2: the inviter's
 *    inviter gets net x level2_share, only when the operator set it above 0. Each is rounded down to the
 *    fee coin's unit (a user receives rounded down) and paid in the fee's coin from the fees account.
 *  - A share of 0, a missing inviter or an amount that rounds to 0 pays nothing (and records nothing).
 *  - The shares together are at most 1 and each amount is rounded down, so refund + rebates never exceed
 *    the fee: the fees account never pays out more than it took for that fill.
 *
 * Worked examples (USDT has 6 decimals, BTC 8):
 *  1. A spot fee of 1.3 USDT, shares 0.2 / 0: the inviter gets 1.3 x 0.2 = 0.26 USDT; no second level.
 *  2. The same fee, shares 0.2 / 0.1: 0.26 USDT to the inviter, 0.13 USDT to the inviter's inviter.
 *  3. A fee of 0.000004 USDT x 0.2 = 0.0000008, rounded down to 6 decimals: 0, nothing is paid.
 *  4. A fee of 2 USDT of which a fee coupon refunded 0.5: share 0.3 of 1.5 = 0.45 USDT.
 *  5. A fee of 2 USDT refunded in full by a coupon: net 0, no rebate.
 *  6. A fee of 0.00012345 BTC x 0.15 = 0.0000185175, rounded down: 0.00001851 BTC.
 */
import { isPositive, money, receiveUnits, toAmountString, type MoneyInput, type ReferralLevel } from '@fairex/contract';

export type Shares = { level1: string; level2: string };
/** The payer's inviter and the inviter's inviter (null where there is none). */
export type InviterChain = { level1: number | null; level2: number | null };
export type Rebate = { level: ReferralLevel; inviterId: number; share: string; amount: string };

/** A share of what the payer kept paying (fee - refunded), rounded down to the coin's unit. */
export function rebateAmount(fee: MoneyInput, refunded: MoneyInput, share: MoneyInput, coinDecimals: number): string {
  const net = money(fee).minus(refunded);
  if (!isPositive(net)) return '0';
  return receiveUnits(net.times(share), coinDecimals);
}

/** The rebates one fee pays, level by level; levels that would pay 0 are left out. */
export function rebatesOf(fee: MoneyInput, refunded: MoneyInput, shares: Shares, chain: InviterChain, coinDecimals: number): Rebate[] {
  const rebates: Rebate[] = [];
  for (const level of [1, 2] as const) {
    const inviterId = level === 1 ? chain.level1 : chain.level2;
    const share = level === 1 ? shares.level1 : shares.level2;
    if (inviterId === null || !isPositive(share)) continue;
    const amount = rebateAmount(fee, refunded, share, coinDecimals);
    if (isPositive(amount)) rebates.push({ level, inviterId, share: toAmountString(share), amount });
  }
  return rebates;
}

/**
 * Another user's account as the share page shows it: an email keeps its first character and its domain
 * (a***@example.com), a mobile its first 3 and last 4 digits (138****1234), anything else its first and
 * last characters.
 */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account[0]}***${account.slice(at)}`;
  if (/^\d{8,}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  if (account.length <= 2) return `${account[0] ?? ''}***`;
  return `${account[0]}***${account.slice(-1)}`;
}
