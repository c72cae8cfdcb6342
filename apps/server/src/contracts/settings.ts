/**
 * Contract settings as operators change them and as everything else reads them (issue 22).
 *  - Storage: contract_settings holds each symbol's settings; a change of the maintenance threshold,
 *    overnight rate or spread is a row of contract_setting_changes, scheduled for effective_at (24 h
 *    later, contract-settings-rules.ts), folded into contract_settings once that time has passed (at
 *    start and before the next edit).
 *  - Reading: the contract service keeps each symbol with its scheduled changes, and `inForce` gives the
 *    symbol as it stands at a time, so liquidation, the overnight fee and market opens read the old value
 *    until the notice has passed, and the new one from then on, with no job in between.
 *  - The API shows users the scheduled changes (value, from when) beside the values in force.
 */
import {
  planSettingChanges,
  settingsInForce,
  spreadMax,
  spreadWithinBound,
  toAmountString,
  type ContractNoticedField,
  type ContractSettingsUpdateInput,
  type NoticedValues,
  type ScheduledSettingChange,
} from '@fairex/contract';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import type { ContractSymbol, SettingsRow } from './repository.ts';
import { contractSettingChanges, contractSettings } from './tables.ts';

const COLUMN = { maintenance_threshold: 'maintenanceThreshold', overnight_rate: 'overnightRate', spread: 'spread' } as const satisfies Record<ContractNoticedField, keyof SettingsRow>;

const noticedOf = (row: SettingsRow): NoticedValues => ({
  maintenance_threshold: toAmountString(row.maintenanceThreshold),
  overnight_rate: toAmountString(row.overnightRate),
  spread: toAmountString(row.spread),
});

/** Every scheduled change, per symbol (the contract service keeps them with its symbols). */
export async function scheduledChanges(db: Executor): Promise<Map<number, ScheduledSettingChange[]>> {
  const rows = await db.select().from(contractSettingChanges).where(eq(contractSettingChanges.status, 'scheduled')).orderBy(asc(contractSettingChanges.effectiveAt));
  const bySymbol = new Map<number, ScheduledSettingChange[]>();
  for (const r of rows) bySymbol.set(r.symbolId, [...(bySymbol.get(r.symbolId) ?? []), { field: r.field, value: toAmountString(r.value), effectiveAt: r.effectiveAt.getTime() }]);
  return bySymbol;
}

/**
 * The symbol as it stands at `atMs`: its settings with every scheduled change whose time has come, and
 * only the changes still to come. The same object when nothing is scheduled (the common case).
 */
export function inForce(symbol: ContractSymbol, atMs: number): ContractSymbol {
  const scheduled = symbol.scheduled ?? [];
  if (scheduled.length === 0 || scheduled.every((c) => c.effectiveAt > atMs)) return symbol;
  const values = settingsInForce(noticedOf(symbol.settings), scheduled, atMs);
  return {
    ...symbol,
    settings: { ...symbol.settings, maintenanceThreshold: values.maintenance_threshold, overnightRate: values.overnight_rate, spread: values.spread },
    scheduled: scheduled.filter((c) => c.effectiveAt > atMs),
  };
}

/** The changes still to come, as the API shows them. */
export const scheduledView = (symbol: ContractSymbol) =>
  (symbol.scheduled ?? []).map((c) => ({ field: c.field, value: c.value, effective_at: new Date(c.effectiveAt).toISOString() }));

/** Folds the scheduled changes whose time has passed into contract_settings (marked applied). */
export async function applyDueChanges(db: Executor, nowMs: number) {
  const due = await db
    .select()
    .from(contractSettingChanges)
    .where(and(eq(contractSettingChanges.status, 'scheduled'), lte(contractSettingChanges.effectiveAt, new Date(nowMs))))
    .orderBy(asc(contractSettingChanges.effectiveAt));
  for (const change of due) {
    await db.update(contractSettings).set({ [COLUMN[change.field]]: change.value }).where(eq(contractSettings.symbolId, change.symbolId));
    await db.update(contractSettingChanges).set({ status: 'applied' }).where(eq(contractSettingChanges.id, change.id));
  }
}

/** What the operator log records of an edit: every setting in force, and the changes scheduled, before and after. */
export type SettingsRecord = { in_force: Record<string, unknown>; scheduled: { field: ContractNoticedField; value: string; effective_at: string }[] };

async function recordOf(tx: Tx, symbolId: number): Promise<SettingsRecord> {
  const [row] = await tx.select().from(contractSettings).where(eq(contractSettings.symbolId, symbolId));
  const scheduled = (await scheduledChanges(tx)).get(symbolId) ?? [];
  const r = row!;
  return {
    in_force: {
      contract_size: toAmountString(r.contractSize),
      multiples: r.multiples,
      lots_min: r.lotsMin,
      lots_max: r.lotsMax,
      fee_rate: toAmountString(r.feeRate),
      ...noticedOf(r),
      session: r.session,
      enabled: r.enabled,
    },
    scheduled: scheduled.map((c) => ({ field: c.field, value: c.value, effective_at: new Date(c.effectiveAt).toISOString() })),
  };
}

/**
 * An operator's edit of a symbol's settings, in the caller's transaction (the settings row locked): the
 * lots, multiples, fee rate, size, session and switch apply at once; the threshold, overnight rate and
 * spread are kept, cancelled or scheduled by the notice rule. A spread above its bound at the index
 * price (`price`, or the symbol's start price before any tick) is refused. Answers the settings before
 * and after, for the operator log.
 */
export async function editContractSettings(
  tx: Tx,
  symbolId: number,
  input: ContractSettingsUpdateInput,
  context: { nowMs: number; price: string | null; operatorId?: number },
): Promise<{ before: SettingsRecord; after: SettingsRecord }> {
  await tx.select({ symbolId: contractSettings.symbolId }).from(contractSettings).where(eq(contractSettings.symbolId, symbolId)).for('update');
  await applyDueChanges(tx, context.nowMs);
  const before = await recordOf(tx, symbolId);
  const [row] = await tx.select().from(contractSettings).where(eq(contractSettings.symbolId, symbolId));
  if (!row) throw new DomainError('not_found');
  const current = noticedOf(row);
  const scheduled = before.scheduled.map((c) => ({ field: c.field, value: c.value, effectiveAt: Date.parse(c.effective_at) }));
  const wanted: NoticedValues = { maintenance_threshold: input.maintenance_threshold, overnight_rate: input.overnight_rate, spread: input.spread };
  const plan = planSettingChanges(current, scheduled, wanted, context.nowMs);
  if (plan.some((p) => p.field === 'spread' && p.action === 'schedule')) {
    const price = context.price ?? (await startPrice(tx, symbolId));
    if (!spreadWithinBound(input.spread, price)) throw new DomainError('contract_spread_too_wide', undefined, { max: spreadMax(price), price: toAmountString(price) });
  }
  for (const step of plan) {
    if (step.action === 'keep') continue;
    await tx
      .update(contractSettingChanges)
      .set({ status: 'cancelled' })
      .where(and(eq(contractSettingChanges.symbolId, symbolId), eq(contractSettingChanges.field, step.field), eq(contractSettingChanges.status, 'scheduled')));
    if (step.action === 'schedule') {
      await tx.insert(contractSettingChanges).values({
        symbolId,
        field: step.field,
        previousValue: current[step.field],
        value: step.value,
        effectiveAt: new Date(step.effectiveAt!),
        operatorId: context.operatorId ?? null,
      });
    }
  }
  await tx
    .update(contractSettings)
    .set({
      contractSize: input.contract_size,
      multiples: [...new Set(input.multiples)].sort((a, b) => a - b),
      lotsMin: input.lots_min,
      lotsMax: input.lots_max,
      feeRate: input.fee_rate,
      session: input.session,
      enabled: input.enabled,
      updatedAt: new Date(context.nowMs),
    })
    .where(eq(contractSettings.symbolId, symbolId));
  return { before, after: await recordOf(tx, symbolId) };
}

async function startPrice(db: Executor, symbolId: number): Promise<string> {
  const [row] = await queryRows<{ start_price: string }>(db, sql`select start_price::text from market_symbols where id = ${symbolId}`);
  return row?.start_price ?? '0';
}

