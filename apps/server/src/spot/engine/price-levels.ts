/**
 * One side of a book: price levels kept in a sorted array, each level an intrusive doubly linked FIFO
 * of orders. Levels are few (hundreds) and activity clusters at the best price, so the array is sorted
 * with the best level LAST: taking the best is O(1), removing it is a pop, and a new level near the
 * top moves only the few levels after it. A level is found by its price in a hash index; only a new
 * level's sorted place is searched for, from the best end outwards.
 */
import { HashIndex } from './hash-index.ts';
import type { AccountId, OrderId } from './types.ts';

/**
 * A resting order; a class so every node shares one hidden class, and its own list links. Nodes never
 * leave the engine (order() and snapshot() copy them), so the book reuses the nodes of orders that left
 * (set): fewer young objects to allocate, copy and promote, and stores between old objects are cheap.
 */
export class OrderNode {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;

  constructor(
    public id: OrderId,
    public accountId: AccountId,
    public isBuy: boolean,
    public price: number,
    public quantity: number,
    public remaining: number,
    public time: number,
    public sequence: number,
  ) {}

  /** Makes a spare node (unlinked) into a new order's. */
  set(id: OrderId, accountId: AccountId, isBuy: boolean, price: number, quantity: number, remaining: number, time: number, sequence: number) {
    this.id = id;
    this.accountId = accountId;
    this.isBuy = isBuy;
    this.price = price;
    this.quantity = quantity;
    this.remaining = remaining;
    this.time = time;
    this.sequence = sequence;
    return this;
  }
}

/** All orders at one price, oldest first. */
export class PriceLevel {
  /** Sum of the orders' remaining lots. */
  quantity = 0;
  orders = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;

  constructor(
    public price: number,
    /** Sort key: the price for bids, minus the price for asks, so both sides sort ascending. */
    public key: number,
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

/** Levels a side has room for before its key array grows (it doubles). */
const LEVEL_SLOTS_INITIAL = 256;
/** Emptied levels a side keeps for reuse (as the book does nodes); past this many they are left to the GC. */
const SPARE_LEVELS_MAX = 1024;

export class BookSide {
  /**
   * Ascending by key: the best level is the last one, at count - 1. The array never shrinks (slots past
   * count hold undefined): popping and pushing at a capacity boundary made V8 trim and regrow its store.
   */
  private readonly levels: (PriceLevel | undefined)[] = [];
  /**
   * The levels' keys in the same order, in a typed array: a search reads these few contiguous numbers
   * instead of one level object per probe.
   */
  private keys = new Float64Array(LEVEL_SLOTS_INITIAL);
  private count = 0;
  /** Levels by price: finding a level to join is a hash probe; only a new level needs its sorted place. */
  private readonly byPrice = new HashIndex<PriceLevel>();
  /** Emptied levels to reuse: a level is born and emptied at each new best price. */
  private readonly spare: PriceLevel[] = [];
  private readonly sign: 1 | -1;

  constructor(readonly isBuy: boolean) {
    this.sign = isBuy ? 1 : -1;
  }

  get size() {
    return this.count;
  }

  best(): PriceLevel | undefined {
    return this.count === 0 ? undefined : this.levels[this.count - 1];
  }

  /** The level `rank` places behind the best (0 = best). */
  at(rank: number): PriceLevel | undefined {
    const index = this.count - 1 - rank;
    return index >= 0 && index < this.count ? this.levels[index] : undefined;
  }

  find(price: number): PriceLevel | undefined {
    return this.byPrice.get(price);
  }

  /** The level at `price`, created in its sorted place if missing. */
  findOrCreate(price: number): PriceLevel {
    const found = this.byPrice.get(price);
    if (found !== undefined) return found;
    const key = this.sign * price;
    const count = this.count;
    // Fast path: a new best price, the common case for quotes moving with the market.
    const index = count === 0 || key > this.keys[count - 1]! ? count : this.lowerBound(key);
    let level = this.spare.pop();
    if (level === undefined) level = new PriceLevel(price, key);
    else {
      // Emptied, so its quantity, count and list are already zero and null.
      level.price = price;
      level.key = key;
    }
    this.insertAt(index, level);
    this.byPrice.set(price, level);
    return level;
  }

  /** Drops an empty level; the side may reuse it, so the caller lets go of it. */
  remove(level: PriceLevel) {
    const levels = this.levels;
    const last = this.count - 1;
    // The best level empties most often: nothing to move.
    const index = levels[last] === level ? last : this.lowerBound(level.key);
    if (levels[index] !== level || index > last) throw new Error(`price level ${level.price} is not in the book`);
    // Shifted by hand (a few places, usually): splice would allocate the array of removed elements.
    const keys = this.keys;
    for (let i = index; i < last; i++) {
      levels[i] = levels[i + 1];
      keys[i] = keys[i + 1]!;
    }
    levels[last] = undefined;
    this.count = last;
    this.byPrice.delete(level.price);
    if (this.spare.length < SPARE_LEVELS_MAX) this.spare.push(level);
  }

  private insertAt(index: number, level: PriceLevel) {
    const levels = this.levels;
    const count = this.count;
    if (count === this.keys.length) {
      const keys = new Float64Array(count * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    const keys = this.keys;
    for (let i = count; i > index; i--) {
      levels[i] = levels[i - 1];
      keys[i] = keys[i - 1]!;
    }
    levels[index] = level;
    keys[index] = level.key;
    this.count = count + 1;
  }

  /**
   * First index whose key is >= key. Searches from the best end outwards in doubling steps, then by
   * halves within the last step: most prices asked about are a few levels from the best, and a far one
   * still costs O(log n).
   */
  private lowerBound(key: number): number {
    const keys = this.keys;
    let high = this.count;
    let low = 0;
    for (let step = 1; high > 0; step *= 2) {
      const probe = high - step;
      if (probe < 0) break;
      if (keys[probe]! < key) {
        low = probe + 1;
        break;
      }
      high = probe;
    }
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys[middle]! < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
