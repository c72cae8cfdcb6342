/**
 * A hash table keyed by positive numbers: the book's resting orders by id, and each side's levels by price
 * (ticks). Open addressing (linear probing, at most half full, deletion by backward shift so no tombstones
 * pile up). Every place and cancel looks an id up, and most insert or delete one; here that costs a
 * multiply and a probe or two in a typed array, where a Map call was a quarter of the engine's time under
 * bench:engine. Stored keys are positive (the book refuses other ids and prices before it stores one), so
 * 0 marks an empty slot; a lookup of any other number finds nothing.
 */

/** Slots to start with (a power of two); the table doubles whenever it would be more than half full. */
const SLOTS_INITIAL = 256;
/** 2^32 / golden ratio: Fibonacci hashing spreads sequential and strided ids alike. */
const HASH_MULTIPLIER = 0x9e3779b1;
const TWO_TO_32 = 0x1_0000_0000;

export class HashIndex<T> {
  private keys = new Float64Array(SLOTS_INITIAL);
  private values: (T | null)[] = new Array<T | null>(SLOTS_INITIAL).fill(null);
  private mask = SLOTS_INITIAL - 1;
  /** 32 minus log2(slots): the hash keeps the product's top bits. */
  private shift = 32 - Math.log2(SLOTS_INITIAL);
  private count = 0;

  get size() {
    return this.count;
  }

  get(id: number): T | undefined {
    const keys = this.keys;
    for (let slot = this.home(id); ; slot = (slot + 1) & this.mask) {
      const key = keys[slot]!;
      // Empty first: a lookup of 0 must not match an empty slot.
      if (key === 0) return undefined;
      if (key === id) return this.values[slot]!;
    }
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** Adds or replaces the value of `id` (a positive number). */
  set(id: number, value: T) {
    if (!(id > 0)) throw new RangeError(`hash index: ${id} is not a positive key`);
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    let slot = this.home(id);
    for (; keys[slot] !== 0; slot = (slot + 1) & this.mask) {
      if (keys[slot] === id) {
        this.values[slot] = value;
        return;
      }
    }
    keys[slot] = id;
    this.values[slot] = value;
    this.count++;
  }

  /** Removes `id`; false when it was not there. */
  delete(id: number): boolean {
    const keys = this.keys;
    const values = this.values;
    const mask = this.mask;
    let hole = this.home(id);
    for (; ; hole = (hole + 1) & mask) {
      const key = keys[hole]!;
      if (key === 0) return false;
      if (key === id) break;
    }
    // Backward shift: each later entry of the run moves into the hole unless its home slot lies after the
    // hole (cyclically), so every entry stays reachable from its home without tombstones.
    for (let slot = (hole + 1) & mask; keys[slot] !== 0; slot = (slot + 1) & mask) {
      const key = keys[slot]!;
      if (((slot - this.home(key)) & mask) >= ((slot - hole) & mask)) {
        keys[hole] = key;
        values[hole] = values[slot]!;
        hole = slot;
      }
    }
    keys[hole] = 0;
    values[hole] = null;
    this.count--;
    return true;
  }

  /** The values, in no particular order. */
  *[Symbol.iterator](): IterableIterator<T> {
    for (let slot = 0; slot < this.keys.length; slot++) {
      if (this.keys[slot] !== 0) yield this.values[slot]!;
    }
  }

  /** The slot an id hashes to. Ids past 2^32 mix their high part in (low 32 bits alone would still be correct). */
  private home(id: number): number {
    const high = id < TWO_TO_32 ? 0 : (id / TWO_TO_32) | 0;
    return Math.imul((id | 0) ^ Math.imul(high, HASH_MULTIPLIER), HASH_MULTIPLIER) >>> this.shift;
  }

  private grow() {
    const keys = this.keys;
    const values = this.values;
    const slots = keys.length * 2;
    this.keys = new Float64Array(slots);
    this.values = new Array<T | null>(slots).fill(null);
    this.mask = slots - 1;
    this.shift--;
    this.count = 0;
    for (let slot = 0; slot < keys.length; slot++) {
      if (keys[slot] !== 0) this.set(keys[slot]!, values[slot]!);
    }
  }
}
