/**
 * The site settings operators edit under Content > Settings (admin, logged) and GET /getSetting answers
 * by keyword: one JSON value per key in the settings table. A missing or malformed value reads as its
 * default, so a reader always gets a value of the documented type.
 */
import { APP_VERSION, APP_VERSION_CODE, PUBLIC_SETTING_KEYS, SITE_SETTING_KEYS, siteSettingsInput, type SiteSettingKey, type SiteSettings, type SiteSettingsInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { Db, Executor } from '../db/client.ts';
import { writeSetting } from '../funds/repository.ts';
import { readSetting, readSettings } from './repository.ts';

export const SITE_SETTING_DEFAULTS: SiteSettings = {
  site_name: 'FairEx',
  site_logo: '',
  customer_service_url: '',
  webview_hosts: [],
  app_version: APP_VERSION,
  app_version_code: APP_VERSION_CODE,
  android_download_url: '',
  ios_download_url: '',
};

const isSiteSettingKey = (key: string): key is SiteSettingKey => (SITE_SETTING_KEYS as readonly string[]).includes(key);

export async function siteSettings(db: Executor): Promise<SiteSettings> {
  const stored = await readSettings(db, SITE_SETTING_KEYS);
  const values: Record<string, unknown> = { ...SITE_SETTING_DEFAULTS };
  for (const key of SITE_SETTING_KEYS) {
    // Each stored value is checked by the same schema as an edit; a value it refuses reads as the default.
    const parsed = siteSettingsInput.safeParse({ [key]: stored.get(key) });
    if (parsed.success && parsed.data[key] !== undefined) values[key] = parsed.data[key];
  }
  return values as SiteSettings;
}

/** GET /getSetting's answer for a public keyword (PUBLIC_SETTING_KEYS). */
export async function publicSetting(db: Executor, keyword: string): Promise<unknown> {
  if (isSiteSettingKey(keyword)) return (await siteSettings(db))[keyword];
  return keyword === 'recharge_contact_first' ? (await readSetting(db, keyword)) === true : undefined;
}

export const isPublicSetting = (keyword: string) => PUBLIC_SETTING_KEYS.includes(keyword);

/** Writes the given settings and logs them with their values before, in one transaction. */
export async function editSiteSettings(db: Db, operator: Operator, input: SiteSettingsInput): Promise<SiteSettings> {
  await db.transaction(async (tx) => {
    const before = await siteSettings(tx);
    const changed = Object.entries(input).filter(([, value]) => value !== undefined) as [SiteSettingKey, unknown][];
    for (const [key, value] of changed) await writeSetting(tx, key, value);
    await logAction(tx, operator.id, 'site.settings.edit', 'settings', {
      before: Object.fromEntries(changed.map(([key]) => [key, before[key]])),
      after: Object.fromEntries(changed),
    });
  });
  return siteSettings(db);
}
