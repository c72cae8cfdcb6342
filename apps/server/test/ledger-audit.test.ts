// Proves each named check of the ledger audit: after a real scenario (an open spot order, a pending and
// an approved withdrawal, a fee) every check holds; then, inside a transaction rolled back afterwards,
// one row is corrupted directly in SQL and the check named for it fails. The unique key on (kind,
// reference) refuses a business row posted twice.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_AUDIT_CHECKS, type LedgerAuditCheck } from '@fairex/contract';
import type { Tx } from '../src/db/client.ts';
import { audit, offenders, post, systemAccount, userAccount } from '../src/ledger/index.ts';
import { auditAfter, call, expectLedgerBalanced, makeUser, type TestApp } from './support/app.ts';
import { coinId, makeFundsApp, operatorToken } from './funds/support.ts';
import { makeWithdrawingUser } from './support/withdrawals.ts';
import { fundAccount } from './support/ledger.ts';
import { btcMarket } from './spot/support.ts';

let test: TestApp;

beforeAll(async () => {
  test = await makeFundsApp();
  // A resting buy (frozen quote), a pending withdrawal (frozen number) and an approved one (fee, withdrawals in transit).
  const m = btcMarket(test);
  const trader = await makeUser(test);
  await fundAccount(test, trader.id, m.quote, '10000');
  const order = await call(test.app, '/coin/trade', { token: trader.token, payload: { currency_id: m.base, legal_id: m.quote, amount: '0.1', target_price: '1000', type: 'buy' } });
  expect(order.body.type).toBe('ok');
  const { out } = await makeWithdrawingUser(test, '500');
  expect((await out('100')).body.type).toBe('ok');
  const approved = await out('50');
  const op = await operatorToken(test);
  expect((await call(test.app, `/admin/withdrawals/${approved.body.message.id}/approve`, { token: op, payload: { reference: '0x1' } })).body.type).toBe('ok');
});
afterAll(async () => {
  await test.close();
});

async function expectFails(name: LedgerAuditCheck, corrupt: (tx: Tx) => Promise<unknown>) {
  const result = await auditAfter(test, corrupt);
  expect(result.ok).toBe(false);
  expect(result.checks.find((c) => c.name === name)).toMatchObject({ ok: false });
  expect(offenders(result, name).length).toBeGreaterThan(0);
  await expectLedgerBalanced(test);
  return result;
}

describe('ledger audit', () => {
  it('passes every named check after orders, withdrawals and fees', async () => {
    const result = await audit(test.db);
    // Every check of the contract's list, in its order, each holding.
    expect(result.checks.map((c) => [c.name, c.ok])).toEqual(LEDGER_AUDIT_CHECKS.map((name) => [name, true]));
    expect(result.ok).toBe(true);
  });

  it('answers the back office with each check by name, and names the failing one', async () => {
    const op = await operatorToken(test);
    const names = (body: { message: { checks: { name: string; ok: boolean }[] } }) => body.message.checks.map((c) => [c.name, c.ok]);
    const healthy = await call(test.app, '/admin/ledger/audit', { method: 'GET', token: op });
    expect(healthy.body.message.ok).toBe(true);
    expect(names(healthy.body).every(([, ok]) => ok)).toBe(true);
    expect(names(healthy.body)).toHaveLength(LEDGER_AUDIT_CHECKS.length);
    await test.db.execute(sql`update ledger_postings set balance_after = balance_after + 1 where id = (select min(id) from ledger_postings)`);
    try {
      const broken = await call(test.app, '/admin/ledger/audit', { method: 'GET', token: op });
      expect(broken.body.message.ok).toBe(false);
      expect(names(broken.body).filter(([, ok]) => !ok)).toEqual([['balance_after_chain', false]]);
      expect(broken.body.message.checks.find((c: { name: string }) => c.name === 'balance_after_chain').rows).toHaveLength(1);
    } finally {
      await test.db.execute(sql`update ledger_postings set balance_after = balance_after - 1 where id = (select min(id) from ledger_postings)`);
    }
  });

  it('fails entries_balance when a posting is changed', async () => {
    await expectFails('entries_balance', (tx) => tx.execute(sql`update ledger_postings set amount = amount + 1 where id = (select max(id) from ledger_postings)`));
  });

  it('fails accounts_match_postings when a figure is changed', async () => {
    await expectFails('accounts_match_postings', (tx) => tx.execute(sql`update ledger_accounts set available = available + 1 where id = (select min(id) from ledger_accounts where user_id is not null)`));
  });

  it('fails user_accounts_not_negative when a user figure is below zero', async () => {
    await expectFails('user_accounts_not_negative', async (tx) => {
      await tx.execute(sql`alter table ledger_accounts drop constraint ledger_accounts_user_not_negative_check`);
      await tx.execute(sql`update ledger_accounts set locked = -1 where id = (select min(id) from ledger_accounts where user_id is not null)`);
    });
  });

  it('fails frozen_matches_holds when a pending withdrawal or an open order holds another amount than is frozen', async () => {
    const byWithdrawal = await expectFails('frozen_matches_holds', (tx) => tx.execute(sql`update withdrawals set number = number + 1 where status = 'pending'`));
    expect(offenders(byWithdrawal, 'frozen_matches_holds')).toHaveLength(1);
    await expectFails('frozen_matches_holds', (tx) => tx.execute(sql`update spot_orders set used = used + 1 where status = 'open'`));
    await expectFails('frozen_matches_holds', (tx) => tx.execute(sql`update withdrawals set status = 'rejected' where status = 'pending'`));
    // A freeze that no business row holds (the API is not called inside: the embedded database has one connection).
    const [stranger, usdt] = [await makeUser(test), await coinId(test, 'USDT')];
    await expectFails('frozen_matches_holds', async (tx) => {
      const account = await userAccount(tx, stranger.id, usdt, 'spot');
      await post(tx, { kind: 'deposit', refType: 'audit_test', refId: 1, legs: [{ accountId: await systemAccount(tx, 'deposits_in_transit', usdt), amount: '-5' }, { accountId: account, bucket: 'frozen', amount: '5' }] });
    });
  });

  it('fails locked_matches_holds when an amount is locked that no mining order, IEO allocation or dual order holds', async () => {
    const [stranger, usdt] = [await makeUser(test), await coinId(test, 'USDT')];
    const result = await expectFails('locked_matches_holds', async (tx) => {
      const account = await userAccount(tx, stranger.id, usdt, 'mining');
      await post(tx, { kind: 'deposit', refType: 'audit_test', refId: 2, legs: [{ accountId: await systemAccount(tx, 'deposits_in_transit', usdt), amount: '-5' }, { accountId: account, bucket: 'locked', amount: '5' }] });
    });
    expect(offenders(result, 'locked_matches_holds')).toEqual([expect.objectContaining({ locked: '5.000000000000000000', held: '0' })]);
  });

  it('fails references_posted_once when a business row is posted twice, which the unique key refuses', async () => {
    const usdt = await coinId(test, 'USDT');
    const twice = async (tx: Tx) => {
      for (let i = 0; i < 2; i++) {
        await post(tx, { kind: 'deposit', refType: 'recharge', refId: 'twice', legs: [{ accountId: await systemAccount(tx, 'deposits_in_transit', usdt), amount: '-1' }, { accountId: await systemAccount(tx, 'adjustments', usdt), amount: '1' }] });
      }
    };
    await expect(test.db.transaction((tx) => twice(tx))).rejects.toThrow();
    const result = await expectFails('references_posted_once', async (tx) => {
      await tx.execute(sql`drop index ledger_entries_kind_ref_key`);
      await twice(tx);
    });
    expect(offenders(result, 'references_posted_once')).toEqual([{ kind: 'deposit', ref_type: 'recharge', ref_id: 'twice', entries: 2 }]);
  });

  it('fails system_account_signs when fees fall below zero or deposits in transit rise above it', async () => {
    const usdt = await coinId(test, 'USDT');
    const byFees = await expectFails('system_account_signs', async (tx) =>
      post(tx, { kind: 'audit_test', refType: 'audit_test', refId: 'fees', legs: [{ accountId: await systemAccount(tx, 'fees', usdt), amount: '-1000' }, { accountId: await systemAccount(tx, 'adjustments', usdt), amount: '1000' }] }),
    );
    expect(offenders(byFees, 'system_account_signs')).toMatchObject([{ system: 'fees' }]);
    // Only this check: the entry itself is well formed.
    expect(byFees.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['system_account_signs']);
    await expectFails('system_account_signs', async (tx) =>
      post(tx, { kind: 'audit_test', refType: 'audit_test', refId: 'dit', legs: [{ accountId: await systemAccount(tx, 'deposits_in_transit', usdt), amount: '100000000' }, { accountId: await systemAccount(tx, 'adjustments', usdt), amount: '-100000000' }] }),
    );
  });

  it('fails balance_after_chain when a posting’s balance_after is edited', async () => {
    const result = await expectFails('balance_after_chain', (tx) => tx.execute(sql`update ledger_postings set balance_after = balance_after + 1 where id = (select min(id) from ledger_postings)`));
    expect(result.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['balance_after_chain']);
  });
});
