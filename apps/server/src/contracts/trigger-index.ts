/**
 * The trigger index: a pure in-memory core with no I/O (like spot/engine). Per symbol, every price at
 * which something must happen (a pending limit order fills, a take-profit or stop-loss closes, an
 * account reaches its liquidation trigger) sits in one of two sorted arrays, so a mark tick touches only
 * the entries it crosses (a binary search and a slice), never every position:
 *  - `below`: fires when the mark is at or below the price (a long's SL, a short's TP, a long limit,
 *    a net-long account's liquidation), sorted ascending, so the crossed ones are a suffix;
 *  - `above`: fires when the mark is at or above the price (the mirrors), sorted ascending, crossed ones
 *    a prefix.
 * A crossed entry is removed and returned; the caller decides (with exact figures) and re-adds what still
 * waits. Prices are integers of 10^-18 (exact for NUMERIC(36,18)). Removing an entry only marks it dead
 * (a closed position's other triggers cost nothing to drop); crossing skips dead entries, and the
 * arrays are compacted once the dead outnumber the live. A start loads everything with one sort.
 * Added entries wait in a short unsorted list until the next cross (or compaction): a few are then
 * inserted one by one, many (a cascade recomputing a thousand accounts' triggers) sorted and merged in
 * one pass, instead of a thousand insertions into an array of 100,000.
 */
import { toUnits } from '@fairex/contract';

export const TRIGGER_PRICE_DECIMALS = 18;
export type TriggerWhen = 'below' | 'above';
export type TriggerEntry<T> = { key: string; price: bigint; when: TriggerWhen; value: T; live: boolean };
/** Removed entries stay in their array, skipped, until they outnumber the live ones (then the arrays are compacted). */
export const DEAD_ENTRIES_MIN_FOR_COMPACTION = 1024;
/** Up to this many added entries are inserted one by one at the next cross; more are sorted and merged. */
export const ADDED_ENTRIES_MAX_FOR_INSERTION = 16;

const byPrice = <T>(a: TriggerEntry<T>, b: TriggerEntry<T>) => (a.price < b.price ? -1 : a.price > b.price ? 1 : 0);

/** The ascending merge of two ascending lists; on equal prices `first`'s entries come first (they were there before). */
function merge<T>(first: TriggerEntry<T>[], second: TriggerEntry<T>[]): TriggerEntry<T>[] {
  const merged = new Array<TriggerEntry<T>>(first.length + second.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < first.length && j < second.length) merged[k++] = second[j]!.price < first[i]!.price ? second[j++]! : first[i++]!;
  while (i < first.length) merged[k++] = first[i++]!;
  while (j < second.length) merged[k++] = second[j++]!;
  return merged;
}

export const priceUnits = (price: string) => toUnits(price, TRIGGER_PRICE_DECIMALS);

/** First index whose price is > price (upper) or >= price (lower) in an ascending array. */
function bound<T>(list: TriggerEntry<T>[], price: bigint, upper: boolean) {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const p = list[mid]!.price;
    if (upper ? p <= price : p < price) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** One symbol's triggers. */
export class TriggerBook<T> {
  private below: TriggerEntry<T>[] = [];
  private above: TriggerEntry<T>[] = [];
  /** Entries added since the last cross, not yet in the sorted arrays. */
  private added: TriggerEntry<T>[] = [];
  private readonly byKey = new Map<string, TriggerEntry<T>>();
  private dead = 0;

  /** `insertAtMost`: ADDED_ENTRIES_MAX_FOR_INSERTION (tests lower it to prove the merge). */
  constructor(private readonly insertAtMost = ADDED_ENTRIES_MAX_FOR_INSERTION) {}

  get size() {
    return this.byKey.size;
  }

  has(key: string) {
    return this.byKey.has(key);
  }

  /** Adds (or moves) the entry under `key`. */
  set(key: string, price: bigint, when: TriggerWhen, value: T) {
    this.remove(key);
    const entry = { key, price, when, value, live: true };
    this.added.push(entry);
    this.byKey.set(key, entry);
  }

  /** Puts the added entries in the sorted arrays. */
  private settle() {
    if (this.added.length === 0) return;
    const added = this.added.filter((e) => e.live);
    this.dead -= this.added.length - added.length;
    this.added = [];
    if (added.length <= this.insertAtMost) {
      for (const entry of added) {
        const list = entry.when === 'below' ? this.below : this.above;
        list.splice(bound(list, entry.price, true), 0, entry);
      }
      return;
    }
    added.sort(byPrice);
    this.below = merge(this.below, added.filter((e) => e.when === 'below'));
    this.above = merge(this.above, added.filter((e) => e.when === 'above'));
  }

  /** Adds many entries with one sort (a start), replacing any under the same keys. */
  load(entries: { key: string; price: bigint; when: TriggerWhen; value: T }[]) {
    for (const e of entries) {
      this.remove(e.key);
      const entry = { ...e, live: true };
      (e.when === 'below' ? this.below : this.above).push(entry);
      this.byKey.set(e.key, entry);
    }
    this.below.sort(byPrice);
    this.above.sort(byPrice);
  }

  remove(key: string): boolean {
    const entry = this.byKey.get(key);
    if (!entry) return false;
    this.byKey.delete(key);
    entry.live = false;
    if (++this.dead >= DEAD_ENTRIES_MIN_FOR_COMPACTION && this.dead > this.byKey.size) this.compact();
    return true;
  }

  private compact() {
    this.settle();
    this.below = this.below.filter((e) => e.live);
    this.above = this.above.filter((e) => e.live);
    this.dead = 0;
  }

  /** Removes and returns every live entry the mark crosses. */
  cross(mark: bigint): TriggerEntry<T>[] {
    this.settle();
    const fallen = this.below.splice(bound(this.below, mark, false));
    const risen = this.above.splice(0, bound(this.above, mark, true));
    const crossed: TriggerEntry<T>[] = [];
    for (const list of [fallen, risen]) {
      for (const entry of list) {
        if (!entry.live) {
          this.dead--;
          continue;
        }
        entry.live = false;
        this.byKey.delete(entry.key);
        crossed.push(entry);
      }
    }
    return crossed;
  }

  entries(): TriggerEntry<T>[] {
    return [...this.byKey.values()];
  }

  /** The live entry's value under `key` (undefined once crossed or removed). */
  get(key: string): T | undefined {
    return this.byKey.get(key)?.value;
  }
}

/** Books by symbol. */
export class TriggerIndex<T> {
  private readonly books = new Map<string, TriggerBook<T>>();

  book(symbol: string): TriggerBook<T> {
    let book = this.books.get(symbol);
    if (!book) this.books.set(symbol, (book = new TriggerBook<T>()));
    return book;
  }

  set(symbol: string, key: string, price: string, when: TriggerWhen, value: T) {
    this.book(symbol).set(key, priceUnits(price), when, value);
  }

  load(symbol: string, entries: { key: string; price: string; when: TriggerWhen; value: T }[]) {
    this.book(symbol).load(entries.map((e) => ({ ...e, price: priceUnits(e.price) })));
  }

  remove(symbol: string, key: string) {
    return this.books.get(symbol)?.remove(key) ?? false;
  }

  get(symbol: string, key: string): T | undefined {
    return this.books.get(symbol)?.get(key);
  }

  cross(symbol: string, mark: string): TriggerEntry<T>[] {
    return this.books.get(symbol)?.cross(priceUnits(mark)) ?? [];
  }

  clear() {
    this.books.clear();
  }
}
