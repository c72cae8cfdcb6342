/**
 * Spot anti-abuse limits (issue 9), checked by the spot service before an order or a cancel reaches a
 * symbol's writer: orders and cancels per user and second and minute, and open orders per user and
 * symbol. The market maker places through the writers directly, so none of them applies to it (its own
 * bound is MARKET_MAKER_LEVELS_MAX levels a side).
 */

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

/** Users whose windows are kept at most; past it, windows of earlier minutes are dropped. */
const USERS_TRACKED_MAX = 100_000;

/** countRequest per user, in memory (one trading process per database). */
export class OrderRateLimiter {
  private readonly windows = new Map<number, RequestWindow>();

  constructor(
    private readonly limits: Pick<SpotOrderLimits, 'ordersPerSecond' | 'ordersPerMinute'>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether the user may send one more order or cancel now (and counts it if so). */
  take(userId: number): boolean {
    const now = this.now();
    if (this.windows.size >= USERS_TRACKED_MAX) this.forgetBefore(Math.floor(now / 60_000));
    const { allowed, window } = countRequest(this.windows.get(userId), now, this.limits);
    this.windows.set(userId, window);
    return allowed;
  }

  private forgetBefore(minute: number) {
    for (const [userId, window] of this.windows) if (window.minute < minute) this.windows.delete(userId);
    // Everyone active this minute: start afresh rather than grow without bound.
    if (this.windows.size >= USERS_TRACKED_MAX) this.windows.clear();
  }
}
