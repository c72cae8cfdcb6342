// Property: across random index paths (prices near each other, so draws happen too) with random orders
// of random users, durations and stakes, settled by the scheduler as time moves, the ledger audit holds,
// no user figure goes below zero, every order opens on the first tick after its acceptance and settles
// once on the fresh tick in force at its expiry (or is void, refunded in full), and the
// money adds up: each user ends with funding - stakes - fees + payouts, the pool with what it took in
// less what it paid. Real database; feed and clock steered (support.ts).
import { optionOutcome, optionPayout, sum } from '@fairex/contract';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/ledger/index.ts';
import { DomainError } from '../../src/http/errors.ts';
import { optionOrders } from '../../src/options/tables.ts';
import { makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { optionsBalance, optionsRig, type OptionsRig } from './support.ts';

let test: TestApp;
let rig: OptionsRig;
let usdt: number;
let btc: number;
const users: number[] = [];
let start = Date.parse('2026-12-01T00:00:00Z');

beforeAll(async () => {
  test = await makeTestApp();
  rig = optionsRig(test, start);
  usdt = test.ctx.markets.symbolByName('BTC/USDT')!.quoteCurrencyId;
  btc = test.ctx.markets.symbolId('BTC/USDT')!;
  for (let i = 0; i < 3; i++) users.push((await makeUser(test)).id);
}, 120_000);
afterAll(() => test.close());

type Step =
  | { kind: 'tick'; price: number; afterMs: number }
  | { kind: 'order'; user: number; up: boolean; seconds: 30 | 60; stake: number }
  | { kind: 'settle'; afterMs: number };

/** The scripted feed's interval between steps: a tick at least this often keeps every close fresh (DEFAULT_LIMITS.indexFreshMs 1,500). */
const FEED_STEP_MS = 1_400;

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('tick' as const), price: fc.integer({ min: 98, max: 102 }), afterMs: fc.integer({ min: 100, max: 20_000 }) }),
  fc.record({
    kind: fc.constant('order' as const),
    user: fc.integer({ min: 0, max: 2 }),
    up: fc.boolean(),
    seconds: fc.constantFrom(30 as const, 60 as const),
    stake: fc.integer({ min: 10, max: 400 }),
  }),
  fc.record({ kind: fc.constant('settle' as const), afterMs: fc.integer({ min: 0, max: 40_000 }) }),
);

describe('options property', () => {
  it('keeps the ledger balanced, no user negative, and settles every order once on its ticks across random paths', async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), fc.array(fc.integer({ min: 50, max: 600 }), { minLength: 3, maxLength: 3 }), async (steps, funding) => {
        start += 24 * 3_600_000;
        rig.clock.now = start;
        const before = await Promise.all(users.map((u) => optionsBalance(test, u, usdt)));
        for (let i = 0; i < users.length; i++) await fundAccount(test, users[i]!, usdt, String(funding[i]), 'options');
        await rig.tick('BTC/USDT', '100', rig.clock.now);
        /** Moves the clock as a live feed does: a tick at the current price every FEED_STEP_MS, within the freshness limit. */
        const advance = async (ms: number) => {
          const end = rig.clock.now + ms;
          while (rig.clock.now + FEED_STEP_MS < end) {
            rig.clock.now += FEED_STEP_MS;
            await rig.tick('BTC/USDT', rig.store.latest('BTC/USDT')!.price, rig.clock.now);
          }
          rig.clock.now = end;
        };
        const placed: string[] = [];
        for (const s of steps) {
          if (s.kind === 'tick') {
            await advance(s.afterMs);
            await rig.tick('BTC/USDT', String(s.price), rig.clock.now);
          } else if (s.kind === 'order') {
            // Orders are placed within the index's freshness: a tick is recorded just before.
            await rig.tick('BTC/USDT', rig.store.latest('BTC/USDT')!.price, rig.clock.now);
            try {
              const order = await rig.service.submit(users[s.user]!, { match_id: btc, currency_id: usdt, type: s.up ? 'up' : 'down', seconds: s.seconds, number: String(s.stake) });
              placed.push(order.id);
              // The next tick, recorded after acceptance, opens it.
              rig.clock.now += 500;
              await rig.tick('BTC/USDT', rig.store.latest('BTC/USDT')!.price, rig.clock.now);
            } catch (error) {
              if (!(error instanceof DomainError) || error.code !== 'insufficient_balance') throw error;
            }
          } else {
            await advance(s.afterMs);
            await rig.scheduler().runDue();
          }
        }
        // The end: time moves past every expiry, a tick after it, and the scheduler catches up.
        await advance(61_000);
        await rig.tick('BTC/USDT', '100', rig.clock.now);
        rig.clock.now += 1_000;
        while ((await rig.scheduler().runDue()) > 0);

        const result = await audit(test.db);
        expect(result.ok, JSON.stringify(result.checks.filter((c) => !c.ok))).toBe(true);
        const orders = placed.length ? await test.db.select().from(optionOrders).where(inArray(optionOrders.id, placed.map(Number))) : [];
        for (const o of orders) {
          // Every order opened on the tick after it; one whose close was stale (a gap of ticks over its expiry) is void, refunded in full.
          expect(o.openTime).toBeGreaterThan(o.acceptedAt);
          if (o.status === 'void') {
            expect(o.voidReason).toBe('stale_close');
            expect(Number(o.payout)).toBe(Number(o.stake) + Number(o.fee));
            continue;
          }
          expect(o.status).toBe('settled');
          outcomes.set(o.outcome!, (outcomes.get(o.outcome!) ?? 0) + 1);
          // The close is the tick in force at expiry, and the outcome and payout follow from the two ticks alone.
          const close = await rig.store.at('BTC/USDT', o.expiresAt);
          expect(o.closeTickId?.toString()).toBe(close!.id);
          expect(o.outcome).toBe(optionOutcome(o.direction, o.openPrice!, o.closePrice!));
          expect(Number(o.payout)).toBe(Number(optionPayout(o.outcome!, o.stake, o.payoutRatio, 6)));
        }
        for (let i = 0; i < users.length; i++) {
          const mine = orders.filter((o) => o.userId === users[i]);
          const expected = sum([before[i]!, String(funding[i]), ...mine.map((o) => o.payout!), ...mine.map((o) => `-${o.stake}`), ...mine.map((o) => `-${o.fee}`)]);
          const balance = await optionsBalance(test, users[i]!, usdt);
          expect(balance).toBe(expected);
          expect(Number(balance)).toBeGreaterThanOrEqual(0);
        }
      }),
      {
        numRuns: 8,
        // One path known to give every outcome, so the closing check below never rests on luck: an up order
        // at 100 wins and a down order loses on the 101 tick in force at their expiry; an up order at 101
        // expiring while 101 is still in force draws.
        examples: [[
          [
            { kind: 'order', user: 0, up: true, seconds: 30, stake: 10 },
            { kind: 'order', user: 1, up: false, seconds: 30, stake: 10 },
            { kind: 'tick', price: 101, afterMs: 20_000 },
            { kind: 'order', user: 2, up: true, seconds: 30, stake: 10 },
            { kind: 'settle', afterMs: 40_000 },
          ],
          [100, 100, 100],
        ]],
      },
    );
    // The runs did place and settle orders of every outcome (a property over nothing proves nothing).
    expect([...outcomes.keys()].sort(), JSON.stringify([...outcomes])).toEqual(['draw', 'lose', 'win']);
    const [open] = await test.db.select().from(optionOrders).where(eq(optionOrders.status, 'open')).limit(1);
    expect(open).toBeUndefined();
  }, 300_000);
});
