/**
 * Operator changes of a contract symbol's risk settings (issue 22, "operator levers").
 *
 * The rule: the maintenance threshold, the overnight rate and the spread decide when an open position is
 * liquidated, what it pays each night, and where a new market order opens. A change of any of them is
 * stored as scheduled and takes effect CONTRACT_SETTINGS_NOTICE_MS (24 h) after the operator made it;
 * until then every reader gets the value in force, and users see the change coming (value, from when)
 * on the contract screen. No change applies at once, in either direction: a lower threshold is not
 * simply kinder (a user who counts on being stopped at 20 % keeps less at 0 %), so there is no
 * "favourable" exception to argue about. The other settings (lots, multiples, fee rate, contract size,
 * session, switch) apply at once: they only shape orders placed after them, and every position keeps the
 * multiple, size and fee it opened with.
 *  - A field has at most one scheduled change. An edit that asks for the value already scheduled keeps it
 *    (the form sends every field, so editing the fee must not restart the notice of a pending threshold);
 *    one that asks for the value in force cancels the scheduled change; any other value replaces it,
 *    with a fresh notice from now.
 *  - The value in force at a time is the base value, or the scheduled value once its time has come.
 *  Example: threshold 20 in force; at 10:00 an operator sets 99.99. It is scheduled for 10:00 next day;
 *  at 09:59 next day liquidation still uses 20, at 10:00 it uses 99.99. Setting 50 at 18:00 replaces the
 *  99.99 with 50 from 18:00 the day after; setting 20 instead cancels it.
 *
 * The spread is bounded relative to the price: at most CONTRACT_SPREAD_RATE_MAX (0.1 %) of the index.
 * The default is 0.01 % (what liquid venues quote between bid and ask), so the bound leaves ten times the
 * default. The spread is a loss a market order starts with, spread / price x multiple of its margin: with
 * the bound and CONTRACT_MULTIPLE_MAX (125) at most 12.5 % of the margin, so a new position opens far
 * from a maintenance threshold; without a bound an operator could open every new position in a loss.
 *  Example: BTC at 65,000: the spread may be at most 65; 6.5 (the default) passes, 100 is refused.
 */
import { cmp, money, toAmountString, type MoneyInput } from './money.ts';

/** How long users see a change of a risk setting before it applies. */
export const CONTRACT_SETTINGS_NOTICE_MS = 24 * 60 * 60_000;
/** The settings a change of which waits for the notice. */
export const CONTRACT_NOTICED_FIELDS = ['maintenance_threshold', 'overnight_rate', 'spread'] as const;
export type ContractNoticedField = (typeof CONTRACT_NOTICED_FIELDS)[number];
/** The spread is at most this fraction of the index price (see above). */
export const CONTRACT_SPREAD_RATE_MAX = '0.001';

export type ScheduledSettingChange = { field: ContractNoticedField; value: string; effectiveAt: number };
export type NoticedValues = Record<ContractNoticedField, string>;

/** The values in force at `atMs`: the base, with every scheduled change whose time has come. */
export function settingsInForce(base: NoticedValues, scheduled: readonly ScheduledSettingChange[], atMs: number): NoticedValues {
  const values = { ...base };
  for (const change of [...scheduled].sort((a, b) => a.effectiveAt - b.effectiveAt)) {
    if (change.effectiveAt <= atMs) values[change.field] = toAmountString(change.value);
  }
  return values;
}

/** What an edit does to one field: nothing, cancel the scheduled change, or schedule a new value (replacing any). */
export type SettingPlan = { field: ContractNoticedField; action: 'keep' | 'cancel' | 'schedule'; value: string; effectiveAt?: number };

/**
 * The plan for an edit asking for `wanted`, given the values in force now and the changes still
 * scheduled (effective later than now): see the rule above.
 */
export function planSettingChanges(
  inForce: NoticedValues,
  scheduled: readonly ScheduledSettingChange[],
  wanted: NoticedValues,
  nowMs: number,
  noticeMs = CONTRACT_SETTINGS_NOTICE_MS,
): SettingPlan[] {
  return CONTRACT_NOTICED_FIELDS.map((field) => {
    const value = toAmountString(wanted[field]);
    const pending = scheduled.find((c) => c.field === field && c.effectiveAt > nowMs);
    if (pending && cmp(pending.value, value) === 0) return { field, action: 'keep', value };
    if (cmp(inForce[field], value) === 0) return { field, action: pending ? 'cancel' : 'keep', value };
    return { field, action: 'schedule', value, effectiveAt: nowMs + noticeMs };
  });
}

/** The widest spread allowed at this index price (CONTRACT_SPREAD_RATE_MAX of it). */
export const spreadMax = (price: MoneyInput) => toAmountString(money(price).times(CONTRACT_SPREAD_RATE_MAX));

/**
 * The spread a market order opens with: the setting, capped at the bound at the index price now (the
 * edit was checked at the price then; a price that fell since cannot widen it past the bound).
 *  Example: spread 65 set at 65,000; the index falls to 30,000: orders open with 30.
 */
export const spreadAt = (spread: MoneyInput, price: MoneyInput) => (cmp(spread, spreadMax(price)) > 0 ? spreadMax(price) : toAmountString(spread));

/** Whether a spread is within its bound at this index price. */
export const spreadWithinBound = (spread: MoneyInput, price: MoneyInput) => cmp(spread, spreadMax(price)) <= 0;
