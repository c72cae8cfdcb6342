/**
 * A living spot market on a development start (production seeds none and runs none): a few demo spot
 * traders, visible users marked demo that can log in (password demo123456), their spot accounts funded
 * through the ledger (a `demo_seed` deposit of USDT and of every seeded base coin). A recurring job then
 * has one of them place one small market order per round through SpotService.place, the call
 * /coin/trade makes, so it trades against the market maker's quotes (or anyone's): every spot pair gets
 * trades, candles and 24 h volume within a minute. The job's choices (which trader, side and size) are
 * drawn from MARKET_SEED; it never sets a price or a result, the book does. Sides lean back towards each
 * trader's seeded holding, so balances stay bounded. Operators switch it off with
 * POST /api/admin/spot/demo-trading (a row in the settings table). A second seed adds nothing.
 */
import { money, truncateTo, type MoneyValue } from '@fairex/contract';
import { inArray } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import { insertUser } from '../accounts/repository.ts';
import { users } from '../accounts/tables.ts';
import type { Db, Executor } from '../db/client.ts';
import { accountsOf, openUserAccounts } from '../ledger/index.ts';
import { demoDeposit } from '../site/demo.ts';
import { listSymbols } from '../markets/repository.ts';
import { randomSource } from '../markets/random.ts';
import { readSetting } from '../site/repository.ts';
import { currencies } from '../site/tables.ts';
import { ticksToPrice } from './engine/index.ts';
import type { SpotService } from './service.ts';

export const SPOT_DEMO_PASSWORD = 'demo123456';
/** The demo spot traders; each gets SPOT_DEMO_QUOTE_FUNDS USDT and base coins worth SPOT_DEMO_BASE_VALUE each. */
export const SPOT_DEMO_TRADERS = [
  { account: 'spot-demo-1@fairex.local', nickname: 'Spot demo 1' },
  { account: 'spot-demo-2@fairex.local', nickname: 'Spot demo 2' },
  { account: 'spot-demo-3@fairex.local', nickname: 'Spot demo 3' },
];
const SPOT_DEMO_QUOTE_COIN = 'USDT';
export const SPOT_DEMO_QUOTE_FUNDS = '50000';
/** USDT value of each base coin a trader is seeded with, at the symbol's start price. */
const SPOT_DEMO_BASE_VALUE = '20000';
/** The settings row the back office writes (POST /api/admin/spot/demo-trading); absent means on. */
export const SPOT_DEMO_TRADING_SETTING = 'spot_demo_trading';
/** One order per round; the symbols take turns, so with up to 12 pairs each trades within a minute. */
export const SPOT_DEMO_EVERY_MS = 5_000;
/** The USDT value of one demo order: drawn between these, and never below a few times the symbol's minimum. */
const ORDER_VALUE_MIN = 10;
const ORDER_VALUE_MAX = 80;
const ORDER_VALUE_MIN_MULTIPLE = 2;
/** How far a side's chance leans back towards the seeded holding (at most 10 %-90 %). */
const SIDE_CHANCE_MIN = 0.1;
const SIDE_CHANCE_MAX = 0.9;

/** The demo spot traders' user ids, in seed order (empty before the seed). */
export async function spotDemoTraderIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, SPOT_DEMO_TRADERS.map((t) => t.account)));
  return SPOT_DEMO_TRADERS.map((t) => rows.find((r) => r.account === t.account)?.id).filter((id): id is number => id !== undefined);
}

/** Whether the job trades: on unless an operator switched it off. */
export async function spotDemoTradingEnabled(db: Executor): Promise<boolean> {
  return (await readSetting(db, SPOT_DEMO_TRADING_SETTING)) !== false;
}

/** The base coin quantity each trader is seeded with per spot symbol quoted in USDT. */
async function seededHoldings(db: Executor) {
  const coins = await db.select({ id: currencies.id, name: currencies.name, decimals: currencies.decimals }).from(currencies);
  const quote = coins.find((c) => c.name === SPOT_DEMO_QUOTE_COIN);
  if (!quote) return undefined;
  const holdings = new Map<number, string>();
  for (const s of await listSymbols(db)) {
    if (s.kind !== 'spot' || s.baseCurrencyId === null || s.quoteCurrencyId !== quote.id) continue;
    const coin = coins.find((c) => c.id === s.baseCurrencyId);
    if (!coin || money(s.startPrice).lte(0)) continue;
    holdings.set(coin.id, truncateTo(money(SPOT_DEMO_BASE_VALUE).dividedBy(s.startPrice), Math.min(coin.decimals, s.quantityDecimals)));
  }
  return { quoteId: quote.id, holdings };
}

/** Seeds the demo spot traders once, after the markets (their base coins follow the spot symbols). */
export async function seedSpotDemo(db: Db) {
  if ((await spotDemoTraderIds(db)).length > 0) return;
  const funding = await seededHoldings(db);
  if (!funding) return;
  const passwordHash = await hashPassword(SPOT_DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const [i, t] of SPOT_DEMO_TRADERS.entries()) {
      const user = await insertUser(tx, { account: t.account, email: t.account, nickname: t.nickname, passwordHash, extensionCode: `DEMOSPT${i + 1}` });
      await openUserAccounts(tx, user.id);
      const fund = (currencyId: number, amount: string) => demoDeposit(tx, { userId: user.id, currencyId, kind: 'spot', amount, memo: 'demo spot trader funds', scope: 'spot' });
      await fund(funding.quoteId, SPOT_DEMO_QUOTE_FUNDS);
      for (const [coinId, quantity] of funding.holdings) if (money(quantity).gt(0)) await fund(coinId, quantity);
    }
  });
}

export type DemoOrderChoice = { side: 'buy' | 'sell'; quantity: string };

/**
 * One demo order's side and size (pure): a value drawn between the bounds (at least a few times the
 * symbol's minimum), at the best price on the side it takes; the side leans back towards the seeded
 * holding, and a side the trader cannot afford is not chosen. Undefined when neither side fits.
 */
export function chooseDemoOrder(
  random: () => number,
  input: { price: MoneyValue; quantityDecimals: number; orderValueMin: string; held: string; seeded: string; quoteAvailable: string },
): DemoOrderChoice | undefined {
  const valueMin = Math.max(ORDER_VALUE_MIN, Number(input.orderValueMin) * ORDER_VALUE_MIN_MULTIPLE);
  const valueMax = Math.max(ORDER_VALUE_MAX, valueMin * 2);
  const value = valueMin + random() * (valueMax - valueMin);
  const quantity = truncateTo(money(value).dividedBy(input.price), input.quantityDecimals);
  if (money(quantity).lte(0) || money(quantity).times(input.price).lt(input.orderValueMin)) return undefined;
  const seeded = money(input.seeded);
  const lean = seeded.gt(0) ? seeded.minus(input.held).dividedBy(seeded).toNumber() : 0;
  const buyChance = Math.min(SIDE_CHANCE_MAX, Math.max(SIDE_CHANCE_MIN, 0.5 + lean));
  // Buying freezes the price plus the market protection and the fee: ask for a margin above the value.
  const canBuy = money(input.quoteAvailable).gte(money(quantity).times(input.price).times(1.1));
  const canSell = money(input.held).gte(quantity);
  const wantsBuy = random() < buyChance;
  if (wantsBuy && canBuy) return { side: 'buy', quantity };
  if (!wantsBuy && canSell) return { side: 'sell', quantity };
  if (canBuy) return { side: 'buy', quantity };
  if (canSell) return { side: 'sell', quantity };
  return undefined;
}

/**
 * The demo spot traders' rounds: each round, the next spot symbol in turn gets one market order from a
 * drawn trader, through SpotService.place as /coin/trade. An empty book side (no quotes yet) skips it.
 */
export class DemoSpotTraders {
  private rounds = 0;

  constructor(
    private readonly db: Db,
    private readonly spot: SpotService,
    private readonly seed: number | undefined,
  ) {}

  /** One round, awaited (tests): the order placed, or undefined when none was. */
  async round() {
    if (!(await spotDemoTradingEnabled(this.db))) return undefined;
    const traders = await spotDemoTraderIds(this.db);
    const writers = this.spot.allWriters().filter((w) => this.spot.isTrading(w.market.symbolId));
    if (traders.length === 0 || writers.length === 0) return undefined;
    const round = this.rounds++;
    const random = randomSource(this.seed === undefined ? undefined : this.seed + round * 7919 + 17);
    const writer = writers[round % writers.length]!;
    const userId = traders[Math.floor(random() * traders.length)]!;
    const { market } = writer;
    const symbol = this.spot.symbols.find((s) => s.id === market.symbolId);
    const funding = await seededHoldings(this.db);
    const depth = writer.depth(1);
    const best = { buy: depth.asks[0], sell: depth.bids[0] };
    if (!symbol || !funding || (!best.buy && !best.sell)) return undefined;
    const accounts = (await accountsOf(this.db, userId)).filter((a) => a.kind === 'spot');
    const available = (currencyId: number) => accounts.find((a) => a.currency_id === currencyId)?.available ?? '0';
    const price = ticksToPrice(market.spec, (best.buy ?? best.sell)!.price);
    let choice = chooseDemoOrder(random, {
      price: money(price),
      quantityDecimals: market.spec.quantityDecimals,
      orderValueMin: symbol.orderValueMin,
      held: available(market.baseCurrencyId),
      seeded: funding.holdings.get(market.baseCurrencyId) ?? '0',
      quoteAvailable: available(market.quoteCurrencyId),
    });
    // The chosen side takes the other side of the book: with none there, nothing to trade against.
    if (choice && !best[choice.side]) choice = undefined;
    if (!choice) return undefined;
    return this.spot.place(userId, { amount: choice.quantity, currency_id: market.baseCurrencyId, legal_id: market.quoteCurrencyId, type: choice.side });
  }
}
