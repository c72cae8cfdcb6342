// Proves the ledger on a real database (in-memory PGlite, or a fresh PostgreSQL database when
// TEST_DATABASE_URL is set): a post moves exactly its legs or nothing, user buckets never go negative,
// concurrent posts on the same accounts serialise without deadlock, audit() catches a tampered figure,
// and thousands of random postings agree with an exact integer model of every bucket.
import { ACCOUNT_KINDS } from '@fairex/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import { DomainError } from '../src/http/errors.ts';
import { accountsOf, audit, BATCH_LEGS_PER_ENTRY_MAX, freeze, offenders, openUserAccounts, post, postMany, systemAccount, transfer, unfreeze, userAccount, type Bucket, type Leg } from '../src/ledger/index.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../src/ledger/tables.ts';
import { openTestDatabase, seedCurrencies, TEST_CURRENCIES, type TestCurrency } from './support/db.ts';

let database: Database;
let dispose: () => Promise<void>;
let db: Db;
let coins: Record<TestCurrency, number>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase('fairex_ledger'));
  db = database.db;
  coins = await seedCurrencies(db);
});

afterAll(async () => {
  await dispose?.();
});

// Exact amounts for the model: integers of 10^-18 units (test oracle only; the ledger uses NUMERIC).
const SCALE = 10n ** 18n;
function toUnits(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(18, '0').slice(0, 18));
  return negative ? -units : units;
}
function fromUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const fraction = (abs % SCALE).toString().padStart(18, '0').replace(/0+$/, '');
  return `${sign}${abs / SCALE}${fraction ? `.${fraction}` : ''}`;
}

let nextUserId = 1_000_000;
const newUserId = () => nextUserId++;
let nextRef = 1;
const ref = (kind = 'test') => ({ kind, refType: 'ledger_test', refId: nextRef++ });

/** Funds a user account from deposits in transit, as a confirmed deposit would. */
async function fund(accountId: number, currencyId: number, amount: string) {
  await db.transaction(async (tx) => {
    const source = await systemAccount(tx, 'deposits_in_transit', currencyId);
    await transfer(tx, source, accountId, amount, ref('deposit'));
  });
}

async function fundedAccount(currency: TestCurrency, amount: string, userId = newUserId()) {
  const id = await userAccount(db, userId, coins[currency], 'spot');
  if (amount !== '0') await fund(id, coins[currency], amount);
  return id;
}

/** Figures as exact units, by account id. */
async function figures(ids: number[]) {
  const rows = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
  return new Map(rows.map((r) => [r.id, { available: toUnits(r.available), frozen: toUnits(r.frozen), locked: toUnits(r.locked) }]));
}
const available = async (id: number) => fromUnits((await figures([id])).get(id)!.available);

async function journalSize() {
  const [entries] = await db.select({ n: sql<string>`count(*)::text` }).from(ledgerEntries);
  const [postings] = await db.select({ n: sql<string>`count(*)::text` }).from(ledgerPostings);
  return { entries: Number(entries!.n), postings: Number(postings!.n) };
}

/** The refusal's code, or 'ok' when the promise resolves; anything that is not a DomainError is rethrown. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

/** Every check but the holds: these tests freeze and lock through the ledger alone, with no business row holding it. */
const HOLD_CHECKS = new Set(['frozen_matches_holds', 'locked_matches_holds']);
async function expectAuditOk() {
  const result = await audit(db);
  const failed = result.checks.filter((c) => !c.ok && !HOLD_CHECKS.has(c.name));
  expect(failed, JSON.stringify(failed)).toEqual([]);
}

describe('ledger accounts', () => {
  it('opens every kind in every enabled currency once, however often it is called', async () => {
    const userId = newUserId();
    await db.transaction((tx) => openUserAccounts(tx, userId));
    await db.transaction((tx) => openUserAccounts(tx, userId));
    const list = await accountsOf(db, userId);
    expect(list).toHaveLength(ACCOUNT_KINDS.length * TEST_CURRENCIES.length);
    expect(new Set(list.map((a) => a.currency))).toEqual(new Set(TEST_CURRENCIES));
    expect(list[0]).toMatchObject({ balance: '0', available: '0', frozen: '0', locked: '0' });
    expect(await userAccount(db, userId, coins.BTC, 'contract')).toBe(list.find((a) => a.currency === 'BTC' && a.kind === 'contract')!.id);
  });

  it('creates a system account on first use and finds the same one afterwards', async () => {
    const first = await systemAccount(db, 'fees', coins.BNB);
    expect(await systemAccount(db, 'fees', coins.BNB)).toBe(first);
    expect(await systemAccount(db, 'fees', coins.ETH)).not.toBe(first);
  });
});

describe('ledger post', () => {
  it('moves an amount between two users with a transfer and records balance_after', async () => {
    const from = await fundedAccount('USDT', '100');
    const to = await fundedAccount('USDT', '0');
    const entryId = await db.transaction((tx) => transfer(tx, from, to, '30.123456789012345678', ref('transfer')));
    expect(await available(from)).toBe('69.876543210987654322');
    expect(await available(to)).toBe('30.123456789012345678');
    const legs = await db.select().from(ledgerPostings).where(inArray(ledgerPostings.entryId, [entryId])).orderBy(ledgerPostings.id);
    expect(legs.map((l) => [l.accountId, toUnits(l.amount), toUnits(l.balanceAfter)])).toEqual([
      [from, -toUnits('30.123456789012345678'), toUnits('69.876543210987654322')],
      [to, toUnits('30.123456789012345678'), toUnits('30.123456789012345678')],
    ]);
    await expectAuditOk();
  });

  it('freezes and unfreezes within one account, keeping the balance', async () => {
    const userId = newUserId();
    const id = await userAccount(db, userId, coins.ETH, 'spot');
    await fund(id, coins.ETH, '100');
    await db.transaction((tx) => freeze(tx, id, '40', ref('freeze')));
    expect((await accountsOf(db, userId)).find((a) => a.id === id)).toMatchObject({ balance: '100', available: '60', frozen: '40', locked: '0' });
    await db.transaction((tx) => unfreeze(tx, id, '15.5', ref('unfreeze')));
    expect((await accountsOf(db, userId)).find((a) => a.id === id)).toMatchObject({ balance: '100', available: '75.5', frozen: '24.5' });
    expect(await outcome(db.transaction((tx) => unfreeze(tx, id, '24.6', ref('unfreeze'))))).toBe('insufficient_balance');
    expect(await outcome(db.transaction((tx) => freeze(tx, id, '75.51', ref('freeze'))))).toBe('insufficient_balance');
    await expectAuditOk();
  });

  it('refuses an overdraft with insufficient_balance and writes nothing', async () => {
    const from = await fundedAccount('BTC', '1');
    const to = await fundedAccount('BTC', '0');
    const before = await journalSize();
    expect(await outcome(db.transaction((tx) => transfer(tx, from, to, '1.000000000000000001', ref())))).toBe('insufficient_balance');
    // Caught inside the caller's transaction, the refusal leaves nothing behind and the transaction goes on.
    await db.transaction(async (tx) => {
      expect(await outcome(transfer(tx, from, to, '2', ref()))).toBe('insufficient_balance');
      await transfer(tx, from, to, '1', ref());
    });
    expect(await journalSize()).toEqual({ entries: before.entries + 1, postings: before.postings + 2 });
    expect([await available(from), await available(to)]).toEqual(['0', '1']);
    await expectAuditOk();
  });

  it('refuses with wrong_number, writing nothing, a figure beyond what NUMERIC(36,18) holds', async () => {
    // Funded from two system accounts no other test uses, so that neither of them nears the limit.
    const fromSystem = async (name: 'ieo_sale' | 'adjustments', amount: string) => {
      const id = await userAccount(db, newUserId(), coins.USDT, 'spot');
      await db.transaction(async (tx) => transfer(tx, await systemAccount(tx, name, coins.USDT), id, amount, ref('deposit')));
      return id;
    };
    const rich = await fromSystem('ieo_sale', '999999999999999999');
    const other = await fromSystem('adjustments', '1');
    const before = await journalSize();
    // The total would reach 10^18; the transaction goes on after the refusal.
    await db.transaction(async (tx) => {
      expect(await outcome(transfer(tx, other, rich, '1', ref()))).toBe('wrong_number');
      expect(await outcome(transfer(tx, other, rich, '0.5', ref()))).toBe('ok');
    });
    expect(await journalSize()).toEqual({ entries: before.entries + 1, postings: before.postings + 2 });
    expect(await available(rich)).toBe('999999999999999999.5');
    // A single leg of 10^18 or more is refused too, even when it nets out within the entry.
    const source = await systemAccount(db, 'adjustments', coins.USDT);
    expect(await outcome(db.transaction((tx) => post(tx, { ...ref(), legs: [{ accountId: source, amount: '-1000000000000000000' }, { accountId: other, amount: '1000000000000000000' }] })))).toBe('wrong_number');
    await expectAuditOk();
  });

  it('throws a plain Error, not a refusal, for an entry that does not sum to zero per currency', async () => {
    const a = await fundedAccount('USDT', '10');
    const b = await fundedAccount('USDT', '0');
    const btc = await fundedAccount('BTC', '10');
    const before = await journalSize();
    const broken: Leg[][] = [
      [{ accountId: a, amount: '-1' }, { accountId: b, amount: '0.999999999999999999' }],
      // Zero in total, but across two currencies.
      [{ accountId: a, amount: '-1' }, { accountId: btc, amount: '1' }],
    ];
    for (const legs of broken) {
      const error = await db.transaction((tx) => post(tx, { ...ref(), legs })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(DomainError);
      expect((error as Error).message).toMatch(/does not sum to zero/);
    }
    expect(await journalSize()).toEqual(before);
    expect(await available(a)).toBe('10');
  });

  it('throws a plain Error for malformed legs', async () => {
    const a = await fundedAccount('USDT', '10');
    const b = await fundedAccount('USDT', '0');
    const bad: Leg[][] = [
      [{ accountId: a, amount: '-1' }],
      [{ accountId: a, amount: '-0.0000000000000000001' }, { accountId: b, amount: '0.0000000000000000001' }],
      [{ accountId: a, amount: '-1' }, { accountId: 999_999_999, amount: '1' }],
      [{ accountId: a, amount: '-1' }, { accountId: b, bucket: 'spare' as Bucket, amount: '1' }],
    ];
    for (const legs of bad) {
      await expect(db.transaction((tx) => post(tx, { ...ref(), legs }))).rejects.toSatisfy((e) => e instanceof Error && !(e instanceof DomainError));
    }
  });

  it('caps an entry at 64 legs, and a batch entry at 1,024: 100 payouts of 0.5 pass only as a batch', async () => {
    const payer = await fundedAccount('USDT', '100');
    const payees = await Promise.all(Array.from({ length: 100 }, () => fundedAccount('USDT', '0')));
    const legs: Leg[] = [{ accountId: payer, amount: '-50' }, ...payees.map((accountId, i) => ({ accountId, amount: '0.5', refType: 'ledger_test_leg', refId: i }))];
    await expect(db.transaction((tx) => post(tx, { ...ref(), legs }))).rejects.toThrow('ledger entry needs 2..64 legs, got 101');
    await expect(db.transaction((tx) => post(tx, { ...ref(), legs }, BATCH_LEGS_PER_ENTRY_MAX + 1))).rejects.toThrow('capped at 1024');
    const entryId = await db.transaction((tx) => post(tx, { ...ref(), legs }, BATCH_LEGS_PER_ENTRY_MAX));
    const rows = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, [payer, ...payees]));
    expect(rows.find((r) => r.id === payer)?.available).toMatch(/^50(\.0+)?$/);
    expect(rows.filter((r) => r.id !== payer).every((r) => Number(r.available) === 0.5)).toBe(true);
    const postings = await db.select().from(ledgerPostings).where(eq(ledgerPostings.entryId, entryId));
    expect(postings).toHaveLength(101);
    expect(postings.reduce((t, p) => t + Number(p.amount), 0)).toBe(0);
  });

  it('postMany writes entries in order with rising ids, and refuses a whole list for one bad entry', async () => {
    const a = await fundedAccount('USDT', '10');
    const b = await fundedAccount('USDT', '0');
    expect(await db.transaction((tx) => postMany(tx, []))).toEqual([]);
    const ids = await db.transaction((tx) =>
      postMany(tx, [
        { ...ref(), legs: [{ accountId: a, amount: '-10' }, { accountId: b, amount: '10' }] },
        // Affordable only after the first entry paid b.
        { ...ref(), legs: [{ accountId: b, amount: '-4' }, { accountId: a, amount: '4' }] },
      ]),
    );
    expect(ids).toHaveLength(2);
    expect(ids[1]!).toBeGreaterThan(ids[0]!);
    expect([await available(a), await available(b)]).toEqual(['4', '6']);
    const size = await journalSize();
    // The second entry would take a below zero: nothing of the list lands, and the refusal names a.
    const refusal = await db.transaction((tx) =>
      postMany(tx, [
        { ...ref(), legs: [{ accountId: b, amount: '-6' }, { accountId: a, amount: '6' }] },
        { ...ref(), legs: [{ accountId: a, amount: '-11' }, { accountId: b, amount: '11' }] },
      ]),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).detail).toEqual({ accounts: [a] });
    // An unbalanced entry is a programming error naming that entry.
    const badRef = ref();
    const unbalanced = db.transaction((tx) =>
      postMany(tx, [
        { ...ref(), legs: [{ accountId: a, amount: '-1' }, { accountId: b, amount: '1' }] },
        { ...badRef, legs: [{ accountId: a, amount: '-1' }, { accountId: b, amount: '2' }] },
      ]),
    );
    await expect(unbalanced).rejects.toThrow(`ledger_test:${badRef.refId} does not sum to zero`);
    expect(await journalSize()).toEqual(size);
    expect([await available(a), await available(b)]).toEqual(['4', '6']);
  });

  it('lets system accounts go negative', async () => {
    const user = await fundedAccount('BNB', '0');
    const source = await systemAccount(db, 'deposits_in_transit', coins.BNB);
    const before = (await figures([source])).get(source)!.available;
    await db.transaction((tx) => transfer(tx, source, user, '5', ref('deposit')));
    const after = (await figures([source])).get(source)!.available;
    expect(after).toBe(before - 5n * SCALE);
    expect(after < 0n).toBe(true);
    await expectAuditOk();
  });

  it('posts a multi-currency trade with a fee in one entry', async () => {
    const [buyerId, sellerId] = [newUserId(), newUserId()];
    const buyer = await fundedAccount('USDT', '1000', buyerId);
    const seller = await fundedAccount('BTC', '1', sellerId);
    const buyerBtc = await userAccount(db, buyerId, coins.BTC, 'spot');
    const sellerUsdt = await userAccount(db, sellerId, coins.USDT, 'spot');
    const fees = await systemAccount(db, 'fees', coins.USDT);
    await db.transaction((tx) =>
      post(tx, {
        ...ref('trade'),
        legs: [
          { accountId: buyer, amount: '-650' },
          { accountId: sellerUsdt, amount: '649.35' },
          { accountId: fees, amount: '0.65' },
          { accountId: seller, amount: '-0.01' },
          { accountId: buyerBtc, amount: '0.01' },
        ],
      }),
    );
    expect([await available(buyer), await available(sellerUsdt), await available(seller), await available(buyerBtc)]).toEqual(['350', '649.35', '0.99', '0.01']);
    await expectAuditOk();
  });

  it('audit finds a tampered figure, and is ok again once it is restored', async () => {
    const id = await fundedAccount('ETH', '3');
    await expectAuditOk();
    await db.execute(sql`update ledger_accounts set available = available + 0.000000000000000001 where id = ${id}`);
    const tampered = await audit(db);
    expect(tampered.ok).toBe(false);
    expect(offenders(tampered, 'accounts_match_postings').map((a) => a.account_id)).toEqual([id]);
    await db.execute(sql`update ledger_accounts set available = available - 0.000000000000000001 where id = ${id}`);
    await expectAuditOk();
  });
});

// ---- Property tests: random postings against an exact model ----

const USERS_PER_RUN = 3;
const KINDS = ['spot', 'contract'] as const;
const BUCKETS: Bucket[] = ['available', 'frozen', 'locked'];

/** A positive amount in units: 0..18 decimals, up to a million. */
const amountUnits = fc
  .integer({ min: 0, max: 18 })
  .chain((decimals) => fc.bigInt({ min: 1n, max: 10n ** BigInt(decimals + 6) }).map((n) => n * 10n ** BigInt(18 - decimals)));
/** Either a fixed amount or a share (percent) of what the paying bucket holds, so full and exact moves happen too. */
const amountSpec = fc.oneof(
  amountUnits.map((units) => ({ units })),
  fc.integer({ min: 1, max: 100 }).map((percent) => ({ percent })),
);
const accountRef = fc.record({ user: fc.nat(USERS_PER_RUN - 1), currency: fc.nat(TEST_CURRENCIES.length - 1), kind: fc.nat(KINDS.length - 1) });
const bucket = fc.constantFrom(...BUCKETS);

const operation = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), to: accountRef, amount: amountUnits }),
  fc.record({ type: fc.constant('withdraw' as const), from: accountRef, bucket, amount: amountSpec }),
  fc.record({ type: fc.constant('transfer' as const), from: accountRef, to: fc.record({ user: fc.nat(USERS_PER_RUN - 1), kind: fc.nat(KINDS.length - 1) }), fromBucket: bucket, toBucket: bucket, amount: amountSpec }),
  fc.record({ type: fc.constant('move' as const), account: accountRef, fromBucket: bucket, toBucket: bucket, amount: amountSpec }),
  fc.record({ type: fc.constant('trade' as const), a: accountRef, b: accountRef, payA: amountSpec, payB: amountSpec, fee: fc.nat(100) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;
type AccountRef = { user: number; currency: number; kind: number };

describe('ledger properties', () => {
  // Operations are posted in random groups through postMany (a group of one is a plain post): a group
  // lands whole when every entry is affordable one after the other, else none of it does.
  it('agrees with an exact model over thousands of random postings, one by one and in groups, and audit stays ok', async () => {
    let postings = 0;
    let refused = 0;
    let grouped = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 20, maxLength: 20 }), fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 20, maxLength: 20 }), async (operations, groupSizes) => {
        // Fresh users per run; accounts opened the way registration does.
        const userIds = Array.from({ length: USERS_PER_RUN }, newUserId);
        for (const userId of userIds) await openUserAccounts(db, userId);
        const rows = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.userId, userIds));
        const currencyIds = TEST_CURRENCIES.map((c) => coins[c]);
        const idOf = (r: AccountRef) => rows.find((a) => a.userId === userIds[r.user] && a.currencyId === currencyIds[r.currency] && a.kind === KINDS[r.kind])!.id;
        let model = new Map<string, bigint>();
        const held = (accountId: number, b: Bucket) => model.get(`${accountId}:${b}`) ?? 0n;
        const resolve = (spec: { units: bigint } | { percent: number }, accountId: number, b: Bucket) =>
          'units' in spec ? spec.units : (held(accountId, b) * BigInt(spec.percent)) / 100n;
        const system = async (name: 'deposits_in_transit' | 'withdrawals_in_transit' | 'fees', currency: number) => systemAccount(db, name, currencyIds[currency]!);

        let group: { legs: Leg[]; postings: number }[] = [];
        let groupAffordable = true;
        let before = model;
        let groupIndex = 0;
        for (const [i, op] of operations.entries()) {
          if (group.length === 0) {
            before = model;
            model = new Map(model);
          }
          const legs: { accountId: number; bucket: Bucket; units: bigint; user: boolean }[] = [];
          const move = (from: number, fromBucket: Bucket, to: number, toBucket: Bucket, units: bigint, toUser = true, fromUser = true) => {
            legs.push({ accountId: from, bucket: fromBucket, units: -units, user: fromUser }, { accountId: to, bucket: toBucket, units, user: toUser });
          };
          if (op.type === 'deposit') move(await system('deposits_in_transit', op.to.currency), 'available', idOf(op.to), 'available', op.amount, true, false);
          if (op.type === 'withdraw') {
            const from = idOf(op.from);
            move(from, op.bucket, await system('withdrawals_in_transit', op.from.currency), 'available', resolve(op.amount, from, op.bucket), false);
          }
          if (op.type === 'transfer') {
            const from = idOf(op.from);
            move(from, op.fromBucket, idOf({ ...op.to, currency: op.from.currency }), op.toBucket, resolve(op.amount, from, op.fromBucket));
          }
          if (op.type === 'move') {
            const id = idOf(op.account);
            move(id, op.fromBucket, id, op.toBucket, resolve(op.amount, id, op.fromBucket));
          }
          if (op.type === 'trade') {
            // a pays b in a's currency (less a fee in percent); b pays a in b's currency.
            const a = idOf(op.a);
            const b = idOf(op.b);
            const payA = resolve(op.payA, a, 'available');
            const fee = (payA * BigInt(op.fee)) / 100n;
            legs.push(
              { accountId: a, bucket: 'available', units: -payA, user: true },
              { accountId: idOf({ ...op.b, currency: op.a.currency }), bucket: 'available', units: payA - fee, user: true },
              { accountId: await system('fees', op.a.currency), bucket: 'available', units: fee, user: false },
            );
            const payB = resolve(op.payB, b, 'available');
            move(b, 'available', idOf({ ...op.a, currency: op.b.currency }), 'available', payB);
          }
          // The model's verdict: every user bucket the entry touches stays at or above zero.
          const next = new Map<string, bigint>();
          for (const leg of legs.filter((l) => l.user)) {
            const key = `${leg.accountId}:${leg.bucket}`;
            next.set(key, (next.get(key) ?? model.get(key) ?? 0n) + leg.units);
          }
          if (![...next.values()].every((v) => v >= 0n)) groupAffordable = false;
          for (const [key, value] of next) model.set(key, value);
          group.push({ legs: legs.map((l) => ({ accountId: l.accountId, bucket: l.bucket, amount: fromUnits(l.units) })), postings: legs.length });
          if (group.length < groupSizes[groupIndex]! && i < operations.length - 1) continue;
          const entries = group.map((g) => ({ ...ref(op.type), legs: g.legs }));
          const result = await outcome(db.transaction((tx) => (entries.length === 1 ? post(tx, entries[0]!).then((id) => [id]) : postMany(tx, entries))));
          expect(result).toBe(groupAffordable ? 'ok' : 'insufficient_balance');
          if (groupAffordable) postings += group.reduce((n, g) => n + g.postings, 0);
          else {
            refused++;
            model = before;
          }
          if (entries.length > 1) grouped++;
          group = [];
          groupAffordable = true;
          groupIndex++;
        }

        // Figures and the last balance_after of each bucket equal the model.
        const ids = rows.map((r) => r.id);
        const actual = await figures(ids);
        for (const id of ids) {
          for (const b of BUCKETS) expect(actual.get(id)![b], `${id}:${b}`).toBe(held(id, b));
        }
        const last = await db.execute(sql`
          select distinct on (account_id, bucket) account_id, bucket, balance_after::text as balance_after
          from ledger_postings where account_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          order by account_id, bucket, id desc`);
        for (const row of (last as unknown as { rows: { account_id: number; bucket: Bucket; balance_after: string }[] }).rows) {
          expect(toUnits(row.balance_after)).toBe(held(row.account_id, row.bucket));
        }
        // Each posting's balance_after is the one before it plus its amount, in posting order, grouped or not.
        const broken = await db.execute(sql`
          select id from (
            select id, balance_after - amount - coalesce(lag(balance_after) over (partition by account_id, bucket order by id), 0) as gap
            from ledger_postings where account_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})) p
          where gap <> 0`);
        expect((broken as unknown as { rows: unknown[] }).rows).toEqual([]);
      }),
      { numRuns: 100 },
    );
    // Both outcomes were exercised in bulk, and many groups.
    expect(postings).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(50);
    expect(grouped).toBeGreaterThan(250);
    await expectAuditOk();
    // Thousands of postings: minutes on a busy two-core machine, not the default minute.
  }, 300_000);

  it('lets exactly the affordable ones of many concurrent withdrawals through', async () => {
    await fc.assert(
      fc.asyncProperty(amountUnits, fc.array(amountUnits, { minLength: 24, maxLength: 40 }), async (balance, amounts) => {
        const account = await fundedAccount('USDT', fromUnits(balance));
        const sink = await systemAccount(db, 'withdrawals_in_transit', coins.USDT);
        const results = await Promise.all(
          amounts.map((units) => outcome(db.transaction((tx) => transfer(tx, account, sink, fromUnits(units), ref('withdraw'))))),
        );
        expect(new Set(results.filter((r) => r !== 'ok'))).toEqual(new Set(results.some((r) => r !== 'ok') ? ['insufficient_balance'] : []));
        const paid = amounts.filter((_, i) => results[i] === 'ok').reduce((total, units) => total + units, 0n);
        const final = (await figures([account])).get(account)!.available;
        expect(final).toBe(balance - paid);
        expect(final >= 0n).toBe(true);
        // Balances only fall, so a refused amount exceeded even the final balance: nothing affordable was refused.
        for (const [i, units] of amounts.entries()) if (results[i] !== 'ok') expect(units > final).toBe(true);
      }),
      { numRuns: 20 },
    );
    await expectAuditOk();
  });

  it('spends a balance of 10 on exactly 10 of 25 concurrent withdrawals of 1', async () => {
    const account = await fundedAccount('ETH', '10');
    const sink = await systemAccount(db, 'withdrawals_in_transit', coins.ETH);
    const results = await Promise.all(
      Array.from({ length: 25 }, () => outcome(db.transaction((tx) => transfer(tx, account, sink, '1', ref('withdraw'))))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === 'insufficient_balance')).toHaveLength(15);
    expect(await available(account)).toBe('0');
  });

  it('runs concurrent multi-account posts in every direction without deadlock, conserving the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ from: fc.nat(3), to: fc.nat(3), third: fc.nat(3), amount: amountUnits }), { minLength: 30, maxLength: 50 }),
        async (moves) => {
          const accounts: number[] = [];
          for (let i = 0; i < 4; i++) accounts.push(await fundedAccount('BTC', '1000'));
          const results = await Promise.all(
            moves.map((m) => {
              // Legs listed in the caller's order (often descending ids); the ledger locks in ascending order anyway.
              const half = m.amount / 2n;
              const legs: Leg[] = [
                { accountId: accounts[m.from]!, amount: fromUnits(-m.amount) },
                { accountId: accounts[m.to]!, amount: fromUnits(m.amount - half) },
                { accountId: accounts[m.third]!, amount: fromUnits(half) },
              ];
              return outcome(db.transaction((tx) => post(tx, { ...ref('shuffle'), legs })));
            }),
          );
          expect(results.every((r) => r === 'ok' || r === 'insufficient_balance')).toBe(true);
          const actual = await figures(accounts);
          const total = accounts.reduce((sum, id) => sum + actual.get(id)!.available, 0n);
          expect(total).toBe(4000n * SCALE);
        },
      ),
      { numRuns: 10 },
    );
    await expectAuditOk();
  });
});
