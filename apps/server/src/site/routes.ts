import { getSettingInput, toAmountString } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';
import { listCurrencies, listKeptFiatRates, readSetting } from './repository.ts';
import { isPublicSetting, publicSetting } from './settings.ts';

/** The settings GET /getSiteConfig gathers (GET /getSetting answers these and the rest of PUBLIC_SETTING_KEYS). */
export const PUBLIC_SETTINGS = ['site_name', 'site_logo', 'customer_service_url', 'recharge_contact_first'] as const;

export function siteRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db'>) {
  app.get('/currency/list', async () => ok(await listCurrencies(ctx.db)));

  app.get('/getSetting', async (request) => {
    const { keyword } = parse(getSettingInput, request.query);
    if (!isPublicSetting(keyword)) throw new DomainError('not_found');
    return ok(await publicSetting(ctx.db, keyword));
  });

  app.get('/getSiteConfig', async () => {
    const [siteName, siteLogo, serviceUrl, contactFirst] = await Promise.all(PUBLIC_SETTINGS.map((key) => readSetting(ctx.db, key)));
    return ok({
      site_name: String(siteName ?? ''),
      site_logo: String(siteLogo ?? ''),
      customer_service_url: String(serviceUrl ?? ''),
      recharge_contact_first: contactFirst === true,
      // The user app and the back office show a persistent "Simulated prices" banner while this is true.
      simulated_prices: ctx.config.simulatedPrices,
    });
  });

  /** The fiat rate list (against USD); the client keeps the 11 currencies of spec section 3 and caches it 24 h. */
  app.get('/apis/US.json', async () => {
    const kept = await listKeptFiatRates(ctx.db);
    const updated = kept.reduce((latest, r) => (r.updatedAt > latest ? r.updatedAt : latest), new Date(0));
    return ok({
      base: 'USD' as const,
      rates: kept.map((r) => ({ currency_code: r.currencyCode, rate: toAmountString(r.rate) })),
      updated_at: updated.toISOString(),
    });
  });
}
