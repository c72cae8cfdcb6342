// Proves the operator log's hash chain on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// the rule's worked example, chained writes that verify whatever key order jsonb keeps, and that an
// edited, deleted or re-hashed entry or a rewritten daily head is reported at the right entry; legacy
// rows are chained once, across pages; parallel writers still make one chain without gaps; the heads
// job records each complete day; the route answers the check.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/client.ts';
import {
  canonicalJson,
  chainUnchained,
  OPERATOR_LOG_GENESIS_HASH,
  OPERATOR_LOG_HEADS_EVERY_MS,
  OPERATOR_LOG_HEADS_JOB,
  OPERATOR_LOG_PAGE_SIZE,
  operatorLogHash,
  operatorLogText,
  recentHeads,
  recordDailyHeads,
  registerOperatorLogHeads,
  verifyChain,
} from '../../src/admin/operator-log-chain.ts';
import { DEMO_OPERATOR, logAction } from '../../src/admin/operators.ts';
import { JobScheduler } from '../../src/jobs/scheduler.ts';
import { call, makeTestApp, operatorLogin } from '../support/app.ts';
import { perTestDatabases } from '../support/db.ts';

const { freshDb, afterThisTest } = perTestDatabases();

/** Five entries through logAction, each in its own transaction as the back office writes them. */
async function fiveEntries(db: Db) {
  for (let i = 1; i <= 5; i++) await db.transaction((tx) => logAction(tx, 7, 'user_freeze', `user:${i}`, { reason: `r${i}`, nested: { z: i, a: [i, { y: 1, b: 2 }] } }));
}

/** Rows as written before the chain existed (seq null), at given times with microseconds the hash cannot keep. */
async function legacyRows(db: Db, times: string[]) {
  for (const [i, at] of times.entries()) {
    await db.execute(sql`insert into operator_audit_log (operator_id, action, target, detail, created_at)
      values (3, 'login', ${`operator:${i}`}, ${JSON.stringify({ ip: '10.0.0.1', n: i })}::jsonb, ${at}::timestamptz)`);
  }
}

const seqs = async (db: Db) => (await queryRows<{ seq: string }>(db, sql`select seq::text from operator_audit_log order by operator_audit_log.seq`)).map((r) => Number(r.seq));

describe('the rule', () => {
  it('hashes the worked example of the doc comment', () => {
    const entry = {
      seq: 1,
      prevHash: OPERATOR_LOG_GENESIS_HASH,
      operatorId: 7,
      action: 'user_freeze',
      target: 'user:42',
      detail: { reason: 'fraud', a: [2, { z: 1, b: null }] },
      createdAtMs: Date.parse('2026-11-28T10:00:00.123Z'),
    };
    expect(operatorLogText(entry)).toBe(
      `fairex-oplog-v1|${'0'.repeat(64)}|1|7|user_freeze|user:42|{"a":[2,{"b":null,"z":1}],"reason":"fraud"}|1795860000123`,
    );
    expect(operatorLogHash(entry)).toBe('a059f6d462b286c751e984233a658208dc107899a5b48f84c732092fde41ef28');
    // Any change of a field changes the hash.
    expect(operatorLogHash({ ...entry, target: 'user:43' })).not.toBe(operatorLogHash(entry));
    expect(operatorLogHash({ ...entry, createdAtMs: entry.createdAtMs + 1 })).not.toBe(operatorLogHash(entry));
  });

  it('writes the same canonical text in any key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'é' }, skipped: undefined })).toBe('{"a":{"c":"é","d":[1,{"x":1,"y":2}]},"b":1}');
  });
});

describe('the chain on a database', () => {
  it('verifies entries written through logAction, whatever key order jsonb stored', async () => {
    const db = await freshDb();
    expect(await verifyChain(db)).toEqual({ ok: true, entries: 0, first_broken_seq: null, heads_checked: 0, head: null });
    await fiveEntries(db);
    // Given the database rather than a transaction (a failed login), it opens its own.
    await logAction(db, 0, 'login_failed', 'operator:unknown', { ip: '10.0.0.9', at: new Date(0) });
    const check = await verifyChain(db);
    expect(check).toMatchObject({ ok: true, entries: 6, first_broken_seq: null });
    const [last] = await queryRows<{ hash: string; prev_hash: string }>(db, sql`select hash, prev_hash from operator_audit_log where seq = 6`);
    expect(check.head).toEqual({ seq: 6, hash: last!.hash });
    const [first] = await queryRows<{ prev_hash: string }>(db, sql`select prev_hash from operator_audit_log where seq = 1`);
    expect(first!.prev_hash).toBe(OPERATOR_LOG_GENESIS_HASH);
    expect(await seqs(db)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('reports an entry whose detail was edited', async () => {
    const db = await freshDb();
    await fiveEntries(db);
    await db.execute(sql`update operator_audit_log set detail = jsonb_set(detail, '{reason}', '"none"') where seq = 3`);
    expect(await verifyChain(db)).toMatchObject({ ok: false, entries: 5, first_broken_seq: 3 });
  });

  it('reports an entry whose target was edited', async () => {
    const db = await freshDb();
    await fiveEntries(db);
    await db.execute(sql`update operator_audit_log set target = 'user:99' where seq = 4`);
    expect(await verifyChain(db)).toMatchObject({ ok: false, first_broken_seq: 4 });
  });

  it('reports a deleted entry at its seq', async () => {
    const db = await freshDb();
    await fiveEntries(db);
    await db.execute(sql`delete from operator_audit_log where seq = 2`);
    expect(await verifyChain(db)).toMatchObject({ ok: false, entries: 4, first_broken_seq: 2 });
  });

  it('catches an edit whose later hashes were all recomputed, and a rewritten head, by the daily heads', async () => {
    const db = await freshDb();
    await legacyRows(db, ['2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z', '2026-03-02T09:00:00Z', '2026-03-04T09:00:00Z']);
    await chainUnchained(db);
    expect(await recordDailyHeads(db, Date.parse('2026-03-05T12:00:00Z'))).toBe(4);
    expect(await verifyChain(db)).toMatchObject({ ok: true, heads_checked: 4 });

    // Entry 2 edited and the chain re-hashed from it on with the rule: the chain alone recomputes...
    await db.execute(sql`update operator_audit_log set target = 'operator:other' where seq = 2`);
    const rows = await queryRows<{ id: number; seq: string; operator_id: number; action: string; target: string; detail: unknown; created_at: string }>(
      db,
      sql`select id, seq::text, operator_id, action, target, detail, (extract(epoch from created_at) * 1000)::bigint::text as created_at from operator_audit_log order by seq`,
    );
    let prevHash = OPERATOR_LOG_GENESIS_HASH;
    for (const row of rows) {
      const hash = operatorLogHash({ seq: Number(row.seq), prevHash, operatorId: row.operator_id, action: row.action, target: row.target, detail: row.detail, createdAtMs: Number(row.created_at) });
      await db.execute(sql`update operator_audit_log set prev_hash = ${prevHash}, hash = ${hash} where id = ${row.id}`);
      prevHash = hash;
    }
    // ...but the published head of 2026-03-01 (entry 2) no longer matches.
    expect(await verifyChain(db)).toMatchObject({ ok: false, first_broken_seq: 2 });

    // A head rewritten to fit is itself a break: it no longer matches its entry.
    const fresh = await freshDb();
    await legacyRows(fresh, ['2026-03-01T10:00:00Z', '2026-03-02T09:00:00Z', '2026-03-03T09:00:00Z']);
    await chainUnchained(fresh);
    await recordDailyHeads(fresh, Date.parse('2026-03-05T12:00:00Z'));
    await fresh.execute(sql`update operator_log_heads set hash = ${'f'.repeat(64)} where day = '2026-03-02'`);
    expect(await verifyChain(fresh)).toMatchObject({ ok: false, first_broken_seq: 2 });
  });

  it('reports a head past the chain end when the last entries were removed', async () => {
    const db = await freshDb();
    await legacyRows(db, ['2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z']);
    await chainUnchained(db);
    await recordDailyHeads(db, Date.parse('2026-03-03T12:00:00Z'));
    await db.execute(sql`delete from operator_audit_log where seq = 3`);
    expect(await verifyChain(db)).toMatchObject({ ok: false, entries: 2, first_broken_seq: 3 });
  });

  it('chains rows written before the chain in id order, once', async () => {
    const db = await freshDb();
    await legacyRows(db, ['2026-01-01T10:00:00.123456Z', '2026-01-01T10:00:00.123999Z', '2026-01-02T08:30:00.5Z']);
    expect(await verifyChain(db)).toMatchObject({ entries: 0 });
    expect(await chainUnchained(db)).toBe(3);
    expect(await chainUnchained(db)).toBe(0);
    const rows = await queryRows<{ id: number; seq: string }>(db, sql`select id, seq::text from operator_audit_log order by id`);
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3]);
    // New entries follow them.
    await logAction(db, 1, 'logout', 'operator:1');
    expect(await verifyChain(db)).toMatchObject({ ok: true, entries: 4, first_broken_seq: null });
  });

  it('chains and verifies across pages', async () => {
    const db = await freshDb();
    const rows = OPERATOR_LOG_PAGE_SIZE * 2 + 3;
    await db.execute(sql`insert into operator_audit_log (operator_id, action, target, detail, created_at)
      select 2, 'user_read', 'user:' || g, jsonb_build_object('g', g), timestamptz '2026-02-01T00:00:00Z' + g * interval '1 second'
      from generate_series(1, ${rows}) g`);
    expect(await chainUnchained(db)).toBe(rows);
    expect(await verifyChain(db)).toMatchObject({ ok: true, entries: rows });
    await db.execute(sql`update operator_audit_log set detail = '{"g":0}' where seq = ${OPERATOR_LOG_PAGE_SIZE + 1}`);
    expect(await verifyChain(db)).toMatchObject({ ok: false, entries: rows, first_broken_seq: OPERATOR_LOG_PAGE_SIZE + 1 });
  });

  it('makes one chain without gaps from many parallel writers', async () => {
    const db = await freshDb();
    const WRITERS = 40;
    await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await logAction(tx, 1, 'parallel', `writer:${i}`, { i });
        }),
      ),
    );
    expect(await seqs(db)).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 1));
    expect(await verifyChain(db)).toMatchObject({ ok: true, entries: WRITERS });
  });
});

describe('daily heads', () => {
  it('records each complete day once, repeating the head over days without entries, newest first', async () => {
    const db = await freshDb();
    await legacyRows(db, ['2026-05-01T23:59:59.999Z', '2026-05-02T00:00:00Z', '2026-05-02T13:00:00Z', '2026-05-05T01:00:00Z']);
    await chainUnchained(db);
    // 2026-05-05 is today: not complete, no head.
    const now = Date.parse('2026-05-05T12:00:00Z');
    expect(await recordDailyHeads(db, now)).toBe(4);
    expect(await recordDailyHeads(db, now)).toBe(0);
    const heads = await recentHeads(db, 30);
    const hashOf = async (seq: number) => (await queryRows<{ hash: string }>(db, sql`select hash from operator_audit_log where seq = ${seq}`))[0]!.hash;
    expect(heads).toEqual([
      { day: '2026-05-04', seq: 3, hash: await hashOf(3) },
      { day: '2026-05-03', seq: 3, hash: await hashOf(3) },
      { day: '2026-05-02', seq: 3, hash: await hashOf(3) },
      { day: '2026-05-01', seq: 1, hash: await hashOf(1) },
    ]);
    expect(await recentHeads(db, 2)).toHaveLength(2);
    // The next day, only that day's head is added.
    expect(await recordDailyHeads(db, Date.parse('2026-05-06T00:30:00Z'))).toBe(1);
    expect((await recentHeads(db, 1))[0]).toMatchObject({ day: '2026-05-05', seq: 4 });
  });

  it('are recorded by a recurring job every ten minutes', async () => {
    const db = await freshDb();
    await legacyRows(db, ['2026-06-01T10:00:00Z']);
    await chainUnchained(db);
    let now = Date.parse('2026-06-02T00:30:00Z');
    const jobs = new JobScheduler(db, { now: () => now });
    registerOperatorLogHeads(jobs);
    expect(jobs.names()).toEqual([OPERATOR_LOG_HEADS_JOB]);
    expect(await jobs.runDue()).toBe(1);
    expect(await recentHeads(db, 30)).toMatchObject([{ day: '2026-06-01', seq: 1 }]);
    now += OPERATOR_LOG_HEADS_EVERY_MS - 1;
    expect(await jobs.runDue()).toBe(0);
    now = Date.parse('2026-06-03T00:30:00Z');
    expect(await jobs.runDue()).toBe(1);
    expect((await recentHeads(db, 30)).map((h) => h.day)).toEqual(['2026-06-02', '2026-06-01']);
    expect(OPERATOR_LOG_HEADS_EVERY_MS).toBe(10 * 60_000);
  });
});

describe('GET /api/admin/operator-log/verify', () => {
  it('answers the check to an admin, and refuses without a session', async () => {
    const test = await makeTestApp();
    afterThisTest(() => test.close());
    const token = await operatorLogin(test.app, DEMO_OPERATOR.username, DEMO_OPERATOR.password, test.nextIp());
    const answer = await call(test.app, '/admin/operator-log/verify', { method: 'GET', token });
    expect(answer.body).toMatchObject({ type: 'ok', message: { ok: true, first_broken_seq: null } });
    expect(answer.body.message.entries).toBeGreaterThanOrEqual(1);
    await test.db.execute(sql`update operator_audit_log set action = 'nothing' where seq = 1`);
    expect((await call(test.app, '/admin/operator-log/verify', { method: 'GET', token })).body.message).toMatchObject({ ok: false, first_broken_seq: 1 });
    const heads = await call(test.app, '/admin/operator-log/heads', { method: 'GET', token, payload: { days: 7 } });
    expect(heads.body).toEqual({ type: 'ok', message: [] });
    expect((await call(test.app, '/admin/operator-log/verify', { method: 'GET' })).body.type).toBe('999');
  });
});
