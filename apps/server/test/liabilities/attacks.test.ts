// Security review of issue 26 on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), as someone
// who can write the database: an operator-log row put in beside the chain (seq null) must not pass the
// check, nor be given a place in the chain afterwards by the start-up chaining of older rows. As a user
// owed money held elsewhere: an OTC seller's coins in escrow count in their leaf, once. As a user asking
// for a proof of a snapshot whose rows are gone (retention, or a writer): no "proof: null" (that says
// "you were owed nothing") and no proof with a missing sibling read as empty (it fails like a cheat).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromPolUnits, verifyProof, type LiabilitiesProofAnswer } from '@fairex/contract';
import { queryRows, type Db } from '../../src/db/client.ts';
import { chainUnchained, verifyChain } from '../../src/admin/operator-log-chain.ts';
import { logAction } from '../../src/admin/operators.ts';
import { audit } from '../../src/ledger/index.ts';
import { perTestDatabases } from '../support/db.ts';
import { call, makeUser } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { makeFundsApp, operatorToken } from '../funds/support.ts';
import { btcMarket } from '../spot/support.ts';
import { admin, api, expectOk, makeMerchant, makeTaker, markPaid, otcRig, placeOrder, postAd, type OrderView } from '../otc/support.ts';

const { freshDb, afterThisTest } = perTestDatabases();

/** A back-dated entry written straight into the table, as a database writer would: no seq, no hashes. */
const forge = (db: Db) =>
  db.execute(sql`insert into operator_audit_log (operator_id, action, target, detail, created_at)
    values (7, 'withdrawal.approve', 'withdrawal:77', '{"user_id":5,"number":"1000"}'::jsonb, timestamptz '2026-01-02T10:00:00Z')`);

describe('an operator-log row inserted beside the chain', () => {
  it('fails the check at the place it would take (the back office lists it like any other)', async () => {
    const db = await freshDb();
    for (let i = 1; i <= 3; i++) await logAction(db, 7, 'user_freeze', `user:${i}`, { reason: `r${i}` });
    expect(await verifyChain(db)).toMatchObject({ ok: true, entries: 3 });
    await forge(db);
    expect(await verifyChain(db)).toMatchObject({ ok: false, entries: 3, first_broken_seq: 4 });
  });

  it('is not chained by a restart once the chain has begun, so it keeps failing the check', async () => {
    const db = await freshDb();
    for (let i = 1; i <= 3; i++) await logAction(db, 7, 'user_freeze', `user:${i}`, { reason: `r${i}` });
    await forge(db);
    expect(await chainUnchained(db)).toBe(0);
    const [row] = await queryRows<{ seq: string | null }>(db, sql`select seq::text from operator_audit_log where target = 'withdrawal:77'`);
    expect(row!.seq).toBeNull();
    expect(await verifyChain(db)).toMatchObject({ ok: false, first_broken_seq: 4 });
    // Entries written afterwards still chain on; the forged row stays reported.
    await logAction(db, 7, 'logout', 'operator:7');
    expect(await verifyChain(db)).toMatchObject({ ok: false, entries: 4, first_broken_seq: 5 });
  });

  it('still chains the rows written before the chain existed, in one go', async () => {
    const db = await freshDb();
    await forge(db);
    await forge(db);
    expect(await verifyChain(db)).toMatchObject({ ok: false, entries: 0, first_broken_seq: 1 });
    expect(await chainUnchained(db)).toBe(2);
    expect(await verifyChain(db)).toMatchObject({ ok: true, entries: 2, first_broken_seq: null });
  });
});

describe('money held for users by the system', () => {
  it("counts an OTC seller's escrowed and ad-frozen coins in their leaf once, and the totals equal the ledger's", async () => {
    const rig = await otcRig();
    afterThisTest(() => rig.close());
    const merchant = await makeMerchant(rig, { btc: '1' });
    const ad = await postAd(rig, merchant);
    const [pending, paid] = [await makeTaker(rig), await makeTaker(rig)];
    expectOk<OrderView>(await placeOrder(rig, pending, ad.id, '4700'));
    const second = expectOk<OrderView>(await placeOrder(rig, paid, ad.id, '9400'));
    expectOk(await markPaid(rig, paid, second.id));
    const taken = expectOk<{ id: number }>(await admin(rig, '/liabilities/snapshot'));
    const [row] = await queryRows<{ totals: string[]; ledger_totals: string[] }>(rig.test.db, sql`select totals, ledger_totals from pol_snapshots where id = ${taken.id}`);
    expect(row!.totals).toEqual(row!.ledger_totals);
    const { snapshot, proof } = expectOk<LiabilitiesProofAnswer>(await api(rig, merchant.token, '/liabilities/proof', {}, 'GET'));
    expect(verifyProof(proof!)).toEqual({ ok: true, root: snapshot.root });
    // 1 BTC in all: 0.9 available, 0.07 still on the ad, 0.03 in the two orders' escrow.
    expect(proof!.leaf.detail).toEqual(['BTC:fiat:available=0.9', 'BTC:fiat:frozen=0.07', 'BTC:held:otc_escrow=0.03']);
    expect(fromPolUnits(BigInt(proof!.leaf.sums[snapshot.coins.indexOf('BTC')]!))).toBe('1');
    // The buyers are owed nothing yet.
    for (const buyer of [pending, paid]) expect(expectOk<LiabilitiesProofAnswer>(await api(rig, buyer.token, '/liabilities/proof', {}, 'GET')).proof).toBeNull();
    expect((await audit(rig.test.db)).checks.find((c) => c.name === 'liabilities_match_ledger')).toMatchObject({ ok: true });
    // Foreign tokens: an operator's session is no user's, and a user's is no operator's.
    expect((await api(rig, rig.op, '/liabilities/proof', {}, 'GET')).body.type).not.toBe('ok');
    expect((await admin(rig, '/liabilities/snapshot', {}, 'POST', merchant.token)).body.type).not.toBe('ok');
    expect((await admin(rig, '/liabilities/snapshot', {}, 'POST', '')).body.type).not.toBe('ok');
  });
});

describe('a proof of a snapshot whose rows are gone', () => {
  it('is not_found rather than "no leaf" or a proof with an empty sibling', async () => {
    const test = await makeFundsApp();
    afterThisTest(() => test.close());
    const admin = await operatorToken(test);
    const m = btcMarket(test);
    const users = [await makeUser(test), await makeUser(test), await makeUser(test), await makeUser(test)];
    for (const [i, user] of users.entries()) await fundAccount(test, user.id, m.quote, `${i + 1}0`);
    const broke = await makeUser(test);
    const snapshotNow = async () => (await call(test.app, '/admin/liabilities/snapshot', { token: admin })).body.message.id as number;
    const proof = (user: (typeof users)[number], id: number) => call(test.app, `/liabilities/proof?snapshot_id=${id}`, { method: 'GET', token: user.token });

    // A sibling leaf deleted: the user's proof would fail verification though they were counted.
    const first = await snapshotNow();
    const answer = (await proof(users[0]!, first)).body.message as LiabilitiesProofAnswer;
    expect(verifyProof(answer.proof!)).toMatchObject({ ok: true });
    await test.db.execute(sql`delete from pol_leaves where snapshot_id = ${first} and position = ${answer.proof!.leaf.position ^ 1}`);
    expect((await proof(users[0]!, first)).body).toMatchObject({ code: 'not_found' });

    // Every row deleted, as retention does after 90 days: not "you were owed nothing".
    const second = await snapshotNow();
    expect((await proof(broke, second)).body).toMatchObject({ type: 'ok', message: { proof: null } });
    await test.db.execute(sql`delete from pol_leaves where snapshot_id = ${second}`);
    await test.db.execute(sql`delete from pol_nodes where snapshot_id = ${second}`);
    expect((await proof(users[1]!, second)).body).toMatchObject({ code: 'not_found' });
    expect((await proof(broke, second)).body).toMatchObject({ code: 'not_found' });
  });
});
