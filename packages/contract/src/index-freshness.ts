/**
 * One freshness rule for everything that opens or settles on the index: seconds options, contracts,
 * dual investment and loans (DESIGN.md, Markets). A price is only as good as the moment it was
 * recorded, so:
 *  - Opening: an order is refused while the latest recorded tick is older than `maxAgeMs` (the feed is
 *    down or lagging), and an order that opens on the index opens on the FIRST tick recorded after its
 *    acceptance, never on one the user could already see before choosing. No such tick within
 *    `maxAgeMs` of acceptance: the order is void (refunded in full).
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
 *  - expiry 20,000, tick in force at 19,000, tick at 20,100 recorded: settles on 19,000.
 *  - expiry 20,000, tick in force at 2,000 (an 18 s outage), tick at 20,100 recorded: void.
 *  - expiry 20,000, tick in force at 19,000, nothing later, now 20,700: wait; now 21,500: settles on 19,000.
 */

export type TimedTick = { time: number };

/** A tick is fresh at `at` when it was recorded at or before `at`, and at most `maxAgeMs` before it. */
export function tickFreshAt(tick: TimedTick | undefined, at: number, maxAgeMs: number): boolean {
  return tick !== undefined && tick.time <= at && at - tick.time <= maxAgeMs;
}

export type TickDecision<T extends TimedTick> = { kind: 'wait' } | { kind: 'use'; tick: T } | { kind: 'void' };

/**
 * The tick an order accepted at `acceptedAt` opens on: the first recorded after it (`firstAfter`, the
 * earliest tick with time > acceptedAt, if any yet), within `maxAgeMs`; void when none came in time.
 */
export function openingTick<T extends TimedTick>(acceptedAt: number, firstAfter: T | undefined, now: number, maxAgeMs: number): TickDecision<T> {
  if (firstAfter && firstAfter.time > acceptedAt && firstAfter.time - acceptedAt <= maxAgeMs) return { kind: 'use', tick: firstAfter };
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
