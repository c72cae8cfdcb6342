import { KEPT_FIAT_CURRENCIES, toAmountString } from '@fairex/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { currencies, currencyNetworks, fiatRates, settings } from './tables.ts';

/** A network takes deposits when the operator enabled it and gave it a platform address to send to. */
export const takesDeposits = (n: { depositEnabled: boolean; depositAddress: string }) => n.depositEnabled && n.depositAddress !== '';

export async function listCurrencies(db: Executor) {
  const coins = await db.select().from(currencies).where(eq(currencies.enabled, true)).orderBy(asc(currencies.sort), asc(currencies.id));
  const networks = coins.length
    ? await db.select().from(currencyNetworks).where(inArray(currencyNetworks.currencyId, coins.map((c) => c.id))).orderBy(asc(currencyNetworks.id))
    : [];
  return coins.map((coin) => ({
    id: coin.id,
    name: coin.name,
    full_name: coin.fullName,
    logo: coin.logo,
    decimals: coin.decimals,
    networks: networks
      .filter((n) => n.currencyId === coin.id)
      .map((n) => ({
        network: n.network,
        withdraw_fee: toAmountString(n.withdrawFee),
        withdraw_min: toAmountString(n.withdrawMin),
        deposit_enabled: takesDeposits(n),
        withdraw_enabled: n.withdrawEnabled,
      })),
  }));
}

/** The fiat rates of the spec's 11 kept currencies (other stored codes are ignored), by currency code. */
export async function listKeptFiatRates(db: Executor) {
  return db.select().from(fiatRates).where(inArray(fiatRates.currencyCode, [...KEPT_FIAT_CURRENCIES])).orderBy(asc(fiatRates.currencyCode));
}

export async function lockFiatRate(db: Executor, currencyCode: string) {
  const [row] = await db.select().from(fiatRates).where(eq(fiatRates.currencyCode, currencyCode)).for('update');
  return row;
}

export async function updateFiatRate(db: Executor, currencyCode: string, rate: string) {
  await db.update(fiatRates).set({ rate, updatedAt: new Date() }).where(eq(fiatRates.currencyCode, currencyCode));
}

export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

/** The stored values of `keys` (absent keys are absent from the map). */
export async function readSettings(db: Executor, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}
