// Proves funds arithmetic keeps every digit of amounts as large as NUMERIC(36,18) holds: a withdrawal of
// 123456789012345.123456 USDT (21 significant digits) is requested, approved, and its entry sums to zero.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { call, expectLedgerBalanced, type TestApp } from '../support/app.ts';
import { makeWithdrawingUser } from '../support/withdrawals.ts';
import { figures, makeFundsApp, operatorToken, pinPrice } from './support.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeFundsApp();
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});
afterAll(async () => {
  await test.close();
});

const BIG = '123456789012345.123456';

describe('funds arithmetic with large amounts', () => {
  it('approves a withdrawal of 123456789012345.123456 whose entry sums to zero', async () => {
    // BTC at 10^12 USDT keeps the request (about 123 BTC) within the level's 24-hour limit.
    pinPrice(test, 'BTC/USDT', '1000000000000');
    const { user, out } = await makeWithdrawingUser(test, '123456789012346');
    const requested = await out(BIG);
    // TRC20: fee 1.
    expect(requested.body.message).toMatchObject({ status: 'pending', number: BIG, fee: '1', arrival: '123456789012344.123456' });
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '0.876544', frozen: BIG });

    const op = await operatorToken(test);
    const approved = await call(test.app, `/admin/withdrawals/${requested.body.message.id}/approve`, { token: op, payload: { reference: '0xbig' } });
    expect(approved.body.message.status).toBe('approved');
    expect(await figures(test, user, 'USDT')).toMatchObject({ balance: '0.876544', frozen: '0' });
    const legs = await queryRows<{ amount: string }>(
      test.db,
      sql`select p.amount::text from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where e.kind = 'withdraw' and e.ref_type = 'withdrawal' and e.ref_id = ${String(requested.body.message.id)} order by p.id`,
    );
    expect(legs.map((l) => l.amount.replace(/\.?0+$/, ''))).toEqual([`-${BIG}`, '123456789012344.123456', '1']);
  });
});
