/**
 * The OTC settings (back office, admins): the release time limit, in minutes within
 * OTC_RELEASE_MINUTES (default 30). An order copies the limit when it is marked paid (its
 * release_due_at), so a change moves only orders marked paid afterwards.
 */
import { OTC_RELEASE_MINUTES, type OtcSettingsInput, type OtcSettingsView } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import { readSettings } from '../site/repository.ts';
import { settings } from '../site/tables.ts';

export const OTC_RELEASE_MINUTES_KEY = 'otc_release_minutes';
const OTC_SETTINGS_UPDATED_KEY = 'otc_settings_updated_at';

/** A stored value outside the bounds (edited by hand) falls back to the default rather than being trusted. */
const inBounds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= OTC_RELEASE_MINUTES.min && value <= OTC_RELEASE_MINUTES.max;

export async function otcSettings(db: Executor): Promise<OtcSettingsView> {
  const stored = await readSettings(db, [OTC_RELEASE_MINUTES_KEY, OTC_SETTINGS_UPDATED_KEY]);
  const minutes = stored.get(OTC_RELEASE_MINUTES_KEY);
  const updated = stored.get(OTC_SETTINGS_UPDATED_KEY);
  return {
    release_minutes: inBounds(minutes) ? minutes : OTC_RELEASE_MINUTES.default,
    release_minutes_min: OTC_RELEASE_MINUTES.min,
    release_minutes_max: OTC_RELEASE_MINUTES.max,
    updated_at: typeof updated === 'number' ? updated : null,
  };
}

export async function saveOtcSettings(db: Executor, input: OtcSettingsInput, at: number) {
  for (const [key, value] of [
    [OTC_RELEASE_MINUTES_KEY, input.release_minutes],
    [OTC_SETTINGS_UPDATED_KEY, at],
  ] as const) {
    await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
}
