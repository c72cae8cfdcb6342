/**
 * The built-in market maker: a real user (account `market-maker`, funded at seed through the ledger
 * like any deposit) that quotes a ladder of limit orders on both sides of the index price through the
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
import { marketMakerInput, money, truncateTo, type MoneyValue } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import { insertUser } from '../accounts/repository.ts';
import { users } from '../accounts/tables.ts';
import type { Db, Tx } from '../db/client.ts';
import { QUOTE_COIN } from '../funds/prices.ts';
import { accountsOf, openUserAccounts, post, systemAccount, userAccount } from '../ledger/index.ts';
import { listSymbols, type MarketSymbol } from '../markets/repository.ts';
import type { Markets } from '../markets/service.ts';
import { currencies } from '../site/tables.ts';
import { priceToTicks, quantityToLots, type Side } from './engine/index.ts';
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
};

export const DEFAULT_MARKET_MAKER: MarketMakerConfig = { levels: 10, spreadBps: 10, stepBps: 5, levelValue: '2000', requoteBps: 2 };

/** The settings row operators edit in the back office (POST /api/admin/market-maker). */
export const MARKET_MAKER_SETTING = 'market_maker';

/** The wire (and settings) shape of a configuration. */
export const marketMakerSettingOf = (c: MarketMakerConfig) => ({
  levels: c.levels,
  spread_bps: c.spreadBps,
  step_bps: c.stepBps,
  level_value: c.levelValue,
  requote_bps: c.requoteBps,
});

/** The saved setting as a configuration; anything outside the back office's bounds falls back to the defaults. */
export function marketMakerConfigOf(value: unknown): MarketMakerConfig {
  const parsed = marketMakerInput.safeParse(value);
  if (!parsed.success) return DEFAULT_MARKET_MAKER;
  const v = parsed.data;
  return { levels: v.levels, spreadBps: v.spread_bps, stepBps: v.step_bps, levelValue: v.level_value, requoteBps: v.requote_bps };
}

/** Funding of the market maker: the quote coin, and the base coins worth this much each at their start price. */
const FUNDING_QUOTE = '100000000';

/** Creates and funds the market-maker user once (idempotent): a deposit from deposits_in_transit. */
export async function seedMarketMaker(db: Db): Promise<number> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.account, MARKET_MAKER_ACCOUNT)).limit(1);
  if (existing) return existing.id;
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
        kind: 'deposit',
        refType: 'market_maker_seed',
        refId: user.id,
        memo: 'market maker funding',
        legs: [
          { accountId: await systemAccount(tx, 'deposits_in_transit', currencyId), amount: `-${amount}` },
          { accountId: await userAccount(tx, user.id, currencyId, 'spot'), amount },
        ],
      });
    }
    return user.id;
  });
}

/**
 * Funds the market maker in a new spot symbol's coins it holds nothing of (an operator added the
 * symbol), exactly as at seed: a deposit from deposits_in_transit, so its balances stay real ledger
 * balances. Coins it already holds are left alone.
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
      kind: 'deposit',
      refType: 'market_maker_seed',
      refId: `${userId}:${symbol.id}:${currencyId}`,
      memo: 'market maker funding',
      legs: [
        { accountId: await systemAccount(tx, 'deposits_in_transit', currencyId), amount: `-${amount}` },
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
  private readonly busy = new Set<string>();
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
    if (this.userId === undefined) {
      const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.account, MARKET_MAKER_ACCOUNT)).limit(1);
      this.userId = row?.id;
    }
    return this.userId;
  }

  /** Requotes a symbol on each index tick (one requote per symbol at a time). */
  start() {
    this.unsubscribe ??= this.markets.feed.onTick((tick) => {
      if (this.busy.has(tick.symbol)) return;
      const writer = this.spot.writerBySymbol(tick.symbol);
      if (!writer) return;
      const trading = this.spot.isTrading(writer.market.symbolId);
      // A ladder left on a disabled symbol (a requote raced the operator's switch) is taken back.
      if (!trading && (this.userId === undefined || writer.openOrdersOf(this.userId).length === 0)) return;
      this.busy.add(tick.symbol);
      (trading ? this.quote(writer, tick.price) : this.withdraw(writer.market.symbolId))
        .catch(this.onError)
        .finally(() => this.busy.delete(tick.symbol));
    });
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
    this.grids.delete(writer.market.symbol);
    await Promise.allSettled(writer.openOrdersOf(userId).map((o) => writer.submit({ kind: 'cancel', userId, orderId: o.id })));
  }

  /** Quotes every spot symbol at its current index price (start-up and tests). */
  async quoteAll() {
    for (const writer of this.spot.allWriters()) {
      if (!this.spot.isTrading(writer.market.symbolId)) continue;
      const price = this.markets.feed.price(writer.market.symbol);
      if (price) await this.quote(writer, price);
    }
  }

  /** A level's value in the quote coin: the configured USDT value, through `<quote>/USDT` for other coins. */
  private levelValueIn(quote: string) {
    if (quote === QUOTE_COIN) return money(this.config.levelValue);
    const rate = this.markets.feed.price(`${quote}/${QUOTE_COIN}`);
    return rate ? money(this.config.levelValue).dividedBy(rate) : undefined;
  }

  /**
   * Brings its orders on one symbol to the ladder around `index`: orders matching a level stay, the
   * others are cancelled, and the missing levels are placed, all through the symbol's queue.
   */
  async quote(writer: SymbolWriter, index: string) {
    const userId = await this.user();
    if (userId === undefined || !this.spot.isTrading(writer.market.symbolId)) return;
    const levelValue = this.levelValueIn(writer.market.symbol.split('/')[1]!);
    if (levelValue === undefined) return;
    const missing = this.ladder(writer.market, money(index), levelValue);
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

  /** The orders the ladder wants around `index`: `levels` a side, on the symbol's grid. */
  private ladder(market: Market, index: MoneyValue, levelValue: MoneyValue): Target[] {
    const { spec, symbol } = market;
    const { spreadBps, stepBps } = this.config;
    const levels = Math.min(Math.max(Math.trunc(this.config.levels), 1), MARKET_MAKER_LEVELS_MAX);
    const step = money(1).plus(money(stepBps).dividedBy(BPS));
    const grid = this.gridFor(symbol, index, step);
    const half = money(spreadBps).dividedBy(2 * BPS);
    const targets: Target[] = [];
    for (let level = 0; level < levels; level++) {
      for (const side of ['buy', 'sell'] as const) {
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
