/**
 * The back office's loan calls (/api/admin/loans/*): the overview (products with their open loans, the
 * lending pool and its reserve per coin, what open loans owe and pledge), saving a product, moving equity
 * into the pool or its reserve, the loans (open ones riskiest first, with their LTV at the index now) and
 * the liquidations.
 */
import type { LoanPoolAccount, LoanStatus, LoanView } from '@fairex/contract';
import { queryString, request, type Page, type PageQuery } from './api.ts';

export type LoanProductRow = {
  id: number;
  name_en: string;
  name_zh: string;
  currency_id: number;
  currency: string;
  collateral_currency_ids: number[];
  collaterals: { currency_id: number; currency: string; symbol: string }[];
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  daily_rate: string;
  terms: number[];
  amount_min: string;
  amount_max: string | null;
  enabled: boolean;
  sort: number;
  demo: boolean;
  open_loans: number;
  principal_outstanding: string;
};
export type LoanOverview = {
  products: LoanProductRow[];
  coins: { id: number; name: string; decimals: number }[];
  pool: { account: LoanPoolAccount; currency_id: number; currency: string; balance: string }[];
  lent: { currency: string; loans: number; principal: string; interest: string }[];
  pledged: { currency: string; collateral: string }[];
};
/** What POST /loans/products takes (loanProductInput): no id creates, an id edits. */
export type LoanProductSave = {
  id?: number;
  name_en: string;
  name_zh: string;
  currency_id: number;
  collateral_currency_ids: number[];
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  daily_rate: string;
  terms: number[];
  amount_min: string;
  amount_max?: string;
  enabled: boolean;
  sort: number;
};
export type AdminLoanRow = LoanView & { user_id: number };
export type LoanQuery = PageQuery & { status?: LoanStatus; user_id?: number };

export const loansApi = {
  overview: () => request<LoanOverview>('GET', '/loans'),
  saveProduct: (input: LoanProductSave) => request<LoanProductRow>('POST', '/loans/products', input),
  fundPool: (input: { account: LoanPoolAccount; currency_id: number; amount: string }) => request<{ id: number }>('POST', '/loans/pool', input),
  loans: (query: LoanQuery) => request<Page<AdminLoanRow>>('GET', `/loans/loans?${queryString(query)}`),
  liquidations: (query: PageQuery) => request<Page<AdminLoanRow>>('GET', `/loans/liquidations?${queryString(query)}`),
};
