/**
 * One side of a book: price levels kept in a sorted array, each level an intrusive doubly linked FIFO
 * of orders. Levels are few (hundreds) and activity clusters at the best price, so the array is sorted
 * with the best level LAST: taking the best is O(1), removing it is a pop, and a new level near the
 * top splices close to the end. Lookups of other prices are a binary search.
 */
import type { AccountId, OrderId } from './types.ts';

/** A resting order; a class so every node shares one hidden class, and its own list links. */
export class OrderNode {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;

  constructor(
    readonly id: OrderId,
    readonly accountId: AccountId,
    readonly isBuy: boolean,
    readonly price: number,
    readonly quantity: number,
    public remaining: number,
    readonly time: number,
    readonly sequence: number,
  ) {}
}

/** All orders at one price, oldest first. */
export class PriceLevel {
  /** Sum of the orders' remaining lots. */
  quantity = 0;
  orders = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;

  constructor(
    readonly price: number,
    /** Sort key: the price for bids, minus the price for asks, so both sides sort ascending. */
    readonly key: number,
  ) {}

  append(node: OrderNode) {
    node.level = this;
    node.prev = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.quantity += node.remaining;
    this.orders++;
  }

  /** Unlinks a node and takes its remaining lots off the level (0 for a node that just filled). */
  unlink(node: OrderNode) {
    if (node.prev === null) this.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) this.tail = node.prev;
    else node.next.prev = node.prev;
    this.quantity -= node.remaining;
    this.orders--;
    node.prev = node.next = node.level = null;
  }
}

export class BookSide {
  /** Ascending by key: the best level is the last one. */
  private readonly levels: PriceLevel[] = [];
  private readonly sign: 1 | -1;

  constructor(readonly isBuy: boolean) {
    this.sign = isBuy ? 1 : -1;
  }

  get size() {
    return this.levels.length;
  }

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** The level `rank` places behind the best (0 = best). */
  at(rank: number): PriceLevel | undefined {
    return this.levels[this.levels.length - 1 - rank];
  }

  find(price: number): PriceLevel | undefined {
    const key = this.sign * price;
    const level = this.levels[this.lowerBound(key)];
    return level !== undefined && level.key === key ? level : undefined;
  }

  /** The level at `price`, created in its sorted place if missing. */
  findOrCreate(price: number): PriceLevel {
    const key = this.sign * price;
    const levels = this.levels;
    const best = levels[levels.length - 1];
    // Fast path: a new best price, the common case for quotes moving with the market.
    if (best === undefined || key > best.key) {
      const level = new PriceLevel(price, key);
      levels.push(level);
      return level;
    }
    const index = this.lowerBound(key);
    const found = levels[index];
    if (found !== undefined && found.key === key) return found;
    const level = new PriceLevel(price, key);
    levels.splice(index, 0, level);
    return level;
  }

  /** Drops an empty level. */
  remove(level: PriceLevel) {
    const levels = this.levels;
    if (levels[levels.length - 1] === level) {
      levels.pop();
      return;
    }
    const index = this.lowerBound(level.key);
    if (levels[index] !== level) throw new Error(`price level ${level.price} is not in the book`);
    levels.splice(index, 1);
  }

  /** First index whose key is >= key. */
  private lowerBound(key: number): number {
    const levels = this.levels;
    let low = 0;
    let high = levels.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (levels[middle]!.key < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
