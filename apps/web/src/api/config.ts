import type { currencyItem, ratesAnswer, siteConfig } from '@fairex/contract';
import { FIAT_RATES_CACHE_MS, KEPT_FIAT_CURRENCIES } from '@fairex/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getState, setState, useStore, type StoredFiatRate } from '../store/store.ts';
import { get } from './client.ts';

/** Site configuration, settings and the fiat rates (spec section 7 "Config and auth"). */
export type SiteConfig = ReturnType<typeof siteConfig.parse>;
export type RatesAnswer = ReturnType<typeof ratesAnswer.parse>;
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

/**
 * GET /apis/US.json, kept 24 h in localStorage (with saveFiatsTime) so a reload within the day does not
 * fetch again; only the spec's 11 currencies are kept, in the spec's order. A function, as the kept copy
 * is read when the query is made (also prefetched with the assets page, whose total is in fiat).
 */
export function fiatRatesQuery() {
  const { fiats, saveFiatsTime } = getState();
  return queryOptions({
    queryKey: ['config', 'fiat-rates'],
    queryFn: async (): Promise<StoredFiatRate[]> => {
      const answer = await get<RatesAnswer>('/apis/US.json');
      const kept = answer.rates
        .filter((r) => KEPT.includes(r.currency_code))
        .sort((a, b) => KEPT.indexOf(a.currency_code) - KEPT.indexOf(b.currency_code))
        .map(({ currency_code, rate }) => ({ currency_code, rate }));
      setState({ fiats: kept, saveFiatsTime: Date.now() });
      return kept;
    },
    initialData: fiats.length > 0 ? fiats : undefined,
    initialDataUpdatedAt: saveFiatsTime,
    staleTime: FIAT_RATES_CACHE_MS,
    gcTime: FIAT_RATES_CACHE_MS,
  });
}

export const useFiatRates = () => useQuery(fiatRatesQuery());

/** The chosen fiat with its rate from the current rate list (the rate saved with the choice until the list is in). */
export function useFiat(): { currency_code: string; rate: string } {
  const choice = useStore((s) => s.fiat);
  const rates = useFiatRates().data;
  const rate = rates?.find((r) => r.currency_code === choice.currency_code)?.rate ?? choice.rate;
  return { currency_code: choice.currency_code, rate };
}
