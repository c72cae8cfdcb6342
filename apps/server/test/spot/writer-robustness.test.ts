// Proves how a symbol writer behaves when things go wrong, on a real database, with failures injected
// through the writer's test-only fault hooks: it is stale before it reports an error; a COMMIT whose
// answer is lost is resolved by looking for the batch's ids (answered once, never twice); a symbol whose
// book cannot be read refuses its orders while the server and the other symbols go on, until it
// recovers; readers see only committed depth, and the book snapshot costs no query; a rebuild is one pass.
import { errorMessage, RECENT_TRADES_SNAPSHOT_SIZE } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { BookState } from '../../src/spot/book-state.ts';
import { sendBookSnapshot } from '../../src/spot/realtime.ts';
import type { SpotOrderRow } from '../../src/spot/repository.ts';
import { SpotService } from '../../src/spot/service.ts';
import { SymbolWriter, type Market, type WriterFaults } from '../../src/spot/writer.ts';
import { expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { spotFigures } from './support.ts';

let test: TestApp;
let market: Market;
beforeAll(async () => {
  test = await makeTestApp();
  // Writers of its own on a symbol nobody else trades here, so the faults reach only this file's writers.
  market = test.ctx.spot.writerBySymbol('LTC/USDT')!.market;
});
afterAll(async () => {
  await test.close();
});

async function openWriter(faults: WriterFaults, errors: unknown[] = []) {
  const writer = new SymbolWriter(test.db, market, () => {}, (error) => errors.push(error), { faults });
  await writer.open();
  return writer;
}

async function fundedUser() {
  const user = await makeUser(test);
  await fundAccount(test, user.id, market.quoteCurrencyId, '1000');
  return { ...user, accounts: await test.ctx.spot.accountsOf(user.id, market) };
}

/** A limit buy of 1 LTC at 50 (freezes 50.1 with the 0.2 % fee). */
const buy = (user: Awaited<ReturnType<typeof fundedUser>>, price = 5_000) =>
  ({ kind: 'place', userId: user.id, accounts: user.accounts, side: 'buy', type: 'limit', price, quantity: 10_000 }) as const;

const outcome = (answer: Promise<unknown>) =>
  answer.then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? 'thrown',
  );

const ordersOf = async (userId: number) => queryRows<{ id: string }>(test.db, sql`select id::text from spot_orders where user_id = ${userId}`);

describe('writer failures', () => {
  it('is stale before it reports a failed batch', async () => {
    const user = await fundedUser();
    let writer: SymbolWriter | undefined;
    const staleWhenReported: boolean[] = [];
    let fail = true;
    writer = new SymbolWriter(test.db, market, () => {}, () => staleWhenReported.push(writer!.stale), {
      faults: {
        beforeCommit: async () => {
          if (fail) throw new Error('connection reset');
        },
        beforeRebuild: async () => {
          if (fail) throw new Error('database unreachable');
        },
      },
    });
    fail = false;
    await writer.open();
    fail = true;
    expect(await outcome(writer.submit(buy(user)))).toBe('market_unavailable');
    expect(staleWhenReported).toEqual([true, true]);
    fail = false;
    await expectLedgerBalanced(test);
  });

  it('answers a batch whose COMMIT answer was lost as committed once its ids are found, and never twice', async () => {
    const user = await fundedUser();
    let lose = true;
    const errors: unknown[] = [];
    const writer = await openWriter(
      {
        afterCommit: async () => {
          if (!lose) return;
          lose = false;
          throw new Error('connection lost during COMMIT');
        },
      },
      errors,
    );
    const placed = await writer.submit(buy(user));
    expect(placed.status).toBe('open');
    expect(errors.map((e) => (e as Error).message)).toEqual(['connection lost during COMMIT']);
    expect(await ordersOf(user.id)).toEqual([{ id: String(placed.id) }]);
    expect(await spotFigures(test, user.id, market.quoteCurrencyId)).toEqual({ available: '949.9', frozen: '50.1' });
    // The writer goes on from the committed book.
    expect(writer.stale).toBe(false);
    expect(writer.depth().bids).toEqual([{ price: 5_000, quantity: 10_000, orders: 1 }]);
    await writer.submit({ kind: 'cancel', userId: user.id, orderId: placed.id });
    expect(await spotFigures(test, user.id, market.quoteCurrencyId)).toEqual({ available: '1000', frozen: '0' });
    await expectLedgerBalanced(test);
  });

  it('refuses a batch whose outcome it cannot learn, and shows what the database holds once it can read again', async () => {
    const user = await fundedUser();
    let down = false;
    const writer = await openWriter({
      afterCommit: async () => {
        if (down) throw new Error('connection lost during COMMIT');
      },
      beforeLookup: async () => {
        if (down) throw new Error('database unreachable');
      },
      beforeRebuild: async () => {
        if (down) throw new Error('database unreachable');
      },
    });
    down = true;
    expect(await outcome(writer.submit(buy(user)))).toBe('market_unavailable');
    expect(writer.stale).toBe(true);
    down = false;
    // The next command rebuilds first: the order did land, once.
    const second = await writer.submit(buy(user, 4_900));
    expect(second.status).toBe('open');
    expect(await ordersOf(user.id)).toHaveLength(2);
    expect(writer.openOrdersOf(user.id)).toHaveLength(2);
    for (const order of writer.openOrdersOf(user.id)) await writer.submit({ kind: 'cancel', userId: user.id, orderId: order.id });
    await expectLedgerBalanced(test);
  });

  it('shows readers only committed depth while a batch is between planning and commit', async () => {
    const user = await fundedUser();
    const seen: unknown[] = [];
    const writer = await openWriter({
      beforeCommit: async () => {
        seen.push(writer.depth().bids);
      },
    });
    const placed = await writer.submit(buy(user, 4_800));
    expect(seen).toEqual([[]]);
    expect(writer.depth().bids).toEqual([{ price: 4_800, quantity: 10_000, orders: 1 }]);
    await writer.submit({ kind: 'cancel', userId: user.id, orderId: placed.id });
    await expectLedgerBalanced(test);
  });
});

describe('a symbol whose book cannot be read', () => {
  it('refuses its orders with a clear message while the server and the other symbols trade, until it recovers', async () => {
    const bnb = test.ctx.markets.symbolByName('BNB/USDT')!;
    const btc = test.ctx.markets.symbolByName('BTC/USDT')!;
    // An open order whose owner has no spot accounts: its book cannot be rebuilt.
    const [broken] = await queryRows<{ id: string }>(
      test.db,
      sql`insert into spot_orders (user_id, symbol_id, side, type, price, quantity, frozen, status)
        values (987654321, ${bnb.id}, 'sell', 'limit', '600', '1', '1', 'open') returning id::text`,
    );
    const errors: unknown[] = [];
    const service = await SpotService.open(test.db, test.ctx.bus, { onError: (error) => errors.push(error) });
    try {
      expect(errors.map((e) => (e as Error).message)).toEqual([expect.stringContaining('no spot account')]);
      expect(service.writer(bnb.id)!.stale).toBe(true);
      const user = await makeUser(test);
      await fundAccount(test, user.id, bnb.quoteCurrencyId, '1000');
      const order = (base: number, price: string) => service.place(user.id, { amount: '0.01', target_price: price, currency_id: base, legal_id: bnb.quoteCurrencyId, type: 'buy' });
      const refused = await order(bnb.baseCurrencyId!, '500').catch((error: { code: string }) => error.code);
      expect(refused).toBe('market_unavailable');
      expect(errorMessage('market_unavailable', 'en')).toMatch(/paused/);
      const other = await order(btc.baseCurrencyId!, '60000');
      expect(other.status).toBe('open');
      // The operator repairs the row: the next order rebuilds the book and trades.
      await test.db.execute(sql`update spot_orders set status = 'cancelled', done_reason = 'repaired' where id = ${broken!.id}`);
      const recovered = await order(bnb.baseCurrencyId!, '500');
      expect(recovered.status).toBe('open');
      expect(service.writer(bnb.id)!.stale).toBe(false);
      await service.cancel(user.id, recovered.id);
      await service.cancel(user.id, other.id);
    } finally {
      await service.stop();
    }
    await expectLedgerBalanced(test);
  });
});

describe('the book snapshot on joining a room', () => {
  it('is served from memory, with no database query per join', async () => {
    const btc = test.ctx.markets.symbolByName('BTC/USDT')!;
    const seller = await makeUser(test);
    const buyer = await makeUser(test);
    await fundAccount(test, seller.id, btc.baseCurrencyId!, '1');
    await fundAccount(test, buyer.id, btc.quoteCurrencyId, '10000');
    const trade = (userId: number, type: 'buy' | 'sell') =>
      test.ctx.spot.place(userId, { amount: '0.001', target_price: '62000', currency_id: btc.baseCurrencyId!, legal_id: btc.quoteCurrencyId, type });
    await trade(seller.id, 'sell');
    await trade(buyer.id, 'buy');
    const emitted: [string, any][] = [];
    const socket = { emit: (event: string, payload: unknown) => emitted.push([event, payload]) } as unknown as Socket;
    const select = vi.spyOn(test.db, 'select');
    const execute = vi.spyOn(test.db, 'execute');
    await sendBookSnapshot(socket, test.ctx, 'BTC/USDT');
    expect(select).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(emitted.map(([event]) => event)).toEqual(['depth', 'trades']);
    const trades = emitted[1]![1].trades as { price: string; quantity: string }[];
    expect(trades.length).toBeLessThanOrEqual(RECENT_TRADES_SNAPSHOT_SIZE);
    expect(trades[0]).toMatchObject({ price: '62000', quantity: '0.001', side: 'buy' });
    await expectLedgerBalanced(test);
  });
});

describe('rebuilding a book', () => {
  it('reads open orders and their accounts in one pass (a map, not a search per order)', () => {
    const n = 2_000;
    const rows = Array.from({ length: n }, (_, i): SpotOrderRow => ({
      id: i + 1,
      userId: i + 1,
      symbolId: market.symbolId,
      side: 'sell',
      type: 'limit',
      price: String(100 + (i % 500)),
      quantity: '1',
      quoteAmount: null,
      filledQuantity: '0',
      filledQuote: '0',
      fee: '0',
      frozen: '1',
      used: '0',
      status: 'open',
      doneReason: null,
      createdAt: new Date(1_700_000_000_000 + i),
      updatedAt: new Date(1_700_000_000_000 + i),
    }));
    const list = rows.flatMap((r) => [
      { id: 2 * r.id, userId: r.userId, currencyId: market.baseCurrencyId },
      { id: 2 * r.id + 1, userId: r.userId, currencyId: market.quoteCurrencyId },
    ]);
    // Counts every read of an account from the list: a search per order would read it n x 2n / 2 times.
    let reads = 0;
    const accounts = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const state = BookState.fromRows(market, rows, accounts);
    expect(reads).toBe(list.length);
    expect(state.live.size).toBe(n);
    expect(state.live.get(n)!.accounts).toEqual({ base: 2 * n, quote: 2 * n + 1 });
  });
});
