/** Back-office funds operations: manual balance adjustments and coin / network / funds settings. */
import { addressFits, isNegative, money, toAmountString, type AccountKind } from '@fairex/contract';
import type { AppContext } from '../app-context.ts';
import { logAction, type Operator } from '../admin/operators.ts';
import { DomainError } from '../http/errors.ts';
import { post, systemAccount, userAccount } from '../ledger/index.ts';
import { exchangeFeeRate } from './exchange.ts';
import { allCoins, findAnyCoin, findNetwork, insertAdjustment, userExists, networksOf, updateCoin, updateNetwork, writeSetting } from './repository.ts';
import { readSetting, takesDeposits } from '../site/repository.ts';
import { fitsDecimals } from './rules.ts';
import { lockContractAccount, openPositionsOf } from '../contracts/repository.ts';

/**
 * A signed manual change of one user account against the adjustments system account, with its
 * reason, logged in the same transaction. A debit never takes the user below zero, and never touches a
 * contract account while it holds open positions (issue 22, fairness review 1c): any debit there lowers
 * the risk rate the liquidation reads, so an operator could bring a chosen user's positions to the edge
 * (the review took one from 4612 % to 104 %, then liquidated it). The user's own transfer rule
 * (transferableOut) would not stop that: it keeps only the unrealised losses, and the review's -2931.5
 * was within it. A user may choose to run their account that close; an operator may not choose it for
 * them. A credit is always allowed (it only raises the risk rate).
 */
export async function adjustBalance(
  ctx: Pick<AppContext, 'db'>,
  operator: Operator,
  input: { user_id: number; currency_id: number; kind: AccountKind; amount: string; reason: string },
) {
  const coin = await findAnyCoin(ctx.db, input.currency_id);
  if (!coin || !(await userExists(ctx.db, input.user_id))) throw new DomainError('not_found');
  const user = { id: input.user_id };
  if (!fitsDecimals(input.amount.replace('-', ''), coin.decimals)) throw new DomainError('wrong_number');
  const amount = toAmountString(input.amount);
  return ctx.db.transaction(async (tx) => {
    if (input.kind === 'contract' && isNegative(amount)) {
      // The account row is locked first: a position opening at the same time commits before this reads, or waits.
      await lockContractAccount(tx, user.id, coin.id);
      if ((await openPositionsOf(tx, user.id, coin.id)).length > 0) throw new DomainError('balance_adjust_contract_open');
    }
    const row = await insertAdjustment(tx, {
      userId: user.id,
      currencyId: coin.id,
      kind: input.kind,
      amount,
      reason: input.reason,
      operatorId: operator.id,
    });
    await post(tx, {
      kind: 'adjustment',
      refType: 'balance_adjustment',
      refId: row.id,
      memo: input.reason,
      legs: [
        { accountId: await userAccount(tx, user.id, coin.id, input.kind), amount },
        { accountId: await systemAccount(tx, 'adjustments', coin.id), amount: toAmountString(money(amount).negated()) },
      ],
    });
    await logAction(tx, operator.id, isNegative(amount) ? 'balance.debit' : 'balance.credit', `user:${user.id}`, {
      adjustment_id: row.id,
      currency_id: coin.id,
      kind: input.kind,
      amount,
      reason: input.reason,
    });
    return { id: row.id };
  });
}

/** Every coin (enabled or not) with its networks' deposit address, fee, minimum and switches. */
export async function coinConfig(ctx: Pick<AppContext, 'db'>) {
  const coins = await allCoins(ctx.db);
  const networks = await networksOf(ctx.db, coins.map((c) => c.id));
  return {
    coins: coins.map((coin) => ({
      id: coin.id,
      name: coin.name,
      enabled: coin.enabled,
      decimals: coin.decimals,
      networks: networks
        .filter((n) => n.currencyId === coin.id)
        .map((n) => ({
          id: n.id,
          network: n.network,
          deposit_address: n.depositAddress,
          withdraw_fee: toAmountString(n.withdrawFee),
          withdraw_min: toAmountString(n.withdrawMin),
          deposit_min: toAmountString(n.depositMin),
          // As users see it: a network without an address takes no deposits, whatever its switch says.
          deposit_enabled: takesDeposits(n),
          withdraw_enabled: n.withdrawEnabled,
        })),
    })),
    exchange_fee_rate: await exchangeFeeRate(ctx.db),
    recharge_contact_first: (await readSetting(ctx.db, 'recharge_contact_first')) === true,
  };
}

export async function editNetwork(
  ctx: Pick<AppContext, 'db'>,
  operator: Operator,
  id: number,
  input: { deposit_address?: string; withdraw_fee?: string; withdraw_min?: string; deposit_min?: string; deposit_enabled?: boolean; withdraw_enabled?: boolean },
) {
  const values = {
    ...(input.deposit_address !== undefined ? { depositAddress: input.deposit_address } : {}),
    ...(input.withdraw_fee !== undefined ? { withdrawFee: toAmountString(input.withdraw_fee) } : {}),
    ...(input.withdraw_min !== undefined ? { withdrawMin: toAmountString(input.withdraw_min) } : {}),
    ...(input.deposit_min !== undefined ? { depositMin: toAmountString(input.deposit_min) } : {}),
    // Clearing the address stops deposits, and the switch says so.
    ...(input.deposit_address === '' ? { depositEnabled: false } : {}),
    ...(input.deposit_enabled !== undefined ? { depositEnabled: input.deposit_enabled } : {}),
    ...(input.withdraw_enabled !== undefined ? { withdrawEnabled: input.withdraw_enabled } : {}),
  };
  if (Object.keys(values).length === 0) throw new DomainError('parameter_error');
  if (input.deposit_address) {
    // The same format check as a user's wallet address: a mistyped platform address would lose deposits. Empty clears it.
    const network = await findNetwork(ctx.db, id);
    if (!network) throw new DomainError('not_found');
    if (!addressFits(network.network, input.deposit_address)) throw new DomainError('address_invalid');
  }
  return ctx.db.transaction(async (tx) => {
    const row = await updateNetwork(tx, id, values);
    if (!row) throw new DomainError('not_found');
    // Checked on the row as saved (the transaction rolls back): switching deposits on needs an address to send to.
    if (input.deposit_enabled === true && row.depositAddress === '') throw new DomainError('deposit_address_required');
    await logAction(tx, operator.id, 'coin.network.edit', `currency_network:${id}`, input);
    return { id: row.id };
  });
}

export async function editCoin(ctx: Pick<AppContext, 'db'>, operator: Operator, id: number, enabled: boolean) {
  return ctx.db.transaction(async (tx) => {
    const row = await updateCoin(tx, id, { enabled });
    if (!row) throw new DomainError('not_found');
    await logAction(tx, operator.id, 'coin.edit', `currency:${id}`, { enabled });
    return { id: row.id };
  });
}

export async function editFundsSettings(ctx: Pick<AppContext, 'db'>, operator: Operator, input: { exchange_fee_rate?: string; recharge_contact_first?: boolean }) {
  if (input.exchange_fee_rate === undefined && input.recharge_contact_first === undefined) throw new DomainError('parameter_error');
  await ctx.db.transaction(async (tx) => {
    // Logged with the values before and after (issue 22: every settings change shows what it replaced).
    const read = async () => ({ exchange_fee_rate: await exchangeFeeRate(tx), recharge_contact_first: (await readSetting(tx, 'recharge_contact_first')) === true });
    const before = await read();
    if (input.exchange_fee_rate !== undefined) await writeSetting(tx, 'exchange_fee_rate', toAmountString(input.exchange_fee_rate));
    if (input.recharge_contact_first !== undefined) await writeSetting(tx, 'recharge_contact_first', input.recharge_contact_first);
    await logAction(tx, operator.id, 'funds.settings.edit', 'settings', { before, after: await read() });
  });
}
