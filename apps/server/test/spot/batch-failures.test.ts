// Proves how a symbol writer survives a batch whose transaction fails, on a real database: funds taken
// between planning and commit (a withdrawal on another domain, injected through the writer's test-only
// fault hooks, since PGlite runs one transaction at a time) fail only the orders of the accounts left
// short, and a rebuild that fails stops the writer from taking orders until a rebuild succeeds.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { post, systemAccount, userAccount } from '../../src/ledger/index.ts';
import { SymbolWriter, type Market, type WriterFaults } from '../../src/spot/writer.ts';
import { expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { spotFigures } from './support.ts';

let test: TestApp;
let market: Market;
beforeAll(async () => {
  test = await makeTestApp();
  // A writer of its own on a symbol nobody else trades here, so the faults reach only this test.
  market = test.ctx.spot.writerBySymbol('LTC/USDT')!.market;
});
afterAll(async () => {
  await test.close();
});

let withdrawal = 1;

/** Takes a user's whole available quote balance, as a withdrawal committed by another request would. */
async function drain(userId: number) {
  const available = (await spotFigures(test, userId, market.quoteCurrencyId)).available;
  await test.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'withdraw',
      refType: 'spot_test_withdrawal',
      refId: withdrawal++,
      legs: [
        { accountId: await userAccount(tx, userId, market.quoteCurrencyId, 'spot'), amount: `-${available}` },
        { accountId: await systemAccount(tx, 'withdrawals_in_transit', market.quoteCurrencyId), amount: available },
      ],
    });
  });
}

async function openWriter(faults: WriterFaults, errors: unknown[] = []) {
  const writer = new SymbolWriter(test.db, market, () => {}, (error) => errors.push(error), { faults });
  await writer.rebuild();
  return writer;
}

async function fundedUser() {
  const user = await makeUser(test);
  await fundAccount(test, user.id, market.quoteCurrencyId, '1000');
  return { ...user, accounts: await test.ctx.spot.accountsOf(user.id, market) };
}

/** A limit buy of 1 LTC at 50 (freezes 50.1 with the 0.2 % fee). */
const buy = (user: Awaited<ReturnType<typeof fundedUser>>) =>
  ({ kind: 'place', userId: user.id, accounts: user.accounts, side: 'buy', type: 'limit', price: 5_000, quantity: 10_000 }) as const;

const outcome = (answer: Promise<unknown>) =>
  answer.then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? 'thrown',
  );

describe('spot batch failures', () => {
  it('fails only the orders of the accounts still short after fresh figures, and commits the rest', async () => {
    const [a, b, c] = [await fundedUser(), await fundedUser(), await fundedUser()];
    const attempts: number[] = [];
    const writer = await openWriter({
      // Between planning and commit: A's funds go in the first attempt, B's in the second.
      beforeCommit: async (attempt) => {
        attempts.push(attempt);
        if (attempt === 1) await drain(a.id);
        if (attempt === 2) await drain(b.id);
      },
    });
    // Submitted together: one batch.
    const answers = [a, b, c].map((user) => outcome(writer.submit(buy(user))));
    expect(await Promise.all(answers)).toEqual(['insufficient_balance', 'insufficient_balance', 'ok']);
    expect(attempts).toEqual([1, 2, 3]);
    expect(writer.openOrdersOf(c.id)).toHaveLength(1);
    expect([...writer.openOrdersOf(a.id), ...writer.openOrdersOf(b.id)]).toEqual([]);
    expect(writer.depth().bids).toEqual([{ price: 5_000, quantity: 10_000, orders: 1 }]);
    const rows = await queryRows<{ user_id: number }>(test.db, sql`select user_id from spot_orders where user_id in (${a.id}, ${b.id}, ${c.id})`);
    expect(rows.map((r) => r.user_id)).toEqual([c.id]);
    expect(await spotFigures(test, c.id, market.quoteCurrencyId)).toEqual({ available: '949.9', frozen: '50.1' });
    expect(await spotFigures(test, b.id, market.quoteCurrencyId)).toEqual({ available: '0', frozen: '0' });
    await writer.submit({ kind: 'cancel', userId: c.id, orderId: writer.openOrdersOf(c.id)[0]!.id });
    await expectLedgerBalanced(test);
  });

  it('refuses orders while a rebuild after a failed batch keeps failing, and trades again once one succeeds', async () => {
    const user = await fundedUser();
    let commitFails = true;
    let rebuildFails = true;
    const errors: unknown[] = [];
    const writer = await openWriter(
      {
        beforeCommit: async () => {
          if (commitFails) throw new Error('connection lost during commit');
        },
        beforeRebuild: async () => {
          if (rebuildFails) throw new Error('database unreachable');
        },
      },
      errors,
    );
    expect(await outcome(writer.submit(buy(user)))).toBe('market_unavailable');
    // Nothing runs on a book that may hold the failed batch: the next command tries a rebuild first.
    commitFails = false;
    expect(await outcome(writer.submit(buy(user)))).toBe('market_unavailable');
    expect(errors.map((e) => (e as Error).message)).toEqual(['connection lost during commit', 'database unreachable', 'database unreachable']);

    rebuildFails = false;
    const placed = await writer.submit(buy(user));
    expect(placed.status).toBe('open');
    // The book holds what the database holds: the order of the failed batch is gone.
    expect(writer.depth().bids).toEqual([{ price: 5_000, quantity: 10_000, orders: 1 }]);
    expect(await spotFigures(test, user.id, market.quoteCurrencyId)).toEqual({ available: '949.9', frozen: '50.1' });
    await writer.submit({ kind: 'cancel', userId: user.id, orderId: placed.id });
    await expectLedgerBalanced(test);
  });
});
