/**
 * Back-office spot operations: fee rates per symbol, the market maker's settings and balances, the
 * development demo spot traders' switch, and the order and trade search. Every change is logged in the same transaction as the change; the live
 * service takes it once that transaction has committed.
 */
import { toAmountString, type AdminSpotOrdersInput, type AdminSpotTradesInput, type MarketMakerInput, type SpotDemoTradingInput, type SpotFeesInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/client.ts';
import { writeSetting } from '../funds/repository.ts';
import { DomainError } from '../http/errors.ts';
import { accountsOf } from '../ledger/index.ts';
import { feeRatePpm } from './amounts.ts';
import { SPOT_DEMO_TRADING_SETTING, spotDemoTraderIds, spotDemoTradingEnabled } from './demo.ts';
import { MARKET_MAKER_ACCOUNT, MARKET_MAKER_SETTING, marketMakerConfigOf, marketMakerSettingOf } from './market-maker.ts';
import { lockFeeRow, searchOrders, searchTrades, selectFeeRows, updateFeeRates } from './repository.ts';

// ---- fees ----

/** GET /api/admin/spot/fees: the maker and taker rate of every spot symbol. */
export async function spotFees(db: Executor) {
  const rows = await selectFeeRows(db);
  return rows.map((r) => ({
    symbol_id: r.symbolId,
    symbol: r.symbol,
    enabled: r.enabled,
    maker_fee_rate: toAmountString(r.maker),
    taker_fee_rate: toAmountString(r.taker),
  }));
}

/** POST /api/admin/spot/fees: saved and logged together, then used by the symbol's next trades. */
export async function editSpotFees(ctx: Pick<AppContext, 'db' | 'spot'>, operator: Operator, input: SpotFeesInput) {
  // The spot service's own limits (6 decimals, at most 10 %), so a saved rate can always be loaded.
  for (const rate of [input.maker_fee_rate, input.taker_fee_rate]) {
    try {
      feeRatePpm(rate);
    } catch {
      throw new DomainError('wrong_number');
    }
  }
  const maker = toAmountString(input.maker_fee_rate);
  const taker = toAmountString(input.taker_fee_rate);
  await ctx.db.transaction(async (tx) => {
    const before = await lockFeeRow(tx, input.symbol_id);
    if (!before) throw new DomainError('not_found');
    await updateFeeRates(tx, input.symbol_id, maker, taker);
    await logAction(tx, operator.id, 'spot_fees_edit', `symbol:${input.symbol_id}`, {
      before: { maker_fee_rate: toAmountString(before.makerFeeRate), taker_fee_rate: toAmountString(before.takerFeeRate) },
      after: { maker_fee_rate: maker, taker_fee_rate: taker },
    });
  });
  ctx.spot.applyFees(input.symbol_id, maker, taker);
  return { symbol_id: input.symbol_id, maker_fee_rate: maker, taker_fee_rate: taker };
}

// ---- market maker ----

/** GET /api/admin/market-maker: the live settings, and the market maker's account with its ledger balances. */
export async function marketMakerView(ctx: Pick<AppContext, 'db' | 'spot'>) {
  const maker = ctx.spot.marketMaker;
  const userId = await maker?.user();
  return {
    settings: maker ? marketMakerSettingOf(maker.config) : null,
    account: userId !== undefined
      ? {
          user_id: userId,
          account: MARKET_MAKER_ACCOUNT,
          balances: (await accountsOf(ctx.db, userId))
            .filter((a) => a.kind === 'spot')
            .map((a) => ({ currency_id: a.currency_id, currency: a.currency, available: a.available, frozen: a.frozen, balance: a.balance })),
        }
      : { user_id: null, account: MARKET_MAKER_ACCOUNT, balances: [] },
  };
}

/** POST /api/admin/market-maker: saved as a setting (kept across restarts), applied from the next requote. */
export async function editMarketMaker(ctx: Pick<AppContext, 'db' | 'spot'>, operator: Operator, input: MarketMakerInput) {
  const maker = ctx.spot.marketMaker;
  if (!maker) throw new DomainError('feature_under_development');
  const config = marketMakerConfigOf(input);
  const value = marketMakerSettingOf(config);
  await ctx.db.transaction(async (tx) => {
    await writeSetting(tx, MARKET_MAKER_SETTING, value);
    await logAction(tx, operator.id, 'market_maker_edit', MARKET_MAKER_SETTING, { before: marketMakerSettingOf(maker.config), after: value });
  });
  maker.configure(config);
  return value;
}

// ---- demo spot traders (development starts only; production has none) ----

/** GET /api/admin/spot/demo-trading: whether the demo spot traders place orders, and whether any are seeded. */
export async function spotDemoTradingView(db: Executor) {
  return { enabled: await spotDemoTradingEnabled(db), traders: (await spotDemoTraderIds(db)).length };
}

/** POST /api/admin/spot/demo-trading: saved as a setting and logged; the next round reads it. */
export async function editSpotDemoTrading(ctx: Pick<AppContext, 'db'>, operator: Operator, input: SpotDemoTradingInput) {
  await ctx.db.transaction(async (tx) => {
    const before = await spotDemoTradingEnabled(tx);
    await writeSetting(tx, SPOT_DEMO_TRADING_SETTING, input.enabled);
    await logAction(tx, operator.id, 'spot_demo_trading_edit', SPOT_DEMO_TRADING_SETTING, { before, after: input.enabled });
  });
  return spotDemoTradingView(ctx.db);
}

// ---- search ----

/** GET /api/admin/spot/orders: newest first, filtered by user, symbol, status, side and creation time. */
export async function searchSpotOrders(db: Executor, input: AdminSpotOrdersInput) {
  const { rows, total } = await searchOrders(db, {
    page: input.page,
    limit: input.limit,
    userId: input.user_id,
    symbolId: input.symbol_id,
    status: input.status,
    side: input.side,
    from: input.from,
    to: input.to,
  });
  return {
    data: rows.map(({ order: o, symbol, account }) => ({
      id: o.id,
      user_id: o.userId,
      account: account ?? '',
      symbol_id: o.symbolId,
      symbol: symbol ?? '',
      side: o.side,
      order_type: o.type,
      price: o.price === null ? null : toAmountString(o.price),
      quantity: toAmountString(o.quantity),
      filled_quantity: toAmountString(o.filledQuantity),
      filled_quote: toAmountString(o.filledQuote),
      fee: toAmountString(o.fee),
      status: o.status,
      done_reason: o.doneReason,
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
    })),
    total,
    page: input.page,
    limit: input.limit,
  };
}

/** GET /api/admin/spot/trades: newest first; a user filter matches the maker or the taker. */
export async function searchSpotTrades(db: Executor, input: AdminSpotTradesInput) {
  const { rows, total } = await searchTrades(db, { page: input.page, limit: input.limit, userId: input.user_id, symbolId: input.symbol_id, from: input.from, to: input.to });
  return {
    data: rows.map(({ trade: t, symbol, makerAccount, takerAccount }) => ({
      id: t.id,
      symbol_id: t.symbolId,
      symbol: symbol ?? '',
      maker_order_id: t.makerOrderId,
      taker_order_id: t.takerOrderId,
      maker_user_id: t.makerUserId,
      maker_account: makerAccount ?? '',
      taker_user_id: t.takerUserId,
      taker_account: takerAccount ?? '',
      taker_side: t.takerSide,
      price: toAmountString(t.price),
      quantity: toAmountString(t.quantity),
      quote: toAmountString(t.quote),
      maker_fee: toAmountString(t.makerFee),
      taker_fee: toAmountString(t.takerFee),
      created_at: t.createdAt.toISOString(),
    })),
    total,
    page: input.page,
    limit: input.limit,
  };
}
