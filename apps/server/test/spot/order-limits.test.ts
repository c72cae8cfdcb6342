// Worked examples of the per-user order rate rule (spot/order-limits.ts): fixed one-second and
// one-minute windows aligned to the clock, refusals not counted.
import { describe, expect, it } from 'vitest';
import { MemoryLimitStore } from '../../src/http/limit-store.ts';
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
  it('counts each user apart', async () => {
    let now = 0;
    const limiter = new OrderRateLimiter(limits, new MemoryLimitStore(() => now), () => now);
    const first: boolean[] = [];
    for (const user of [1, 1, 1, 1]) first.push(await limiter.take(user));
    expect(first).toEqual([true, true, true, false]);
    expect(await limiter.take(2)).toBe(true);
    now = 1000;
    expect(await limiter.take(1)).toBe(true);
  });

  it('follows the worked examples above through a store: clock-aligned windows, refusals not counted', async () => {
    for (const [times, expected] of [
      [[0, 100, 200, 300, 1000], [true, true, true, false, true]],
      [[0, 1, 2, 1000, 1001, 2000, 59_999, 60_000], [true, true, true, true, true, false, false, true]],
      [[0, 1, 2, 3, 4, 5, 6, 1000], [true, true, true, false, false, false, false, true]],
      // 3 allowed and 30 refused in second 0: the refusals leave the minute's quota (5) for seconds 1 and 2.
      [[...Array.from({ length: 33 }, (_, i) => i), 1000, 1001, 1002, 2000], [...Array.from({ length: 33 }, (_, i) => i < 3), true, true, false, false]],
    ] as [number[], boolean[]][]) {
      let now = 0;
      const limiter = new OrderRateLimiter(limits, new MemoryLimitStore(() => now), () => now);
      const allowed: boolean[] = [];
      for (const time of times) {
        now = time;
        allowed.push(await limiter.take(1));
      }
      expect(allowed).toEqual(expected);
    }
  });
});
