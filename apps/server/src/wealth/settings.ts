/**
 * The operator's time zone for wealth products: mining days start at its midnight and dual investments
 * settle at 16:00 in it. Each order and product copies the zone or the instant it needs when it is
 * created, so changing the setting moves only what is created afterwards.
 */
import { isTimeZone } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { readSetting } from '../site/repository.ts';
import { settings } from '../site/tables.ts';

export const WEALTH_TIME_ZONE_KEY = 'wealth_time_zone';
export const WEALTH_TIME_ZONE_DEFAULT = 'UTC';

export async function wealthTimeZone(db: Executor): Promise<string> {
  const value = await readSetting(db, WEALTH_TIME_ZONE_KEY);
  return typeof value === 'string' && isTimeZone(value) ? value : WEALTH_TIME_ZONE_DEFAULT;
}

/** Refused (parameter_error) unless the runtime knows the zone. */
export async function setWealthTimeZone(db: Executor, timeZone: string) {
  if (!isTimeZone(timeZone)) throw new DomainError('parameter_error');
  await db
    .insert(settings)
    .values({ key: WEALTH_TIME_ZONE_KEY, value: timeZone })
    .onConflictDoUpdate({ target: settings.key, set: { value: timeZone } });
  return (await db.select().from(settings).where(eq(settings.key, WEALTH_TIME_ZONE_KEY)))[0]?.value;
}
