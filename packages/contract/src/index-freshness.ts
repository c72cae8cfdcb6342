/**
 * One freshness rule for everything that opens or settles on the index: seconds options, contracts,
 * dual investment and loans (DESIGN.md, Markets). A price is only as good as the moment it was
 * recorded, so:
 *  - Opening: an order is refused while the latest recorded tick is older than `maxAgeMs` (the feed is
 *    down or lagging), and an order that opens on the index opens on the FIRST tick recorded after its
 *    acceptance, never on one the user could already see before choosing. No such tick within
 *    `maxAgeMs` of acceptance: the order is void (refunded in full). "After" holds for the price too,
 *    not only the stamp: a tick's `pricedAt` is the earliest moment its price could have been known
 *    (the public feed: the oldest request time of the quotes its median used; the simulation: its
 *    time). A tick recorded after acceptance but priced before it is skipped and the next one awaited:
 *    a user polling the same exchanges knew that price in advance.
 *  - Settling at a time `at` (an expiry, a maturity): the tick in force at `at` (the latest recorded with
 *    time <= at) settles only if it is fresh, at most `maxAgeMs` before `at`. A stale one means the
 *    index was not known at `at`: the order is void and refunded in full, never settled on a price
 *    from before the gap nor on one from after it.
 *  - The decision is final only once every tick up to `at` is surely recorded: a tick at or after `at`
 *    exists, or `maxAgeMs` has passed since `at` (ticks are recorded in time order within that).
 * `maxAgeMs` is one feed interval plus the recording delay (the server's `indexFreshMs`).
 *
 * Worked examples, maxAgeMs = 1,500:
 *  - latest tick at 10,000, order at 11,200: fresh (1,200 old), accepted; ticks at 11,000 (before) and
 *    12,000 (after) recorded: it opens on 12,000.
 *  - latest tick at 10,000, order at 11,600: stale (1,600 old), refused.
 *  - public feed: a tick at 12,000 priced from quotes requested at 10,900, order at 11,200: not this
 *    one (its price was known before the order), the next: a tick at 12,400 priced at 11,900 (the
 *    next poll round's quotes) opens it.
 *  - expiry 20,000, tick in force at 19,000, tick at 20,100 recorded: settles on 19,000.
 *  - expiry 20,000, tick in force at 2,000 (an 18 s outage), tick at 20,100 recorded: void.
 *  - expiry 20,000, tick in force at 19,000, nothing later, now 20,700: wait; now 21,500: settles on 19,000.
 */

/** A tick's time, and when its price was first knowable where earlier (undefined or null: its time). */
export type TimedTick = { time: number; pricedAt?: number | null };

/** The earliest moment the tick's price could have been known: pricedAt where given, else its time. */
export function pricedAtOf(tick: TimedTick): number {
  return tick.pricedAt ?? tick.time;
}

/** Whether an order accepted at `acceptedAt` may open on this tick: recorded AND priced after it. */
export function tickAfter(tick: TimedTick, acceptedAt: number): boolean {
  return tick.time > acceptedAt && pricedAtOf(tick) > acceptedAt;
}

/** A tick is fresh at `at` when it was recorded at or before `at`, and at most `maxAgeMs` before it. */
export function tickFreshAt(tick: TimedTick | undefined, at: number, maxAgeMs: number): boolean {
  return tick !== undefined && tick.time <= at && at - tick.time <= maxAgeMs;
}

export type TickDecision<T extends TimedTick> = { kind: 'wait' } | { kind: 'use'; tick: T } | { kind: 'void' };

/**
 * The tick an order accepted at `acceptedAt` opens on: the first recorded and priced after it
 * (`firstAfter`, the earliest tick by time with tickAfter, if any yet: the searches skip ticks priced
 * before acceptance), within `maxAgeMs`; void when none came in time, or when handed one not after it.
 */
export function openingTick<T extends TimedTick>(acceptedAt: number, firstAfter: T | undefined, now: number, maxAgeMs: number): TickDecision<T> {
  if (firstAfter && tickAfter(firstAfter, acceptedAt) && firstAfter.time - acceptedAt <= maxAgeMs) return { kind: 'use', tick: firstAfter };
  if (firstAfter || now - acceptedAt > maxAgeMs) return { kind: 'void' };
  return { kind: 'wait' };
}

/**
 * The tick a settlement at `at` uses: the one in force (`inForce`, latest with time <= at), once final
 * (`laterRecorded`: a tick with time >= at exists; or `maxAgeMs` past `at`), and only if fresh; else void.
 */
export function settlementTick<T extends TimedTick>(inForce: T | undefined, laterRecorded: boolean, at: number, now: number, maxAgeMs: number): TickDecision<T> {
  if (!laterRecorded && now - at < maxAgeMs) return { kind: 'wait' };
  return tickFreshAt(inForce, at, maxAgeMs) ? { kind: 'use', tick: inForce! } : { kind: 'void' };
}
