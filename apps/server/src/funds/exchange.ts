/** Exchange between coins in the spot account at the index price, with the configured fee. */
import { isAmount, isPositive, money, toAmountString } from '@fairex/contract';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import { accountsOf, post, systemAccount, userAccount, type Leg } from '../ledger/index.ts';
import { readSetting } from '../site/repository.ts';
import { findMarketMakerId } from '../spot/market-maker.ts';
import { FUNDS_ACCOUNT_KIND } from './deposits.ts';
import { priceUsdt } from './prices.ts';
import { enabledCoins, findCoin, insertExchange } from './repository.ts';
import { fitsDecimals, quoteExchange } from './rules.ts';

/** Used until an operator sets `exchange_fee_rate`: 0.2 %. */
export const DEFAULT_EXCHANGE_FEE_RATE = '0.002';

export async function exchangeFeeRate(db: Executor): Promise<string> {
  const value = await readSetting(db, 'exchange_fee_rate');
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return /^\d+(\.\d+)?$/.test(text) && money(text).lt(1) ? toAmountString(text) : DEFAULT_EXCHANGE_FEE_RATE;
}

/** POST /user/getTransferList: coins that can be exchanged, their USDT price and the user's spot available. */
export async function exchangeList(ctx: Pick<AppContext, 'db' | 'markets'>, userId: number) {
  const [coins, rows] = await Promise.all([enabledCoins(ctx.db), accountsOf(ctx.db, userId)]);
  return coins.map((coin) => ({
    id: coin.id,
    name: coin.name,
    logo: coin.logo,
    decimals: coin.decimals,
    price_usdt: priceUsdt(ctx, coin),
    available: rows.find((r) => r.kind === FUNDS_ACCOUNT_KIND && r.currency_id === coin.id)?.available ?? '0',
  }));
}

async function pricedPair(ctx: Pick<AppContext, 'db' | 'markets'>, fromId: number, toId: number) {
  const [from, to] = await Promise.all([findCoin(ctx.db, fromId), findCoin(ctx.db, toId)]);
  if (!from || !to) throw new DomainError('currency_unavailable');
  const fromPrice = priceUsdt(ctx, from);
  const toPrice = priceUsdt(ctx, to);
  if (!isPositive(fromPrice) || !isPositive(toPrice)) throw new DomainError('currency_unavailable');
  return { from, to, fromPrice, toPrice };
}

/** POST /user/getTransferFee: the rate (target units per source unit) and the fee rate. */
export async function exchangeFee(ctx: Pick<AppContext, 'db' | 'markets'>, fromId: number, toId: number) {
  const { from, to, fromPrice, toPrice } = await pricedPair(ctx, fromId, toId);
  return {
    from_currency_id: from.id,
    to_currency_id: to.id,
    from_price_usdt: fromPrice,
    to_price_usdt: toPrice,
    rate: toAmountString(money(fromPrice).dividedBy(toPrice)),
    fee_rate: await exchangeFeeRate(ctx.db),
  };
}

/**
 * POST /user/Transfer. One entry: the source leaves the user's spot account for the exchange desk; the
 * target comes from the desk, less the fee, which goes to fees. The desk is the market maker's spot
 * account: real inventory funded from equity, never an account that may go below zero. What it can pay
 * out is its available balance (what its quotes freeze is not on offer); short of that the exchange is
 * refused (exchange_inventory_short) and nothing moves.
 */
export async function exchange(
  ctx: Pick<AppContext, 'db' | 'markets'>,
  userId: number,
  input: { number: string; from_currency_id: number; to_currency_id: number },
  transact: Transact = plainTransact(ctx.db),
) {
  const { from, to, fromPrice, toPrice } = await pricedPair(ctx, input.from_currency_id, input.to_currency_id);
  if (!fitsDecimals(input.number, from.decimals)) throw new DomainError('wrong_number');
  const quote = quoteExchange(input.number, fromPrice, toPrice, await exchangeFeeRate(ctx.db), to.decimals);
  // Nothing to receive, or more than an amount column holds (a huge number at a high rate).
  if (!isPositive(quote.received) || !isAmount(quote.received)) throw new DomainError('wrong_number');
  return transact(async (tx) => {
    const row = await insertExchange(tx, {
      userId,
      fromCurrencyId: from.id,
      toCurrencyId: to.id,
      number: input.number,
      rate: quote.rate,
      fee: quote.fee,
      received: quote.received,
    });
    const desk = await findMarketMakerId(tx);
    if (desk === undefined || desk === userId) throw new DomainError('exchange_inventory_short');
    const deskPays = await userAccount(tx, desk, to.id, FUNDS_ACCOUNT_KIND);
    const paidOut = money(quote.received).plus(quote.fee);
    const legs: Leg[] = [
      { accountId: await userAccount(tx, userId, from.id, FUNDS_ACCOUNT_KIND), amount: toAmountString(money(input.number).negated()) },
      { accountId: await userAccount(tx, desk, from.id, FUNDS_ACCOUNT_KIND), amount: input.number },
      { accountId: deskPays, amount: toAmountString(paidOut.negated()) },
      { accountId: await userAccount(tx, userId, to.id, FUNDS_ACCOUNT_KIND), amount: quote.received },
    ];
    if (isPositive(quote.fee)) legs.push({ accountId: await systemAccount(tx, 'fees', to.id), amount: quote.fee });
    try {
      await post(tx, { kind: 'exchange', refType: 'exchange', refId: row.id, legs });
    } catch (error) {
      const short = error instanceof DomainError && error.code === 'insufficient_balance' ? (error.detail as { accounts?: number[] }).accounts : undefined;
      if (short?.includes(deskPays) && !short.some((id) => id !== deskPays)) throw new DomainError('exchange_inventory_short');
      throw error;
    }
    return { id: row.id, number: toAmountString(input.number), rate: quote.rate, fee: quote.fee, received: quote.received };
  });
}
