/**
 * Several server processes on one PostgreSQL database: who is alive, and who holds what.
 *
 * A member is one running process. It joins with a row in cluster_members (where peers reach it and the
 * token they must present) and an advisory lock (MEMBER_LOCK_NS, its id) taken in the same transaction
 * on a connection of its own: the member is alive exactly while PostgreSQL shows that lock granted, so a
 * process that dies, even by kill -9, is dead to the others as soon as its connection closes. No clocks,
 * no heartbeats to tune.
 *
 * A lease (cluster_leases: 'core', 'spot:<symbol id>') names the member holding it and an epoch raised at
 * every take-over. A lease is taken only when it is free or its holder is dead, in one statement, so two
 * members racing for it cannot both win. The holder of a spot lease checks its epoch inside every batch
 * transaction (fence, FOR SHARE): a take-over waits for a batch in flight, and a writer that lost its
 * lease can never commit beside the new holder's.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';

/** The advisory lock namespace of members (first key; the member id is the second). */
export const MEMBER_LOCK_NS = 0x46584331;

export type Member = { id: number; address: string; token: string };
export type LeaseRow = { name: string; memberId: number | null; epoch: number };

/** A member is alive while its lock is granted in this database (pg_locks keeps the two keys in classid and objid). */
const ALIVE = `exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.classid = ${MEMBER_LOCK_NS}::oid
  and l.objsubid = 2 and l.granted and l.database = (select oid from pg_database where datname = current_database()) and l.objid = `;

export class Membership {
  private left = false;

  private constructor(
    private readonly client: pg.Client,
    readonly id: number,
    /** What a peer presents when it forwards a request here (cluster/forward.ts). */
    readonly token: string,
  ) {}

  /**
   * Joins as a new member reachable at `address`. `onLost`: the lock's connection broke, so the others
   * may already treat this process as dead and take its leases: it must stop at once.
   */
  static async join(databaseUrl: string, address: string, onLost: (error: unknown) => void): Promise<Membership> {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    await client.connect();
    const token = randomBytes(24).toString('base64url');
    let id: number;
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: number }>('insert into cluster_members (address, token, pid) values ($1, $2, $3) returning id', [address, token, process.pid]);
      id = rows[0]!.id;
      // In the same transaction: no one sees the row before its lock is held.
      await client.query('select pg_advisory_lock($1, $2)', [MEMBER_LOCK_NS, id]);
      await client.query('commit');
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    const membership = new Membership(client, id, token);
    // Told once (a broken connection reports an error and then its end).
    const gone = (error: unknown) => {
      if (membership.left) return;
      membership.left = true;
      onLost(error);
    };
    client.on('error', gone);
    client.on('end', () => gone(new Error('the cluster membership connection closed')));
    return membership;
  }

  /** The live members, by id (the oldest first). Rows of members dead for a minute are deleted on the way. */
  async live(): Promise<Member[]> {
    await this.client.query(`delete from cluster_members m where m.started_at < now() - interval '1 minute' and not ${ALIVE} m.id::oid)`);
    const { rows } = await this.client.query<Member>(`select m.id, m.address, m.token from cluster_members m where ${ALIVE} m.id::oid) order by m.id`);
    return rows;
  }

  /** Every lease row, with the names in `names` created (free) where missing. */
  async leases(names: string[]): Promise<LeaseRow[]> {
    if (names.length > 0) await this.client.query('insert into cluster_leases (name) select unnest($1::text[]) on conflict do nothing', [names]);
    const { rows } = await this.client.query<{ name: string; member_id: number | null; epoch: string }>('select name, member_id, epoch::text from cluster_leases order by name');
    return rows.map((r) => ({ name: r.name, memberId: r.member_id, epoch: Number(r.epoch) }));
  }

  /** Takes a lease that is free or held by a dead member; answers its new epoch, or undefined when someone alive holds it. */
  async take(name: string): Promise<number | undefined> {
    const { rows } = await this.client.query<{ epoch: string }>(
      `insert into cluster_leases (name, member_id, epoch, taken_at) values ($1, $2, 1, now())
       on conflict (name) do update set member_id = $2, epoch = cluster_leases.epoch + 1, taken_at = now()
       where cluster_leases.member_id is null or not ${ALIVE} cluster_leases.member_id::oid)
       returning epoch::text`,
      [name, this.id],
    );
    return rows[0] ? Number(rows[0].epoch) : undefined;
  }

  /** Gives a lease up (after its work was drained), so the member meant to hold it takes it at once. */
  async release(name: string) {
    await this.client.query('update cluster_leases set member_id = null where name = $1 and member_id = $2', [name, this.id]);
  }

  /** Leaves: leases held are freed, the row deleted and the lock's connection closed. */
  async leave() {
    if (this.left) return;
    this.left = true;
    try {
      await this.client.query('update cluster_leases set member_id = null where member_id = $1', [this.id]);
      await this.client.query('delete from cluster_members where id = $1', [this.id]);
    } finally {
      await this.client.end().catch(() => {});
    }
  }
}

/** The same check as a condition of a statement (the core's tick inserts: markets/ticks.ts). */
export const holdsLease = (name: string, memberId: number, epoch: number): SQL =>
  sql`exists (select 1 from cluster_leases where name = ${name} and member_id = ${memberId} and epoch = ${epoch} for share)`;

/**
 * Inside a spot batch's transaction: the lease `name` is still this member's at `epoch`, and stays so
 * until the transaction ends (FOR SHARE: a take-over waits for it). Otherwise nothing of the batch may be
 * written: service_switching, the writer's commands are answered "try again".
 */
export async function fence(tx: Executor, name: string, memberId: number, epoch: number) {
  const rows = await queryRows(tx, sql`select 1 from cluster_leases where name = ${name} and member_id = ${memberId} and epoch = ${epoch} for share`);
  if (rows.length === 0) throw new DomainError('service_switching');
}
