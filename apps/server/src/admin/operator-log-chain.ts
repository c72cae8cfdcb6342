/**
 * The operator log as a hash chain (issue 26): every entry carries `seq` (1, 2, 3, ... without gaps),
 * `prev_hash` (the entry before's hash, 64 zeros for the first) and `hash`, taken over its fields and
 * prev_hash. Editing, deleting or inserting a row breaks the recomputation from that entry on; rewriting
 * every later hash as well is caught by the daily heads, published on the transparency page, which no
 * longer match the chain.
 *
 * The rule (operatorLogHash), worked example: the first entry (prev_hash 64 zeros), seq 1, operator 7,
 * action "user_freeze", target "user:42", detail {"reason":"fraud","a":[2,{"z":1,"b":null}]}, created at
 * 2026-11-28T10:00:00.123Z (epoch ms 1795860000123) is hashed as the UTF-8 text
 *
 *   fairex-oplog-v1|0000000000000000000000000000000000000000000000000000000000000000|1|7|user_freeze|user:42|{"a":[2,{"b":null,"z":1}],"reason":"fraud"}|1795860000123
 *
 * whose SHA-256 in lower-case hex is a059f6d462b286c751e984233a658208dc107899a5b48f84c732092fde41ef28
 * (test/admin/operator-log-chain.test.ts recomputes it). Keys are sorted at every depth because jsonb
 * stores them in its own order. Actions and targets are code-made names (`kind:id`), never holding "|".
 */
import { and, asc, desc, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { DAY_MS, utcDay, type OperatorLogChainCheck, type OperatorLogHeadView } from '@fairex/contract';
import { sha256 } from '../accounts/passwords.ts';
import { bigintArray, queryRows, type Db, type Executor } from '../db/client.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { operatorAuditLog, operatorLogHeads } from './tables.ts';

export const OPERATOR_LOG_HASH_PREFIX = 'fairex-oplog-v1';
/** The prev_hash of the first entry. */
export const OPERATOR_LOG_GENESIS_HASH = '0'.repeat(64);
/**
 * The transaction-scoped advisory lock that orders writers of the chain (one bigint key). Above the
 * int4 range, so it never meets db/lease.ts's hashtext() key; cluster/membership.ts uses the two-key form,
 * a separate key space. "FXOPLG" in ASCII.
 */
export const OPERATOR_LOG_LOCK_KEY = 0x46584f504c47;
/** Entries read (verification) or chained (legacy rows) per statement. */
export const OPERATOR_LOG_PAGE_SIZE = 5_000;
export const OPERATOR_LOG_HEADS_JOB = 'operator_log.daily_heads';
export const OPERATOR_LOG_HEADS_EVERY_MS = 10 * 60_000;
/** Days one run of the heads job records at most (a long outage catches up over a few runs). */
export const HEAD_DAYS_PER_RUN_MAX = 1_000;
/**
 * A day's head is recorded this long after its end at the earliest, so a transaction that wrote its
 * entry just before midnight has committed by then.
 */
export const HEAD_GRACE_MS = 60_000;

export type ChainEntry = {
  seq: number;
  prevHash: string;
  operatorId: number;
  action: string;
  target: string;
  detail: unknown;
  createdAtMs: number;
};

/** JSON with object keys sorted at every depth (undefined members left out, as JSON.stringify and jsonb do). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The text an entry's hash is taken of. Pure. */
export const operatorLogText = (e: ChainEntry) =>
  [OPERATOR_LOG_HASH_PREFIX, e.prevHash, e.seq, e.operatorId, e.action, e.target, canonicalJson(e.detail), e.createdAtMs].join('|');

/** hex(sha256(operatorLogText)). Pure. */
export const operatorLogHash = (entry: ChainEntry) => sha256(operatorLogText(entry));

/** What jsonb will hand back: toJSON applied (dates become strings), undefined members gone. */
const asStored = (detail: object): unknown => JSON.parse(JSON.stringify(detail)) as unknown;

const lockChain = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(OPERATOR_LOG_LOCK_KEY))}::bigint)`);

async function chainEnd(tx: Executor): Promise<{ seq: number; hash: string }> {
  const [last] = await tx
    .select({ seq: operatorAuditLog.seq, hash: operatorAuditLog.hash })
    .from(operatorAuditLog)
    .where(isNotNull(operatorAuditLog.seq))
    .orderBy(desc(operatorAuditLog.seq))
    .limit(1);
  return last ? { seq: last.seq!, hash: last.hash! } : { seq: 0, hash: OPERATOR_LOG_GENESIS_HASH };
}

/**
 * Appends one entry in the caller's transaction (opening one when given the database): the lock makes
 * concurrent writers take turns, so each reads the end the previous one committed. The lock is held to
 * the end of the transaction, which should therefore write its log row last or close to it.
 */
export async function appendOperatorLog(db: Executor, entry: { operatorId: number; action: string; target: string; detail: object }) {
  const write = async (tx: Executor) => {
    await lockChain(tx);
    const end = await chainEnd(tx);
    // Taken after the lock, so created_at follows seq on one clock; ms precision, which the column keeps exactly.
    const createdAt = new Date();
    const detail = asStored(entry.detail);
    const seq = end.seq + 1;
    const hash = operatorLogHash({ seq, prevHash: end.hash, operatorId: entry.operatorId, action: entry.action, target: entry.target, detail, createdAtMs: createdAt.getTime() });
    await tx.insert(operatorAuditLog).values({ operatorId: entry.operatorId, action: entry.action, target: entry.target, detail, createdAt, seq, prevHash: end.hash, hash });
  };
  if (db instanceof PgTransaction) await write(db);
  else await db.transaction(write);
}

/**
 * Chains the rows written before the chain existed (seq null), in id order, in pages, all in one
 * transaction and only while the chain is still empty: once it has an entry, a row without a seq can only
 * have been put there around appendOperatorLog (a database writer), and chaining it would give it a place
 * after the fact; it is left for verifyChain to report. Their created_at is first cut to whole
 * milliseconds (the hash takes epoch ms), so the stored value re-hashes exactly. Idempotent: a second call
 * finds the chain begun. Answers how many it chained.
 */
export async function chainUnchained(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await lockChain(tx);
    let { seq, hash } = await chainEnd(tx);
    if (seq > 0) return 0;
    let chained = 0;
    for (;;) {
      const rows = await tx.select().from(operatorAuditLog).where(isNull(operatorAuditLog.seq)).orderBy(asc(operatorAuditLog.id)).limit(OPERATOR_LOG_PAGE_SIZE);
      if (rows.length === 0) return chained;
      const ids = rows.map((r) => r.id);
      await tx.execute(sql`update operator_audit_log set created_at = date_trunc('milliseconds', created_at) where id = any(${bigintArray(ids)}::bigint[])`);
      const truncated = await tx
        .select({ id: operatorAuditLog.id, createdAt: operatorAuditLog.createdAt })
        .from(operatorAuditLog)
        .where(sql`${operatorAuditLog.id} = any(${bigintArray(ids)}::bigint[])`);
      const createdAtOf = new Map(truncated.map((r) => [r.id, r.createdAt.getTime()]));
      const seqs: number[] = [];
      const prevHashes: string[] = [];
      const hashes: string[] = [];
      for (const row of rows) {
        const entry = { seq: seq + 1, prevHash: hash, operatorId: row.operatorId, action: row.action, target: row.target, detail: row.detail, createdAtMs: createdAtOf.get(row.id)! };
        seq = entry.seq;
        hash = operatorLogHash(entry);
        seqs.push(seq);
        prevHashes.push(entry.prevHash);
        hashes.push(hash);
      }
      await tx.execute(sql`update operator_audit_log l set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
        from unnest(${bigintArray(ids)}::bigint[], ${bigintArray(seqs)}::bigint[], ${`{${prevHashes.join(',')}}`}::text[], ${`{${hashes.join(',')}}`}::text[])
          as v(id, seq, prev_hash, hash)
        where l.id = v.id`);
      chained += rows.length;
    }
  });
}

/**
 * Records the head of every complete UTC day (ended at least HEAD_GRACE_MS before `now`) since the first
 * chained entry that has none yet: the last entry created before the day's end, so a day without entries
 * repeats the one before. Answers how many heads it recorded.
 */
export async function recordDailyHeads(db: Executor, now: number): Promise<number> {
  const completeBefore = Math.floor((now - HEAD_GRACE_MS) / DAY_MS) * DAY_MS;
  // The last entry of each day that has entries (one scan; the table has no index on created_at).
  const lastPerDay = await queryRows<{ day: string; seq: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, max(seq)::text as seq
      from operator_audit_log where seq is not null and created_at < ${new Date(completeBefore).toISOString()}::timestamptz
      group by 1 order by 1`,
  );
  if (lastPerDay.length === 0) return 0;
  const recorded = new Set((await db.select({ day: operatorLogHeads.day }).from(operatorLogHeads).where(sql`${operatorLogHeads.day} >= ${lastPerDay[0]!.day}`)).map((r) => r.day));
  const lastOf = new Map(lastPerDay.map((r) => [r.day, Number(r.seq)]));
  const missing: { day: string; seq: number }[] = [];
  let head = 0;
  for (let start = Date.parse(`${lastPerDay[0]!.day}T00:00:00Z`); start < completeBefore && missing.length < HEAD_DAYS_PER_RUN_MAX; start += DAY_MS) {
    const day = utcDay(start);
    // Entries are written in seq order, but created_at comes from each process's clock: keep the highest seq seen.
    head = Math.max(head, lastOf.get(day) ?? 0);
    if (!recorded.has(day)) missing.push({ day, seq: head });
  }
  if (missing.length === 0) return 0;
  const hashes = await queryRows<{ seq: string; hash: string }>(
    db,
    sql`select seq::text, hash from operator_audit_log where seq = any(${bigintArray([...new Set(missing.map((m) => m.seq))])}::bigint[])`,
  );
  const hashOf = new Map(hashes.map((r) => [Number(r.seq), r.hash]));
  const inserted = await db
    .insert(operatorLogHeads)
    .values(missing.map((m) => ({ day: m.day, seq: m.seq, hash: hashOf.get(m.seq)!, createdAt: new Date(now) })))
    .onConflictDoNothing()
    .returning({ day: operatorLogHeads.day });
  return inserted.length;
}

export function registerOperatorLogHeads(jobs: JobScheduler) {
  jobs.every(OPERATOR_LOG_HEADS_JOB, OPERATOR_LOG_HEADS_EVERY_MS, async (tx, _job, now) => {
    await recordDailyHeads(tx, now.getTime());
  });
}

/** The heads of the last `days` recorded days, newest first (the transparency page and the back office). */
export async function recentHeads(db: Executor, days: number): Promise<OperatorLogHeadView[]> {
  const rows = await db.select({ day: operatorLogHeads.day, seq: operatorLogHeads.seq, hash: operatorLogHeads.hash }).from(operatorLogHeads).orderBy(desc(operatorLogHeads.day)).limit(days);
  return rows;
}

/**
 * Walks the whole chain in seq order, a page at a time: every entry must follow the one before (seq
 * without gaps, prev_hash equal to its hash) and re-hash to its stored hash, and every recorded head must
 * equal the chain's entry at its seq; and no row may be left without a seq (chainUnchained chained every
 * older one, so it was put in around the chain: the back office lists it all the same). first_broken_seq is
 * the lowest entry where any of this fails (a deleted entry: its seq; a row without a seq: the chain's end + 1).
 */
export async function verifyChain(db: Executor): Promise<OperatorLogChainCheck> {
  const heads = await db.select({ seq: operatorLogHeads.seq, hash: operatorLogHeads.hash }).from(operatorLogHeads);
  const headsAt = new Map<number, string[]>();
  for (const h of heads) headsAt.set(h.seq, [...(headsAt.get(h.seq) ?? []), h.hash]);
  let firstBroken: number | null = null;
  const broken = (seq: number) => {
    if (firstBroken === null || seq < firstBroken) firstBroken = seq;
  };
  let entries = 0;
  let end: { seq: number; hash: string } | null = null;
  let prevHash = OPERATOR_LOG_GENESIS_HASH;
  let lastSeq = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(operatorAuditLog)
      .where(and(isNotNull(operatorAuditLog.seq), gt(operatorAuditLog.seq, lastSeq)))
      .orderBy(asc(operatorAuditLog.seq))
      .limit(OPERATOR_LOG_PAGE_SIZE);
    for (const row of rows) {
      const seq = row.seq!;
      if (firstBroken === null) {
        if (seq !== lastSeq + 1) broken(lastSeq + 1);
        else if (row.prevHash !== prevHash) broken(seq);
        else {
          const entry = { seq, prevHash, operatorId: row.operatorId, action: row.action, target: row.target, detail: row.detail, createdAtMs: row.createdAt.getTime() };
          if (operatorLogHash(entry) !== row.hash) broken(seq);
        }
      }
      for (const hash of headsAt.get(seq) ?? []) if (hash !== row.hash) broken(seq);
      headsAt.delete(seq);
      entries += 1;
      end = { seq, hash: row.hash! };
      prevHash = row.hash!;
      lastSeq = seq;
    }
    if (rows.length < OPERATOR_LOG_PAGE_SIZE) break;
  }
  // A head past the chain's end: entries after it were removed.
  for (const seq of headsAt.keys()) broken(seq);
  const [unchained] = await db.select({ id: operatorAuditLog.id }).from(operatorAuditLog).where(isNull(operatorAuditLog.seq)).limit(1);
  if (unchained) broken(lastSeq + 1);
  return { ok: firstBroken === null, entries, first_broken_seq: firstBroken, heads_checked: heads.length, head: end };
}
