/**
 * Runs of the wealth jobs (mining payouts and unlocks, IEO allocations and releases, dual settlements):
 * one row per run that moved money, written in the run's transaction, so the back office shows what
 * each paid and when, and a run rolled back leaves no row.
 */
import { desc, eq, count } from 'drizzle-orm';
import { money, toAmountString, WEALTH_JOB_NAMES, type MoneyInput } from '@fairex/contract';
import type { Executor, Tx } from '../db/client.ts';
import { wealthRuns } from './tables.ts';

export type WealthJob = (typeof WEALTH_JOB_NAMES)[number];

/** Sums amounts per coin name: the summary's "paid" figures. */
export class CoinTotals {
  private readonly totals = new Map<string, MoneyInput>();
  add(coin: string, amount: MoneyInput) {
    this.totals.set(coin, money(this.totals.get(coin) ?? 0).plus(amount));
  }
  toJSON(): Record<string, string> {
    return Object.fromEntries([...this.totals].map(([coin, total]) => [coin, toAmountString(total)]));
  }
}

/** Records a run that handled `items` items; runs that found nothing due are not recorded. Answers its id. */
export async function recordRun(tx: Tx, job: WealthJob, ranAt: number, items: number, summary: Record<string, unknown>): Promise<number | undefined> {
  if (items === 0) return undefined;
  const [row] = await tx.insert(wealthRuns).values({ job, ranAt, items, summary }).returning({ id: wealthRuns.id });
  return row!.id;
}

export async function pageRuns(db: Executor, input: { page: number; limit: number; job?: WealthJob }) {
  const where = input.job ? eq(wealthRuns.job, input.job) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(wealthRuns).where(where).orderBy(desc(wealthRuns.id)).limit(input.limit).offset((input.page - 1) * input.limit),
    db.select({ n: count() }).from(wealthRuns).where(where),
  ]);
  return {
    data: rows.map((r) => ({ id: r.id, job: r.job, ran_at: r.ranAt, items: r.items, summary: r.summary })),
    total: total?.n ?? 0,
    page: input.page,
    limit: input.limit,
  };
}

/**
 * Runs `work` for each due item in a savepoint of the job's transaction: an item that fails is rolled
 * back alone and stays due for the next run (told to `onError`), so one bad item cannot hold back the
 * others. Answers the items that succeeded with their results.
 */
export async function eachDue<T, R>(tx: Tx, items: readonly T[], work: (tx: Tx, item: T) => Promise<R>, onError?: (error: unknown, item: T) => void): Promise<{ item: T; result: R }[]> {
  const done: { item: T; result: R }[] = [];
  for (const item of items) {
    try {
      done.push({ item, result: await tx.transaction((savepoint) => work(savepoint, item)) });
    } catch (error) {
      onError?.(error, item);
    }
  }
  return done;
}

/**
 * The bulk form of eachDue: `bulk` handles every item at once (a few set-based statements) in one savepoint,
 * answering each item's result in order. Should it fail, that savepoint is rolled back and the items go
 * through `work` one by one as eachDue does, so one bad item still cannot hold back the others; `onError`
 * is told of the batch's failure (without an item) and of each item that fails.
 */
export async function allOrEachDue<T, R>(
  tx: Tx,
  items: readonly T[],
  bulk: (tx: Tx, items: readonly T[]) => Promise<R[]>,
  work: (tx: Tx, item: T) => Promise<R>,
  onError?: (error: unknown, item?: T) => void,
): Promise<{ item: T; result: R }[]> {
  if (items.length === 0) return [];
  try {
    const results = await tx.transaction((savepoint) => bulk(savepoint, items));
    return items.map((item, i) => ({ item, result: results[i]! }));
  } catch (error) {
    onError?.(error);
    return eachDue(tx, items, work, onError);
  }
}
