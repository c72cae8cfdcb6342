// Proof of liabilities end to end on a real database: an admin's snapshot, each user's proof verifying
// against the published root with the contract's verifier, totals equal to the ledger's, the audit check
// failing on a changed leaf or total, and a snapshot taken while money moves still matching the ledger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailSums, fromPolUnits, toPolUnits, verifyProof, type LiabilitiesProofAnswer, type LiabilitiesSnapshotView } from '@fairex/contract';
import { queryRows } from '../../src/db/client.ts';
import { audit, offenders } from '../../src/ledger/index.ts';
import { dailySnapshotDue, LIABILITIES_DAILY_AT_MS } from '../../src/liabilities/job.ts';
import { levelSizes } from '../../src/liabilities/proof.ts';
import { leavesOf } from '../../src/liabilities/snapshot.ts';
import { auditAfter, call, expectLedgerBalanced, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { makeFundsApp, operatorToken } from '../funds/support.ts';
import { btcMarket } from '../spot/support.ts';

let test: TestApp;
let admin: string;
type User = Awaited<ReturnType<typeof makeUser>>;
let alice: User;
let bob: User;
let carol: User;

const snapshotNow = async () => {
  const taken = await call(test.app, '/admin/liabilities/snapshot', { token: admin });
  expect(taken.body.type).toBe('ok');
  return taken.body.message.id as number;
};
const proofOf = async (user: User, snapshotId?: number) => {
  const answer = await call(test.app, `/liabilities/proof${snapshotId ? `?snapshot_id=${snapshotId}` : ''}`, { method: 'GET', token: user.token });
  expect(answer.body.type).toBe('ok');
  return answer.body.message as LiabilitiesProofAnswer;
};

beforeAll(async () => {
  test = await makeFundsApp();
  admin = await operatorToken(test);
  const m = btcMarket(test);
  [alice, bob, carol] = [await makeUser(test), await makeUser(test), await makeUser(test)];
  await fundAccount(test, alice.id, m.quote, '1000.123456789012345678');
  await fundAccount(test, alice.id, m.base, '0.5', 'contract');
  await fundAccount(test, bob.id, m.quote, '250');
  // Bob's resting buy freezes part of his USDT: frozen counts as his, once.
  const order = await call(test.app, '/coin/trade', { token: bob.token, payload: { currency_id: m.base, legal_id: m.quote, amount: '0.1', target_price: '1000', type: 'buy' } });
  expect(order.body.type).toBe('ok');
});
afterAll(async () => {
  await test.close();
});

describe('proof of liabilities', () => {
  it('gives each user a proof that verifies against the published root and totals', async () => {
    const id = await snapshotNow();
    for (const user of [alice, bob]) {
      const { snapshot, proof } = await proofOf(user);
      expect(snapshot.id).toBe(id);
      expect(proof).not.toBeNull();
      expect(proof!.leaf.user_id).toBe(user.id);
      expect(proof!.path).toHaveLength(levelSizes(snapshot.leaf_count).length - 1);
      expect(verifyProof(proof!)).toEqual({ ok: true, root: snapshot.root });
      expect(proof!.snapshot.root).toBe(snapshot.root);
    }
    const alices = (await proofOf(alice)).proof!;
    expect(alices.leaf.detail).toEqual(expect.arrayContaining(['USDT:spot:available=1000.123456789012345678', 'BTC:contract:available=0.5']));
    const bobs = (await proofOf(bob)).proof!;
    // The buy's 100 and its fee reserve are frozen, the rest available: 250 in all.
    expect(bobs.leaf.detail).toEqual([expect.stringMatching(/^USDT:spot:available=149\.8$/), expect.stringMatching(/^USDT:spot:frozen=100\.2$/)]);
    const usdt = bobs.snapshot.coins.indexOf('USDT');
    expect(fromPolUnits(BigInt(bobs.leaf.sums[usdt]!))).toBe('250');
    expect(detailSums(bobs.leaf.detail, bobs.snapshot.coins)!.map(String)).toEqual(bobs.leaf.sums);
  });

  it('has no leaf for a user who held nothing, and refuses a missing token', async () => {
    const { proof } = await proofOf(carol);
    expect(proof).toBeNull();
    const anonymous = await call(test.app, '/liabilities/proof', { method: 'GET' });
    expect(anonymous.body.type).not.toBe('ok');
    const bad = await call(test.app, '/liabilities/proof?snapshot_id=abc', { method: 'GET', token: alice.token });
    expect(bad.body.type).not.toBe('ok');
    const missing = await call(test.app, '/liabilities/proof?snapshot_id=999999', { method: 'GET', token: alice.token });
    expect(missing.body.type).not.toBe('ok');
  });

  it('publishes totals equal to the ledger user-account totals at the same moment, and the audit check holds', async () => {
    const id = await snapshotNow();
    const [row] = await queryRows<{ totals: string[]; ledger_totals: string[]; coins: string[] }>(test.db, sql`select totals, ledger_totals, coins from pol_snapshots where id = ${id}`);
    expect(row!.totals).toEqual(row!.ledger_totals);
    const userTotals = await queryRows<{ name: string; total: string }>(
      test.db,
      sql`select c.name, sum(a.available + a.frozen + a.locked)::text as total from ledger_accounts a join currencies c on c.id = a.currency_id where a.user_id is not null group by c.name`,
    );
    for (const [i, coin] of row!.coins.entries()) {
      const ledger = userTotals.find((t) => t.name === coin)?.total ?? '0';
      // No open contract position, auction margin or OTC order here: the user accounts are the whole of it.
      expect(row!.totals[i]).toBe(String(toPolUnits(ledger)));
    }
    const result = await audit(test.db);
    expect(result.checks.find((c) => c.name === 'liabilities_match_ledger')).toMatchObject({ ok: true });
    await expectLedgerBalanced(test);
  });

  it('fails the audit check when a leaf or a published total is changed', async () => {
    await snapshotNow();
    const leaf = await auditAfter(test, (tx) => tx.execute(sql`update pol_leaves set sums = '1' || sums where snapshot_id = (select max(id) from pol_snapshots) and position = 0`));
    expect(offenders(leaf, 'liabilities_match_ledger').length).toBeGreaterThan(0);
    const total = await auditAfter(test, (tx) => tx.execute(sql`update pol_snapshots set totals = jsonb_set(totals, '{0}', '"1"') where id = (select max(id) from pol_snapshots)`));
    expect(total.checks.find((c) => c.name === 'liabilities_match_ledger')).toMatchObject({ ok: false });
  });

  it('still matches the ledger when money moves during the snapshot', async () => {
    const m = btcMarket(test);
    const moving = Promise.all(Array.from({ length: 20 }, (_, i) => fundAccount(test, [alice, bob, carol][i % 3]!.id, m.quote, `${i + 1}.5`)));
    const [id] = await Promise.all([snapshotNow(), moving]);
    const [row] = await queryRows<{ totals: string[]; ledger_totals: string[] }>(test.db, sql`select totals, ledger_totals from pol_snapshots where id = ${id}`);
    expect(row!.totals).toEqual(row!.ledger_totals);
    for (const user of [alice, bob, carol]) {
      const { snapshot, proof } = await proofOf(user, id);
      // Carol held nothing before: her first deposit may land after the snapshot's moment.
      if (user === carol && proof === null) continue;
      expect(verifyProof(proof!)).toEqual({ ok: true, root: snapshot.root });
    }
  });

  it('lists the published snapshots publicly, without any user data, and keeps snapshots to admins', async () => {
    const list = await call(test.app, '/transparency/liabilities?days=1', { method: 'GET' });
    expect(list.body.type).toBe('ok');
    const snapshots = list.body.message as LiabilitiesSnapshotView[];
    expect(snapshots.length).toBeGreaterThanOrEqual(3);
    expect(snapshots[0]!.id).toBeGreaterThan(snapshots[1]!.id);
    expect(JSON.stringify(snapshots)).not.toContain(alice.email);
    expect(Object.keys(snapshots[0]!).sort()).toEqual(['coins', 'day', 'demo', 'id', 'leaf_count', 'reason', 'root', 'taken_at', 'totals']);
    const byUser = await call(test.app, '/admin/liabilities/snapshot', { token: alice.token });
    expect(byUser.body.type).not.toBe('ok');
    const logged = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from operator_audit_log where action = 'liabilities.snapshot'`);
    expect(logged[0]!.n).toBeGreaterThanOrEqual(3);
  });
});

describe('the rules', () => {
  it('takes the daily snapshot once the set time has passed, once a day', () => {
    const midnight = Date.parse('2026-11-28T00:00:00Z');
    expect(dailySnapshotDue(midnight + LIABILITIES_DAILY_AT_MS - 1, false)).toBe(false);
    expect(dailySnapshotDue(midnight + LIABILITIES_DAILY_AT_MS, false)).toBe(true);
    expect(dailySnapshotDue(midnight + 12 * 3_600_000, true)).toBe(false);
  });

  it('builds leaves per user in coin order, summing ledger lines and committing positions without summing them', () => {
    const leaves = leavesOf(
      ['BTC', 'USDT'],
      [
        { user_id: 7, coin: 'USDT', line: 'spot:available', amount: '100.000000000000000000' },
        { user_id: 7, coin: 'USDT', line: 'spot:frozen', amount: '5' },
        { user_id: 7, coin: 'USDT', line: 'held:contract_margin', amount: '40' },
      ],
      [{ user_id: 7, coin: 'USDT', symbol: 'BTC/USDT', side: 'long', lots: 2, open_price: '100', contract_size: '0.875' }],
      () => '102',
      () => 'salt',
    );
    expect(leaves).toEqual([
      {
        userId: 7,
        salt: 'salt',
        sums: [0n, 145n * 10n ** 18n],
        detail: ['USDT:held:contract_margin=40', 'USDT:position:BTC/USDT:long:2=3.5', 'USDT:spot:available=100', 'USDT:spot:frozen=5'],
      },
    ]);
  });

  it('sizes the levels from the leaf count', () => {
    expect(levelSizes(0)).toEqual([1]);
    expect(levelSizes(1)).toEqual([1]);
    expect(levelSizes(5)).toEqual([5, 3, 2, 1]);
  });
});
