/**
 * Members and leases on PostgreSQL (cluster/membership.ts): a lease is taken only from a dead holder,
 * a take-over waits for the batch in flight, and a writer whose lease was taken can never commit.
 * PostgreSQL only (advisory locks, a connection per member): skipped, saying so, without TEST_DATABASE_URL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_LIMITS } from '../../src/limits.ts';
import { fence, holdsLease, Membership } from '../../src/cluster/membership.ts';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { SimulatedPriceFeed } from '../../src/markets/price-feed.ts';
import { listSymbols } from '../../src/markets/repository.ts';
import { seedMarkets } from '../../src/markets/seed.ts';
import { IndexTickStore } from '../../src/markets/ticks.ts';
import { seedSite } from '../../src/site/seed.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';
import { DomainError } from '../../src/http/errors.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
if (!postgresUrl) console.log('cluster membership test skipped: it needs PostgreSQL (TEST_DATABASE_URL)');

describe.skipIf(!postgresUrl)('cluster membership and leases (PostgreSQL)', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: Database;
  const members: Membership[] = [];
  const lost: number[] = [];

  const join = async (port: number) => {
    const member = await Membership.join(url, `http://127.0.0.1:${port}`, () => lost.push(port));
    members.push(member);
    return member;
  };
  /** Ends a member's lock connection from the server side, as when its process dies. */
  const kill = async (member: Membership) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = $1::oid and objsubid = 2`, [member.id]);
    await client.end();
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  beforeAll(async () => {
    ({ url, drop } = await createScratchDatabase(postgresUrl!, 'fairex_cluster', inject('databaseTemplate')));
    database = await openDatabase({ databaseUrl: url, dataDir: '' });
  });
  afterAll(async () => {
    for (const member of members) await member.leave().catch(() => {});
    await database.close();
    await drop();
  });

  it('takes a lease only when it is free or its holder is dead, and fences a writer that lost it', async () => {
    const a = await join(1);
    const b = await join(2);
    expect((await a.live()).map((m) => m.id)).toEqual([a.id, b.id]);
    expect(await a.take('spot:1')).toBe(1);
    expect(await b.take('spot:1')).toBeUndefined();

    // A's batch runs while A holds the lease: its fence passes.
    await database.db.transaction((tx) => fence(tx, 'spot:1', a.id, 1));

    await kill(a);
    await until(async () => (await b.live()).length === 1);
    expect(lost).toEqual([1]);
    expect((await b.live()).map((m) => m.id)).toEqual([b.id]);
    expect(await b.take('spot:1')).toBe(2);
    // A was thought dead and may still be running: its next batch must not commit.
    await expect(database.db.transaction((tx) => fence(tx, 'spot:1', a.id, 1))).rejects.toThrow(DomainError);
  });

  it('makes a take-over wait for the batch in flight, so the new holder reads what it committed', async () => {
    const c = await join(3);
    const b = members[1]!;
    let finishBatch!: () => void;
    const batch = database.db.transaction(async (tx) => {
      await fence(tx, 'spot:1', b.id, 2);
      await new Promise<void>((resolve) => (finishBatch = resolve));
    });
    await until(async () => finishBatch !== undefined);
    await kill(b);
    await until(async () => (await c.live()).length === 1);
    let taken: number | undefined | 'waiting' = 'waiting';
    const take = c.take('spot:1').then((epoch) => (taken = epoch));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(taken).toBe('waiting');
    finishBatch();
    await batch;
    await take;
    expect(taken).toBe(3);
  });

  it("records the core's ticks only while the core is this member's at its epoch (the tick chain cannot fork)", async () => {
    await seedSite(database.db);
    await seedMarkets(database.db);
    const symbols = await listSymbols(database.db);
    const ids = new Map(symbols.map((s) => [s.symbol, s.id]));
    const d = await join(5);
    const epoch = (await d.take('core'))!;
    const recorded = async (fenceEpoch: number) => {
      const feed = new SimulatedPriceFeed(symbols.map((s) => ({ symbol: s.symbol, startPrice: s.startPrice, volatility: s.volatility, priceDecimals: s.priceDecimals })), 1);
      const errors: unknown[] = [];
      const ticks = new IndexTickStore(database.db, feed, (symbol) => ids.get(symbol), DEFAULT_LIMITS, (error) => errors.push(error), { recording: false });
      ticks.startRecording({ fence: holdsLease('core', d.id, fenceEpoch) });
      feed.step();
      await ticks.flush();
      await ticks.stop();
      return { errors, latest: ticks.latest(symbols[0]!.symbol) };
    };
    const [before] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from index_ticks`);
    expect((await recorded(epoch)).errors).toEqual([]);
    const [held] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from index_ticks`);
    expect(held!.n).toBe(before!.n + symbols.length);
    // An older epoch: the core was taken over since.
    const stale = await recorded(epoch - 1);
    expect(String(stale.errors[0])).toMatch(/no longer holds the core/);
    expect(stale.latest).toBeUndefined();
    const [after] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from index_ticks`);
    expect(after!.n).toBe(held!.n);
  });

  it('frees what a member held when it leaves, for the others to take at once', async () => {
    const c = members[2]!;
    const d = await join(4);
    expect(await d.take('spot:1')).toBeUndefined();
    await c.leave();
    expect(await d.take('spot:1')).toBe(4);
  });
});
