/**
 * Seconds-option tests: the app's real database and routes, with the two edges the tests must steer
 * replaced: the price feed (a scripted one, so a test chooses the index path) and the clock (moved by
 * the test). Ticks still go through the real tick store (recorded rows with ids), settlement through a
 * real job scheduler on the same database.
 */
import { DEFAULT_LIMITS } from '../../src/limits.ts';
import { accountsOf } from '../../src/ledger/index.ts';
import { OptionsService } from '../../src/options/service.ts';
import type { TestApp } from '../support/app.ts';
import { testScheduler } from '../support/clock.ts';
import { scriptedIndex } from '../support/index-ticks.ts';

export type OptionsRig = ReturnType<typeof optionsRig>;

/** The scripted feed, a tick store over it, a clock, an options service on them (installed as the app's) and a scheduler. */
export function optionsRig(test: TestApp, start: number) {
  const clock = { now: start };
  const now = () => clock.now;
  const errors: unknown[] = [];
  const { feed, store, tick: record } = scriptedIndex(test, (error) => errors.push(error));
  const makeService = (ticks = store, settleBatchMax?: number) =>
    new OptionsService(test.db, { ticks, bus: test.ctx.bus, indexFreshMs: DEFAULT_LIMITS.indexFreshMs, settleBatchMax, now, onError: (error) => errors.push(error) });
  const service = makeService();
  /** Records one index tick and waits until the orders it opens are open. */
  const tick = async (symbol: string, price: string, time: number, pricedAt?: number) => {
    const recorded = await record(symbol, price, time, pricedAt);
    await service.opened();
    return recorded;
  };
  test.ctx.options = service;
  return {
    clock,
    feed,
    store,
    errors,
    service,
    makeService,
    /** A fresh scheduler with the options job on `withService` (another process, or the same one after a restart). */
    scheduler: (withService = service) => testScheduler(test, now, withService),
    tick,
  };
}

/** A user's options-account available figure in a coin. */
export async function optionsBalance(test: TestApp, userId: number, currencyId: number): Promise<string> {
  return (await accountsOf(test.db, userId)).find((a) => a.kind === 'options' && a.currency_id === currencyId)?.available ?? '0';
}
