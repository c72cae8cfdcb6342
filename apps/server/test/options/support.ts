/**
 * Seconds-option tests: the app's real database and routes, with the two edges the tests must steer
 * replaced: the price feed (a scripted one, so a test chooses the index path) and the clock (moved by
 * the test). Ticks still go through the real tick store (recorded rows with ids), settlement through a
 * real job scheduler on the same database.
 */
import { DEFAULT_LIMITS } from '../../src/app-context.ts';
import { JobScheduler } from '../../src/jobs/scheduler.ts';
import { post, systemAccount, userAccount, accountsOf } from '../../src/ledger/index.ts';
import { SimulatedPriceFeed, type Tick } from '../../src/markets/price-feed.ts';
import { IndexTickStore, type RecordedTick } from '../../src/markets/ticks.ts';
import { OptionsService } from '../../src/options/service.ts';
import type { TestApp } from '../support/app.ts';

/** A feed whose ticks the test emits: the price and time it chooses, nothing random. */
export class ScriptedFeed extends SimulatedPriceFeed {
  private readonly scripted = new Map<string, string>();
  private readonly scriptedListeners = new Set<(tick: Tick) => void>();

  constructor(symbols: string[]) {
    super(
      symbols.map((symbol) => ({ symbol, startPrice: '1', volatility: 0.1, priceDecimals: 2 })),
      1,
    );
  }
  override price(symbol: string) {
    return this.scripted.get(symbol);
  }
  override onTick(listener: (tick: Tick) => void) {
    this.scriptedListeners.add(listener);
    return () => this.scriptedListeners.delete(listener);
  }
  override start() {}
  emit(tick: Tick) {
    this.scripted.set(tick.symbol, tick.price);
    for (const listener of this.scriptedListeners) listener(tick);
  }
}

export type OptionsRig = ReturnType<typeof optionsRig>;

/** The scripted feed, a tick store over it, a clock, an options service on them (installed as the app's) and a scheduler. */
export function optionsRig(test: TestApp, start: number) {
  const clock = { now: start };
  const now = () => clock.now;
  const feed = new ScriptedFeed(['BTC/USDT', 'ETH/USDT']);
  const errors: unknown[] = [];
  const store = new IndexTickStore(test.db, feed, (symbol) => test.ctx.markets.symbolId(symbol), DEFAULT_LIMITS, (error) => errors.push(error));
  const makeService = (ticks = store) => new OptionsService(test.db, { ticks, bus: test.ctx.bus, indexStaleMs: DEFAULT_LIMITS.optionIndexStaleMs, now });
  const service = makeService();
  test.ctx.options = service;
  return {
    clock,
    feed,
    store,
    errors,
    service,
    makeService,
    /** A fresh scheduler with the options job on `withService` (another process, or the same one after a restart). */
    scheduler(withService = service) {
      const jobs = new JobScheduler(test.db, { now });
      withService.register(jobs);
      return jobs;
    },
    /** Emits one index tick and waits until it is recorded; answers the recorded tick. */
    async tick(symbol: string, price: string, time: number): Promise<RecordedTick> {
      feed.emit({ symbol, price, time });
      await store.flush();
      const recorded = store.latest(symbol);
      if (!recorded || recorded.time !== time) throw new Error(`tick ${symbol} ${price} at ${time} not recorded`);
      return recorded;
    },
  };
}

let fundingRef = 1;

/** Credits a user's options account through the ledger, as a transfer in would (never by UPDATE). */
export async function fundOptions(test: TestApp, userId: number, currencyId: number, amount: string) {
  await test.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'deposit',
      refType: 'options_test',
      refId: `${process.pid}:${fundingRef++}`,
      legs: [
        { accountId: await systemAccount(tx, 'deposits_in_transit', currencyId), amount: `-${amount}` },
        { accountId: await userAccount(tx, userId, currencyId, 'options'), amount },
      ],
    });
  });
}

/** A user's options-account available figure in a coin. */
export async function optionsBalance(test: TestApp, userId: number, currencyId: number): Promise<string> {
  return (await accountsOf(test.db, userId)).find((a) => a.kind === 'options' && a.currency_id === currencyId)?.available ?? '0';
}
