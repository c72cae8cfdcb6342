import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { SITE_SETTING_DEFAULTS } from './settings.ts';
import { currencies, currencyNetworks, fiatRates, settings } from './tables.ts';

/** The spec's coins: USDT on ERC20 and TRC20 under one id, ETH, BTC, BNB; and LTC. Prices are starting references only. */
const COINS = [
  { name: 'USDT', fullName: 'Tether USD', decimals: 6, sort: 1, referencePriceUsdt: '1', networks: [
    { network: 'ERC20', withdrawFee: '5', withdrawMin: '20' },
    { network: 'TRC20', withdrawFee: '1', withdrawMin: '10' },
  ] },
  { name: 'BTC', fullName: 'Bitcoin', decimals: 8, sort: 2, referencePriceUsdt: '65000', networks: [{ network: 'BTC', withdrawFee: '0.0005', withdrawMin: '0.001' }] },
  { name: 'ETH', fullName: 'Ethereum', decimals: 8, sort: 3, referencePriceUsdt: '3200', networks: [{ network: 'ERC20', withdrawFee: '0.005', withdrawMin: '0.01' }] },
  { name: 'BNB', fullName: 'BNB', decimals: 8, sort: 4, referencePriceUsdt: '580', networks: [{ network: 'BEP20', withdrawFee: '0.001', withdrawMin: '0.01' }] },
  // LTC: the fourth spot pair and one of the spec's coin colours.
  { name: 'LTC', fullName: 'Litecoin', decimals: 8, sort: 5, referencePriceUsdt: '85', networks: [{ network: 'LTC', withdrawFee: '0.001', withdrawMin: '0.01' }] },
];

/** Configured fiat rates against USD (spec: USD rate 1); operators update them in the back office. */
const FIAT_RATES: Record<string, string> = {
  USD: '1', CNY: '7.24', GBP: '0.79', HKD: '7.81', JPY: '151.6', EUR: '0.92',
  AED: '3.6725', THB: '36.4', PHP: '57.2', SGD: '1.35', VND: '25300',
};

const SETTINGS: Record<string, unknown> = {
  // Site name, logo, customer-service chat, web view hosts, app version and download links (settings.ts).
  ...SITE_SETTING_DEFAULTS,
  recharge_contact_first: false,
  // Wealth products count their days and settle at their local hours in this zone (wealth/settings.ts).
  wealth_time_zone: 'UTC',
};

/** Idempotent: inserts what is missing and leaves operator edits alone. */
export async function seedSite(db: Db) {
  await db.transaction(async (tx) => {
    for (const coin of COINS) {
      const { networks, ...values } = coin;
      const [row] = await tx
        .insert(currencies)
        .values(values)
        .onConflictDoUpdate({ target: currencies.name, set: { name: sql`excluded.name` } })
        .returning({ id: currencies.id });
      for (const network of networks) {
        await tx.insert(currencyNetworks).values({ currencyId: row!.id, ...network }).onConflictDoNothing();
      }
    }
    for (const [currencyCode, rate] of Object.entries(FIAT_RATES)) {
      await tx.insert(fiatRates).values({ currencyCode, rate }).onConflictDoNothing();
    }
    for (const [key, value] of Object.entries(SETTINGS)) {
      await tx.insert(settings).values({ key, value }).onConflictDoNothing();
    }
  });
}
