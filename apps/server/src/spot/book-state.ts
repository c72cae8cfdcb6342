/**
 * What a symbol writer holds in memory: the engine's book, the open orders with their amounts, and the
 * depth as last committed. Built from the database's open orders (at start, and after a failed batch) in
 * one pass over them; planning a batch changes the book and the orders before they are committed, so
 * readers outside the writer get the committed depth, never the book itself.
 */
import {
  createBook,
  DEPTH_LEVELS_MAX,
  type Depth,
  type OrderBook,
  type OrderType,
  type RestingOrder,
  type Side,
  type SymbolSpec,
} from './engine/index.ts';
import { fineDecimals, toUnits } from './amounts.ts';
import type { SpotOrderRow } from './repository.ts';
import type { SpotOrderStatus } from './tables.ts';

export type Market = {
  symbolId: number;
  symbol: string;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  spec: SymbolSpec;
  makerFeePpm: bigint;
  takerFeePpm: bigint;
  feesAccountId: number;
  /** The quote coin's rounding system account: takes the difference of settleFill's roundings. */
  roundingAccountId: number;
  /** Decimals of the quote coin, and its smallest unit in fine units (the ledger takes whole units only). */
  quoteDecimals: number;
  quoteUnit: bigint;
};

export type UserAccounts = { base: number; quote: number };

/** An order the writer knows: placed in this batch, or resting. Amount fields are exact integers. */
export type LiveOrder = {
  id: number;
  userId: number;
  side: Side;
  type: OrderType;
  /** Ticks: the limit price, or a market order's protection price (null only on rows from before it had one). */
  price: number | null;
  quantity: number;
  /** Quote fine units for a buy, lots for a sell. */
  frozen: bigint;
  /** Of `frozen`: what fills paid (buy) or delivered (sell), plus what was released; frozen - used is still held. */
  used: bigint;
  filledLots: bigint;
  filledQuote: bigint;
  /** Fine units of the quote coin, exact. */
  fee: bigint;
  status: SpotOrderStatus;
  doneReason: string | null;
  accounts: UserAccounts;
  createdAt: Date;
  updatedAt: Date;
};

/** An open order row without its spot accounts (the caller found none: a corrupt database). */
export class MissingAccountError extends Error {}

export class BookState {
  /** The depth as of the last commit, DEPTH_LEVELS_MAX levels a side. */
  private committed: Depth = { bids: [], asks: [] };

  constructor(
    readonly book: OrderBook,
    readonly live: Map<number, LiveOrder>,
  ) {
    this.markCommitted();
  }

  static empty(spec: SymbolSpec) {
    return new BookState(createBook(spec), new Map());
  }

  /**
   * The state of a symbol from its open order rows (in id order, hence time priority) and the owners'
   * spot accounts: one pass over each, the accounts looked up in a map.
   */
  static fromRows(market: Market, rows: SpotOrderRow[], accounts: { id: number; userId: number | null; currencyId: number }[]) {
    const { spec } = market;
    const fine = fineDecimals(spec);
    const accountIds = new Map<string, number>();
    for (const account of accounts) accountIds.set(`${account.userId}:${account.currencyId}`, account.id);
    const accountOf = (userId: number, currencyId: number) => {
      const found = accountIds.get(`${userId}:${currencyId}`);
      if (found === undefined) throw new MissingAccountError(`spot: user ${userId} has an open order but no spot account in currency ${currencyId}`);
      return found;
    };
    const live = new Map<number, LiveOrder>();
    const resting: RestingOrder[] = [];
    for (const row of rows) {
      const units = row.side === 'buy' ? fine : spec.quantityDecimals;
      const order: LiveOrder = {
        id: row.id,
        userId: row.userId,
        side: row.side,
        type: row.type,
        price: row.price === null ? null : Number(toUnits(row.price, spec.priceDecimals)),
        quantity: Number(toUnits(row.quantity, spec.quantityDecimals)),
        frozen: toUnits(row.frozen, units),
        used: toUnits(row.used, units),
        filledLots: toUnits(row.filledQuantity, spec.quantityDecimals),
        filledQuote: toUnits(row.filledQuote, spec.priceDecimals + spec.quantityDecimals),
        fee: toUnits(row.fee, fine),
        status: row.status,
        doneReason: row.doneReason,
        accounts: { base: accountOf(row.userId, market.baseCurrencyId), quote: accountOf(row.userId, market.quoteCurrencyId) },
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
      live.set(order.id, order);
      resting.push({
        id: order.id,
        accountId: order.userId,
        side: order.side,
        price: order.price!,
        quantity: order.quantity,
        remaining: order.quantity - Number(order.filledLots),
        time: order.createdAt.getTime(),
        sequence: resting.length + 1,
      });
    }
    return new BookState(createBook(spec, { sequence: resting.length, orders: resting }), live);
  }

  /** After a commit (or a rebuild): the book now holds only committed state, so its depth is what readers get. */
  markCommitted() {
    this.committed = this.book.depth(DEPTH_LEVELS_MAX);
  }

  /** The committed depth, at most `levels` a side. */
  committedDepth(levels: number): Depth {
    return { bids: this.committed.bids.slice(0, levels), asks: this.committed.asks.slice(0, levels) };
  }
}
