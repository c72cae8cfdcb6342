/**
 * The rules of contracts (futures and stocks), shared by the server (which charges and liquidates by
 * them) and the order form (which previews margin and fee), so the two never disagree. Exact decimal
 * arithmetic through the money module; amounts are strings.
 *  - notional = price x lots x contract size; margin = notional / multiple; fee = notional x fee rate;
 *  - P&L: long (mark - open) x lots x size, short (open - mark) x lots x size;
 *  - risk rate = (contract available + sum of margins + sum of unrealised P&L) / sum of margins x 100;
 *  - liquidation when the risk rate falls to the maintenance threshold (a percentage), at the mark;
 *  - overnight fee = notional x overnight rate;
 *  - a market order opens at the mark plus the spread (long) or less it (short).
 * What reaches the ledger is rounded to the coin's unit by one rule: a user pays rounded up and
 * receives rounded down (payUnits / receiveUnits).
 */
import { Decimal } from 'decimal.js';
import { isNegative, isPositive, money, toAmountString, type MoneyInput } from './money.ts';

export const CONTRACT_SIDES = ['long', 'short'] as const;
export type ContractSide = (typeof CONTRACT_SIDES)[number];

/** +1 for a long, -1 for a short: what a rise of the mark does to the position. */
const direction = (side: ContractSide) => (side === 'long' ? 1 : -1);

export const notional = (price: MoneyInput, lots: MoneyInput, contractSize: MoneyInput) => toAmountString(money(price).times(lots).times(contractSize));
export const marginOf = (notionalValue: MoneyInput, multiple: number) => toAmountString(money(notionalValue).dividedBy(multiple));
export const handlingFee = (notionalValue: MoneyInput, feeRate: MoneyInput) => toAmountString(money(notionalValue).times(feeRate));
export const overnightFee = (notionalValue: MoneyInput, overnightRate: MoneyInput) => toAmountString(money(notionalValue).times(overnightRate));

/** Unrealised (or, at the close price, realised) profit and loss of a position. */
export function profitLoss(side: ContractSide, openPrice: MoneyInput, markPrice: MoneyInput, lots: MoneyInput, contractSize: MoneyInput): string {
  return toAmountString(money(markPrice).minus(openPrice).times(lots).times(contractSize).times(direction(side)));
}

/** What a user pays, rounded up to the coin's unit (margin, fee, a loss). */
export const payUnits = (x: MoneyInput, coinDecimals: number) => toAmountString(money(x).toDecimalPlaces(coinDecimals, Decimal.ROUND_CEIL));
/** What a user receives, rounded down to the coin's unit; applied to a signed P&L it rounds a loss up. */
export const receiveUnits = (x: MoneyInput, coinDecimals: number) => toAmountString(money(x).toDecimalPlaces(coinDecimals, Decimal.ROUND_FLOOR));

/** A market order's open price: the mark plus the spread for a long, less it for a short. */
export const openPriceWithSpread = (side: ContractSide, mark: MoneyInput, spread: MoneyInput) =>
  toAmountString(money(mark).plus(money(spread).times(direction(side))));

/**
 * The account's risk rate in percent, or null without open positions (nothing at risk).
 * (available + margins + P&L) / margins x 100. Open positions whose margins sum to zero have a risk
 * rate of 0: nothing stands between their losses and the insurance fund, so they are due for
 * liquidation (a null here once let such a position run loss-free for ever).
 */
export function riskRate(available: MoneyInput, margins: readonly MoneyInput[], profits: readonly MoneyInput[]): string | null {
  if (margins.length === 0) return null;
  const marginTotal = margins.reduce<Decimal>((t, m) => t.plus(m), money(0));
  if (marginTotal.isZero()) return '0';
  const equity = profits.reduce<Decimal>((t, p) => t.plus(p), money(available).plus(marginTotal));
  return toAmountString(equity.dividedBy(marginTotal).times(100));
}

/**
 * What a transfer may take out of the contract account while positions are open: its available
 * balance less the positions' unrealised losses; unrealised profits are not paid out before a close.
 * The account then keeps a risk rate of at least 100% (thresholds are below 100), so a transfer can
 * never bring it to liquidation. Worked examples: available 500, P&L -120 and +300 -> 380 (the loss
 * 120 stays; the profit 300 does not count); available 100, P&L -150 -> 0; no positions -> available.
 */
export function transferableOut(available: MoneyInput, profits: readonly MoneyInput[]): string {
  const losses = profits.reduce<Decimal>((t, p) => (isNegative(p) ? t.plus(p) : t), money(0));
  return toAmountString(Decimal.max(money(available).plus(losses), 0));
}

/** Liquidation is due when the risk rate is at or below the threshold (both percentages). */
export const liquidationDue = (rate: string | null, thresholdPercent: MoneyInput) => rate !== null && money(rate).lte(thresholdPercent);

/**
 * One position seen alone (isolated view): the mark at which its own margin plus its P&L falls to the
 * threshold's share of the margin, (margin + P&L) / margin x 100 = threshold.
 * Long: open - margin x (1 - t/100) / (lots x size); short: open + the same.
 */
export function isolatedLiquidationPrice(
  side: ContractSide,
  openPrice: MoneyInput,
  margin: MoneyInput,
  lots: MoneyInput,
  contractSize: MoneyInput,
  thresholdPercent: MoneyInput,
): string {
  const cushion = money(margin).times(money(1).minus(money(thresholdPercent).dividedBy(100))).dividedBy(money(lots).times(contractSize));
  const price = money(openPrice).minus(cushion.times(direction(side)));
  return toAmountString(Decimal.max(price, 0));
}

/** A position as the account-level trigger sees it. */
export type TriggerPosition = { side: ContractSide; openPrice: MoneyInput; lots: MoneyInput; contractSize: MoneyInput };

/**
 * An account's positions on one symbol summed: their P&L is linear in the symbol's mark p, E x p - C,
 * with E = sum(dir x lots x size) (the exposure, positive when net long) and C = sum(dir x lots x size x open).
 * The database sums them for many accounts at once (contracts/repository.ts, accountExposures).
 */
export type Exposure = { exposure: MoneyInput; cost: MoneyInput };

export function exposureOf(positions: readonly TriggerPosition[]): { exposure: string; cost: string } {
  let exposure = money(0);
  let cost = money(0);
  for (const p of positions) {
    const weight = money(p.lots).times(p.contractSize).times(direction(p.side));
    exposure = exposure.plus(weight);
    cost = cost.plus(weight.times(p.openPrice));
  }
  return { exposure: toAmountString(exposure), cost: toAmountString(cost) };
}

/** The P&L E x mark - C of an exposure, the sum of its positions' profitLoss. */
export const exposureProfit = (e: Exposure, mark: MoneyInput) => toAmountString(money(e.exposure).times(mark).minus(e.cost));

/**
 * The account-level trigger on one symbol: the mark of that symbol at which the account's risk rate
 * falls to the threshold, all else (available, the P&L of its positions on other symbols) unchanged.
 * With its exposure there E x p - C (exposureOf), the trigger is
 *   p = (t/100 x M - available - M - otherProfit + C) / E,
 * reached falling when the account is net long there (E > 0), rising when net short.
 * When the account's positions there cancel out (E = 0, a hedge) no mark of this symbol moves its
 * equity, but the risk rule still holds: if the account is at or below the threshold already (fees,
 * other symbols, a zero margin), every mark triggers ({ price 0, above }: the next recorded tick);
 * else null (nothing this symbol's mark can change). Zero margins (M = 0) likewise trigger at once.
 * M counts the margins of every open position of the account (all symbols).
 * Worked examples (t = 50): available 0, M 130, long 10 lots x 0.01 at 65,000 (E 0.1, C 6,500):
 * p = (65 - 0 - 130 - 0 + 6,500) / 0.1 = 64,350 below. A hedge long + short 10 lots x 0.01 at 65,000
 * (E 0, C 0), M 130, available 0: equity 130 > 65, null; after fees leave available 0 and M 130 with
 * otherProfit -70: equity 60 <= 65, { 0, above }.
 */
export function accountTriggerPrice(
  input: { available: MoneyInput; marginTotal: MoneyInput; otherProfit: MoneyInput; thresholdPercent: MoneyInput } & Exposure,
): { price: string; when: 'below' | 'above' } | null {
  const exposure = money(input.exposure);
  const marginTotal = money(input.marginTotal);
  const anyMark = { price: '0', when: 'above' as const };
  if (marginTotal.isZero()) return anyMark;
  if (exposure.isZero()) {
    const equity = money(input.available).plus(marginTotal).plus(input.otherProfit).minus(input.cost);
    return equity.lte(marginTotal.times(money(input.thresholdPercent).dividedBy(100))) ? anyMark : null;
  }
  const price = marginTotal
    .times(money(input.thresholdPercent).dividedBy(100))
    .minus(input.available)
    .minus(marginTotal)
    .minus(input.otherProfit)
    .plus(input.cost)
    .dividedBy(exposure);
  return { price: toAmountString(price), when: isPositive(exposure) ? 'below' : 'above' };
}

/** Why take-profit / stop-loss prices are refused: a long's TP must be above the price and its SL below; a short's the mirror. */
export type StopProblem = 'take_profit_side' | 'stop_loss_side';

/** null when both (optional) prices sit on the right side of `price` for the position's side. */
export function stopProblem(side: ContractSide, price: MoneyInput, takeProfit?: MoneyInput | null, stopLoss?: MoneyInput | null): StopProblem | null {
  const sign = direction(side);
  if (takeProfit != null && !money(takeProfit).isZero() && money(takeProfit).minus(price).times(sign).lte(0)) return 'take_profit_side';
  if (stopLoss != null && !money(stopLoss).isZero() && money(stopLoss).minus(price).times(sign).gte(0)) return 'stop_loss_side';
  return null;
}

/** Whether a mark triggers: a long's TP at or above it, its SL at or below; a short's the mirror. */
export function stopTriggered(side: ContractSide, mark: MoneyInput, takeProfit?: MoneyInput | null, stopLoss?: MoneyInput | null): 'take_profit' | 'stop_loss' | null {
  const sign = direction(side);
  if (takeProfit != null && !money(takeProfit).isZero() && money(mark).minus(takeProfit).times(sign).gte(0)) return 'take_profit';
  if (stopLoss != null && !money(stopLoss).isZero() && money(mark).minus(stopLoss).times(sign).lte(0)) return 'stop_loss';
  return null;
}

/** A pending limit order fills when the mark reaches its price: a long at or below it, a short at or above it. */
export const limitReached = (side: ContractSide, mark: MoneyInput, target: MoneyInput) =>
  side === 'long' ? money(mark).lte(target) : money(mark).gte(target);

/**
 * The price a limit order opens at: the better of its limit and the mark that fills it, a long at
 * min(limit, mark), a short at max(limit, mark). A limit is never refused for sitting through the
 * market: it waits, like any limit, for the first tick recorded after it (the shared freshness rule:
 * nothing opens on a tick the user saw before choosing) and opens at that mark, so a typo cannot buy
 * above the market. Its margin and fee are sized again at that price; what the limit froze beyond
 * them goes back to available. Worked examples: long limit 80,000, next mark 65,010 -> 65,010; long
 * limit 64,000, mark 63,900 -> 63,900 (a gap through the limit is the user's gain); short limit
 * 66,000, mark 66,100 -> 66,100.
 */
export const limitFillPrice = (side: ContractSide, limit: MoneyInput, mark: MoneyInput) =>
  toAmountString(side === 'long' ? Decimal.min(money(limit), money(mark)) : Decimal.max(money(limit), money(mark)));

/**
 * Account-level settlement of a close (cross margin): the positions an account closes together, each
 * returning back = margin + P&L (negative when its loss exceeds its margin). Credits are settled
 * before debits, so one leg's profit pays another's loss: the account's available is raised by every
 * positive back first, then each deficit (-back) is taken from it in turn. What available cannot pay
 * is the account's `shortfall`.
 * The rule built on it (contracts/settlement.ts): a close with a shortfall while the account still
 * holds other open positions closes those too, at their marks (reason `account`), and settles again,
 * so their margin and profit pay the loss; the account is settled as a whole and the user keeps its
 * equity. Only a shortfall left with nothing open (the account's net negative equity) is paid by the
 * insurance fund. A close that leaves no shortfall leaves the other positions alone.
 * Worked examples:
 *  - the review's hedge: available 0, long and short 10 lots x 0.01 at 65,000 (margin 65 each), mark
 *    66,950: closing the short alone gives back -130, shortfall 130 -> the long (back 260) closes with
 *    it: credits 260, then the short's 130 from them: the user keeps 130, the fund pays 0;
 *  - liquidation order (review B): available 0, long back -130 and short back 149.5 closed together ->
 *    available 149.5, then 130 from it: the user keeps 19.5, shortfall 0;
 *  - available 0, one long back -170 and nothing else open -> shortfall 170 (the fund's to pay).
 */
export type SettlementItem = { id: number; back: MoneyInput };
export type SettlementLine = { id: number; toUser: string; fromUser: string; shortfall: string };

export function settleTogether(available: MoneyInput, items: readonly SettlementItem[]): { lines: SettlementLine[]; available: string; shortfall: string } {
  let left = money(available);
  for (const item of items) if (isPositive(item.back)) left = left.plus(item.back);
  let shortfall = money(0);
  const lines = items.map((item) => {
    const back = money(item.back);
    if (!isNegative(back)) return { id: item.id, toUser: toAmountString(back), fromUser: '0', shortfall: '0' };
    const deficit = back.negated();
    const fromUser = Decimal.min(deficit, left);
    left = left.minus(fromUser);
    shortfall = shortfall.plus(deficit.minus(fromUser));
    return { id: item.id, toUser: '0', fromUser: toAmountString(fromUser), shortfall: toAmountString(deficit.minus(fromUser)) };
  });
  return { lines, available: toAmountString(left), shortfall: toAmountString(shortfall) };
}

/**
 * The margin fees may not take a position below: its opening margin (sized at its open price) x the
 * maintenance threshold %, rounded up to the coin's unit. Example: 65 x 50 % = 32.5; 0.333334 x 20 % at
 * 6 decimals = 0.066667.
 */
export const maintenanceMargin = (openingMargin: MoneyInput, thresholdPercent: MoneyInput, coinDecimals: number) =>
  payUnits(money(openingMargin).times(thresholdPercent).dividedBy(100), coinDecimals);

/**
 * How one day's overnight fee is paid: from the available balance first, then from the position's
 * margin, but never taking the margin below the maintenance requirement (its opening margin x the
 * threshold %), so fees alone cannot bring a position to zero margin. A zero fee is skipped (nothing
 * to post). What available and the margin above the requirement cannot pay closes the position
 * (`close: true`) after taking what they hold. Worked examples (fee 0.195, margin 65 of 65, floor
 * maintenanceMargin(65, 50) = 32.5): available 10 -> 0.195 from available; available 0 -> 0.195 from margin (64.805 left);
 * available 0, margin 32.6 -> 0.1 from margin, the rest unpaid: close; fee 0 -> nothing.
 */
export function overnightCharge(input: { fee: MoneyInput; available: MoneyInput; margin: MoneyInput; marginFloor: MoneyInput }) {
  const fee = money(input.fee);
  if (!isPositive(fee)) return { fromAvailable: '0', fromMargin: '0', close: false };
  const fromAvailable = Decimal.min(fee, Decimal.max(money(input.available), 0));
  const spare = Decimal.max(money(input.margin).minus(input.marginFloor), 0);
  const fromMargin = Decimal.min(fee.minus(fromAvailable), spare);
  return { fromAvailable: toAmountString(fromAvailable), fromMargin: toAmountString(fromMargin), close: fromAvailable.plus(fromMargin).lt(fee) };
}

/**
 * A stock's trading session: local opening and closing times ("HH:MM") on the given weekdays (0 Sunday
 * .. 6 Saturday) in an IANA time zone. A closing time before the opening time runs over midnight
 * (the session belongs to the weekday it opens on).
 */
export type TradingSession = { open: string; close: string; weekdays: readonly number[]; time_zone: string };

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const minutesOf = (hhmm: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new RangeError(`not a time of day: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
};

/** The weekday and minute of the day at `timeMs` in a time zone. */
export function localClock(timeMs: number, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(timeMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS.indexOf(get('weekday')), minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Whether orders are taken at `timeMs`: inside [open, close) local time on a session day. */
export function inSession(session: TradingSession, timeMs: number): boolean {
  const { weekday, minute } = localClock(timeMs, session.time_zone);
  const open = minutesOf(session.open);
  const close = minutesOf(session.close);
  if (open < close) return session.weekdays.includes(weekday) && minute >= open && minute < close;
  // Over midnight: the evening part belongs to today's session, the morning part to yesterday's.
  if (minute >= open) return session.weekdays.includes(weekday);
  return minute < close && session.weekdays.includes((weekday + 6) % 7);
}

/** Whether a time zone name is one the runtime knows (checked when an operator saves a session). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;

/**
 * The overnight cut-offs a position was held over: every day's cut-off (UTC, `cutoffMinute` after
 * midnight) strictly after it opened and at or before `untilMs` (now, or its close). Each is a UTC day
 * key "YYYY-MM-DD" charged once.
 */
export function overnightDays(openedMs: number, untilMs: number, cutoffMinute: number): string[] {
  const days: string[] = [];
  const offset = cutoffMinute * 60_000;
  let cutoff = Math.floor((openedMs - offset) / DAY_MS) * DAY_MS + offset;
  if (cutoff <= openedMs) cutoff += DAY_MS;
  for (; cutoff <= untilMs; cutoff += DAY_MS) days.push(new Date(cutoff).toISOString().slice(0, 10));
  return days;
}
