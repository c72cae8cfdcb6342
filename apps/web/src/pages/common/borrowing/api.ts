import type { LoanEventView, LoanProductView, LoanView } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../api/client.ts';
import { fundsKeys, usePaged, type Page } from '../../../api/funds.ts';
import { useIdempotent } from '../../../api/idempotency.ts';

/**
 * Crypto-backed loans (/loan/*): the products on offer with each collateral's index and the user's
 * balances, borrowing, the user's loans (open or ended), repayment, a top-up, and the loans' records.
 */
export type LoanProduct = LoanProductView;
export type Loan = LoanView;
export type LoanEvent = LoanEventView;
export type LoanTab = 'open' | 'ended';

export const loanKeys = {
  all: ['loans'] as const,
  products: ['loans', 'products'] as const,
  loans: (tab: LoanTab) => ['loans', 'loans', tab] as const,
  history: ['loans', 'history'] as const,
};

/** GET /loan/products */
export const useLoanProducts = () => useQuery({ queryKey: loanKeys.products, queryFn: () => get<LoanProduct[]>('/loan/products') });

/** GET /loan/orders: open loans or ended ones, newest first, 10 a page. */
export const useLoans = (tab: LoanTab) => usePaged(loanKeys.loans(tab), (page) => get<Page<Loan>>('/loan/orders', { page, status: tab }));

/** GET /loan/history: the records of the user's loans, newest first. */
export const useLoanHistory = () => usePaged(loanKeys.history, (page) => get<Page<LoanEvent>>('/loan/history', { page }));

function useRefreshLoans() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: loanKeys.all }), queryClient.invalidateQueries({ queryKey: fundsKeys.all })]);
}

export type BorrowInput = { product_id: number; collateral_currency_id: number; collateral: string; amount: string; term_days: number };

/** POST /loan/borrow */
export function useBorrow() {
  const refresh = useRefreshLoans();
  return useMutation({ mutationFn: useIdempotent((input: BorrowInput) => post<Loan>('/loan/borrow', input)), onSettled: refresh });
}

/** POST /loan/repay: interest first, then principal. */
export function useRepay() {
  const refresh = useRefreshLoans();
  return useMutation({ mutationFn: useIdempotent((input: { id: string; amount: string }) => post<Loan>('/loan/repay', input)), onSettled: refresh });
}

/** POST /loan/add_collateral */
export function useAddCollateral() {
  const refresh = useRefreshLoans();
  return useMutation({ mutationFn: useIdempotent((input: { id: string; amount: string }) => post<Loan>('/loan/add_collateral', input)), onSettled: refresh });
}
