// Worked examples of the per-user order rate rule (spot/order-limits.ts): fixed one-second and
// one-minute windows aligned to the clock, refusals not counted.
import { describe, expect, it } from 'vitest';
import { countRequest, OrderRateLimiter, type RequestWindow } from '../../src/spot/order-limits.ts';

const limits = { ordersPerSecond: 3, ordersPerMinute: 5 };

/** Runs requests at the given times (ms) through countRequest; answers which were allowed. */
function run(times: number[]) {
  let window: RequestWindow | undefined;
  return times.map((now) => {
    const result = countRequest(window, now, limits);
    window = result.window;
    return result.allowed;
  });
}

describe('countRequest', () => {
  it('allows 3 requests in one second and refuses the 4th, then allows again when the second turns', () => {
    expect(run([0, 100, 200, 300, 1000])).toEqual([true, true, true, false, true]);
  });

  it('refuses the 6th request of a minute even when its second is quiet, until the minute turns', () => {
    // 3 in second 0, 2 in second 1 (5 in the minute), then second 2 is refused; minute 1 is open again.
    expect(run([0, 1, 2, 1000, 1001, 2000, 59_999, 60_000])).toEqual([true, true, true, true, true, false, false, true]);
  });

  it('does not count refused requests, so a client that slows down is served at the next second', () => {
    expect(run([0, 1, 2, 3, 4, 5, 6, 1000])).toEqual([true, true, true, false, false, false, false, true]);
  });
});

describe('OrderRateLimiter', () => {
  it('counts each user apart', () => {
    let now = 0;
    const limiter = new OrderRateLimiter(limits, () => now);
    expect([1, 1, 1, 1].map((user) => limiter.take(user))).toEqual([true, true, true, false]);
    expect(limiter.take(2)).toBe(true);
    now = 1000;
    expect(limiter.take(1)).toBe(true);
  });
});
