// Security review of issue 26 on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), as someone
// who can write the database: an operator-log row put in beside the chain (seq null) must not pass the
// check, nor be given a place in the chain afterwards by the start-up chaining of older rows.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/client.ts';
import { chainUnchained, verifyChain } from '../../src/admin/operator-log-chain.ts';
import { logAction } from '../../src/admin/operators.ts';
import { openTestDatabase } from '../support/db.ts';

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

async function freshDb(): Promise<Db> {
  const { database, dispose } = await openTestDatabase();
  disposers.push(dispose);
  return database.db;
}

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
