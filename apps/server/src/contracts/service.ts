/**
 * Contracts (futures and stocks): positions with margin and leverage on the index (mark) price.
 *
 * Money, always through the ledger in the transaction that writes the position row (in the symbol's
 * margin coin, the user's contract account):
 *  - a market order opens at the mark +/- the spread, the mark being the first index tick recorded after
 *    the order is accepted (below): margin to the contract_margins system account, fee to fees (entry
 *    contract_open);
 *  - a limit order freezes margin + fee in the user's account while pending (entry contract_order); when
 *    a recorded mark reaches its price it opens at the better of its limit and that mark (contract_open:
 *    frozen -> margins and fees, the rest back to available), or is cancelled (contract_cancel);
 *  - a close (user, batch, TP, SL, liquidation, copy) at the mark pays back margin + P&L, settled at
 *    account level (settlement.ts: credits before debits, a loss available cannot pay closes the
 *    account's other positions with it, the insurance fund pays only net negative equity);
 *  - the overnight fee, once per position and day, comes from available first, then from the margin
 *    down to the maintenance margin; a position that cannot pay closes (overnight.ts).
 * What reaches the ledger is rounded to the coin's unit: margin and fee up, P&L down (contract-rules.ts).
 *
 * Which tick (index-freshness.ts, as options): a market open, a user's close and a batch close go through
 * the FIRST tick of the symbol recorded after the request is accepted, awaited outside any transaction
 * and lock for at most indexFreshMs, never the latest one the user could already see. Our index lags the
 * exchanges it follows (up to 2.5 s): on the latest tick, a user who saw an exchange move first would
 * open on the old price and close on the new one. A stale latest tick still refuses at once.
 * Worked example, indexFreshMs 1,500: the latest tick is 65,000 at 10,000; an exchange jumps at 10,200;
 * a long submitted at 10,400 (the latest is 400 ms old: fresh) waits; the index records 66,000 at 11,000
 * and the long opens at 66,000 citing that tick (on the latest it would have opened at 65,000, a sure
 * 10 a lot of 0.01 BTC). Submitted at 11,600 instead (the latest 1,600 ms old): refused at once. No tick
 * by 10,400 + 1,500 = 11,900: refused (index_unavailable), nothing charged. A batch close waits per
 * symbol; a symbol with no tick in time keeps its positions open. Limits, TP/SL and liquidations fire on
 * recorded ticks already; copies follow their trader's tick (copy/mirror.ts).
 *
 * Triggers: a TriggerIndex (pure, in memory, rebuilt from the database at start) holds per symbol the
 * prices of pending limits, TP/SL and each account's liquidation trigger; a recorded index tick crosses
 * only those entries, handled together (up to TRIGGERS_PER_TRANSACTION_MAX per transaction) and citing
 * the tick's id.
 *
 * A limit, TP or SL fires only on a tick recorded after the user placed or last set it: a tick is told
 * to users (ticker) at once but handled here later, in turn, so without this rule an order placed after
 * seeing a tick could still fill on it. Each such trigger keeps `after`, the id of the symbol's latest
 * tick when it was placed (a limit: the tick its freshness was checked on; a market order's TP/SL: its
 * opening tick; a filled limit's TP/SL: the limit's) or set (setstop); a crossing tick with an id not
 * above it leaves the trigger in the index for a later tick. Loaded at start, `after` is 0: every tick
 * this process handles was recorded after the triggers it found stored. A tick that says when it was
 * priced (`pricedAt`, the public feed: index-freshness.ts) must also be priced after the trigger was
 * placed or set (`placedAt`), as a market order's tick must: recorded later from quotes requested
 * earlier, its price was knowable from the exchanges when the user placed the order. Liquidations are
 * not placed by the user and fire on any tick.
 * Worked example (a long limit at 64,000): tick #7 at 63,900 is recorded, shown and queued here behind
 * others; the user, seeing 63,900 while the exchanges are already at 65,500, places the limit (after #7).
 * #7 is handled: it crosses 64,000 but is not above #7, so the limit waits (on #7 it would have filled at
 * 63,900, a sure 32 on 2 lots of 0.01 BTC once #8 records 65,500); #8 at 65,500 does not reach it; #9 at
 * 63,800 fills it at 63,800. Likewise a long's TP set at 66,000 while the latest is #11 at 65,200 does
 * not close on #10 at 66,500 still queued, only on a tick after #11 that reaches 66,000.
 */
import {
  accountTriggerPrice,
  add,
  isPositive,
  limitFillPrice,
  minOf,
  sub,
  tickFreshAt,
  cmp,
  handlingFee,
  inSession,
  limitReached,
  openingTick,
  liquidationDue,
  marginOf,
  maxOf,
  money,
  notional,
  openPriceWithSpread,
  spreadAt,
  payUnits,
  profitLoss,
  riskRate,
  stopProblem,
  stopTriggered,
  sum,
  toAmountString,
  transferableOut,
  type ContractAccountSummary,
  type ContractCloseReason,
  type ContractDealAnswer,
  type ContractPosition,
  type ContractSettings,
  type ContractSettingsUpdateInput,
  type ContractSide,
  type ContractSubmitInput,
  CONTRACT_PAGE_SIZE,
} from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor, type Tx } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import { post, postMany, systemAccount, userAccount, type Entry, type Leg } from '../ledger/index.ts';
import type { RecordedTick, TickStore } from '../markets/ticks.ts';
import type { Transact } from '../http/idempotency.ts';
import {
  contractBalancesOf,
  contractSymbols,
  insertPosition,
  insertSettings,
  livePositions,
  lockContractAccount,
  lockPosition,
  lockPositions,
  lockOpenPositionsOf,
  markFilled,
  openPositionsOf,
  accountExposures,
  openPositionsOfAccounts,
  openPositionUnits,
  positionPage,
  positionsById,
  symbolsWithoutSettings,
  systemBalance,
  updatePosition,
  type ContractSymbol,
  type PositionRow,
  type RiskPosition,
  type ContractBalance,
} from './repository.ts';
import { accountKey, distinctAccounts, groupByAccount, type AccountRef } from './accounts.ts';
import { AccountExposures, heldUnits, profitUnits, type HeldUnits, type PositionUnits } from './exposures.ts';
import { fineAmount, plainAmount, riskRateUnits, units, unitsAmount } from './units.ts';
import { priceUnits, TriggerIndex } from './trigger-index.ts';
import { applyDueChanges, editContractSettings, inForce, scheduledView } from './settings.ts';
import { chargeOvernightFees, OVERNIGHT_JOB_EVERY_MS } from './overnight.ts';
import { closePositions, type Closing, type Locked } from './settlement.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';

/** What the insurance fund receives from equity, once per margin coin, at first start. */
export const INSURANCE_FUND_SEED = '1000000';
/** Positions one batch close handles at most (the rest stay open; the client asks again). */
export const BATCH_CLOSE_MAX = 200;
/**
 * How often every account's liquidation trigger is recomputed: a trigger holds the other symbols' marks
 * and the balance as they were, so it is refreshed after they move (a stale trigger that fires early is
 * re-checked exactly and put back; this bounds how late one can be).
 */
export const TRIGGER_REFRESH_EVERY_MS = 5_000;
/**
 * Each refresh also reads again the open positions of one slice of the accounts (user id modulo this),
 * replacing what `exposures` kept of them: every position is read again once per this many refreshes
 * (a minute), so nothing `exposures` missed lasts longer, and no refresh reads every position at once.
 */
export const TRIGGER_RESYNC_SLICES = 12;
/** Times one tick crosses a symbol's triggers again after handling what it crossed (see onTick). */
export const TRIGGER_PASSES_MAX = 4;

const NYSE_SESSION = { open: '09:30', close: '16:00', weekdays: [1, 2, 3, 4, 5], time_zone: 'America/New_York' };

/** Settings a futures or stock symbol starts with (operators edit them in the back office). */
export function defaultSettings(symbol: { id: number; symbol: string; kind: 'futures' | 'stock'; start_price: string }) {
  const futures = symbol.kind === 'futures';
  // A lot is worth a few hundred USDT at the start price: 0.01 BTC, 0.1 ETH, one share.
  const size = futures ? (money(symbol.start_price).gte(10_000) ? '0.01' : money(symbol.start_price).gte(1_000) ? '0.1' : '1') : '1';
  return {
    symbolId: symbol.id,
    contractSize: size,
    multiples: futures ? [5, 10, 20, 50, 100] : [1, 2, 5, 10],
    lotsMin: 1,
    lotsMax: 1000,
    feeRate: '0.0005',
    overnightRate: futures ? '0.0003' : '0.0002',
    spread: toAmountString(money(symbol.start_price).times('0.0001')),
    maintenanceThreshold: '20',
    session: futures ? null : NYSE_SESSION,
    enabled: true,
  };
}

/** A liquidation trigger carries its price, which the position views show as the liquidation price. */
type LiquidationTrigger = { kind: 'liquidation'; userId: number; currencyId: number; price: string; when: 'below' | 'above' };
type OwnTriggerKind = 'limit' | 'take_profit' | 'stop_loss';
/** A position's own trigger fires only on a tick whose id is above `after`, priced after `placedAt` where it says (header). */
type Trigger = { kind: OwnTriggerKind; positionId: number; after: bigint; placedAt: number } | LiquidationTrigger;
/** What an account's liquidation triggers are computed from (setAccountTrigger). */
type TriggerInputs = { available: string; version: number; thresholds: string; marks: string };
const sameInputs = (a: TriggerInputs, b: TriggerInputs) => a.available === b.available && a.version === b.version && a.thresholds === b.thresholds && a.marks === b.marks;

/** Contract account balances by accountKey. */
type Balances = Map<string, ContractBalance>;
/** When the user placed or last set a trigger: the symbol's latest tick id then, and the time. */
type Placement = { after: bigint; placedAt: number };

/**
 * `indexFreshMs`: the shared freshness limit (Limits.indexFreshMs, index-freshness.ts): a market open or
 * a user's close is refused while the latest tick is older, and when no tick is recorded within it after
 * acceptance (index_unavailable). Without it, the default limit's value (one feed interval plus the
 * recording delay).
 */
export type ContractServiceOptions = {
  now?: () => number;
  onError?: (error: unknown) => void;
  indexFreshMs?: number;
  /** Whether this process handles the triggers (a cluster's core: cluster/wiring.ts); always, alone. */
  leads?: () => boolean;
};

/** Limits.indexFreshMs's default, for a service built without the app's limits (benches). */
export const INDEX_FRESH_MS_DEFAULT = 1_500;

/**
 * What copy trading (copy/service.ts) hears of positions: told in the transaction that opened (a market
 * order, a filled limit) or closed them (closed rows with their owners' account ids, told before they are
 * written: a closed copy's profit share is set on its row and written with it), so the copies to follow
 * and the profit shares of closed copies are recorded with the change itself; kicked once that
 * transaction has committed.
 */
export type PositionMirror = {
  record(tx: Tx, action: 'open' | 'close', rows: Locked[]): Promise<void>;
  kick(): void;
};

/** A copy that still follows its trader: closed only with the trader's position (or taken over first). */
export const followsTrader = (p: Pick<PositionRow, 'copyOf' | 'selfHeldAt'>) => p.copyOf !== null && p.selfHeldAt === null;

const typeOf = (side: ContractSide) => (side === 'long' ? 1 : 2) as 1 | 2;
const liquidationKey = (userId: number, currencyId: number) => `liquidation:${userId}:${currencyId}`;
const keyOf = (t: { kind: OwnTriggerKind; positionId: number } | { kind: 'liquidation'; userId: number; currencyId: number }) =>
  t.kind === 'liquidation' ? liquidationKey(t.userId, t.currencyId) : `${t.kind}:${t.positionId}`;


/**
 * Crossed triggers handled in one transaction at most (a liquidation cascade commits in steps). A tick
 * crossing a thousand TP/SL closes them in one transaction of a few set-based statements (settlement.ts).
 */
export const TRIGGERS_PER_TRANSACTION_MAX = 1_000;
/** The system accounts positions move money with. */
const CONTRACT_SYSTEM_ACCOUNTS = ['contract_margins', 'contract_pnl', 'insurance_fund', 'fees'] as const;

export class ContractService {
  private symbols: ContractSymbol[] = [];
  readonly index = new TriggerIndex<Trigger>();
  /** The open positions' figures per account and symbol, which liquidation triggers are computed from (exposures.ts). */
  readonly exposures = new AccountExposures();
  private queue: Promise<void> = Promise.resolve();
  /** System account ids of the margin coins, created and committed when symbols load (a close reads none). */
  private readonly systemIds = new Map<string, number>();
  private readonly unsubscribe: () => void;
  private readonly now: () => number;
  private mirror: PositionMirror | null = null;
  /** By trigger key: when the user placed or last set it (header; none: 0, 0). */
  private readonly placedAfter = new Map<string, Placement>();
  private lastMark: { price: string; units: bigint } | undefined;
  /** Periodic refreshes run so far (which slice of the accounts the next one reads again). */
  private refreshes = 0;
  /** By liquidation trigger key: what its triggers were last computed from, and the symbols they were set on. */
  private readonly triggerInputs = new Map<string, { inputs: TriggerInputs; symbols: string[] }>();

  private constructor(
    private readonly db: Db,
    private readonly ticks: TickStore,
    private readonly bus: EventBus,
    private readonly options: ContractServiceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.unsubscribe = ticks.onTick((tick) => {
      if (!this.symbolByName(tick.symbol) || this.options.leads?.() === false) return;
      this.queue = this.queue.then(() => this.onTick(tick)).catch((error) => this.options.onError?.(error));
    });
  }

  /** Settings for every futures/stock symbol, the insurance fund funded once, the trigger index rebuilt. */
  static async open(db: Db, ticks: TickStore, bus: EventBus, options: ContractServiceOptions = {}) {
    const service = new ContractService(db, ticks, bus, options);
    await service.reloadSymbols();
    await service.fundInsurance();
    await service.rebuild();
    return service;
  }

  /** Copy trading listens from here on (app.ts wires it once both services exist). */
  setMirror(mirror: PositionMirror) {
    this.mirror = mirror;
  }

  stop() {
    this.unsubscribe();
    return this.queue;
  }

  /** Waits until every tick heard so far is handled (tests, shutdown). */
  settled() {
    return this.queue;
  }

  async reloadSymbols() {
    // Scheduled setting changes whose notice has passed are folded into the rows first (settings.ts).
    await applyDueChanges(this.db, this.now());
    for (const symbol of await symbolsWithoutSettings(this.db)) await insertSettings(this.db, defaultSettings(symbol));
    this.symbols = await contractSymbols(this.db);
    // Settings may have changed: every trigger is computed afresh.
    this.triggerInputs.clear();
    for (const currencyId of new Set(this.symbols.map((s) => s.currencyId))) {
      for (const name of CONTRACT_SYSTEM_ACCOUNTS) {
        if (!this.systemIds.has(`${name}:${currencyId}`)) this.systemIds.set(`${name}:${currencyId}`, await systemAccount(this.db, name, currencyId));
      }
    }
  }

  /**
   * A system account's id: from memory for the margin coins (their rows exist, committed, since the
   * symbols loaded; system accounts are never removed), else looked up or created in `tx`.
   */
  private systemId(tx: Tx, name: (typeof CONTRACT_SYSTEM_ACCOUNTS)[number], currencyId: number): Promise<number> | number {
    return this.systemIds.get(`${name}:${currencyId}`) ?? systemAccount(tx, name, currencyId);
  }

  private async fundInsurance() {
    for (const currencyId of new Set(this.symbols.map((s) => s.currencyId))) {
      await this.db.transaction(async (tx) => {
        if (!money(await systemBalance(tx, 'insurance_fund', currencyId)).isZero()) return;
        // One funding per coin, ever: the reference is the coin (references_posted_once).
        const [existing] = await queryRows(tx, sql`select 1 from ledger_entries where kind = 'insurance_funding' and ref_id = ${String(currencyId)} limit 1`);
        if (existing) return;
        await post(tx, {
          kind: 'insurance_funding',
          refType: 'currency',
          refId: currencyId,
          memo: 'insurance fund from equity',
          legs: [
            { accountId: await systemAccount(tx, 'equity', currencyId), amount: `-${INSURANCE_FUND_SEED}` },
            { accountId: await systemAccount(tx, 'insurance_fund', currencyId), amount: INSURANCE_FUND_SEED },
          ],
        });
      });
    }
  }

  /** The trigger index from the database: pending limits, TP/SL, and every account's liquidation trigger. */
  async rebuild() {
    this.index.clear();
    const live = await livePositions(this.db);
    const bySymbol = new Map<string, ReturnType<ContractService['triggersOf']>>();
    for (const p of live) {
      const symbol = this.symbolById(p.symbolId);
      if (!symbol) continue;
      let list = bySymbol.get(symbol.symbol);
      if (!list) bySymbol.set(symbol.symbol, (list = []));
      list.push(...this.triggersOf(p));
    }
    for (const [symbol, entries] of bySymbol) this.index.load(symbol, entries);
    await this.resync(this.db, () => openPositionUnits(this.db), this.exposures.accounts());
  }

  /** The symbol with the settings in force now: a scheduled change of a risk setting counts only once its notice has passed (settings.ts). */
  symbolById(id: number) {
    const symbol = this.symbols.find((s) => s.id === id);
    return symbol && inForce(symbol, this.now());
  }

  symbolByName(name: string) {
    const symbol = this.symbols.find((s) => s.symbol === name);
    return symbol && inForce(symbol, this.now());
  }

  private tradable(currencyId: number, legalId: number) {
    const symbol = this.symbolById(currencyId);
    if (!symbol || symbol.currencyId !== legalId || !symbol.symbolEnabled || !symbol.settings.enabled) throw new DomainError('not_found');
    return symbol;
  }

  private mark(symbol: ContractSymbol): RecordedTick {
    const tick = this.ticks.latest(symbol.symbol);
    if (!tick) throw new DomainError('index_unavailable');
    return tick;
  }

  /** The mark to open or close on now: the latest tick, refused unless fresh (tickFreshAt, indexFreshMs). */
  private freshMark(symbol: ContractSymbol): RecordedTick {
    const tick = this.mark(symbol);
    if (!tickFreshAt(tick, this.now(), this.options.indexFreshMs ?? INDEX_FRESH_MS_DEFAULT)) throw new DomainError('index_unavailable');
    return tick;
  }

  /**
   * The tick each symbol's market open, user close or batch close accepted now goes through, by symbol id:
   * its first tick recorded after acceptance (openingTick), awaited with no transaction open. A symbol
   * whose latest tick is stale is left out at once, one with no tick within indexFreshMs after waiting.
   */
  private async ticksAfterNow(symbols: ContractSymbol[]): Promise<Map<number, RecordedTick>> {
    const acceptedAt = this.now();
    const found = await Promise.all(
      symbols.map(async (s): Promise<[number, RecordedTick][]> => {
        if (!tickFreshAt(this.ticks.latest(s.symbol), acceptedAt, this.indexFreshMs)) return [];
        const next = await this.ticks.firstAfter(s.symbol, acceptedAt, this.indexFreshMs);
        const decision = openingTick(acceptedAt, next, this.now(), this.indexFreshMs);
        return decision.kind === 'use' ? [[s.id, decision.tick]] : [];
      }),
    );
    return new Map(found.flat());
  }

  /** One symbol's tick after now (ticksAfterNow), else index_unavailable (a copy's self-hold settles on it too). */
  async tickAfterNow(symbol: ContractSymbol): Promise<RecordedTick> {
    const tick = (await this.ticksAfterNow([symbol])).get(symbol.id);
    if (!tick) throw new DomainError('index_unavailable');
    return tick;
  }

  /** The latest tick of a symbol, fresh or not (copy trading checks its freshness itself). */
  latestTick(symbolId: number): RecordedTick | undefined {
    const symbol = this.symbolById(symbolId);
    return symbol && this.ticks.latest(symbol.symbol);
  }

  /** The freshness limit the service opens by (the mirror opens copies by the same). */
  get indexFreshMs() {
    return this.options.indexFreshMs ?? INDEX_FRESH_MS_DEFAULT;
  }

  /**
   * The liquidation price shown for an open position: its account's trigger on the position's symbol,
   * the very entry the trigger index liquidates by (account-level, given the account's other
   * positions and balance; refreshed after every change and every TRIGGER_REFRESH_EVERY_MS). A hedge
   * that no mark of the symbol can liquidate shows none; an account due at any mark shows the mark.
   * `trigger`: one computed in a transaction not yet committed (a new position's answer; null: none), else the index's.
   */
  private liquidationPrice(
    p: PositionRow,
    symbol: ContractSymbol,
    mark: string | undefined,
    trigger: Trigger | null | undefined = this.index.get(symbol.symbol, liquidationKey(p.userId, p.currencyId)),
  ): string | null {
    if (!trigger || trigger.kind !== 'liquidation') return null;
    return trigger.when === 'above' && money(trigger.price).isZero() ? (mark ?? null) : trigger.price;
  }

  settingsView(symbol: ContractSymbol): ContractSettings {
    const s = symbol.settings;
    return {
      symbol_id: symbol.id,
      symbol: symbol.symbol,
      kind: symbol.kind,
      legal_id: symbol.currencyId,
      contract_size: toAmountString(s.contractSize),
      multiples: [...s.multiples].sort((a, b) => a - b),
      lots_min: s.lotsMin,
      lots_max: s.lotsMax,
      fee_rate: toAmountString(s.feeRate),
      overnight_rate: toAmountString(s.overnightRate),
      spread: toAmountString(s.spread),
      maintenance_threshold: toAmountString(s.maintenanceThreshold),
      session: s.session,
      enabled: s.enabled && symbol.symbolEnabled,
      scheduled_changes: scheduledView(symbol),
    };
  }

  isOpenNow(symbol: ContractSymbol) {
    return symbol.settings.session === null || inSession(symbol.settings.session, this.now());
  }

  // ---------------------------------------------------------------- views

  /** Unrealised P&L of an open position at the symbol's latest mark ("0" without a mark). */
  private unrealised(p: RiskPosition, markPrice?: string) {
    const price = markPrice ?? this.ticks.latest(this.symbolById(p.symbolId)?.symbol ?? '')?.price;
    return price && p.openPrice ? profitLoss(p.side, p.openPrice, price, p.lots, p.contractSize) : '0';
  }

  /** A position as the API shows it; `liquidation`: its account's trigger on its symbol when not the index's (liquidationPrice). */
  view(p: PositionRow, liquidation?: LiquidationTrigger | null): ContractPosition {
    const symbol = this.symbolById(p.symbolId);
    const open = p.status === 'open';
    const mark = open && symbol ? this.ticks.latest(symbol.symbol)?.price : undefined;
    // Written as toAmountString would, without a decimal parse (a bulk close tells a thousand at once).
    const amount = (x: string | null) => (x === null ? null : plainAmount(x));
    return {
      id: p.id,
      symbol_id: p.symbolId,
      symbol: symbol?.symbol ?? '',
      currency_id: p.symbolId,
      legal_id: p.currencyId,
      side: p.side,
      type: typeOf(p.side),
      order_kind: p.orderKind,
      status: p.status,
      share: p.lots,
      multiple: p.multiple,
      target_price: amount(p.targetPrice),
      open_price: amount(p.openPrice),
      current_price: open ? (mark ?? null) : amount(p.closePrice),
      margin: plainAmount(p.margin),
      handling_fee: plainAmount(p.fee),
      overnight_fee: plainAmount(p.overnightFee),
      target_profit_price: amount(p.takeProfit),
      stop_loss_price: amount(p.stopLoss),
      profit: open ? this.unrealised(p, mark) : plainAmount(p.profit ?? '0'),
      liquidation_price: open && symbol && p.openPrice ? this.liquidationPrice(p, symbol, mark, liquidation) : null,
      close_reason: p.closeReason,
      open_tick_id: p.openTickId === null ? null : String(p.openTickId),
      close_tick_id: p.closeTickId === null ? null : String(p.closeTickId),
      copy_trader_id: p.copyTraderId,
      self_held: p.selfHeldAt !== null,
      created_at: p.createdAt.toISOString(),
      opened_at: p.openedAt?.toISOString() ?? null,
      closed_at: p.closedAt?.toISOString() ?? null,
    };
  }

  async summary(db: Executor, userId: number, currencyId: number, marks: Map<number, string> = new Map()): Promise<ContractAccountSummary> {
    return (await this.summaries(db, [{ userId, currencyId }], marks)).get(accountKey(userId, currencyId))!;
  }

  /** The figures of many accounts by accountKey, read in one query per coin for all of them (a trader's close may touch thousands of copies). */
  async summaries(db: Executor, accounts: AccountRef[], marks: Map<number, string> = new Map()): Promise<Map<string, ContractAccountSummary>> {
    const [positions, balances] = await Promise.all([openPositionsOfAccounts(db, accounts), contractBalancesOf(db, accounts)]);
    const byAccount = groupByAccount(positions);
    return new Map(
      accounts.map(({ userId, currencyId }) => {
        const key = accountKey(userId, currencyId);
        const account = balances.get(key) ?? { available: '0', frozen: '0', locked: '0' };
        const open = byAccount.get(key) ?? [];
        const margins = open.map((p) => p.margin);
        const profits = open.map((p) => this.unrealised(p, marks.get(p.symbolId)));
        const summary: ContractAccountSummary = {
          legal_id: currencyId,
          balance: sum([account.available, account.frozen, account.locked]),
          available: toAmountString(account.available),
          frozen: toAmountString(account.frozen),
          margin_total: sum(margins),
          profit_total: sum(profits),
          risk_rate: riskRate(account.available, margins, profits),
        };
        return [key, summary];
      }),
    );
  }

  /**
   * `summaries` from the open positions' figures kept per symbol (exposures.ts) and the balances read in
   * one query per coin: what realtime tells after a bulk close, without reading every position the
   * accounts still hold. The same figures: a symbol's P&L at its mark is E x mark - C, the sum of its
   * positions' P&L.
   */
  private async keptSummaries(db: Executor, accounts: AccountRef[], known: Balances = new Map()): Promise<Map<string, ContractAccountSummary>> {
    const missing = accounts.filter((a) => !known.has(accountKey(a.userId, a.currencyId)));
    const balances = new Map([...known, ...(missing.length > 0 ? await contractBalancesOf(db, missing) : [])]);
    return new Map(
      accounts.map(({ userId, currencyId }) => {
        const key = accountKey(userId, currencyId);
        const account = balances.get(key) ?? { available: '0', frozen: '0', locked: '0' };
        const held = this.exposures.held(userId, currencyId);
        // Summed in integer units (exact, and cheap for a thousand accounts), each symbol's P&L rounded as exposureProfit does.
        const marginUnits = held.reduce((t, h) => t + h.margin, 0n);
        const profitUnits = this.profitsUnits(held).reduce((t, x) => t + x, 0n);
        const margin = unitsAmount(marginUnits);
        const profit = unitsAmount(profitUnits);
        const summary: ContractAccountSummary = {
          legal_id: currencyId,
          balance: unitsAmount(units(account.available) + units(account.frozen) + units(account.locked)),
          available: plainAmount(account.available),
          frozen: plainAmount(account.frozen),
          margin_total: margin,
          profit_total: profit,
          risk_rate: held.length === 0 ? null : riskRateUnits(units(account.available), marginUnits, profitUnits),
        };
        return [key, summary];
      }),
    );
  }

  /** POST /lever/deal. */
  async deal(userId: number, input: { currency_id: number; legal_id: number }): Promise<ContractDealAnswer> {
    const symbol = this.tradable(input.currency_id, input.legal_id);
    const tick = this.ticks.latest(symbol.symbol);
    const open = (await openPositionsOf(this.db, userId, symbol.currencyId)).filter((p) => p.symbolId === symbol.id);
    const lots = (side: ContractSide) => open.filter((p) => p.side === side).reduce((t, p) => t + p.lots, 0);
    return {
      settings: this.settingsView(symbol),
      mark_price: tick?.price ?? '0',
      tick_id: tick?.id ?? null,
      in_session: this.isOpenNow(symbol),
      account: await this.summary(this.db, userId, symbol.currencyId),
      positions: { count: open.length, long_lots: lots('long'), short_lots: lots('short') },
    };
  }

  // ---------------------------------------------------------------- orders

  /** POST /lever/submit: a market order opens now at the mark +/- spread; a limit order waits, its margin and fee frozen. */
  async submit(userId: number, input: ContractSubmitInput, transact: Transact = (work) => this.db.transaction(work)): Promise<ContractPosition> {
    const symbol = this.tradable(input.currency_id, input.legal_id);
    const s = symbol.settings;
    if (!this.isOpenNow(symbol)) throw new DomainError('contract_market_closed');
    if (!s.multiples.includes(input.multiple)) throw new DomainError('contract_multiple_not_allowed');
    if (input.share < s.lotsMin || input.share > s.lotsMax) throw new DomainError('contract_lots_out_of_range');
    const acceptedAt = this.now();
    // A limit only needs a fresh index now (its triggers fire on recorded ticks); a market order waits for its tick.
    const tick = input.status === 'market' ? await this.tickAfterNow(symbol) : this.freshMark(symbol);
    const price = input.status === 'market' ? openPriceWithSpread(input.type, tick.price, spreadAt(s.spread, tick.price)) : input.target_price!;
    if (!isPositive(price)) throw new DomainError('wrong_number');
    const problem = stopProblem(input.type, input.status === 'market' ? tick.price : price, input.target_profit_price, input.stop_loss_price);
    if (problem) throw new DomainError(problem === 'take_profit_side' ? 'contract_take_profit_side' : 'contract_stop_loss_side');
    const value = notional(price, input.share, s.contractSize);
    const margin = payUnits(marginOf(value, input.multiple), symbol.coinDecimals);
    const fee = payUnits(handlingFee(value, s.feeRate), symbol.coinDecimals);
    const now = new Date(this.now());
    // The answer is made inside the transaction, so a retry under the same key is told exactly this
    // (a concurrent retry gets the stored answer back from `transact`, with no row of its own to publish).
    let placed: PositionRow | undefined;
    const answer = await transact(async (tx) => {
      const account = await userAccount(tx, userId, symbol.currencyId, 'contract');
      const row = await insertPosition(tx, {
        userId,
        symbolId: symbol.id,
        currencyId: symbol.currencyId,
        side: input.type,
        orderKind: input.status,
        status: input.status === 'market' ? 'open' : 'pending',
        lots: input.share,
        multiple: input.multiple,
        contractSize: s.contractSize,
        targetPrice: input.status === 'limit' ? price : null,
        openPrice: input.status === 'market' ? price : null,
        margin,
        fee,
        takeProfit: input.target_profit_price ?? null,
        stopLoss: input.stop_loss_price ?? null,
        openTickId: input.status === 'market' ? Number(tick.id) : null,
        createdAt: now,
        openedAt: input.status === 'market' ? now : null,
      });
      const ref = { refType: 'contract_position', refId: row.id };
      const total = toAmountString(money(margin).plus(fee));
      if (input.status === 'market') {
        await post(tx, {
          kind: 'contract_open',
          ...ref,
          legs: nonZero([
            { accountId: account, amount: `-${total}` },
            { accountId: await this.systemId(tx, 'contract_margins', symbol.currencyId), amount: margin },
            { accountId: await this.systemId(tx, 'fees', symbol.currencyId), amount: fee },
          ]),
        });
        await this.mirror?.record(tx, 'open', [row]);
      } else {
        await post(tx, {
          kind: 'contract_order',
          ...ref,
          legs: [
            { accountId: account, amount: `-${total}` },
            { accountId: account, bucket: 'frozen', amount: total },
          ],
        });
      }
      placed = row;
      // The answer (kept for a retry under the same key) shows the liquidation price the account has with
      // this position: computed here, as the index learns it only after the commit.
      return this.view(row, row.status === 'open' ? await this.liquidationTriggerIn(tx, row) : undefined);
    });
    const position = placed;
    if (!position) return answer;
    this.placed(position.id, ['limit', 'take_profit', 'stop_loss'], tick.id, acceptedAt);
    this.indexPosition(position);
    if (position.status === 'open') {
      this.mirror?.kick();
      await this.refreshAccount(this.db, userId, symbol.currencyId);
    }
    await this.publish([position]);
    return answer;
  }

  /**
   * POST /lever/close: closes the caller's open position on the first tick after the request (awaited
   * before anything is locked), or cancels its pending limit order.
   */
  async close(userId: number, id: number): Promise<ContractPosition> {
    const [seen] = await positionsById(this.db, [id]);
    if (!seen || seen.userId !== userId) throw new DomainError('not_found');
    const tick = seen.status === 'open' && !followsTrader(seen) ? await this.tickAfterNow(this.symbolById(seen.symbolId)!) : undefined;
    // The rows closed: this position first, then any the account's settlement closed with it (settlement.ts).
    const rows = await this.db.transaction(async (tx) => {
      const p = await lockPosition(tx, id);
      if (!p || p.userId !== userId) throw new DomainError('not_found');
      if (p.status === 'pending') return [await this.cancelIn(tx, p)];
      if (p.status !== 'open') throw new DomainError('contract_position_closed');
      if (followsTrader(p)) throw new DomainError('copy_position_locked');
      // Filled since it was read as pending: no tick awaited for it yet (closed again below, on one after now).
      if (!tick) return null;
      return this.closeMany(tx, [{ p, reason: 'user', tick }]);
    });
    if (!rows) return this.close(userId, id);
    await this.afterCommit(rows);
    return this.view(rows[0]!);
  }

  /** POST /lever/batch_close: the caller's open positions (all, longs or shorts; optionally one symbol), each on its symbol's first tick after the request. */
  async batchClose(userId: number, input: { type: 'all' | 'long' | 'short'; currency_id?: number }) {
    // Copies that follow a trader close with the trader's positions, not in a batch of the follower's.
    const open = (await livePositionsOfUser(this.db, userId)).filter(
      (p) => p.status === 'open' && !followsTrader(p) && (input.type === 'all' || p.side === input.type) && (input.currency_id === undefined || p.symbolId === input.currency_id),
    );
    // Each symbol's positions close on its first tick after the request; a symbol whose index is stale or
    // records none in time keeps its positions open, as a single close is refused.
    const ticks = await this.ticksAfterNow([...new Set(open.map((p) => p.symbolId))].flatMap((id) => this.symbolById(id) ?? []));
    const closed = await this.db.transaction(async (tx) => {
      const locked = await lockPositions(tx, open.slice(0, BATCH_CLOSE_MAX).map((p) => p.id));
      const items = [...locked.values()].flatMap((p) => {
        const tick = ticks.get(p.symbolId);
        return p.status === 'open' && !followsTrader(p) && tick ? [{ p, reason: 'batch' as const, tick }] : [];
      });
      return this.closeMany(tx, items);
    });
    await this.afterCommit(closed);
    return { closed: closed.length, profit: sum(closed.map((p) => p.profit ?? '0')) };
  }

  /** POST /lever/setstop: sets or clears TP/SL of an open (or pending) position, checked against its side. */
  async setStop(userId: number, input: { id: number; target_profit_price?: string; stop_loss_price?: string }): Promise<ContractPosition> {
    let latest: RecordedTick | undefined;
    const setAt = this.now();
    const row = await this.db.transaction(async (tx) => {
      const p = await lockPosition(tx, input.id);
      if (!p || p.userId !== userId) throw new DomainError('not_found');
      if (p.status !== 'open' && p.status !== 'pending') throw new DomainError('contract_position_closed');
      if (followsTrader(p)) throw new DomainError('copy_position_locked');
      const symbol = this.symbolById(p.symbolId)!;
      latest = p.status === 'open' ? this.mark(symbol) : this.ticks.latest(symbol.symbol);
      const reference = p.status === 'open' ? latest!.price : p.targetPrice!;
      const problem = stopProblem(p.side, reference, input.target_profit_price, input.stop_loss_price);
      if (problem) throw new DomainError(problem === 'take_profit_side' ? 'contract_take_profit_side' : 'contract_stop_loss_side');
      const patch = { takeProfit: input.target_profit_price ?? null, stopLoss: input.stop_loss_price ?? null };
      await updatePosition(tx, p.id, patch);
      return { ...p, ...patch };
    });
    // Set now: they fire only on ticks after the latest one (a pending order without any keeps the limit's).
    if (latest) this.placed(row.id, ['take_profit', 'stop_loss'], latest.id, setAt);
    this.indexPosition(row);
    await this.publish([row]);
    return this.view(row);
  }

  /** POST /lever/dealall: open positions with the account totals. */
  async dealAll(userId: number, input: { currency_id?: number; legal_id?: number; page: number }) {
    const { rows, total } = await positionPage(this.db, userId, ['open'], input.currency_id, input.page, CONTRACT_PAGE_SIZE);
    const currencyId = input.legal_id ?? (input.currency_id !== undefined ? this.symbolById(input.currency_id)?.currencyId : undefined) ?? this.symbols[0]?.currencyId ?? 0;
    return { data: rows.map((r) => this.view(r)), total, page: input.page, limit: CONTRACT_PAGE_SIZE, totals: await this.summary(this.db, userId, currencyId) };
  }

  /** POST /lever/my_trade: current (open), pending (limit orders waiting) or history (closed, cancelled). */
  async myTrade(userId: number, input: { currency_id?: number; page: number; status: 'current' | 'pending' | 'history' }) {
    const statuses: PositionRow['status'][] = input.status === 'current' ? ['open'] : input.status === 'pending' ? ['pending'] : ['closed', 'cancelled'];
    const { rows, total } = await positionPage(this.db, userId, statuses, input.currency_id, input.page, CONTRACT_PAGE_SIZE);
    return { data: rows.map((r) => this.view(r)), total, page: input.page, limit: CONTRACT_PAGE_SIZE };
  }

  // ---------------------------------------------------------------- money movements (inside a transaction)

  private async cancelIn(tx: Tx, p: PositionRow): Promise<PositionRow> {
    const account = await userAccount(tx, p.userId, p.currencyId, 'contract');
    const total = toAmountString(money(p.margin).plus(p.fee));
    await post(tx, {
      kind: 'contract_cancel',
      refType: 'contract_position',
      refId: p.id,
      legs: [
        { accountId: account, bucket: 'frozen', amount: `-${total}` },
        { accountId: account, amount: total },
      ],
    });
    const patch = { status: 'cancelled' as const, closedAt: new Date(this.now()) };
    await updatePosition(tx, p.id, patch);
    return { ...p, ...patch };
  }

  /**
   * Reached limits open at the better of their limit and the tick's mark (limitFillPrice), margin and
   * fee sized again at that price; what each froze beyond them goes back to available. Set-based: every
   * entry in one postMany, the rows in one UPDATE, copy trading told once.
   */
  private async fillMany(tx: Tx, rows: Locked[], tick: RecordedTick): Promise<PositionRow[]> {
    if (rows.length === 0) return [];
    const entries: Entry[] = [];
    const filled: PositionRow[] = [];
    const openedAt = new Date(this.now());
    for (const p of rows) {
      const account = p.accountId ?? (await userAccount(tx, p.userId, p.currencyId, 'contract'));
      const symbol = this.symbolById(p.symbolId)!;
      const frozen = toAmountString(money(p.margin).plus(p.fee));
      const price = limitFillPrice(p.side, p.targetPrice!, tick.price);
      const value = notional(price, p.lots, p.contractSize);
      // Never more than was frozen: a long fills at or below its limit (smaller figures); a short filled
      // above its limit keeps the figures frozen at the limit (the price improvement is the user's).
      const margin = minOf(payUnits(marginOf(value, p.multiple), symbol.coinDecimals), p.margin);
      const fee = minOf(payUnits(handlingFee(value, symbol.settings.feeRate), symbol.coinDecimals), p.fee);
      entries.push({
        kind: 'contract_open',
        refType: 'contract_position',
        refId: p.id,
        legs: nonZero([
          { accountId: account, bucket: 'frozen', amount: `-${frozen}` },
          { accountId: account, amount: sub(frozen, add(margin, fee)) },
          { accountId: await this.systemId(tx, 'contract_margins', p.currencyId), amount: margin },
          { accountId: await this.systemId(tx, 'fees', p.currencyId), amount: fee },
        ]),
      });
      filled.push({ ...p, status: 'open', openPrice: price, margin, fee, openTickId: Number(tick.id), openedAt });
    }
    await postMany(tx, entries);
    await markFilled(tx, filled);
    await this.mirror?.record(tx, 'open', filled);
    return filled;
  }

  /** Closes one open position at `tick`'s price (closeMany of one). */
  async closeIn(tx: Tx, p: Locked, reason: ContractCloseReason, tick: RecordedTick): Promise<PositionRow> {
    return (await this.closeMany(tx, [{ p, reason, tick }]))[0]!;
  }

  /** Closes open positions at their ticks' prices, settled at account level (settlement.ts). */
  closeMany(tx: Tx, items: Closing[]): Promise<PositionRow[]> {
    return closePositions(tx, items, {
      symbolById: (id) => this.symbolById(id),
      latestTick: (symbol) => this.ticks.latest(symbol),
      systemId: (t, name, currencyId) => this.systemId(t, name, currencyId),
      now: this.now,
      recordClosed: async (t, rows) => this.mirror?.record(t, 'close', rows),
      // A stale limit trigger left in the index is harmless: a fill skips a row no longer pending.
      cancelPending: async (t, rows) => {
        for (const p of rows) await this.cancelIn(t, p);
      },
      fresh: (tick) => tickFreshAt(tick, this.now(), this.indexFreshMs),
    });
  }

  // ---------------------------------------------------------------- triggers

  /** A position's own triggers: a pending limit, or an open position's TP and SL. */
  private triggersOf(p: PositionRow) {
    const list: { key: string; price: string; when: 'below' | 'above'; value: Trigger }[] = [];
    const add = (kind: OwnTriggerKind, price: string, when: 'below' | 'above') => {
      const key = keyOf({ kind, positionId: p.id });
      const placement = this.placedAfter.get(key) ?? { after: 0n, placedAt: 0 };
      list.push({ key, price, when, value: { kind, positionId: p.id, ...placement } });
    };
    if (p.status === 'pending' && p.targetPrice) add('limit', p.targetPrice, p.side === 'long' ? 'below' : 'above');
    if (p.status === 'open' && p.takeProfit) add('take_profit', p.takeProfit, p.side === 'long' ? 'above' : 'below');
    if (p.status === 'open' && p.stopLoss) add('stop_loss', p.stopLoss, p.side === 'long' ? 'below' : 'above');
    return list;
  }

  /** Puts a position's own triggers in the index, dropping stale ones. */
  indexPosition(p: PositionRow) {
    const symbol = this.symbolById(p.symbolId);
    if (!symbol) return;
    const ended = p.status === 'closed' || p.status === 'cancelled';
    for (const kind of ['limit', 'take_profit', 'stop_loss'] as const) {
      const key = keyOf({ kind, positionId: p.id });
      this.index.remove(symbol.symbol, key);
      if (ended) this.placedAfter.delete(key);
    }
    for (const t of this.triggersOf(p)) this.index.set(symbol.symbol, t.key, t.price, t.when, t.value);
  }

  /** The user placed or set these triggers of a position at `placedAt`, while `tickId` was its symbol's latest tick (header). */
  private placed(positionId: number, kinds: OwnTriggerKind[], tickId: string, placedAt: number) {
    for (const kind of kinds) this.placedAfter.set(keyOf({ kind, positionId }), { after: BigInt(tickId), placedAt });
  }

  /**
   * An account's liquidation trigger on each symbol it holds: the mark of that symbol at which its risk
   * rate reaches the threshold (the highest threshold among its symbols), other marks as they are now.
   * Recomputed after every change to the account's positions and by the periodic refresh.
   */
  refreshAccount(db: Executor, userId: number, currencyId: number) {
    return this.refreshAccounts(db, [{ userId, currencyId }]);
  }

  /**
   * refreshAccount for many accounts at once, read again from the database: their open positions (which
   * replace what `exposures` kept of them) and balances, one query each per coin.
   */
  async refreshAccounts(db: Executor, accounts: AccountRef[]) {
    if (accounts.length === 0) return;
    await this.resync(db, () => openPositionUnits(db, accounts), accounts);
  }

  /** `exposures` replaced from a read of open positions: of `accounts` and every account the read finds; then their triggers. */
  private async resync(db: Executor, read: () => Promise<PositionUnits[]>, accounts: AccountRef[] = []) {
    const since = this.exposures.mark();
    const open = await read();
    const refs = distinctAccounts([...accounts, ...open]);
    this.exposures.replace(refs, open, since);
    await this.retrigger(db, refs);
  }

  /**
   * The accounts' triggers recomputed after rows `exposures` was told of (a bulk close, an open): only
   * their balances are read, in one query per coin; their positions' figures are the ones kept.
   */
  async retrigger(db: Executor, accounts: AccountRef[]): Promise<Balances> {
    if (accounts.length === 0) return new Map();
    const balances = await contractBalancesOf(db, accounts);
    for (const { userId, currencyId } of accounts) {
      this.setAccountTrigger(userId, currencyId, this.exposures.held(userId, currencyId), balances.get(accountKey(userId, currencyId))?.available ?? '0');
    }
    // Realtime tells the same figures next (publish), without reading them again.
    return balances;
  }

  private setAccountTrigger(userId: number, currencyId: number, held: HeldUnits[], available: string) {
    const key = keyOf({ kind: 'liquidation', userId, currencyId });
    // What the triggers are computed from: the balance, the positions (their kept version), the
    // thresholds and, with several symbols, the other symbols' marks (one symbol's trigger does not
    // depend on its own mark). The same as last time (and the entries still indexed, not crossed
    // since), they would come out the same: the periodic refresh leaves most accounts alone.
    const inputs: TriggerInputs = {
      available,
      version: this.exposures.version(userId, currencyId),
      thresholds: held.map((h) => this.symbolById(h.symbolId)?.settings.maintenanceThreshold ?? '').join(','),
      marks: held.length > 1 ? held.map((h) => this.ticks.latest(this.symbolById(h.symbolId)?.symbol ?? '')?.price ?? '').join(',') : '',
    };
    const last = this.triggerInputs.get(key);
    if (last && sameInputs(last.inputs, inputs) && last.symbols.every((symbol) => this.index.book(symbol).has(key))) return;
    for (const s of this.symbols) if (s.currencyId === currencyId) this.index.remove(s.symbol, key);
    const triggers = this.accountTriggers(userId, currencyId, held, available);
    for (const [symbol, trigger] of triggers) this.index.set(symbol, key, trigger.price, trigger.when, trigger);
    if (held.length === 0) this.triggerInputs.delete(key);
    else this.triggerInputs.set(key, { inputs, symbols: [...triggers.keys()] });
  }

  /**
   * The liquidation trigger of the account open in `p`'s coin on `p`'s symbol, from its positions and
   * balance as `tx` sees them (before commit, so before the index follows); null when it has none there.
   */
  private async liquidationTriggerIn(tx: Executor, p: PositionRow): Promise<LiquidationTrigger | null> {
    const account = [{ userId: p.userId, currencyId: p.currencyId }];
    const [exposures, balances] = await Promise.all([accountExposures(tx, account), contractBalancesOf(tx, account)]);
    const available = balances.get(accountKey(p.userId, p.currencyId))?.available ?? '0';
    return this.accountTriggers(p.userId, p.currencyId, exposures.map(heldUnits), available).get(this.symbolById(p.symbolId)?.symbol ?? '') ?? null;
  }

  /** An account's liquidation trigger on each symbol it holds, by symbol name (setAccountTrigger's figures). */
  private accountTriggers(userId: number, currencyId: number, held: HeldUnits[], available: string, profits = this.profitsUnits(held)): Map<string, LiquidationTrigger> {
    const triggers = new Map<string, LiquidationTrigger>();
    if (held.length === 0) return triggers;
    const marginTotal = unitsAmount(held.reduce((t, h) => t + h.margin, 0n));
    const threshold = maxOf('0', ...held.map((h) => this.symbolById(h.symbolId)?.settings.maintenanceThreshold ?? '0'));
    // Each symbol's P&L at its latest mark (0 without one, as for a single position): `profits`.
    const profitTotal = profits.reduce((t, x) => t + x, 0n);
    held.forEach((here, i) => {
      const symbol = this.symbolById(here.symbolId);
      if (!symbol) return;
      const otherProfit = unitsAmount(profitTotal - profits[i]!);
      const trigger = accountTriggerPrice({ available, marginTotal, otherProfit, thresholdPercent: threshold, exposure: unitsAmount(here.exposure), cost: fineAmount(here.cost) });
      // A trigger at or below zero cannot be reached by a falling mark; one in the clouds still waits.
      if (trigger && (trigger.when === 'above' || isPositive(trigger.price))) {
        triggers.set(symbol.symbol, { kind: 'liquidation', userId, currencyId, price: maxOf(trigger.price, 0), when: trigger.when });
      }
    });
    return triggers;
  }

  /** Each held symbol's P&L at its latest mark, in 10^-18 units (exposureProfit; 0 without a mark). */
  private profitsUnits(held: HeldUnits[]): bigint[] {
    return held.map((h) => {
      const mark = this.ticks.latest(this.symbolById(h.symbolId)?.symbol ?? '')?.price;
      return mark ? profitUnits(h, this.markUnits(mark)) : 0n;
    });
  }

  /** A mark's price in units, the last one kept (a thousand accounts are priced at the same few marks). */
  private markUnits(price: string): bigint {
    if (this.lastMark?.price !== price) this.lastMark = { price, units: priceUnits(price) };
    return this.lastMark.units;
  }

  /**
   * A transfer out of the contract account (POST /wallet/change), checked in the transfer's transaction
   * with the account row locked (two transfers at once cannot both pass): refused beyond what the open
   * positions leave free at today's marks (transferableOut), and while a held symbol has no mark.
   */
  async checkTransferOut(tx: Tx, userId: number, currencyId: number, amount: string) {
    const { available } = await lockContractAccount(tx, userId, currencyId);
    const open = await openPositionsOf(tx, userId, currencyId);
    if (open.length === 0) return;
    const profits = open.map((p) => this.unrealised(p, this.mark(this.symbolById(p.symbolId)!).price));
    if (cmp(amount, transferableOut(available, profits)) > 0) throw new DomainError('contract_transfer_exceeds_free');
  }

  /**
   * The account's balance moved outside its positions (a transfer in or out): its liquidation trigger is
   * recomputed now, in turn with the ticks (not 5 seconds later by the periodic refresh).
   */
  accountChanged(userId: number, currencyId: number): Promise<void> {
    this.queue = this.queue.then(() => this.refreshAccount(this.db, userId, currencyId)).catch((error) => this.options.onError?.(error));
    return this.queue;
  }

  /**
   * Recomputes every account's liquidation trigger (the other symbols' marks and balances moved): the
   * balances of every account holding a position read in one query, and the open positions of one slice
   * of the accounts read again (TRIGGER_RESYNC_SLICES), replacing what `exposures` kept of them.
   */
  async refreshAll() {
    const slice = { count: TRIGGER_RESYNC_SLICES, index: this.refreshes++ % TRIGGER_RESYNC_SLICES };
    const since = this.exposures.mark();
    const open = await openPositionUnits(this.db, { usersModulo: slice });
    const tracked = this.exposures.accounts();
    // Accounts of the slice kept that no longer hold anything open are replaced too (as holding nothing).
    this.exposures.replace(distinctAccounts([...tracked.filter((a) => a.userId % slice.count === slice.index), ...open]), open, since);
    await this.retrigger(this.db, distinctAccounts([...tracked, ...open]));
  }

  /**
   * One recorded tick: only the entries it crosses are handled, each in its own transaction. What they
   * change (a filled limit's TP/SL, an account's new liquidation trigger) may itself be crossed by the
   * same mark, so the tick crosses the book again, a bounded number of passes.
   */
  async onTick(tick: RecordedTick) {
    const touched: PositionRow[] = [];
    const balances: Balances = new Map();
    const id = BigInt(tick.id);
    for (let pass = 0; pass < TRIGGER_PASSES_MAX; pass++) {
      const crossed = this.index.cross(tick.symbol, tick.price);
      // A limit, TP or SL placed or set after this tick was recorded waits for a later one (header): put
      // back at once, before anything else can move it.
      const due: typeof crossed = [];
      for (const c of crossed) {
        if (c.value.kind === 'liquidation' || (id > c.value.after && (tick.pricedAt === undefined || tick.pricedAt > c.value.placedAt))) due.push(c);
        else this.index.book(tick.symbol).set(c.key, c.price, c.when, c.value);
      }
      if (due.length === 0) break;
      const handled = await this.handleCrossed(tick, due);
      touched.push(...handled.rows);
      for (const [key, figures] of handled.balances) balances.set(key, figures);
    }
    await this.publish(touched, balances);
  }

  /**
   * The triggers one pass crossed, handled a chunk (TRIGGERS_PER_TRANSACTION_MAX) per transaction, so
   * a cascade commits in steps and the accounts it locks are not held long. Should a chunk fail, its
   * triggers are tried again one per transaction, so one bad trigger cannot hold back the others. The
   * trigger index follows once they have committed.
   */
  private async handleCrossed(tick: RecordedTick, crossed: { value: Trigger }[]): Promise<{ rows: PositionRow[]; balances: Balances }> {
    const touched: PositionRow[] = [];
    const accounts: AccountRef[] = [];
    const handle = async (triggers: Trigger[]) => {
      const rows = await this.db.transaction((tx) => this.handleTriggers(tx, triggers, tick));
      for (const t of triggers) if (t.kind === 'liquidation') accounts.push(t);
      touched.push(...rows);
      accounts.push(...rows);
    };
    for (let i = 0; i < crossed.length; i += TRIGGERS_PER_TRANSACTION_MAX) {
      const chunk = crossed.slice(i, i + TRIGGERS_PER_TRANSACTION_MAX).map((c) => c.value);
      try {
        await handle(chunk);
      } catch (error) {
        this.options.onError?.(error);
        if (chunk.length === 1) continue;
        for (const trigger of chunk) await handle([trigger]).catch((e: unknown) => this.options.onError?.(e));
      }
    }
    for (const row of touched) this.indexPosition(row);
    this.exposures.apply(touched);
    if (touched.length > 0) this.mirror?.kick();
    // Incremental: only these accounts, their positions' figures as kept (exposures.ts), their balances read at once.
    return { rows: touched, balances: await this.retrigger(this.db, distinctAccounts(accounts)) };
  }

  /**
   * Crossed triggers in one transaction: limits reached are filled; the TP/SL that fire close their
   * positions at once; then the accounts whose liquidation trigger was crossed are checked (after
   * those closes, which may have saved them) and those due are liquidated at once.
   */
  private async handleTriggers(tx: Tx, triggers: Trigger[], tick: RecordedTick): Promise<PositionRow[]> {
    const positionIds = triggers.flatMap((t) => (t.kind === 'liquidation' ? [] : [t.positionId]));
    const locked = await lockPositions(tx, positionIds);
    const reached = new Map<number, Locked>();
    for (const trigger of triggers) {
      const p = trigger.kind === 'limit' ? locked.get(trigger.positionId) : undefined;
      if (p && p.status === 'pending' && limitReached(p.side, tick.price, p.targetPrice!)) reached.set(p.id, p);
    }
    const changed = await this.fillMany(tx, [...reached.values()], tick);
    for (const filled of changed) locked.set(filled.id, { ...filled, accountId: locked.get(filled.id)!.accountId });
    const closing = new Map<number, Closing>();
    for (const trigger of triggers) {
      if (trigger.kind === 'liquidation' || trigger.kind === 'limit') continue;
      const p = locked.get(trigger.positionId);
      if (!p || p.status !== 'open' || closing.has(p.id)) continue;
      const fired = stopTriggered(p.side, tick.price, trigger.kind === 'take_profit' ? p.takeProfit : null, trigger.kind === 'stop_loss' ? p.stopLoss : null);
      if (fired) closing.set(p.id, { p, reason: fired, tick });
    }
    const closed = await this.closeMany(tx, [...closing.values()]);
    const due = triggers.flatMap((t) => (t.kind === 'liquidation' ? [{ userId: t.userId, currencyId: t.currencyId }] : []));
    const liquidated = await this.closeMany(tx, await this.liquidationsDue(tx, due, tick));
    // A limit filled and closed in the same transaction is told once, closed.
    const final = new Map([...changed, ...closed, ...liquidated].map((row) => [row.id, row]));
    return [...final.values()];
  }

  /**
   * The positions to liquidate of these accounts: every open position of an account whose risk rate is
   * at or below the threshold (the highest among its symbols), each at its symbol's mark. Their open
   * positions are locked as they are read (one statement), so the decision holds for the close.
   */
  private async liquidationsDue(tx: Tx, accounts: AccountRef[], tick: RecordedTick): Promise<Closing[]> {
    if (accounts.length === 0) return [];
    const positions = await lockOpenPositionsOf(tx, accounts);
    const balances = await contractBalancesOf(tx, accounts);
    const markOf = (symbolId: number) => {
      const symbol = this.symbolById(symbolId)!;
      return symbol.symbol === tick.symbol ? tick : this.ticks.latest(symbol.symbol);
    };
    const byAccount = groupByAccount(positions);
    const due: Closing[] = [];
    for (const { userId, currencyId } of accounts) {
      const open = byAccount.get(accountKey(userId, currencyId)) ?? [];
      if (open.length === 0) continue;
      const profits = open.map((p) => this.unrealised(p, markOf(p.symbolId)?.price));
      const threshold = maxOf('0', ...open.map((p) => this.symbolById(p.symbolId)!.settings.maintenanceThreshold));
      if (!liquidationDue(riskRate(balances.get(accountKey(userId, currencyId))?.available ?? '0', open.map((p) => p.margin), profits), threshold)) continue;
      for (const p of open) {
        const at = markOf(p.symbolId);
        if (at) due.push({ p, reason: 'liquidation', tick: at });
      }
    }
    return due;
  }

  /** After a transaction that opened or closed these positions committed: their triggers, the accounts' risk, mirrors and realtime follow. */
  async afterCommit(rows: PositionRow[]) {
    if (rows.length === 0) return;
    this.mirror?.kick();
    for (const r of rows) this.indexPosition(r);
    this.exposures.apply(rows);
    await this.publish(rows, await this.retrigger(this.db, distinctAccounts(rows)));
  }

  // ---------------------------------------------------------------- realtime

  /**
   * Each changed position (with its close reason once closed) and its account's figures with the risk
   * rate, to the owner's room. `balances`: the accounts' balances just read (retrigger), by accountKey.
   */
  private async publish(rows: PositionRow[], balances: Balances = new Map()) {
    if (rows.length === 0) return;
    if (this.bus.listenerCount('contract_position') === 0 && this.bus.listenerCount('contract_account') === 0) return;
    const groups = groupByAccount(rows);
    const summaries = await this.keptSummaries(this.db, [...groups.values()].map((list) => ({ userId: list[0]!.userId, currencyId: list[0]!.currencyId })), balances);
    for (const [key, list] of groups) {
      const userId = list[0]!.userId;
      for (const r of list) this.bus.emit('contract_position', { userId, position: this.view(r) });
      this.bus.emit('contract_account', { userId, account: summaries.get(key)! });
    }
  }

  // ---------------------------------------------------------------- jobs

  /** The overnight fee (daily cut-off, checked every few minutes) and the periodic refresh of liquidation triggers. */
  register(jobs: JobScheduler) {
    jobs.every('contracts.overnight_fee', OVERNIGHT_JOB_EVERY_MS, async (tx, _job, now) => {
      await chargeOvernightFees(tx, this, now.getTime(), this.options.onError);
    });
    jobs.every('contracts.trigger_refresh', TRIGGER_REFRESH_EVERY_MS, async () => {
      // Queued behind the ticks, not awaited: the refresh reads through the service's own connection,
      // which on PGlite (one connection) would wait for this job's transaction forever.
      this.queue = this.queue.then(() => this.refreshAll()).catch((error) => this.options.onError?.(error));
    });
  }

  // ---------------------------------------------------------------- back office

  adminSettings() {
    const now = this.now();
    return this.symbols.map((s) => this.settingsView(inForce(s, now)));
  }

  /** An operator's edit (settings.ts): risk settings wait for the notice, the rest apply at once; reloadSymbols after commit. */
  editSettings(tx: Tx, input: ContractSettingsUpdateInput, operatorId?: number) {
    const symbol = this.symbolById(input.symbol_id);
    if (!symbol) throw new DomainError('not_found');
    return editContractSettings(tx, symbol.id, input, { nowMs: this.now(), price: this.ticks.latest(symbol.symbol)?.price ?? null, operatorId });
  }

  async funds() {
    const coins = [...new Set(this.symbols.map((s) => s.currencyId))];
    return Promise.all(
      coins.map(async (currencyId) => ({
        currency_id: currencyId,
        insurance_fund: toAmountString(await systemBalance(this.db, 'insurance_fund', currencyId)),
        margins_held: toAmountString(await systemBalance(this.db, 'contract_margins', currencyId)),
      })),
    );
  }
}

/** Legs of zero moved nothing; the ledger wants at least two that do. */
function nonZero(legs: Leg[]): Leg[] {
  return legs.filter((l) => !money(l.amount).isZero());
}

async function livePositionsOfUser(db: Executor, userId: number) {
  const { rows } = await positionPage(db, userId, ['open'], undefined, 1, BATCH_CLOSE_MAX);
  return rows;
}
