/**
 * Spot anti-abuse limits (issue 9), checked by the spot service before an order or a cancel reaches a
 * symbol's writer: orders and cancels per user and second and minute, and open orders per user and
 * symbol. The market maker places through the writers directly, so none of them applies to it (its own
 * bound is MARKET_MAKER_LEVELS_MAX levels a side).
 */
import { type LimitStore, MemoryLimitStore } from '../http/limit-store.ts';

export type SpotOrderLimits = {
  /** Orders and cancels one user may send per second, and per minute. */
  ordersPerSecond: number;
  ordersPerMinute: number;
  /** Open orders one user may hold in one symbol. */
  openOrdersPerSymbolMax: number;
};

/** A user's accepted requests in the current one-second and one-minute windows (fixed windows, aligned to the clock). */
export type RequestWindow = { second: number; inSecond: number; minute: number; inMinute: number };

/**
 * Counts one request at `now` (ms) against both windows. A refused request is not counted, so a client
 * that slows down is served again as soon as a window turns.
 */
export function countRequest(window: RequestWindow | undefined, now: number, limits: Pick<SpotOrderLimits, 'ordersPerSecond' | 'ordersPerMinute'>) {
  const second = Math.floor(now / 1000);
  const minute = Math.floor(now / 60_000);
  const inSecond = window?.second === second ? window.inSecond : 0;
  const inMinute = window?.minute === minute ? window.inMinute : 0;
  if (inSecond >= limits.ordersPerSecond || inMinute >= limits.ordersPerMinute) {
    return { allowed: false, window: { second, inSecond, minute, inMinute } };
  }
  return { allowed: true, window: { second, inSecond: inSecond + 1, minute, inMinute: inMinute + 1 } };
}

/**
 * The per-user order rate in a LimitStore (http/limit-store.ts): process memory alone, Redis when
 * several processes serve one database, so a user's orders count together wherever they arrive. The
 * same fixed clock-aligned windows as countRequest, a refused request counted in neither.
 */
export class OrderRateLimiter {
  constructor(
    private readonly limits: Pick<SpotOrderLimits, 'ordersPerSecond' | 'ordersPerMinute'>,
    private readonly store: LimitStore = new MemoryLimitStore(),
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether the user may send one more order or cancel now (and counts it if so). */
  take(userId: number): Promise<boolean> {
    const now = this.now();
    const second = Math.floor(now / 1000);
    const minute = Math.floor(now / 60_000);
    // The window's number is in its key, so a window turns with the clock; expiry only frees the key.
    return this.store.take([
      { key: `spot-orders:${userId}:s${second}`, windowMs: 1000, max: this.limits.ordersPerSecond },
      { key: `spot-orders:${userId}:m${minute}`, windowMs: 60_000, max: this.limits.ordersPerMinute },
    ]);
  }
}
