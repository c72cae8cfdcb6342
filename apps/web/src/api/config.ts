import { FIAT_RATES_CACHE_MS, KEPT_FIAT_CURRENCIES, type currencyItem, type ratesAnswer, type siteConfig } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from './client.ts';

/** Site configuration, settings and the fiat rates (spec section 7 "Config and auth"). */
export type SiteConfig = ReturnType<typeof siteConfig.parse>;
export type RatesAnswer = ReturnType<typeof ratesAnswer.parse>;
export type FiatRate = RatesAnswer['rates'][number];
export type Currency = ReturnType<typeof currencyItem.parse>;

export function useSiteConfig() {
  return useQuery({ queryKey: ['config', 'site'], queryFn: () => get<SiteConfig>('/getSiteConfig', undefined, true), staleTime: Infinity });
}

export function useSetting<T = unknown>(keyword: string) {
  return useQuery({ queryKey: ['config', 'setting', keyword], queryFn: () => get<T>('/getSetting', { keyword }) });
}

export function useCurrencies() {
  return useQuery({ queryKey: ['config', 'currencies'], queryFn: () => get<Currency[]>('/currency/list') });
}

const KEPT = KEPT_FIAT_CURRENCIES as readonly string[];

/** GET /apis/US.json, cached 24 h; only the spec's 11 currencies are kept, in the spec's order. */
export function useFiatRates() {
  return useQuery({
    queryKey: ['config', 'fiat-rates'],
    queryFn: () => get<RatesAnswer>('/apis/US.json'),
    staleTime: FIAT_RATES_CACHE_MS,
    gcTime: FIAT_RATES_CACHE_MS,
    select: (answer) =>
      answer.rates.filter((r) => KEPT.includes(r.currency_code)).sort((a, b) => KEPT.indexOf(a.currency_code) - KEPT.indexOf(b.currency_code)),
  });
}
