/**
 * The built-in market maker: a real user (account `market-maker`, funded at seed through the ledger
 * from the platform's equity, a named system account) that quotes a ladder of limit orders on both sides of the index price through the
 * same writers as everyone, so its orders freeze real balances and fill against real users. Levels it
 * cannot afford are simply refused and skipped. Self-trades cannot happen: it cancels the orders it
 * replaces before placing their successors in the same queue, and the engine's self-trade prevention
 * would cancel its own resting order anyway.
 *
 * It places few orders: the ladder's prices lie on a grid of the configured step, and its centre moves
 * along that grid in whole steps only once the index is more than half a step plus requoteBps away. A
 * slowly moving index then leaves most levels where they are; when the centre moves one step, one level
 * a side changes and the others already rest at their new targets. Only orders whose price or size no
 * longer match a target are cancelled and replaced.
 */
import { randomBytes } from 'node:crypto';
import { MARKET_MAKER_INVENTORY_DEFAULT, marketMakerInput, money, truncateTo, type MoneyValue } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import { insertUser } from '../accounts/repository.ts';
import { users } from '../accounts/tables.ts';
import type { Db, Executor, Tx } from '../db/client.ts';
import { QUOTE_COIN } from '../funds/prices.ts';
import { accountsOf, openUserAccounts, post, systemAccount, userAccount } from '../ledger/index.ts';
import { listSymbols, type MarketSymbol } from '../markets/repository.ts';
import type { Markets } from '../markets/service.ts';
import { currencies } from '../site/tables.ts';
import { priceToTicks, quantityToLots, type Side } from './engine/index.ts';
import { levelsWithinInventory } from './inventory.ts';
import { selectBalance } from './repository.ts';
import type { SpotService } from './service.ts';
import type { Market, SymbolWriter } from './writer.ts';

export const MARKET_MAKER_ACCOUNT = 'market-maker';
/** Levels per side at most, whatever the configuration says. */
export const MARKET_MAKER_LEVELS_MAX = 50;

export type MarketMakerConfig = {
  /** Orders per side. */
  levels: number;
  /** Distance between best bid and best ask, in basis points of the ladder's centre. */
  spreadBps: number;
  /** Distance between two levels of a side, in basis points. */
  stepBps: number;
  /** USDT value of each level (e.g. 2000), converted at the index on pairs quoted in another coin. */
  levelValue: string;
  /**
   * Tolerance: the ladder's centre follows the index once it is more than half a step plus this away,
   * and an order whose remaining size is more than this off its level's is replaced.
   */
  requoteBps: number;
  /**
   * Inventory band per symbol: the USDT value of its holding of the base coin. No bid is quoted that
   * could take it above the maximum, no ask that could take it below the minimum (inventory.ts).
   */
  inventoryMinValue: string;
  inventoryMaxValue: string;
};

export const DEFAULT_MARKET_MAKER: MarketMakerConfig = {
  levels: 10,
  spreadBps: 10,
  stepBps: 5,
  levelValue: '2000',
  requoteBps: 2,
  inventoryMinValue: MARKET_MAKER_INVENTORY_DEFAULT.min_value,
  inventoryMaxValue: MARKET_MAKER_INVENTORY_DEFAULT.max_value,
};

/** The settings row operators edit in the back office (POST /api/admin/market-maker). */
export const MARKET_MAKER_SETTING = 'market_maker';

/** The wire (and settings) shape of a configuration. */
export const marketMakerSettingOf = (c: MarketMakerConfig) => ({
  levels: c.levels,
  spread_bps: c.spreadBps,
  step_bps: c.stepBps,
  level_value: c.levelValue,
  requote_bps: c.requoteBps,
  inventory_min_value: c.inventoryMinValue,
  inventory_max_value: c.inventoryMaxValue,
});

/** The saved setting as a configuration; anything outside the back office's bounds falls back to the defaults. */
export function marketMakerConfigOf(value: unknown): MarketMakerConfig {
  const parsed = marketMakerInput.safeParse(value);
  if (!parsed.success) return DEFAULT_MARKET_MAKER;
  const v = parsed.data;
  return {
    levels: v.levels,
    spreadBps: v.spread_bps,
    stepBps: v.step_bps,
    levelValue: v.level_value,
    requoteBps: v.requote_bps,
    inventoryMinValue: v.inventory_min_value,
    inventoryMaxValue: v.inventory_max_value,
  };
}

/** Funding of the market maker: the quote coin, and the base coins worth this much each at their start price. */
const FUNDING_QUOTE = '100000000';

/** The market maker's funding: the platform's own money (equity), never deposits in transit (the users' claim). */
const FUNDING = { kind: 'market_maker_funding', refType: 'market_maker', memo: 'market maker funding from equity' } as const;

/** The market maker's user id, or undefined before it is seeded. */
export async function findMarketMakerId(db: Executor): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, MARKET_MAKER_ACCOUNT)).limit(1);
  return row?.id;
}

/** Creates and funds the market-maker user once (idempotent): an entry from equity per coin. */
export async function seedMarketMaker(db: Db): Promise<number> {
  const existing = await findMarketMakerId(db);
  if (existing !== undefined) return existing;
  const symbols = (await listSymbols(db)).filter((s) => s.kind === 'spot' && s.baseCurrencyId !== null);
  const coins = await db.select({ id: currencies.id, decimals: currencies.decimals }).from(currencies);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      account: MARKET_MAKER_ACCOUNT,
      nickname: 'Market maker',
      passwordHash,
      extensionCode: `MM${randomBytes(4).toString('hex').toUpperCase()}`,
    });
    await openUserAccounts(tx, user.id);
    const funding = new Map<number, string>();
    for (const s of symbols) {
      funding.set(s.quoteCurrencyId, FUNDING_QUOTE);
      const decimals = coins.find((c) => c.id === s.baseCurrencyId)?.decimals ?? 8;
      funding.set(s.baseCurrencyId!, truncateTo(money(FUNDING_QUOTE).dividedBy(s.startPrice), decimals));
    }
    for (const [currencyId, amount] of funding) {
      await post(tx, {
        ...FUNDING,
        refId: `${user.id}:${currencyId}`,
        legs: [
          { accountId: await systemAccount(tx, 'equity', currencyId), amount: `-${amount}` },
          { accountId: await userAccount(tx, user.id, currencyId, 'spot'), amount },
        ],
      });
    }
    return user.id;
  });
}

/**
 * Funds the market maker in a new spot symbol's coins it holds nothing of (an operator added the
 * symbol), exactly as at seed: from equity, so its balances stay real ledger balances. Coins it
 * already holds are left alone.
 */
export async function fundMarketMakerFor(tx: Tx, userId: number, symbol: MarketSymbol) {
  if (symbol.baseCurrencyId === null) return;
  const held = await accountsOf(tx, userId);
  const coins = await tx.select({ id: currencies.id, decimals: currencies.decimals }).from(currencies);
  const wanted: [number, string][] = [
    [symbol.quoteCurrencyId, FUNDING_QUOTE],
    [symbol.baseCurrencyId, truncateTo(money(FUNDING_QUOTE).dividedBy(symbol.startPrice), coins.find((c) => c.id === symbol.baseCurrencyId)?.decimals ?? 8)],
  ];
  for (const [currencyId, amount] of wanted) {
    const account = held.find((a) => a.currency_id === currencyId && a.kind === 'spot');
    if (account && !money(account.balance).isZero()) continue;
    if (money(amount).isZero()) continue;
    await post(tx, {
      ...FUNDING,
      refId: `${userId}:${symbol.id}:${currencyId}`,
      legs: [
        { accountId: await systemAccount(tx, 'equity', currencyId), amount: `-${amount}` },
        { accountId: await userAccount(tx, userId, currencyId, 'spot'), amount },
      ],
    });
  }
}

/** A symbol's ladder grid: its centre is anchor x (1 + step)^steps; `key` names the spread and step it was made for. */
type Grid = { anchor: MoneyValue; steps: number; key: string };
/** One order the ladder wants: price in ticks, quantity in lots. */
type Target = { side: Side; price: number; quantity: number };

const BPS = 10_000;

export class MarketMaker {
  private userId: number | undefined;
  /** Per symbol, the requote or withdrawal under way (settled, never rejecting). */
  private readonly running = new Map<string, Promise<void>>();
  private readonly grids = new Map<string, Grid>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly spot: SpotService,
    private readonly markets: Markets,
    /** Replaced live by configure(); every requote reads it afresh. */
    public config: MarketMakerConfig = DEFAULT_MARKET_MAKER,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The market maker's user id, or undefined when it was never seeded (then it does nothing). */
  async user(): Promise<number | undefined> {
    this.userId ??= await findMarketMakerId(this.db);
    return this.userId;
  }

  /** Requotes a symbol on each index tick (one requote per symbol at a time). */
  start() {
    this.unsubscribe ??= this.markets.feed.onTick((tick) => {
      // A tick arriving while the symbol is being requoted is skipped: the next one requotes.
      if (this.running.has(tick.symbol)) return;
      const writer = this.spot.writerBySymbol(tick.symbol);
      if (!writer) return;
      const trading = this.spot.isTrading(writer.market.symbolId);
      // A ladder left on a disabled symbol (a requote raced the operator's switch) is taken back.
      if (!trading && (this.userId === undefined || writer.openOrdersOf(this.userId).length === 0)) return;
      (trading ? this.quote(writer, tick.price) : this.withdraw(writer.market.symbolId)).catch(this.onError);
    });
  }

  /**
   * Runs `work` on a symbol once the requote or withdrawal under way there has finished, never beside
   * it: two at once would read the same ladder and both place its missing levels.
   */
  private exclusive(symbol: string, work: () => Promise<void>): Promise<void> {
    const result = (this.running.get(symbol) ?? Promise.resolve()).then(work);
    const done = result.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(symbol, done);
    void done.then(() => {
      if (this.running.get(symbol) === done) this.running.delete(symbol);
    });
    return result;
  }

  /** Waits for the requotes and withdrawals under way (after stop(), nothing starts a new one). */
  async settled() {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  stop() {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /**
   * New settings from the back office (already saved). The ladder then on the book no longer matches
   * its targets, so the next tick requotes every symbol with them.
   */
  configure(config: MarketMakerConfig) {
    this.config = config;
  }

  /** Quotes one symbol now (an operator just added or enabled it). */
  async quoteSymbol(symbolId: number) {
    const writer = this.spot.writer(symbolId);
    const price = writer && this.markets.feed.price(writer.market.symbol);
    if (writer && price && this.spot.isTrading(symbolId)) await this.quote(writer, price);
  }

  /** Cancels its ladder on a symbol an operator disabled. */
  async withdraw(symbolId: number) {
    const userId = await this.user();
    const writer = this.spot.writer(symbolId);
    if (userId === undefined || !writer) return;
    await this.exclusive(writer.market.symbol, async () => {
      this.grids.delete(writer.market.symbol);
      await Promise.allSettled(writer.openOrdersOf(userId).map((o) => writer.submit({ kind: 'cancel', userId, orderId: o.id })));
    });
  }

  /** Quotes every spot symbol at its current index price (start-up and tests). */
  async quoteAll() {
    for (const writer of this.spot.allWriters()) {
      if (!this.spot.isTrading(writer.market.symbolId)) continue;
      const price = this.markets.feed.price(writer.market.symbol);
      if (price) await this.quote(writer, price);
    }
  }

  /** A USDT value in the quote coin, through `<quote>/USDT` for other coins; undefined without a price. */
  private usdtIn(quote: string, value: string) {
    if (quote === QUOTE_COIN) return money(value);
    const rate = this.markets.feed.price(`${quote}/${QUOTE_COIN}`);
    return rate ? money(value).dividedBy(rate) : undefined;
  }

  /** How many levels a side may quote within the inventory band, from its holding of the base coin at `index`. */
  private async levelsAllowed(userId: number, market: Market, index: MoneyValue, levelValue: MoneyValue, levels: number) {
    const quote = market.symbol.split('/')[1]!;
    const [min, max] = [this.usdtIn(quote, this.config.inventoryMinValue), this.usdtIn(quote, this.config.inventoryMaxValue)];
    if (min === undefined || max === undefined) return { buy: 0, sell: 0 };
    // One account by its id, on every tick of every symbol: not the maker's whole account list.
    const held = await selectBalance(this.db, (await this.spot.accountsOf(userId, market)).base);
    return levelsWithinInventory(levels, levelValue, money(held ?? 0).times(index), { min, max });
  }

  /**
   * Brings its orders on one symbol to the ladder around `index`: orders matching a level stay, the
   * others are cancelled, and the missing levels are placed, all through the symbol's queue.
   */
  quote(writer: SymbolWriter, index: string): Promise<void> {
    return this.exclusive(writer.market.symbol, () => this.requote(writer, index));
  }

  private async requote(writer: SymbolWriter, index: string) {
    const userId = await this.user();
    if (userId === undefined || !this.spot.isTrading(writer.market.symbolId)) return;
    const levelValue = this.usdtIn(writer.market.symbol.split('/')[1]!, this.config.levelValue);
    if (levelValue === undefined) return;
    const levels = Math.min(Math.max(Math.trunc(this.config.levels), 1), MARKET_MAKER_LEVELS_MAX);
    const allowed = await this.levelsAllowed(userId, writer.market, money(index), levelValue, levels);
    const missing = this.ladder(writer.market, money(index), levelValue, allowed);
    const stale: number[] = [];
    for (const order of writer.openOrdersOf(userId)) {
      const remaining = order.quantity - Number(order.filledLots);
      const match = missing.findIndex((t) => t.side === order.side && t.price === order.price && this.sizeMatches(remaining, t.quantity));
      if (match >= 0) missing.splice(match, 1);
      else stale.push(order.id);
    }
    if (stale.length === 0 && missing.length === 0) return;
    const accounts = await this.spot.accountsOf(userId, writer.market);
    // Cancels first: a new level may take the price an old order of the other side still holds.
    const commands: Promise<unknown>[] = stale.map((orderId) => writer.submit({ kind: 'cancel', userId, orderId }));
    for (const t of missing) commands.push(writer.submit({ kind: 'place', userId, accounts, side: t.side, type: 'limit', price: t.price, quantity: t.quantity }));
    // Refusals (a level it cannot afford, an order already filled) are expected and skipped.
    await Promise.allSettled(commands);
  }

  /** The orders the ladder wants around `index`: the allowed levels a side (nearest first), on the symbol's grid. */
  private ladder(market: Market, index: MoneyValue, levelValue: MoneyValue, allowed: Record<Side, number>): Target[] {
    const { spec, symbol } = market;
    const { spreadBps, stepBps } = this.config;
    const levels = Math.max(allowed.buy, allowed.sell);
    const step = money(1).plus(money(stepBps).dividedBy(BPS));
    const grid = this.gridFor(symbol, index, step);
    const half = money(spreadBps).dividedBy(2 * BPS);
    const targets: Target[] = [];
    for (let level = 0; level < levels; level++) {
      for (const side of ['buy', 'sell'] as const) {
        if (level >= allowed[side]) continue;
        // The same power of the step for the same grid point, so a level reached again after the centre
        // moved gets exactly the price it had (and its resting order stays).
        const raw =
          side === 'buy'
            ? grid.anchor.times(money(1).minus(half)).times(step.pow(grid.steps - level))
            : grid.anchor.times(money(1).plus(half)).times(step.pow(grid.steps + level));
        const price = priceToTicks(spec, raw.toDecimalPlaces(spec.priceDecimals, side === 'buy' ? 1 : 0).toFixed());
        const quantity = quantityToLots(spec, truncateTo(levelValue.dividedBy(raw), spec.quantityDecimals));
        if (price && quantity) targets.push({ side, price, quantity });
      }
    }
    return targets;
  }

  /** The symbol's grid, its centre moved by whole steps toward `index` once it is far enough away. */
  private gridFor(symbol: string, index: MoneyValue, step: MoneyValue): Grid {
    const key = `${this.config.spreadBps}:${this.config.stepBps}`;
    let grid = this.grids.get(symbol);
    if (!grid || grid.key !== key) {
      grid = { anchor: index, steps: 0, key };
      this.grids.set(symbol, grid);
    }
    const centre = grid.anchor.times(step.pow(grid.steps));
    const distanceBps = index.minus(centre).abs().dividedBy(centre).times(BPS);
    if (distanceBps.greaterThan(this.config.stepBps / 2 + this.config.requoteBps)) {
      // A float only picks the whole number of steps; prices stay decimal.
      grid.steps += Math.round(Math.log(index.dividedBy(centre).toNumber()) / Math.log(step.toNumber()));
    }
    return grid;
  }

  /** Whether an order's remaining lots are within requoteBps of its level's size. */
  private sizeMatches(remaining: number, target: number) {
    return Math.abs(remaining - target) * BPS <= target * this.config.requoteBps;
  }
}
