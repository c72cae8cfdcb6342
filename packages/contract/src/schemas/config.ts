import { z } from 'zod';
import { DEFAULT_FIAT, KEPT_FIAT_CURRENCIES } from '../constants.ts';
import { isHostName, isUrl, zAmount } from '../validators.ts';
import { zContentImage } from './content.ts';

export const currencyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  logo: z.string().nullable(),
  decimals: z.number().int(),
  networks: z.array(
    z.object({ network: z.string(), withdraw_fee: z.string(), withdraw_min: z.string(), deposit_enabled: z.boolean(), withdraw_enabled: z.boolean() }),
  ),
});

export const fiatRate = z.object({ currency_code: z.string(), rate: z.string() });
export const ratesAnswer = z.object({ base: z.literal('USD'), rates: z.array(fiatRate), updated_at: z.string() });

/** Back office, POST /api/admin/fiat-rates: one kept currency's rate against USD (USD itself stays 1). */
export const fiatRateEditInput = z.object({
  currency_code: z.enum(KEPT_FIAT_CURRENCIES.filter((code) => code !== DEFAULT_FIAT) as [string, ...string[]], { message: 'parameter_error' }),
  rate: zAmount,
});
export type FiatRateEditInput = z.infer<typeof fiatRateEditInput>;
export const fiatRateRow = fiatRate.extend({ updated_at: z.string() });

export const getSettingInput = z.object({ keyword: z.string().trim().min(1, 'parameter_error').max(64, 'parameter_error') });

export const siteConfig = z.object({
  site_name: z.string(),
  site_logo: z.string(),
  customer_service_url: z.string(),
  recharge_contact_first: z.boolean(),
  /** True while prices come from the offline simulation (PRICE_FEED unset or simulation): every screen then shows a "Simulated prices" banner. */
  simulated_prices: z.boolean(),
});

// ---- site settings the back office edits (Content > Settings) ----

/** The longest list of hosts the web view may frame. */
export const FRAME_HOSTS_MAX = 20;
const zLinkOrNone = z
  .string({ error: 'parameter_error' })
  .trim()
  .max(500, 'parameter_error')
  .refine((v) => v === '' || isUrl(v), 'parameter_error');

/**
 * The settings GET /getSetting answers by keyword, edited under Content > Settings (admin, logged):
 * the site's name and logo, the customer-service web chat (none: the in-app thread), the hosts the web
 * view may open in a frame, and the app's version and download links. `recharge_contact_first` is
 * public too but edited with the coins (Funds).
 */
export const siteSettingsInput = z
  .object({
    site_name: z.string({ error: 'parameter_error' }).trim().min(1, 'parameter_error').max(40, 'parameter_error'),
    site_logo: zContentImage,
    customer_service_url: zLinkOrNone,
    webview_hosts: z
      .array(
        z
          .string({ error: 'parameter_error' })
          .trim()
          .toLowerCase()
          .refine(isHostName, 'parameter_error'),
        { error: 'parameter_error' },
      )
      .max(FRAME_HOSTS_MAX, 'parameter_error'),
    app_version: z.string({ error: 'parameter_error' }).trim().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'parameter_error'),
    app_version_code: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(2_147_483_647, 'parameter_error'),
    android_download_url: zLinkOrNone,
    ios_download_url: zLinkOrNone,
  })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'parameter_error');
export type SiteSettingsInput = z.infer<typeof siteSettingsInput>;
export type SiteSettingKey = keyof SiteSettingsInput;
export const SITE_SETTING_KEYS = Object.keys(siteSettingsInput.shape) as SiteSettingKey[];
/** Every keyword GET /getSetting answers: the edited ones and the funds switch. */
export const PUBLIC_SETTING_KEYS: readonly string[] = [...SITE_SETTING_KEYS, 'recharge_contact_first'];
export type SiteSettings = {
  site_name: string;
  site_logo: string;
  customer_service_url: string;
  webview_hosts: string[];
  app_version: string;
  app_version_code: number;
  android_download_url: string;
  ios_download_url: string;
};
