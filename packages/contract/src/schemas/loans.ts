/**
 * Crypto-backed loans (/pages/common/borrowing, calls under /loan/*, back office under /api/admin/loans/*):
 * input schemas and answer shapes. The rules the server lends and liquidates by are in loan-rules.ts.
 * Amounts, rates and prices are plain decimal strings; LTVs and the daily rate are fractions ("0.65" is
 * 65 %, "0.0005" is 0.05 % a day); a term is a number of days, 0 for a flexible loan; times are epoch ms.
 */
import { z } from 'zod';
import { LOAN_STATUSES, type LoanStatus } from '../loan-rules.ts';
import { zAmount, zBigId, zBool, zLimit, zPage, zPositiveInt } from '../validators.ts';

/** Longest fixed term a product may offer, and how many terms and collateral coins one product lists. */
export const LOAN_TERM_DAYS_MAX = 365;
export const LOAN_TERMS_MAX = 8;
export const LOAN_COLLATERALS_MAX = 16;
/** The daily rate is at most 1 % a day. */
export const LOAN_DAILY_RATE_MAX = 0.01;

/** A plain decimal above zero with at most 18 decimals and 20 digits before the point. */
const zFigure = zAmount.refine((v) => /^\d{1,20}(\.\d{1,18})?$/.test(v), 'wrong_number');
// A blank field is missing, not 0 (z.coerce would read "" as 0: a flexible term nobody chose).
const zInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(min, 'parameter_error').max(max, 'parameter_error'));
/** An LTV level: a fraction above 0 and below 1, at most 4 decimals. */
const zLtv = z
  .string({ error: 'wrong_number' })
  .trim()
  .regex(/^0\.\d{1,4}$/, 'wrong_number')
  .refine((v) => Number(v) > 0, 'wrong_number');
const zDailyRate = z
  .string({ error: 'wrong_number' })
  .trim()
  .regex(/^\d(\.\d{1,8})?$/, 'wrong_number')
  .refine((v) => Number(v) <= LOAN_DAILY_RATE_MAX, 'wrong_number');
const zName = (max: number, required: boolean) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: 'parameter_error' })
      .trim()
      .min(required ? 1 : 0, 'parameter_error')
      .max(max, 'parameter_error')
      .refine((v) => !/[<>]/.test(v), 'parameter_error'),
  );
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A list sent as an array (JSON) or as "2,3" (a form). */
const zList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : typeof v === 'number' ? [v] : v),
    z.array(item, { error: 'parameter_error' }).min(1, 'parameter_error').max(max, 'parameter_error'),
  );

// ================================================================ the app

/** A coin a product accepts as collateral, with the index it is valued at (collateral/loan coin). */
export type LoanCollateralView = {
  currency_id: number;
  currency: string;
  decimals: number;
  /** The index symbol, e.g. "BTC/USDT", and its price decimals. */
  symbol: string;
  price_decimals: number;
  /** The latest recorded index price and its time; null while the index is unavailable. */
  price: string | null;
  price_at: number | null;
  /** The user's spot balance of the coin (null when logged out). */
  balance: string | null;
};

/** One product as GET /loan/products answers. */
export type LoanProductView = {
  id: number;
  name: string;
  /** The coin lent, its decimals, and the user's spot balance of it (null when logged out). */
  currency_id: number;
  currency: string;
  decimals: number;
  balance: string | null;
  collaterals: LoanCollateralView[];
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  daily_rate: string;
  /** What an overdue day costs (the daily rate x 3). */
  overdue_rate: string;
  /** Terms offered, in days; 0 is flexible. */
  terms: number[];
  amount_min: string;
  amount_max: string | null;
  /** What the lending pool can lend now in the loan coin. */
  pool_available: string;
  /** Seeded by a development start: the app shows its Demo badge (false on every production row). */
  demo: boolean;
};

/** POST /loan/borrow: pledge `collateral` of a coin the product accepts, borrow `amount` for a term it offers. */
export const loanBorrowInput = z.object({
  product_id: zPositiveInt,
  collateral_currency_id: zPositiveInt,
  collateral: zFigure,
  amount: zFigure,
  term_days: zInt(0, LOAN_TERM_DAYS_MAX),
});
export type LoanBorrowInput = z.infer<typeof loanBorrowInput>;

/** GET /loan/orders: open loans, or ended ones (repaid or liquidated); none: all. */
export const loanListInput = z.object({
  page: zPage,
  limit: zLimit,
  status: z.preprocess(blankToUndefined, z.enum(['open', 'ended'], { error: 'parameter_error' }).optional()),
});
export type LoanListInput = z.infer<typeof loanListInput>;

/** POST /loan/repay: any amount up to the debt, interest first. */
export const loanRepayInput = z.object({ id: zBigId, amount: zFigure });
export type LoanRepayInput = z.infer<typeof loanRepayInput>;

/** POST /loan/add_collateral: more of the loan's collateral coin from the spot account. */
export const loanAddCollateralInput = z.object({ id: zBigId, amount: zFigure });
export type LoanAddCollateralInput = z.infer<typeof loanAddCollateralInput>;

/** GET /loan/history: the records of the user's loans, newest first; `loan_id` for one loan's. */
export const loanHistoryInput = z.object({ page: zPage, limit: zLimit, loan_id: z.preprocess(blankToUndefined, zBigId.optional()) });
export type LoanHistoryInput = z.infer<typeof loanHistoryInput>;

export const LOAN_LIQUIDATION_REASONS = ['ltv', 'overdue'] as const;
export type LoanLiquidationReason = (typeof LOAN_LIQUIDATION_REASONS)[number];

/** How a loan was liquidated: at which recorded index tick, for which debt, what was sold and returned. */
export type LoanLiquidationView = {
  reason: LoanLiquidationReason;
  tick_id: string;
  price: string;
  /** LTV at that price, a fraction. */
  ltv: string;
  principal: string;
  interest: string;
  debt: string;
  collateral: string;
  collateral_sold: string;
  collateral_returned: string;
  proceeds: string;
  shortfall: string;
  /** The part of the shortfall the pool's reserve paid. */
  reserve_covered: string;
  liquidated_at: number;
};

/** One of the user's loans as GET /loan/orders and every loan call answer. */
export type LoanView = {
  id: string;
  product_id: number;
  name: string;
  currency_id: number;
  currency: string;
  decimals: number;
  collateral_currency_id: number;
  collateral_currency: string;
  collateral_decimals: number;
  symbol: string;
  /** What was borrowed, what of it is still owed, interest charged in all, outstanding and paid. */
  borrowed: string;
  principal: string;
  interest_outstanding: string;
  interest_charged: string;
  interest_paid: string;
  /** principal + interest outstanding: what repays the loan in full now. */
  debt: string;
  collateral: string;
  daily_rate: string;
  overdue_rate: string;
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  term_days: number;
  borrowed_at: number;
  /** Fixed term: when it is due and when, overdue, it is liquidated; null for a flexible loan. */
  due_at: number | null;
  overdue_liquidation_at: number | null;
  overdue: boolean;
  days_charged: number;
  /** When the next day's interest is charged; null once the loan ended. */
  next_charge_at: number | null;
  /** The index now and the LTV at it (null while the index is unavailable or once ended). */
  price: string | null;
  ltv: string | null;
  /** The highest index prices (on its grid) at which the margin call and the liquidation come; null once ended. */
  margin_call_price: string | null;
  liquidation_price: string | null;
  /** Since when the loan is past its margin-call level (null when it is not). */
  margin_called_at: number | null;
  status: LoanStatus;
  ended_at: number | null;
  liquidation: LoanLiquidationView | null;
  /** Its product is demo data of a development start. */
  demo: boolean;
};

export const LOAN_EVENT_KINDS = ['borrow', 'repay', 'collateral_add', 'collateral_return', 'margin_call', 'liquidation'] as const;
export type LoanEventKind = (typeof LOAN_EVENT_KINDS)[number];

/** One record of GET /loan/history: amounts in the loan coin, collateral in the collateral coin, where they apply. */
export type LoanEventView = {
  id: string;
  loan_id: string;
  kind: LoanEventKind;
  currency: string;
  collateral_currency: string;
  amount: string | null;
  interest: string | null;
  principal: string | null;
  collateral: string | null;
  price: string | null;
  ltv: string | null;
  created_at: number;
};

export type LoanPage<T> = { data: T[]; total: number; page: number; limit: number };

// ================================================================ back office

/**
 * POST /api/admin/loans/products (admins): no id creates, an id edits. Loans keep the terms they were
 * borrowed with; an edit changes what later loans get. Each collateral coin needs an index against the
 * loan coin (a spot symbol COLLATERAL/LOAN), else loan_collateral_invalid.
 */
export const loanProductInput = z
  .object({
    id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
    name_en: zName(80, true),
    name_zh: zName(80, false),
    currency_id: zPositiveInt,
    collateral_currency_ids: zList(zPositiveInt, LOAN_COLLATERALS_MAX),
    initial_ltv: zLtv,
    margin_call_ltv: zLtv,
    liquidation_ltv: zLtv,
    daily_rate: zDailyRate,
    terms: zList(zInt(0, LOAN_TERM_DAYS_MAX), LOAN_TERMS_MAX),
    amount_min: zFigure,
    amount_max: z.preprocess(blankToUndefined, zFigure.optional()),
    enabled: zBool.default(true),
    sort: zInt(0, 100_000).default(0),
  })
  .refine((v) => Number(v.initial_ltv) < Number(v.margin_call_ltv) && Number(v.margin_call_ltv) < Number(v.liquidation_ltv), {
    message: 'loan_ltv_levels_invalid',
    path: ['margin_call_ltv'],
  })
  .refine((v) => v.amount_max === undefined || Number(v.amount_min) <= Number(v.amount_max), { message: 'wrong_number', path: ['amount_max'] })
  .refine((v) => new Set(v.terms).size === v.terms.length && new Set(v.collateral_currency_ids).size === v.collateral_currency_ids.length, {
    message: 'parameter_error',
    path: ['terms'],
  })
  .refine((v) => !v.collateral_currency_ids.includes(v.currency_id), { message: 'loan_collateral_invalid', path: ['collateral_currency_ids'] });
export type LoanProductInput = z.infer<typeof loanProductInput>;

/** GET /api/admin/loans/loans: loans by status (open by default), riskiest first while open; optionally one user's. */
export const loanAdminListInput = z.object({
  page: zPage,
  limit: zLimit,
  status: z.preprocess(blankToUndefined, z.enum(LOAN_STATUSES, { error: 'parameter_error' }).optional()),
  user_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
});
export type LoanAdminListInput = z.infer<typeof loanAdminListInput>;

/** GET /api/admin/loans/liquidations */
export const loanLiquidationListInput = z.object({ page: zPage, limit: zLimit });

export const LOAN_POOL_ACCOUNTS = ['loans', 'loan_reserve'] as const;
export type LoanPoolAccount = (typeof LOAN_POOL_ACCOUNTS)[number];

/** POST /api/admin/loans/pool (admins): moves the platform's own capital from equity into the lending pool or its reserve. */
export const loanPoolFundingInput = z.object({
  account: z.enum(LOAN_POOL_ACCOUNTS, { error: 'parameter_error' }),
  currency_id: zPositiveInt,
  amount: zFigure,
});
export type LoanPoolFundingInput = z.infer<typeof loanPoolFundingInput>;
