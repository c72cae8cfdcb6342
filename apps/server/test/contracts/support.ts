/**
 * Contract test support: a tick store the test drives (each tick a real row of index_ticks, handed out
 * with its id as the recorded index does) and a ContractService on it swapped into the test app. A market
 * open or a close waits for the first tick after it (firstAfter, heard through the real nextTickHeard): the
 * scripted feed records it at once, NEXT_TICK_MS later, at the latest price or at the one the test
 * scripted with `next`, after a tick priced before the order where the test scripts one (public feed).
 */
import { sql } from 'drizzle-orm';
import { ContractService } from '../../src/contracts/service.ts';
import type { ContractSettingsUpdateInput } from '@fairex/contract';
import { updateSettings } from '../../src/contracts/repository.ts';
import { queryRows, type Executor } from '../../src/db/client.ts';
import { accountsOf } from '../../src/ledger/index.ts';
import { tickAfter } from '@fairex/contract';
import { nextTickHeard, type RecordedTick, type TickStore } from '../../src/markets/ticks.ts';
import type { TestApp } from '../support/app.ts';

/** How long after an order the scripted feed records the tick it waits for. */
export const NEXT_TICK_MS = 1;

export class ScriptedTicks implements TickStore {
  private readonly last = new Map<string, RecordedTick>();
  private readonly listeners = new Set<(tick: RecordedTick) => void>();
  /** Per symbol, the price of the next tick an order waits for; null: none comes in time. */
  private readonly scripted = new Map<string, string | null>();
  /** Per symbol, the price of a tick recorded first, after the order but priced before it. */
  private readonly pricedBefore = new Map<string, string>();

  constructor(
    private readonly test: TestApp,
    private readonly clock: { now: number },
  ) {}

  latest(symbol: string) {
    return this.last.get(symbol);
  }

  async at(symbol: string, time: number) {
    const tick = this.last.get(symbol);
    return tick && tick.time <= time ? tick : undefined;
  }

  onTick(listener: (tick: RecordedTick) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The next tick an order waits for: at `price`, or none at all (null: the wait runs out, the clock
   * past it). `pricedBefore`: first a tick at that price recorded after the order but priced from quotes
   * requested before it (the public feed's old median), which the order must not open on.
   */
  next(symbol: string, price: string | null, options: { pricedBefore?: string } = {}) {
    this.scripted.set(symbol, price);
    if (options.pricedBefore !== undefined) this.pricedBefore.set(symbol, options.pricedBefore);
  }

  async firstAfter(symbol: string, time: number, withinMs: number) {
    const last = this.last.get(symbol);
    if (last && tickAfter(last, time)) return last;
    const price = this.scripted.has(symbol) ? this.scripted.get(symbol) : last?.price;
    const early = this.pricedBefore.get(symbol);
    this.scripted.delete(symbol);
    this.pricedBefore.delete(symbol);
    if (price === null || price === undefined) {
      this.clock.now = Math.max(this.clock.now, time + withinMs + 1);
      return undefined;
    }
    const heard = nextTickHeard(this, symbol, time, withinMs);
    if (early !== undefined) {
      this.clock.now = Math.max(this.clock.now, time) + NEXT_TICK_MS;
      await this.push(symbol, early, time - 100);
    }
    this.clock.now = Math.max(this.clock.now, time) + NEXT_TICK_MS;
    await this.push(symbol, price);
    return heard;
  }

  /** Records a tick (a row of index_ticks, priced at `pricedAt` where given) and tells the listeners, as the recorded index does. */
  async push(symbol: string, price: string, pricedAt?: number): Promise<RecordedTick> {
    const tick = await this.record(symbol, price, pricedAt);
    this.tell(tick);
    return tick;
  }

  /** Records a tick, the latest from now on, without telling the listeners yet (`tell`). */
  async record(symbol: string, price: string, pricedAt?: number): Promise<RecordedTick> {
    const symbolId = this.test.ctx.markets.symbolId(symbol)!;
    const [row] = await queryRows<{ id: string }>(
      this.test.db,
      sql`insert into index_ticks (symbol_id, price, time, priced_at) values (${symbolId}, ${price}, ${this.clock.now}, ${pricedAt ?? null}::bigint) returning id::text`,
    );
    const tick = { id: row!.id, symbol, price, time: this.clock.now, ...(pricedAt === undefined ? {} : { pricedAt }) };
    this.last.set(symbol, tick);
    return tick;
  }

  tell(tick: RecordedTick) {
    for (const listener of this.listeners) listener(tick);
  }
}

/** Swaps the app's contract service for one on scripted ticks and a test clock. */
export async function scriptedContracts(test: TestApp, clock = { now: Date.parse('2026-11-23T15:00:00Z') }) {
  await test.ctx.contracts.stop();
  const ticks = new ScriptedTicks(test, clock);
  const contracts = await ContractService.open(test.db, ticks, test.ctx.bus, { now: () => clock.now, onError: (error) => console.error(error), indexFreshMs: test.ctx.limits.indexFreshMs });
  test.ctx.contracts = contracts;
  /** A tick and everything it triggers, handled. */
  const tick = async (symbol: string, price: string) => {
    const recorded = await ticks.push(symbol, price);
    await contracts.settled();
    return recorded;
  };
  /** The tick the next market open or close waits for: at `price`, or none (null); first one priced before it where scripted. */
  const next = (symbol: string, price: string | null, options?: { pricedBefore?: string }) => ticks.next(symbol, price, options);
  /**
   * A tick recorded (the latest, shown to users) that the contract service handles only when `handle` is
   * called: one still waiting in its queue behind others.
   */
  const queued = async (symbol: string, price: string) => {
    const recorded = await ticks.record(symbol, price);
    return {
      tick: recorded,
      handle: async () => {
        ticks.tell(recorded);
        await contracts.settled();
      },
    };
  };
  return { ticks, contracts, clock, tick, next, queued };
}

/**
 * BTCUSDT with round figures: 0.01 BTC a lot, fee 0.1 %, overnight 0.03 %, liquidation at a risk rate of
 * 50 %, the multiples and spread given; the contract service reloads them.
 */
export async function roundBtcSettings(test: TestApp, contracts: ContractService, options: { multiples?: number[]; spread?: string } = {}) {
  const symbolId = test.ctx.markets.symbolByName('BTCUSDT')!.id;
  await test.db.transaction((tx) =>
    writeSettings(tx, {
      symbol_id: symbolId,
      contract_size: '0.01',
      multiples: options.multiples ?? [5, 10, 20],
      lots_min: 1,
      lots_max: 100,
      fee_rate: '0.001',
      overnight_rate: '0.0003',
      spread: options.spread ?? '0',
      maintenance_threshold: '50',
      session: null,
      enabled: true,
    }),
  );
  await contracts.reloadSymbols();
}

/**
 * Writes a symbol's settings at once, as an installation's defaults are written: test set-up only. An
 * operator's edit goes through ContractService.editSettings, where the threshold, overnight rate and
 * spread wait for the notice (contracts/settings.ts).
 */
export function writeSettings(db: Executor, input: ContractSettingsUpdateInput) {
  return updateSettings(db, input.symbol_id, {
    contractSize: input.contract_size,
    multiples: input.multiples,
    lotsMin: input.lots_min,
    lotsMax: input.lots_max,
    feeRate: input.fee_rate,
    overnightRate: input.overnight_rate,
    spread: input.spread,
    maintenanceThreshold: input.maintenance_threshold,
    session: input.session,
    enabled: input.enabled,
  });
}

/** A user's contract-account figures in a coin. */
export async function contractFigures(test: TestApp, userId: number, currencyId: number) {
  const row = (await accountsOf(test.db, userId)).find((a) => a.currency_id === currencyId && a.kind === 'contract');
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

export async function systemFigure(test: TestApp, name: string, currencyId: number) {
  const [row] = await queryRows<{ balance: string }>(test.db, sql`select (available + frozen + locked)::text as balance from ledger_accounts where system = ${name} and currency_id = ${currencyId}`);
  return row ? String(Number(row.balance)) : '0';
}
