import { z } from 'zod';
import { DEFAULT_FIAT, KEPT_FIAT_CURRENCIES } from '../constants.ts';
import { zAmount } from '../validators.ts';

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
});
