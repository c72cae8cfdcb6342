/** Deposits: the platform address per coin and network, the user's declaration with a voucher, and its review. */
import { cmp, sub, toAmountString } from '@fairex/contract';
import type { AppContext } from '../app-context.ts';
import { logAction, type Operator } from '../admin/operators.ts';
import type { Executor } from '../db/client.ts';
import { DomainError, isUniqueViolation } from '../http/errors.ts';
import { post, systemAccount, userAccount } from '../ledger/index.ts';
import { readSetting, takesDeposits } from '../site/repository.ts';
import { ownsUpload } from '../uploads/repository.ts';
import {
  claimRecharge,
  findCoin,
  findRecharge,
  insertRecharge,
  networksOf,
  pageRecharges,
  rechargeWithVoucher,
  setRechargeEntry,
  type Network,
} from './repository.ts';
import { fitsDecimals } from './rules.ts';

/** Deposits land in, and withdrawals leave from, the spot (change) account. */
export const FUNDS_ACCOUNT_KIND = 'spot' as const;

const contactFirst = async (db: Executor) => (await readSetting(db, 'recharge_contact_first')) === true;

/** The coin and the network the client chose: by name, else by its index (`type`) in the coin's list. */
export async function coinAndNetwork(db: Executor, currencyId: number, choice: { network?: string; type?: number }) {
  const coin = await findCoin(db, currencyId);
  if (!coin) throw new DomainError('currency_unavailable');
  const networks = await networksOf(db, [coin.id]);
  const network = choice.network
    ? networks.find((n) => n.network.toUpperCase() === choice.network!.toUpperCase())
    : networks[choice.type ?? 0];
  if (!network) throw new DomainError('currency_unavailable');
  return { coin, network, networks };
}

const networkView = (n: Network) => ({
  network: n.network,
  deposit_enabled: takesDeposits(n),
  withdraw_enabled: n.withdrawEnabled,
  withdraw_fee: toAmountString(n.withdrawFee),
  withdraw_min: toAmountString(n.withdrawMin),
  deposit_min: toAmountString(n.depositMin),
});

/** POST /wallet/get_info: the coin, its networks with fees and minimums, and whether to contact service first. */
export async function depositInfo(ctx: Pick<AppContext, 'db'>, currencyId: number, choice: { network?: string; type?: number }) {
  const { coin, network, networks } = await coinAndNetwork(ctx.db, currencyId, choice);
  return {
    id: coin.id,
    name: coin.name,
    logo: coin.logo,
    decimals: coin.decimals,
    network: network.network,
    networks: networks.map(networkView),
    contact_first: await contactFirst(ctx.db),
  };
}

/** The platform address for a coin and network; refused when deposits are off or service must be contacted first. */
async function depositTarget(ctx: Pick<AppContext, 'db'>, currencyId: number, choice: { network?: string; type?: number }) {
  if (await contactFirst(ctx.db)) throw new DomainError('contact_service_before_recharge');
  const { coin, network } = await coinAndNetwork(ctx.db, currencyId, choice);
  if (!takesDeposits(network)) throw new DomainError('currency_unavailable');
  return { coin, network };
}

/** POST /wallet/get_in_address. */
export async function depositAddress(ctx: Pick<AppContext, 'db'>, currencyId: number, choice: { network?: string; type?: number }) {
  const { coin, network } = await depositTarget(ctx, currencyId, choice);
  return { currency_id: coin.id, currency: coin.name, network: network.network, address: network.depositAddress };
}

/** POST /wallet/charge_req: records the declaration; nothing is credited until an operator confirms. */
export async function requestRecharge(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  input: { currency: number; amount: string; voucher: string; network?: string; type: number },
) {
  const { coin, network } = await depositTarget(ctx, input.currency, input);
  if (!fitsDecimals(input.amount, coin.decimals)) throw new DomainError('wrong_number');
  if (cmp(input.amount, network.depositMin) < 0) throw new DomainError('deposit_below_minimum');
  if (!(await ownsUpload(ctx.db, userId, input.voucher))) throw new DomainError('voucher_required');
  // One payment, one declaration: a voucher already backing a request cannot back a second one.
  if (await rechargeWithVoucher(ctx.db, input.voucher)) throw new DomainError('voucher_used');
  try {
    const row = await insertRecharge(ctx.db, {
      userId,
      currencyId: coin.id,
      network: network.network,
      address: network.depositAddress,
      amount: input.amount,
      voucher: input.voucher,
    });
    return { id: row.id, status: row.status };
  } catch (error) {
    // Two declarations racing past the check above: the voucher's unique index keeps one.
    if (isUniqueViolation(error)) throw new DomainError('voucher_used');
    throw error;
  }
}

/** GET /recharge/log. */
export const rechargeLog = (ctx: Pick<AppContext, 'db' | 'uploads'>, userId: number, page: { page: number; limit: number }) =>
  pageRecharges(ctx.db, { ...page, userId }, ctx.uploads);

/**
 * Back office: confirm credits the user from deposits in transit, exactly once; a second click (or a
 * concurrent one) finds the row decided and is refused. Reject records the reason and moves no money.
 */
export async function reviewRecharge(ctx: Pick<AppContext, 'db' | 'notifications'>, operator: Operator, id: number, decision: { confirm: true } | { confirm: false; reason: string }) {
  return ctx.db.transaction(async (tx) => {
    const row = await claimRecharge(tx, id, {
      status: decision.confirm ? 'confirmed' : 'rejected',
      operatorId: operator.id,
      ...(decision.confirm ? {} : { reason: decision.reason }),
    });
    if (!row) throw new DomainError((await findRecharge(tx, id)) ? 'already_reviewed' : 'not_found');
    if (decision.confirm) {
      const source = await systemAccount(tx, 'deposits_in_transit', row.currencyId);
      const target = await userAccount(tx, row.userId, row.currencyId, FUNDS_ACCOUNT_KIND);
      const amount = toAmountString(row.amount);
      const entryId = await post(tx, {
        kind: 'deposit',
        refType: 'recharge',
        refId: row.id,
        legs: [
          { accountId: source, amount: sub(0, amount) },
          { accountId: target, amount },
        ],
      });
      await setRechargeEntry(tx, row.id, entryId);
      await ctx.notifications.depositCredited(tx, row);
    }
    await logAction(tx, operator.id, decision.confirm ? 'recharge.confirm' : 'recharge.reject', `recharge:${id}`, {
      user_id: row.userId,
      amount: toAmountString(row.amount),
      ...(decision.confirm ? {} : { reason: decision.reason }),
    });
    return { id: row.id, status: row.status };
  });
}
