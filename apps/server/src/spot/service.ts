/**
 * Spot trading: one SymbolWriter per spot symbol (single writer, group commit), the users' order list,
 * favourites, and the realtime events of each committed batch.
 */
import {
  averageFillPrice,
  marketOrderValuePrice,
  meetsOrderValueMin,
  orderStepProblem,
  RECENT_TRADES_SNAPSHOT_SIZE,
  toAmountString,
  type SpotOrderItem,
  type SpotRules,
} from '@fairex/contract';
import { DEFAULT_LIMITS, type Limits } from '../limits.ts';
import type { Db, Tx } from '../db/client.ts';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import type { LimitStore } from '../http/limit-store.ts';
import { systemAccount, userAccount } from '../ledger/index.ts';
import type { MarketSymbol } from '../markets/repository.ts';
import { listAllSymbols, listSymbols } from '../markets/repository.ts';
import { readSetting } from '../site/repository.ts';
import type { Markets } from '../markets/service.ts';
import { MARKET_MAKER_SETTING, MarketMaker, marketMakerConfigOf, type MarketMakerConfig } from './market-maker.ts';
import { averagePriceText, coinUnitInFine, FEE_RATE_DECIMALS, limitMeetsValueMin, feeRatePpm, fineDecimals, fitsLedger, fromUnits, MARKET_PROTECTION_BPS, symbolDecimalsProblem } from './amounts.ts';
import { lotsToQuantity, priceToTicks, quantityToLots, ticksToPrice, type SymbolSpec } from './engine/index.ts';
import {
  countFavourites,
  deleteFavourite,
  ensureSpotMarkets,
  FAVOURITES_PER_USER_MAX,
  insertFavourite,
  pageOrders,
  selectCoinDecimals,
  selectCoinNames,
  selectFavourites,
  selectOpenOrderSymbol,
  selectRecentTrades,
  selectSpotMarkets,
  type SpotOrderRow,
} from './repository.ts';
import { OrderRateLimiter } from './order-limits.ts';
import { SymbolWriter, type BatchPublished, type Market, type OrderView, type UserAccounts } from './writer.ts';

/** Maxima of every spot book (the engine's units stay exact below them). */
const PRICE_MAX = '100000000';
const QUANTITY_MAX = '100000000';
/** Levels per side published after each batch. */
export const DEPTH_PUBLISHED_LEVELS = 20;
/** Cached account ids (they never change); bounded so a flood of users cannot grow it forever. */
const ACCOUNT_CACHE_MAX = 100_000;

/** The limits the service checks (limits.ts; tests raise them). */
export type SpotLimits = Pick<Limits, 'spotOrdersPerSecond' | 'spotOrdersPerMinute' | 'spotOpenOrdersPerSymbolMax'>;

type SpotTradeEvent = BusEvents['spot_trade'][0];

export type PlaceInput = { amount: string; target_price?: string; currency_id: number; legal_id: number; type: 'buy' | 'sell' };

export class SpotService {
  /** The writers of the symbols whose book this process holds (every one, alone; its share in a cluster). */
  private readonly writers = new Map<number, SymbolWriter>();
  /** Every traded spot symbol's market, held here or not. */
  private readonly spotMarkets = new Map<number, Market>();
  /** The markets by `<base coin id>:<quote coin id>`, as an order names its market. */
  private readonly marketsByPair = new Map<string, Market>();
  private readonly accountCache = new Map<string, Promise<number>>();
  /**
   * Per symbol, its latest committed trades, newest first (at most RECENT_TRADES_SNAPSHOT_SIZE): read once
   * when its writer opens, then kept from each committed batch, so joining a book room costs no query.
   */
  private readonly recentTrades = new Map<number, SpotTradeEvent[]>();
  /** Quotes around the index; started by main.ts (tests call quoteAll). Absent without a price feed. */
  marketMaker: MarketMaker | undefined;
  /** Spot symbols an operator disabled: no new orders, cancels still allowed. */
  private readonly disabled = new Set<number>();
  private syncing: Promise<void> = Promise.resolve();
  /** Orders and cancels per user and second and minute (spot/order-limits.ts). */
  private readonly rate: OrderRateLimiter;
  /**
   * Per symbol and user, the ids of open orders that came through place() (or rested at start). Checked
   * against the writer before each count, so a filled or cancelled order drops out; the market maker's
   * orders never enter it.
   */
  private readonly openIds = new Map<number, Map<number, Set<number>>>();
  /** Places per symbol and user still in their writer's queue: they count as open until answered. */
  private readonly placing = new Map<string, number>();
  /** Every coin's name and decimals (read at each sync): an order's fee is shown in its quote coin. */
  private coins = new Map<number, { name: string; decimals: number }>();

  private constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly markets: Markets | undefined,
    /** Every spot symbol with a writer (disabled ones included), as last read from the database. */
    readonly symbols: MarketSymbol[],
    private readonly limits: SpotLimits,
    private readonly onError: (error: unknown) => void,
    /** Told after each committed batch of any symbol (metrics). */
    private readonly onCommitted?: (symbol: string, commands: number, seconds: number) => void,
    /** Alone (not in a cluster): every symbol's book is held here from the start. */
    private readonly holdsAll = true,
    /** Where order rates are counted (Redis shared by every process, or memory): http/limit-store.ts. */
    limitStore?: LimitStore,
  ) {
    this.rate = new OrderRateLimiter({ ordersPerSecond: limits.spotOrdersPerSecond, ordersPerMinute: limits.spotOrdersPerMinute }, limitStore);
  }

  /** Opens a writer per spot symbol and rebuilds its book from the open orders in the database. */
  static async open(
    db: Db,
    bus: EventBus,
    options: {
      markets?: Markets;
      marketMaker?: MarketMakerConfig;
      limits?: SpotLimits;
      onError: (error: unknown) => void;
      onCommitted?: (symbol: string, commands: number, seconds: number) => void;
      /** false in a cluster: books are opened as their leases are taken (adopt). */
      holdsAll?: boolean;
      /** Order-rate windows shared across processes (memory when absent). */
      limitStore?: LimitStore;
    },
  ) {
    const service = new SpotService(db, bus, options.markets, [], options.limits ?? DEFAULT_LIMITS, options.onError, options.onCommitted, options.holdsAll ?? true, options.limitStore);
    await service.sync();
    if (options.markets) {
      const config = options.marketMaker ?? marketMakerConfigOf(await readSetting(db, MARKET_MAKER_SETTING));
      service.marketMaker = new MarketMaker(db, service, options.markets, config, options.onError);
    }
    return service;
  }

  /**
   * Brings the writers in line with the spot symbols in the database, without a restart: a writer (and
   * a fee row) for every spot symbol not open yet, fresh rows for the others, and which are disabled.
   * A disabled symbol keeps its writer so its resting orders stay cancellable. One sync at a time, so two
   * back-office edits cannot open two writers for one symbol.
   */
  sync(): Promise<void> {
    const next = this.syncing.then(() => this.syncNow());
    this.syncing = next.catch(() => {});
    return next;
  }

  private async syncNow() {
    const symbols = (await listAllSymbols(this.db)).filter((s) => s.kind === 'spot' && s.baseCurrencyId !== null);
    await ensureSpotMarkets(
      this.db,
      symbols.map((s) => s.id),
    );
    const fees = new Map((await selectSpotMarkets(this.db)).map((m) => [m.symbolId, m]));
    const coinDecimals = await selectCoinDecimals(this.db);
    this.coins = await selectCoinNames(this.db);
    for (const s of symbols) {
      const index = this.symbols.findIndex((known) => known.id === s.id);
      if (index >= 0) this.symbols[index] = s;
      else this.symbols.push(s);
      if (s.enabled) this.disabled.delete(s.id);
      else this.disabled.add(s.id);
      const fee = fees.get(s.id)!;
      const known = this.spotMarkets.get(s.id);
      if (known) {
        // Fee rates an operator saved through another process (cluster) reach this one's writer here.
        this.applyFees(s.id, fee.makerFeeRate, fee.takerFeeRate);
        continue;
      }
      const spec: SymbolSpec = { symbol: s.symbol, priceDecimals: s.priceDecimals, quantityDecimals: s.quantityDecimals, priceMax: PRICE_MAX, quantityMax: QUANTITY_MAX };
      const baseDecimals = coinDecimals.get(s.baseCurrencyId!);
      const quoteDecimals = coinDecimals.get(s.quoteCurrencyId);
      const problem =
        baseDecimals === undefined || quoteDecimals === undefined
          ? 'coin'
          : symbolDecimalsProblem({ priceDecimals: s.priceDecimals, quantityDecimals: s.quantityDecimals, baseDecimals, quoteDecimals });
      if (problem !== null || !fitsLedger(spec)) {
        this.onError(new Error(`spot ${s.symbol}: decimals its coins cannot hold (${problem}); not traded`));
        continue;
      }
      const market: Market = {
        symbolId: s.id,
        symbol: s.symbol,
        baseCurrencyId: s.baseCurrencyId!,
        quoteCurrencyId: s.quoteCurrencyId,
        spec,
        makerFeePpm: feeRatePpm(fee.makerFeeRate),
        takerFeePpm: feeRatePpm(fee.takerFeeRate),
        feesAccountId: await systemAccount(this.db, 'fees', s.quoteCurrencyId),
        roundingAccountId: await systemAccount(this.db, 'rounding', s.quoteCurrencyId),
        quoteDecimals: quoteDecimals!,
        quoteUnit: coinUnitInFine(fineDecimals(spec), quoteDecimals!),
      };
      this.spotMarkets.set(s.id, market);
      const pair = `${market.baseCurrencyId}:${market.quoteCurrencyId}`;
      // The first market of a pair takes its orders, as the list was searched before.
      if (!this.marketsByPair.has(pair)) this.marketsByPair.set(pair, market);
      if (this.holdsAll) await this.adopt(s.id);
    }
  }

  /**
   * Opens the symbol's writer here: its book rebuilt from the open orders in the database. A cluster
   * passes its lease's fence, checked in every batch. A symbol whose book cannot be read stays stale
   * (refusing orders) and tries again on each order; the other symbols and the server go on.
   */
  async adopt(symbolId: number, options: { fence?: (tx: Tx) => Promise<void> } = {}) {
    const market = this.spotMarkets.get(symbolId);
    if (!market || this.writers.has(symbolId)) return;
    const onCommitted = this.onCommitted && ((commands: number, seconds: number) => this.onCommitted!(market.symbol, commands, seconds));
    const writer = new SymbolWriter(this.db, market, (batch) => this.published(batch), this.onError, { onCommitted, fence: options.fence });
    await writer.open();
    this.recentTrades.set(symbolId, await this.readRecentTrades(symbolId, market.symbol));
    this.openIds.delete(symbolId);
    for (const order of writer.restingOrders()) this.openIdsOf(symbolId, order.userId).add(order.id);
    this.writers.set(symbolId, writer);
  }

  /** Closes the symbol's writer here after its queued batches committed (a cluster hands the symbol over). */
  async release(symbolId: number) {
    const writer = this.writers.get(symbolId);
    if (!writer) return;
    await this.marketMaker?.settled();
    this.writers.delete(symbolId);
    await writer.close();
  }

  /** The symbol was taken over elsewhere: its writer stops taking commands now (the fence refuses what is under way). */
  lost(symbolId: number) {
    const writer = this.writers.get(symbolId);
    this.writers.delete(symbolId);
    void writer?.close();
  }

  /** Whether the symbol has a spot market (its book held here or in another process). */
  hasMarket(symbolId: number) {
    return this.spotMarkets.has(symbolId);
  }

  /** Whether this process holds the symbol's book. */
  holds(symbolId: number) {
    return this.writers.has(symbolId);
  }

  /** The symbol an order of this pair goes to (whether or not its book is held here). */
  symbolOfPair(currencyId: number, legalId: number): number | undefined {
    return this.marketsByPair.get(`${currencyId}:${legalId}`)?.symbolId;
  }

  /** The symbol of an open order: from a book held here, else from the database (null: no such open order). */
  async symbolOfOrder(orderId: number): Promise<number | null> {
    for (const writer of this.writers.values()) if (writer.openOrder(orderId) !== undefined) return writer.market.symbolId;
    return selectOpenOrderSymbol(this.db, orderId);
  }

  /** Spot symbol ids with a market (traded, whether here or in another process). */
  symbolIds(): number[] {
    return [...this.spotMarkets.keys()];
  }

  /** What a spot symbol's orders freeze (fee rates, market protection), or null when it takes no orders. */
  tradingRules(symbolId: number): SpotRules | null {
    const market = this.spotMarkets.get(symbolId);
    if (!market || !this.isTrading(symbolId)) return null;
    const { makerFeePpm, takerFeePpm } = market;
    return {
      maker_fee_rate: fromUnits(makerFeePpm, FEE_RATE_DECIMALS),
      taker_fee_rate: fromUnits(takerFeePpm, FEE_RATE_DECIMALS),
      market_protection_bps: Number(MARKET_PROTECTION_BPS),
      quote_decimals: market.quoteDecimals,
      order_value_min: toAmountString(this.symbolOf(symbolId).orderValueMin),
    };
  }

  /** The quotation list with each symbol's trading rules (GET /currency/quotation_new), so clients size orders as the writer freezes them. */
  withTradingRules<T extends { id: number }>(quotations: T[]) {
    return quotations.map((q) => ({ ...q, spot_rules: this.tradingRules(q.id) }));
  }

  /** Whether a symbol takes new orders (its existing ones can always be cancelled). */
  isTrading(symbolId: number) {
    return this.spotMarkets.has(symbolId) && !this.disabled.has(symbolId);
  }

  /**
   * New fee rates (already saved) for the writer's next trades. The writer reads the market's rates at
   * every fill, so the change takes effect from the next command it plans; a resting buy never pays more
   * than the fee rate it froze for (see the writer's trade()).
   */
  applyFees(symbolId: number, makerFeeRate: string, takerFeeRate: string) {
    const market = this.spotMarkets.get(symbolId);
    if (!market) return;
    market.makerFeePpm = feeRatePpm(makerFeeRate);
    market.takerFeePpm = feeRatePpm(takerFeeRate);
  }

  writer(symbolId: number): SymbolWriter | undefined {
    return this.writers.get(symbolId);
  }

  writerBySymbol(symbol: string): SymbolWriter | undefined {
    return [...this.writers.values()].find((w) => w.market.symbol === symbol);
  }

  allWriters() {
    return [...this.writers.values()];
  }

  /**
   * The user's spot accounts in a market's two coins (opened when missing). A lookup under way is
   * shared: the first orders of many clients at once ask the database once per account, not once each.
   */
  async accountsOf(userId: number, market: Market): Promise<UserAccounts> {
    const [base, quote] = await Promise.all([this.spotAccount(userId, market.baseCurrencyId), this.spotAccount(userId, market.quoteCurrencyId)]);
    return { base, quote };
  }

  private spotAccount(userId: number, currencyId: number): Promise<number> {
    const key = `${userId}:${currencyId}`;
    const known = this.accountCache.get(key);
    if (known !== undefined) return known;
    if (this.accountCache.size >= ACCOUNT_CACHE_MAX) this.accountCache.clear();
    const asked = userAccount(this.db, userId, currencyId, 'spot');
    this.accountCache.set(key, asked);
    // A failed lookup is not kept: the next order asks again.
    asked.catch(() => {
      if (this.accountCache.get(key) === asked) this.accountCache.delete(key);
    });
    return asked;
  }

  /**
   * POST /coin/trade: answered once the order's batch has committed. Before the writer sees it: the
   * user's order rate, the symbol's minimum order value and the user's open orders in the symbol.
   */
  async place(userId: number, input: PlaceInput): Promise<SpotOrderItem> {
    if (!(await this.rate.take(userId))) throw new DomainError('orders_too_frequent');
    const market = this.marketsByPair.get(`${input.currency_id}:${input.legal_id}`);
    if (!market) throw new DomainError('not_found');
    const writer = this.writers.get(market.symbolId);
    // Its book moved to another process since the route looked (a hand-over): the client tries again.
    if (!writer) throw new DomainError('service_switching');
    const { symbolId, spec } = writer.market;
    if (this.disabled.has(symbolId)) throw new DomainError('symbol_disabled');
    const quantity = quantityToLots(spec, input.amount);
    const ticks = input.target_price === undefined ? undefined : priceToTicks(spec, input.target_price);
    // Off the symbol's grid: the refusal names the tick or step, as the trade form does before sending.
    // Figures that parse into whole ticks and lots are on it (the usual case: no decimal arithmetic).
    if (quantity === null || ticks === null) {
      const offGrid = orderStepProblem({ price_decimals: spec.priceDecimals, quantity_decimals: spec.quantityDecimals }, input.target_price, input.amount);
      if (offGrid) throw new DomainError(offGrid.code, undefined, offGrid.params);
    }
    if (quantity === null || quantity === 0) throw new DomainError('wrong_number');
    if (ticks === null || ticks === 0) throw new DomainError('wrong_number');
    const price = ticks;
    // A market order with nothing to value it at meets no liquidity in the writer either; it answers that.
    const { orderValueMin } = this.symbolOf(symbolId);
    let meetsMin: boolean;
    if (price !== undefined) meetsMin = limitMeetsValueMin(spec, quantity, price, orderValueMin);
    else {
      const valuedAt = this.marketValuePrice(writer, input.type);
      meetsMin = valuedAt === undefined || meetsOrderValueMin(lotsToQuantity(spec, quantity), valuedAt, orderValueMin);
    }
    if (!meetsMin) {
      throw new DomainError('order_value_too_small', undefined, { min: toAmountString(orderValueMin), coin: this.feeCoin(writer.market.quoteCurrencyId).name });
    }
    const placingKey = `${symbolId}:${userId}`;
    if (this.openOrderCount(writer, userId) + (this.placing.get(placingKey) ?? 0) >= this.limits.spotOpenOrdersPerSymbolMax) {
      throw new DomainError('open_orders_too_many');
    }
    this.placing.set(placingKey, (this.placing.get(placingKey) ?? 0) + 1);
    try {
      const accounts = await this.accountsOf(userId, writer.market);
      const order = await writer.submit({
        kind: 'place',
        userId,
        accounts,
        side: input.type,
        type: price === undefined ? 'market' : 'limit',
        price,
        quantity,
      });
      if (order.status === 'open') this.openIdsOf(symbolId, userId).add(order.id);
      return this.viewOf(writer.market, order);
    } finally {
      const left = (this.placing.get(placingKey) ?? 1) - 1;
      if (left === 0) this.placing.delete(placingKey);
      else this.placing.set(placingKey, left);
    }
  }

  /** The price a market order is valued at: the best price on the other side, else the index. */
  private marketValuePrice(writer: SymbolWriter, side: 'buy' | 'sell') {
    const { spec, symbol } = writer.market;
    const depth = writer.depth(1);
    const best = side === 'buy' ? depth.asks[0] : depth.bids[0];
    return marketOrderValuePrice(best && ticksToPrice(spec, best.price), this.markets?.feed.price(symbol));
  }

  private symbolOf(symbolId: number): MarketSymbol {
    return this.symbols.find((s) => s.id === symbolId)!;
  }

  private openIdsOf(symbolId: number, userId: number): Set<number> {
    let users = this.openIds.get(symbolId);
    if (!users) this.openIds.set(symbolId, (users = new Map()));
    let ids = users.get(userId);
    if (!ids) users.set(userId, (ids = new Set()));
    return ids;
  }

  private forgetOpen(symbolId: number, userId: number, orderId: number) {
    const users = this.openIds.get(symbolId);
    const ids = users?.get(userId);
    if (ids?.delete(orderId) && ids.size === 0) users!.delete(userId);
  }

  /** The user's open orders in the writer's symbol (ids no longer open are dropped on the way). */
  private openOrderCount(writer: SymbolWriter, userId: number) {
    const { symbolId } = writer.market;
    const ids = this.openIds.get(symbolId)?.get(userId);
    if (!ids) return 0;
    for (const id of ids) if (writer.openOrder(id) === undefined) this.forgetOpen(symbolId, userId, id);
    return ids.size;
  }

  /** PUT /coin/trade?id=: only the owner's open order; anything else is not_found. */
  async cancel(userId: number, orderId: number): Promise<SpotOrderItem> {
    if (!(await this.rate.take(userId))) throw new DomainError('orders_too_frequent');
    const writer = [...this.writers.values()].find((w) => w.openOrder(orderId) !== undefined);
    if (!writer) throw new DomainError('not_found');
    const order = await writer.submit({ kind: 'cancel', userId, orderId });
    return this.viewOf(writer.market, order);
  }

  /** GET /coin/list: own orders, newest first. */
  async list(userId: number, input: { status: 'in_progress' | 'completed'; page: number; limit: number; currency_id?: number }) {
    const { rows, total } = await pageOrders(this.db, { userId, status: input.status, symbolId: input.currency_id, page: input.page, limit: input.limit });
    return { data: rows.map((row) => this.viewOfRow(row)), total, page: input.page, limit: input.limit };
  }

  depth(symbolId: number, levels = DEPTH_PUBLISHED_LEVELS) {
    const writer = this.writers.get(symbolId);
    return writer ? this.depthView(writer, levels) : undefined;
  }

  /** A symbol's latest committed trades, newest first (the snapshot a client gets on joining its book room). */
  latestTrades(symbolId: number): SpotTradeEvent[] {
    return this.recentTrades.get(symbolId) ?? [];
  }

  private async readRecentTrades(symbolId: number, symbol: string): Promise<SpotTradeEvent[]> {
    const rows = await selectRecentTrades(this.db, symbolId, RECENT_TRADES_SNAPSHOT_SIZE);
    return rows.map((row) => ({ symbol, id: row.id, price: toAmountString(row.price), quantity: toAmountString(row.quantity), side: row.side, time: row.createdAt.getTime() }));
  }

  private depthView(writer: SymbolWriter, levels: number) {
    const { spec } = writer.market;
    const depth = writer.depth(levels);
    const side = (list: typeof depth.bids) => list.map((l) => [ticksToPrice(spec, l.price), lotsToQuantity(spec, l.quantity)] as [string, string]);
    return { symbol: writer.market.symbol, bids: side(depth.bids), asks: side(depth.asks), time: Date.now() };
  }

  // Favourites (POST /optional/add, /optional/del, GET /optional/list)

  async addFavourite(userId: number, symbolId: number) {
    const symbols = await listSymbols(this.db);
    if (!symbols.some((s) => s.id === symbolId)) throw new DomainError('not_found');
    if ((await countFavourites(this.db, userId)) >= FAVOURITES_PER_USER_MAX) throw new DomainError('too_many_requests');
    await insertFavourite(this.db, userId, symbolId);
  }

  async deleteFavourite(userId: number, by: { id?: number; symbolId?: number }) {
    if ((await deleteFavourite(this.db, userId, by)) === 0) throw new DomainError('not_found');
  }

  async favourites(userId: number) {
    const rows = await selectFavourites(this.db, userId);
    const quoted = new Map((await this.markets?.quotations())?.map((q) => [q.id, q.price]) ?? []);
    return rows.map((r) => ({ id: r.id, currency_id: r.symbolId, symbol: r.symbol, price: quoted.get(r.symbolId) ?? '0' }));
  }

  /** The symbols whose writer is stale (refusing orders until its book is rebuilt): GET /readyz, metrics. */
  staleSymbols(): string[] {
    return [...this.writers.values()].filter((w) => w.stale).map((w) => w.market.symbol);
  }

  /** Commands waiting for a batch, per symbol (metrics). */
  queueDepths(): { symbol: string; depth: number }[] {
    return [...this.writers.values()].map((w) => ({ symbol: w.market.symbol, depth: w.queued }));
  }

  /** Stops taking orders and waits for the queued batches. */
  async stop() {
    this.marketMaker?.stop();
    await this.marketMaker?.settled();
    await Promise.all([...this.writers.values()].map((w) => w.close()));
  }

  private published(batch: BatchPublished) {
    const { market } = batch;
    const recent = this.recentTrades.get(market.symbolId) ?? [];
    for (const trade of batch.trades) {
      const event: SpotTradeEvent = { symbol: market.symbol, id: trade.id, price: trade.price, quantity: trade.quantity, side: trade.takerSide, time: trade.time };
      recent.unshift(event);
      this.bus.emit('spot_trade', event);
    }
    // The batch's trades in one go: each candle is worked out and published once per batch, not per trade.
    this.markets?.recordTrades(market.symbol, batch.trades);
    for (const order of batch.orders) {
      this.bus.emit('spot_order', { userId: order.userId, order: this.viewOf(market, order) });
      if (order.status !== 'open') this.forgetOpen(market.symbolId, order.userId, order.id);
    }
    if (recent.length > RECENT_TRADES_SNAPSHOT_SIZE) recent.length = RECENT_TRADES_SNAPSHOT_SIZE;
    this.recentTrades.set(market.symbolId, recent);
    const writer = this.writers.get(market.symbolId);
    if (batch.depthChanged && writer) this.bus.emit('spot_depth', this.depthView(writer, DEPTH_PUBLISHED_LEVELS));
  }

  /** The coin a symbol's fees are paid in (its quote coin), by name and decimals. */
  private feeCoin(quoteCurrencyId: number | undefined) {
    return (quoteCurrencyId !== undefined && this.coins.get(quoteCurrencyId)) || { name: '', decimals: 8 };
  }

  private feeCoinOf(quoteCurrencyId: number | undefined) {
    const coin = this.feeCoin(quoteCurrencyId);
    return { fee_currency: coin.name, fee_decimals: coin.decimals };
  }

  private viewOf(market: Market, order: OrderView): SpotOrderItem {
    const { spec } = market;
    const symbol = this.symbols.find((s) => s.id === market.symbolId)!;
    const filledQuantity = fromUnits(order.filledLots, spec.quantityDecimals);
    const filledQuote = fromUnits(order.filledQuote, spec.priceDecimals + spec.quantityDecimals);
    return {
      id: order.id,
      symbol: market.symbol,
      symbol_id: market.symbolId,
      currency_id: symbol.baseCurrencyId!,
      legal_id: symbol.quoteCurrencyId,
      side: order.side,
      order_type: order.type,
      price: order.price === null ? null : ticksToPrice(spec, order.price),
      quantity: lotsToQuantity(spec, order.quantity),
      filled_quantity: filledQuantity,
      filled_quote: filledQuote,
      average_price: averagePriceText(spec, order.filledQuote, order.filledLots),
      fee: fromUnits(order.fee, fineDecimals(spec)),
      ...this.feeCoinOf(market.quoteCurrencyId),
      status: order.status,
      created_at: order.createdAt.toISOString(),
      updated_at: order.updatedAt.toISOString(),
    };
  }

  private viewOfRow(row: SpotOrderRow): SpotOrderItem {
    const symbol = this.symbols.find((s) => s.id === row.symbolId);
    const filledQuantity = toAmountString(row.filledQuantity);
    const filledQuote = toAmountString(row.filledQuote);
    return {
      id: row.id,
      symbol: symbol?.symbol ?? '',
      symbol_id: row.symbolId,
      currency_id: symbol?.baseCurrencyId ?? 0,
      legal_id: symbol?.quoteCurrencyId ?? 0,
      side: row.side,
      order_type: row.type,
      price: row.price === null ? null : toAmountString(row.price),
      quantity: toAmountString(row.quantity),
      filled_quantity: filledQuantity,
      filled_quote: filledQuote,
      average_price: toAmountString(averageFillPrice(filledQuote, filledQuantity, symbol?.priceDecimals ?? 8) ?? '0'),
      fee: toAmountString(row.fee),
      ...this.feeCoinOf(symbol?.quoteCurrencyId),
      status: row.status,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }
}
