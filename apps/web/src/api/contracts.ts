import type { ContractAccountSummary, ContractDealAnswer, ContractPosition, ContractSettings, contractDealAllAnswer, contractPositionPage } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useStore } from '../store/store.ts';
import { post } from './client.ts';
import { usePaged } from './funds.ts';
import { useIdempotent } from './idempotency.ts';

/**
 * Futures and stock contracts (spec section 7, lever/*): the symbol's settings and the user's contract
 * balance (/lever/deal), orders (/lever/submit), positions with totals (/lever/dealall), current and
 * history (/lever/my_trade), closing (/lever/close, /lever/batch_close) and take-profit / stop-loss
 * (/lever/setstop).
 */
export type BatchCloseType = 0 | 1 | 2;
export type ContractListStatus = 'current' | 'pending' | 'history';
export type ContractDeal = ContractDealAnswer;
export type ContractPage = z.infer<typeof contractPositionPage>;
export type ContractDealAll = z.infer<typeof contractDealAllAnswer>;
export type { ContractAccountSummary, ContractPosition, ContractSettings };

export const contractKeys = {
  all: ['contracts'] as const,
  deal: (symbolId: number) => ['contracts', 'deal', symbolId] as const,
  positions: (symbolId?: number) => ['contracts', 'positions', symbolId ?? 0] as const,
  trades: (status: ContractListStatus) => ['contracts', 'trades', status] as const,
};

/** What /lever/submit takes (before the idempotency key): type 1 long 2 short, status 1 market 0 limit. */
export type ContractOrderInput = {
  currency_id: number;
  legal_id: number;
  share: number;
  multiple: number;
  type: 1 | 2;
  status: 0 | 1;
  target_price?: string;
  target_profit_price?: string;
  stop_loss_price?: string;
};

/** POST /lever/deal: `currency_id` is the contract symbol's id, `legal_id` the coin it is margined in. */
export function useContractDeal(symbolId: number, legalId: number) {
  const token = useStore((s) => s.token);
  return useQuery({
    queryKey: contractKeys.deal(symbolId),
    queryFn: () => post<ContractDeal>('/lever/deal', { currency_id: symbolId, legal_id: legalId }),
    enabled: token !== '',
  });
}

/** POST /lever/dealall: the open positions (of one symbol, or all) with the account totals, 10 a page ("load more"). */
export function useContractPositions(symbolId?: number) {
  const token = useStore((s) => s.token);
  return usePaged(contractKeys.positions(symbolId), (page) => post<ContractDealAll>('/lever/dealall', { currency_id: symbolId, page }), { enabled: token !== '' });
}

/** POST /lever/my_trade: current positions, pending limit orders or history, newest first, 10 a page ("load more"). */
export const useContractTrades = (status: ContractListStatus) =>
  usePaged(contractKeys.trades(status), (page) => post<ContractPage>('/lever/my_trade', { status, page }));

const useInvalidating = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contractKeys.all });
};

export function useSubmitContract() {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: useIdempotent((input: ContractOrderInput) => post<ContractPosition>('/lever/submit', input)),
    onSettled: invalidate,
  });
}

export function useClosePosition() {
  const invalidate = useInvalidating();
  // Closes an open position at the mark, or cancels a pending limit order.
  return useMutation({ mutationFn: (id: number) => post<unknown>('/lever/close', { id }), onSettled: invalidate });
}

export function useBatchClose() {
  const invalidate = useInvalidating();
  return useMutation({ mutationFn: (type: BatchCloseType) => post<{ closed: number; profit: string }>('/lever/batch_close', { type }), onSettled: invalidate });
}

export function useSetStop() {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (input: { id: number; target_profit_price: string; stop_loss_price: string }) => post<unknown>('/lever/setstop', input),
    onSettled: invalidate,
  });
}
