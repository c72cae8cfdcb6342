// Property test: over random price paths with random market and limit opens (random sides, leverage,
// TP/SL), closes, cancels and batch closes, the ledger audit holds (no user balance below zero, frozen
// equals pending orders, entries balance) and after every tick nothing is left that the tick should
// have triggered: no account at or below its liquidation threshold, no open position past its TP or
// SL, no pending limit the mark reached (the trigger index missed nothing a naive scan would catch).
import fc from 'fast-check';
import { limitReached, liquidationDue, profitLoss, riskRate, stopTriggered, type ContractSubmitInput } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/http/errors.ts';
import { audit } from '../../src/ledger/index.ts';
import { contractAccount, livePositions } from '../../src/contracts/repository.ts';
import { makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { scriptedContracts, writeSettings } from './support.ts';

let test: TestApp;
let harness: Awaited<ReturnType<typeof scriptedContracts>>;
let btc: number;
let usdt: number;
const users: number[] = [];

beforeAll(async () => {
  test = await makeTestApp();
  harness = await scriptedContracts(test);
  const symbol = test.ctx.markets.symbolByName('BTCUSDT')!;
  btc = symbol.id;
  usdt = symbol.quoteCurrencyId;
  await test.db.transaction((tx) =>
    writeSettings(tx, {
      symbol_id: btc,
      contract_size: '0.01',
      multiples: [1, 5, 20, 50],
      lots_min: 1,
      lots_max: 10,
      fee_rate: '0.001',
      overnight_rate: '0.0003',
      spread: '3.3',
      maintenance_threshold: '50',
      session: null,
      enabled: true,
    }),
  );
  await harness.contracts.reloadSymbols();
  for (let i = 0; i < 3; i++) {
    const user = await makeUser(test);
    users.push(user.id);
  }
}, 60_000);
afterAll(async () => {
  await test.close();
});

const action = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), move: fc.integer({ min: -800, max: 800 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      user: fc.integer({ min: 0, max: 2 }),
      side: fc.constantFrom('long' as const, 'short' as const),
      limit: fc.option(fc.integer({ min: -500, max: 500 }), { nil: undefined }),
      lots: fc.integer({ min: 1, max: 10 }),
      multiple: fc.constantFrom(1, 5, 20, 50),
      tp: fc.option(fc.integer({ min: 50, max: 2000 }), { nil: undefined }),
      sl: fc.option(fc.integer({ min: 50, max: 2000 }), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('batch' as const), user: fc.integer({ min: 0, max: 2 }), type: fc.constantFrom('all' as const, 'long' as const, 'short' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fund' as const), user: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 1, max: 500 }) }) },
);

async function expectNothingMissed(mark: string) {
  const live = await livePositions(test.db);
  for (const p of live) {
    if (p.status === 'pending') expect(limitReached(p.side, mark, p.targetPrice!), `limit ${p.id} at ${p.targetPrice} left at ${mark}`).toBe(false);
    else expect(stopTriggered(p.side, mark, p.takeProfit, p.stopLoss), `stop of ${p.id} left at ${mark}`).toBeNull();
  }
  for (const userId of new Set(live.filter((p) => p.status === 'open').map((p) => p.userId))) {
    const open = live.filter((p) => p.status === 'open' && p.userId === userId);
    const { available } = await contractAccount(test.db, userId, usdt);
    const rate = riskRate(available, open.map((p) => p.margin), open.map((p) => profitLoss(p.side, p.openPrice!, mark, p.lots, p.contractSize)));
    expect(liquidationDue(rate, '50'), `account ${userId} at risk rate ${rate} left open at ${mark}`).toBe(false);
  }
}

describe('contracts property', () => {
  it('keeps the ledger audit and misses no trigger over random price paths and orders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 30 }), async (actions) => {
        let price = 65000;
        await harness.tick('BTCUSDT', String(price));
        for (const a of actions) {
          if (a.kind === 'tick') {
            price = Math.max(1000, price + a.move);
            await harness.tick('BTCUSDT', String(price));
            await expectNothingMissed(String(price));
          } else if (a.kind === 'fund') {
            await fundAccount(test, users[a.user]!, usdt, String(a.amount), 'contract');
          } else if (a.kind === 'open') {
            const sign = a.side === 'long' ? 1 : -1;
            const reference = a.limit === undefined ? price : price + a.limit;
            const input: ContractSubmitInput = {
              currency_id: btc,
              legal_id: usdt,
              share: a.lots,
              multiple: a.multiple,
              type: a.side,
              status: a.limit === undefined ? 'market' : 'limit',
              target_price: a.limit === undefined ? undefined : String(reference),
              target_profit_price: a.tp === undefined ? undefined : String(reference + sign * a.tp),
              stop_loss_price: a.sl === undefined ? undefined : String(Math.max(1, reference - sign * a.sl)),
            };
            try {
              await harness.contracts.submit(users[a.user]!, input);
            } catch (error) {
              // Refusals (balance, a stop on the wrong side of a spread-shifted price) move nothing.
              if (!(error instanceof DomainError)) throw error;
            }
          } else if (a.kind === 'close') {
            const live = await livePositions(test.db);
            const p = live[a.pick % Math.max(1, live.length)];
            if (p) await harness.contracts.close(p.userId, p.id);
          } else {
            await harness.contracts.batchClose(users[a.user]!, { type: a.type });
          }
        }
        const result = await audit(test.db);
        expect(result.checks.filter((c) => !c.ok)).toEqual([]);
      }),
      { numRuns: Number(process.env.CONTRACT_PROPERTY_RUNS ?? 12) },
    );
  }, 240_000);
});
