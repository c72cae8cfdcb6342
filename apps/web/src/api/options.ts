import type { OptionOrderView } from '@fairex/contract';
import { PAGE_SIZE_OPTIONS } from '@fairex/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post } from './client.ts';
import { usePaged } from './funds.ts';
import { useIdempotent } from './idempotency.ts';

/**
 * Seconds options (spec section 7, microtrade/*): the durations offered, the stake coins with the
 * options balance, placing an order, the holding and history lists, and one order's result with its
 * open and close index ticks.
 */
export type OptionOrder = OptionOrderView;
export type OptionDuration = { seconds: number; payout_ratio: string; stake_min: string; stake_max: string; fee_rate: string };
export type PayableCurrency = { id: number; name: string; decimals: number; balance: string };
export type OptionListStatus = 'holding' | 'history';
export type OptionPage = { data: OptionOrder[]; total: number; page: number; limit: number };
export type OptionSubmitInput = { match_id: number; currency_id: number; type: 1 | 2; seconds: number; number: string };

export const optionKeys = {
  all: ['options'] as const,
  seconds: ['options', 'seconds'] as const,
  payable: ['options', 'payable'] as const,
  list: (status: OptionListStatus, matchId: number) => ['options', 'list', status, matchId] as const,
  result: (id: string) => ['options', 'result', id] as const,
};

export function useOptionDurations() {
  return useQuery({ queryKey: optionKeys.seconds, queryFn: () => get<OptionDuration[]>('/microtrade/seconds') });
}

export function usePayableCurrencies() {
  const token = useStore((s) => s.token);
  return useQuery({ queryKey: optionKeys.payable, queryFn: () => get<PayableCurrency[]>('/microtrade/payable_currencies'), enabled: token !== '' });
}

/**
 * The user's orders, holding or history, 5 a page (spec section 9, options list) with "load more". Holding
 * orders are refetched every second while one of them has run out (its settlement is due).
 */
export const useOptionList = (status: OptionListStatus, matchId: number) =>
  usePaged(optionKeys.list(status, matchId), (page) => get<OptionPage>('/microtrade/lists', { status, match_id: matchId, page, limit: PAGE_SIZE_OPTIONS }), {
    refetchEvery: (pages) => (status === 'holding' && pages.some((page) => page.data.some((o) => o.expires_at <= Date.now())) ? 1000 : false),
  });

export function useOptionResult(id: string | undefined) {
  return useQuery({ queryKey: optionKeys.result(id ?? ''), queryFn: () => get<OptionOrder>('/microtrade/get_result', { id }), enabled: id !== undefined });
}

export function useSubmitOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotent((input: OptionSubmitInput) => post<OptionOrder>('/microtrade/submit', input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionKeys.all }),
  });
}
