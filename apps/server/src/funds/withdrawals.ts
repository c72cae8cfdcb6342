/**
 * Withdrawals: to a bound wallet address or a bank card, with the network's fee and minimum, the
 * 24-hour limit of the user's verification level (valued in BTC), the pay password, and a freeze of
 * the quantity; operators approve (out through withdrawals in transit) or reject (unfreeze).
 */
import { add, cmp, LEVEL_LIMITS, sub, toAmountString, type WithdrawInput } from '@fairex/contract';
import type { AppContext } from '../app-context.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { logAction, type Operator } from '../admin/operators.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import { identityLevel, checkPayPassword } from '../identity/service.ts';
import { freeze, post, systemAccount, unfreeze, userAccount, type Leg } from '../ledger/index.ts';
import { coinAndNetwork, FUNDS_ACCOUNT_KIND } from './deposits.ts';
import { priceUsdt } from './prices.ts';
import {
  claimWithdrawal,
  findBankCard,
  findCoin,
  findCoinByName,
  findOwnWalletAddress,
  findWithdrawal,
  insertWithdrawal,
  lockUser,
  pageWithdrawals,
  withdrawnBtcSince,
} from './repository.ts';
import { fitsDecimals, quoteWithdrawal, remainingWithdrawal, valueIn } from './rules.ts';

export const WITHDRAW_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;
const LIMIT_COIN = 'BTC';

/**
 * Where the money goes, copied onto the request; and the network whose fee and minimum apply: the
 * address's own, or for a card the coin's first network open for withdrawals (what the withdraw
 * screen shows; a card payout is not on a chain, so the user does not get to pick a cheaper one).
 */
async function destinationOf(ctx: Pick<AppContext, 'db'>, user: SessionUser, input: WithdrawInput) {
  if (input.destination === 'address') {
    const address = await findOwnWalletAddress(ctx.db, user.id, input.address_id!);
    // Someone else's address id answers like a missing one.
    if (!address) throw new DomainError('not_found');
    if (address.currencyId !== input.currency) throw new DomainError('address_invalid');
    const { coin, network } = await coinAndNetwork(ctx.db, input.currency, { network: address.network });
    return { coin, network, destination: { name: address.name, address: address.address, network: address.network } };
  }
  const card = await findBankCard(ctx.db, user.id, input.destination!);
  if (!card) throw new DomainError('destination_required');
  const { coin, networks } = await coinAndNetwork(ctx.db, input.currency, { type: 0 });
  const network = networks.find((n) => n.withdrawEnabled);
  if (!network) throw new DomainError('currency_unavailable');
  return { coin, network, destination: card };
}

/** POST /wallet/out; `transact` runs the freeze's transaction (the route's holds an idempotency key too). */
export async function requestWithdrawal(ctx: Pick<AppContext, 'db' | 'limits' | 'markets'>, user: SessionUser, input: WithdrawInput, transact: Transact = plainTransact(ctx.db)) {
  const level = await identityLevel(ctx.db, user.id);
  if (level < 1) throw new DomainError('verification_required');
  await checkPayPassword(ctx.db, user, input.pay_password, ctx.limits.payPasswordAttemptsMax);
  const { coin, network, destination } = await destinationOf(ctx, user, input);
  if (!network.withdrawEnabled) throw new DomainError('currency_unavailable');
  if (!fitsDecimals(input.number, coin.decimals)) throw new DomainError('wrong_number');
  const quote = quoteWithdrawal(input.number, network.withdrawFee, network.withdrawMin);
  if (!quote) throw new DomainError('withdraw_below_minimum');
  const btc = await findCoinByName(ctx.db, LIMIT_COIN);
  if (!btc) throw new DomainError('currency_unavailable');
  const btcValue = valueIn(input.number, priceUsdt(ctx, coin), priceUsdt(ctx, btc));
  const limit = LEVEL_LIMITS[level].withdraw_24h_btc;

  return transact(async (tx) => {
    await lockUser(tx, user.id);
    const used = await withdrawnBtcSince(tx, user.id, new Date(Date.now() - WITHDRAW_LIMIT_WINDOW_MS));
    if (cmp(add(used, btcValue), limit) > 0) throw new DomainError('withdraw_limit_exceeded');
    const row = await insertWithdrawal(tx, {
      userId: user.id,
      currencyId: coin.id,
      network: network.network,
      destinationType: input.destination!,
      destination,
      number: input.number,
      fee: quote.fee,
      arrival: quote.arrival,
      btcValue,
    });
    const account = await userAccount(tx, user.id, coin.id, FUNDS_ACCOUNT_KIND);
    await freeze(tx, account, input.number, { kind: 'withdraw_request', refType: 'withdrawal', refId: row.id });
    return { id: row.id, status: row.status, number: toAmountString(row.number), fee: quote.fee, arrival: quote.arrival };
  });
}

/**
 * POST /wallet/withdraw_limit: the user's 24-hour limit, what the pending and approved requests of the
 * window have used (from their rows, valued when made), and what is left, also in the coin asked about.
 */
export async function withdrawLimitLeft(ctx: Pick<AppContext, 'db' | 'markets'>, userId: number, currencyId: number) {
  const [coin, btc] = await Promise.all([findCoin(ctx.db, currencyId), findCoinByName(ctx.db, LIMIT_COIN)]);
  if (!coin || !btc) throw new DomainError('currency_unavailable');
  const level = await identityLevel(ctx.db, userId);
  const limit = LEVEL_LIMITS[level].withdraw_24h_btc;
  const used = await withdrawnBtcSince(ctx.db, userId, new Date(Date.now() - WITHDRAW_LIMIT_WINDOW_MS));
  const left = remainingWithdrawal(limit, used, priceUsdt(ctx, coin), priceUsdt(ctx, btc), coin.decimals);
  return { level, limit_btc: limit, used_btc: toAmountString(used), ...left, currency: coin.name };
}

/** GET /user/withdraw/list. */
export const withdrawalList = (ctx: Pick<AppContext, 'db'>, userId: number, page: { page: number; limit: number }) =>
  pageWithdrawals(ctx.db, { ...page, userId });

/**
 * Back office. Approve: the frozen quantity leaves the user; what arrives goes to withdrawals in
 * transit (the payment under `reference`), the fee to fees. Reject: the quantity is unfrozen.
 */
export async function reviewWithdrawal(
  ctx: Pick<AppContext, 'db' | 'notifications'>,
  operator: Operator,
  id: number,
  decision: { approve: true; reference: string } | { approve: false; reason: string },
) {
  return ctx.db.transaction(async (tx) => {
    const row = await claimWithdrawal(tx, id, {
      status: decision.approve ? 'approved' : 'rejected',
      operatorId: operator.id,
      ...(decision.approve ? { reference: decision.reference } : { reason: decision.reason }),
    });
    if (!row) throw new DomainError((await findWithdrawal(tx, id)) ? 'already_reviewed' : 'not_found');
    const account = await userAccount(tx, row.userId, row.currencyId, FUNDS_ACCOUNT_KIND);
    const ref = { refType: 'withdrawal', refId: row.id };
    if (decision.approve) {
      const legs: Leg[] = [
        { accountId: account, bucket: 'frozen', amount: sub(0, row.number) },
        { accountId: await systemAccount(tx, 'withdrawals_in_transit', row.currencyId), amount: toAmountString(row.arrival) },
      ];
      if (cmp(row.fee, 0) > 0) legs.push({ accountId: await systemAccount(tx, 'fees', row.currencyId), amount: toAmountString(row.fee) });
      await post(tx, { ...ref, kind: 'withdraw', memo: decision.reference, legs });
    } else {
      await unfreeze(tx, account, toAmountString(row.number), { ...ref, kind: 'withdraw_rejected' });
    }
    await ctx.notifications.withdrawalReviewed(tx, row);
    await logAction(tx, operator.id, decision.approve ? 'withdrawal.approve' : 'withdrawal.reject', `withdrawal:${id}`, {
      user_id: row.userId,
      number: toAmountString(row.number),
      ...(decision.approve ? { reference: decision.reference } : { reason: decision.reason }),
    });
    return { id: row.id, status: row.status };
  });
}
