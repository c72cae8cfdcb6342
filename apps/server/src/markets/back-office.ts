/**
 * Back-office symbols: the list with each symbol's current index price, adding a symbol and editing
 * one. A change is logged in the same transaction as the change, then the price feed and the spot
 * service take it without a restart (markets.reload, spot.sync), and the market maker quotes a newly
 * tradable spot symbol at once.
 */
import { toAmountString, type SymbolCreateInput, type SymbolEditInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { QUOTE_COIN } from '../funds/prices.ts';
import { DomainError, isUniqueViolation } from '../http/errors.ts';
import { fundMarketMakerFor } from '../spot/market-maker.ts';
import { symbolDecimalsProblem } from '../spot/amounts.ts';
import { ensureSpotMarkets, selectCoinDecimals } from '../spot/repository.ts';
import { simulatedHistories } from './history.ts';
import { parseSourceUrls, sourceHosts } from './public-feed.ts';
import { findSymbolClash, insertSymbol, listAllSymbols, listCoinNames, symbolById, symbolHasActivity, updateSymbol, type MarketSymbol } from './repository.ts';


/** GET /api/admin/symbols: every symbol with its index price, and the coins a spot symbol may pair. */
export async function adminSymbols(ctx: Pick<AppContext, 'config' | 'db' | 'markets'>) {
  const [symbols, coins, histories] = await Promise.all([listAllSymbols(ctx.db), listCoinNames(ctx.db), simulatedHistories(ctx.db)]);
  const coinName = (id: number | null) => (id === null ? null : (coins.find((c) => c.id === id)?.name ?? null));
  const rows = [];
  for (const s of symbols) {
    const price = ctx.markets.feed.price(s.symbol);
    rows.push({
      id: s.id,
      symbol: s.symbol,
      kind: s.kind,
      base_currency_id: s.baseCurrencyId,
      base: coinName(s.baseCurrencyId),
      quote_currency_id: s.quoteCurrencyId,
      quote: coinName(s.quoteCurrencyId),
      start_price: toAmountString(s.startPrice),
      volatility: s.volatility,
      price_decimals: s.priceDecimals,
      quantity_decimals: s.quantityDecimals,
      enabled: s.enabled,
      sort: s.sort,
      order_value_min: toAmountString(s.orderValueMin),
      price: price === undefined ? null : toAmountString(price),
      start_price_locked: await startPriceLocked(ctx, s),
      /** Whether the feed has an index for it now, and if not why (a public feed with too few live sources). */
      index_status: ctx.markets.feed.status(s.symbol),
      /** The declared simulation's first-start history (markets/history.ts), labelled so in the back office; never its seed. */
      simulated_history: histories.get(s.id) ?? null,
    });
  }
  // Where prices come from: the simulation, or the public sources with the host each is asked at (custom when not the exchange's own).
  const feed = { kind: ctx.config.priceFeed, sources: ctx.config.priceFeed === 'public' ? sourceHosts(parseSourceUrls(ctx.config.priceSourceUrls)) : [] };
  return { symbols: rows, coins, feed };
}

/**
 * A start price only seeds the simulation. Once a symbol has ticked or traded (candles, orders, or a
 * tick of the feed in this process), users have seen and traded at prices that followed from it, so
 * moving it would jump a live market and the candles, orders and positions priced from it: refused.
 */
async function startPriceLocked(ctx: Pick<AppContext, 'db' | 'markets'>, symbol: MarketSymbol) {
  return ctx.markets.hasTicked(symbol.symbol) || (await symbolHasActivity(ctx.db, symbol.id));
}

/** After a committed change: feed, writers and the market maker follow. */
async function goLive(ctx: Pick<AppContext, 'markets' | 'spot'>, symbol: MarketSymbol, options: { resetPrice?: boolean; wasEnabled?: boolean } = {}) {
  await ctx.markets.reload({ resetPriceOf: options.resetPrice ? symbol.symbol : undefined });
  if (symbol.kind !== 'spot') return;
  await ctx.spot.sync();
  const maker = ctx.spot.marketMaker;
  if (!maker) return;
  if (symbol.enabled && !options.wasEnabled) await maker.quoteSymbol(symbol.id);
  if (!symbol.enabled && options.wasEnabled) await maker.withdraw(symbol.id);
}

/** POST /api/admin/symbols. */
export async function createSymbol(ctx: Pick<AppContext, 'db' | 'markets' | 'spot'>, operator: Operator, input: SymbolCreateInput) {
  const coins = await listCoinNames(ctx.db);
  const usdt = coins.find((c) => c.name === QUOTE_COIN);
  const quote = input.quote_currency_id === undefined ? usdt : coins.find((c) => c.id === input.quote_currency_id);
  if (!quote) throw new DomainError('currency_unavailable');
  let baseCurrencyId: number | null = null;
  if (input.kind === 'spot') {
    const base = coins.find((c) => c.id === input.base_currency_id);
    if (!base) throw new DomainError('currency_unavailable');
    if (base.id === quote.id) throw new DomainError('parameter_error');
    // The name users see must say what is traded: BASE/QUOTE.
    if (input.symbol !== `${base.name}/${quote.name}`) throw new DomainError('parameter_error');
    // Every amount the symbol posts must be a whole unit of its coins (spot/amounts.ts states the rule).
    const decimals = await selectCoinDecimals(ctx.db);
    const problem = symbolDecimalsProblem({
      priceDecimals: input.price_decimals,
      quantityDecimals: input.quantity_decimals,
      baseDecimals: decimals.get(base.id)!,
      quoteDecimals: decimals.get(quote.id)!,
    });
    if (problem !== null) throw new DomainError('symbol_decimals_invalid');
    baseCurrencyId = base.id;
  } else if (input.symbol.includes('/')) {
    throw new DomainError('parameter_error');
  }
  const makerId = input.kind === 'spot' ? await ctx.spot.marketMaker?.user() : undefined;
  const symbol = await ctx.db.transaction(async (tx) => {
    // One name is one symbol, and one pair of coins one spot market (orders name a market by its coins).
    const pair = baseCurrencyId === null ? undefined : { baseCurrencyId, quoteCurrencyId: quote.id };
    if (await findSymbolClash(tx, input.symbol, pair)) throw new DomainError('symbol_exists');
    const row = await insertSymbol(tx, {
      symbol: input.symbol,
      kind: input.kind,
      baseCurrencyId,
      quoteCurrencyId: quote.id,
      startPrice: toAmountString(input.start_price),
      volatility: input.volatility,
      priceDecimals: input.price_decimals,
      quantityDecimals: input.quantity_decimals,
      enabled: input.enabled,
      sort: input.sort,
      // A minimum order value only means something where orders are placed.
      orderValueMin: input.kind === 'spot' ? toAmountString(input.order_value_min) : '0',
    });
    if (row.kind === 'spot') {
      await ensureSpotMarkets(tx, [row.id]);
      if (makerId !== undefined) await fundMarketMakerFor(tx, makerId, row);
    }
    await logAction(tx, operator.id, 'symbol_create', `symbol:${row.id}`, { ...input });
    return row;
  }).catch((error: unknown) => {
    // Two operators adding the same name at once: the unique index decides, and says so.
    throw isUniqueViolation(error) ? new DomainError('symbol_exists') : error;
  });
  await goLive(ctx, symbol, { wasEnabled: false });
  return symbol.id;
}

/** POST /api/admin/symbols/:id. */
export async function editSymbol(ctx: Pick<AppContext, 'db' | 'markets' | 'spot'>, operator: Operator, id: number, input: SymbolEditInput) {
  const before = await symbolById(ctx.db, id);
  if (!before) throw new DomainError('not_found');
  const startPrice = input.start_price === undefined ? undefined : toAmountString(input.start_price);
  const moveStart = startPrice !== undefined && startPrice !== toAmountString(before.startPrice);
  if (moveStart && (await startPriceLocked(ctx, before))) throw new DomainError('start_price_locked');
  if (input.order_value_min !== undefined && before.kind !== 'spot') throw new DomainError('parameter_error');
  const after = await ctx.db.transaction(async (tx) => {
    const locked = await symbolById(tx, id, { lock: true });
    if (!locked) throw new DomainError('not_found');
    if (moveStart && (await symbolHasActivity(tx, id))) throw new DomainError('start_price_locked');
    const row = await updateSymbol(tx, id, {
      enabled: input.enabled ?? locked.enabled,
      sort: input.sort ?? locked.sort,
      volatility: input.volatility ?? locked.volatility,
      startPrice: moveStart ? startPrice : locked.startPrice,
      orderValueMin: input.order_value_min === undefined ? locked.orderValueMin : toAmountString(input.order_value_min),
    });
    if (row.kind === 'spot') await ensureSpotMarkets(tx, [row.id]);
    await logAction(tx, operator.id, 'symbol_edit', `symbol:${id}`, {
      before: { enabled: locked.enabled, sort: locked.sort, volatility: locked.volatility, start_price: toAmountString(locked.startPrice), order_value_min: toAmountString(locked.orderValueMin) },
      after: { enabled: row.enabled, sort: row.sort, volatility: row.volatility, start_price: toAmountString(row.startPrice), order_value_min: toAmountString(row.orderValueMin) },
    });
    return row;
  });
  await goLive(ctx, after, { resetPrice: moveStart, wasEnabled: before.enabled });
  return id;
}
