/**
 * Wealth products (spec sections 3, 4, 7): lock-up mining (/lh/*), IEO (/project*) and dual investment
 * (/dual/*), with their back office. The rules they pay by are in wealth-rules.ts. Amounts, rates and
 * prices are plain decimal strings; rates are fractions ("0.003" is 0.3 % a day, an APR of "0.365" is
 * 36.5 % a year); times are epoch milliseconds; days are "YYYY-MM-DD" in the operator's time zone.
 */
import { z } from 'zod';
import { isDay } from '../calendar.ts';
import { DUAL_TYPES, IEO_STATES, WEALTH_JOB_NAMES, type DualType, type IeoState } from '../wealth-rules.ts';
import { zAmount, zBigId, zLimit, zPage, zPositiveInt } from '../validators.ts';

/** A plain decimal above zero with at most 18 decimals and 20 digits before the point. */
const zFigure = zAmount.refine((v) => /^\d{1,20}(\.\d{1,18})?$/.test(v), 'wrong_number');
/** A rate as a fraction, 0 allowed, at most 10 decimals, at most `max`. */
const zRate = (max: number) =>
  z
    .string({ error: 'wrong_number' })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,10})?$/, 'wrong_number')
    .refine((v) => Number(v) <= max, 'wrong_number');
const zInt = (min: number, max: number) => z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(min, 'parameter_error').max(max, 'parameter_error');
const zBool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: 'parameter_error' }));
const zDay = z.string({ error: 'parameter_error' }).trim().refine(isDay, 'parameter_error');
const zTime = z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(8_640_000_000_000, 'parameter_error');
/** Names and texts the back office writes (plain text; the screens never render them as markup). */
const zText = (max: number) => z.string({ error: 'parameter_error' }).trim().min(1, 'parameter_error').max(max, 'parameter_error').refine((v) => !/[<>]/.test(v), 'parameter_error');
const zOptionalText = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'parameter_error' }).trim().max(max, 'parameter_error').refine((v) => !/[<>]/.test(v), 'parameter_error'));
/** An http(s) link, or empty. */
const zLink = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: 'parameter_error' })
    .trim()
    .max(500, 'parameter_error')
    .refine((v) => v === '' || /^https?:\/\/[^\s<>"]+$/i.test(v), 'parameter_error'),
);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Longest term, lock period or holding any product may have. */
export const WEALTH_DAYS_MAX = 3_650;
/** Daily mining rates and penalty ratios are fractions up to 10 % a day; APRs up to 1,000 %. */
export const MINING_DAILY_RATE_MAX = 0.1;
export const DUAL_APR_MAX = 10;
/** Wealth lists page by 10 (the spec's page size). */
export const WEALTH_PAGE_SIZE = 10;

// ================================================================ lock-up mining

/** The home shortcuts name three kinds of mining product: lock-up (the default), DeFi and cloud. */
export const MINING_CATEGORIES = ['lock', 'defi', 'cloud'] as const;
export type MiningCategory = (typeof MINING_CATEGORIES)[number];

/** GET /lh/deposit/config?category= (optional). */
export const miningConfigInput = z.object({
  category: z.preprocess(blankToUndefined, z.enum(MINING_CATEGORIES, { error: 'parameter_error' }).optional()),
});

/** One product as GET /lh/deposit/config answers. */
export type MiningProductView = {
  id: number;
  category: MiningCategory;
  /** The product's name in the request's language (English where none was written). */
  name: string;
  currency_id: number;
  currency: string;
  /** The coin's decimals (amounts are whole multiples of its unit). */
  decimals: number;
  term_days: number;
  /** The advertised daily yield range, fractions. */
  daily_yield_min: string;
  daily_yield_max: string;
  /** Today's published rate (the one today's interest is paid at). */
  today_rate: string;
  /** Tomorrow's rate when already published, else null. */
  tomorrow_rate: string | null;
  amount_min: string;
  /** Largest single order, or null for none. */
  amount_max: string | null;
  penalty_ratio: string;
  /** The user's spot balance of the coin (null when logged out). */
  balance: string | null;
  /** Seeded by a development start: the app shows its Demo badge (false on every production row). */
  demo: boolean;
};

/** POST /lh/deposit: config_id is the product; amount in its coin, from the spot (exchange) account. */
export const miningDepositInput = z.object({ config_id: zPositiveInt, amount: zFigure });
export type MiningDepositInput = z.infer<typeof miningDepositInput>;

export const MINING_ORDER_STATUSES = ['active', 'redeemed', 'expired'] as const;
export type MiningOrderStatus = (typeof MINING_ORDER_STATUSES)[number];

/** GET /lh/deposit/order: status 1 (or active) in progress, 2 (or ended) redeemed or expired; none: all. */
export const miningOrderListInput = z.object({
  page: zPage,
  limit: zLimit,
  status: z.preprocess(
    (v) => (v === '' || v === null || v === undefined || v === '0' || v === 0 ? undefined : v === '1' || v === 1 ? 'active' : v === '2' || v === 2 ? 'ended' : v),
    z.enum(['active', 'ended'], { error: 'parameter_error' }).optional(),
  ),
});
export type MiningOrderListInput = z.infer<typeof miningOrderListInput>;

/** POST /lh/deposit/order/cancel: early redemption of one of the user's own active orders. */
export const miningRedeemInput = z.object({ id: zBigId });

export type MiningPayoutView = { day: string; rate: string; amount: string; paid_at: number };

export type MiningOrderView = {
  id: string;
  product_id: number;
  name: string;
  category: MiningCategory;
  currency_id: number;
  currency: string;
  amount: string;
  term_days: number;
  daily_yield_min: string;
  daily_yield_max: string;
  penalty_ratio: string;
  status: MiningOrderStatus;
  /** Deposit (lock) time, unlock (expiry) time, and when the next day's interest is due (null once ended). */
  locked_at: number;
  unlock_at: number;
  next_payout_at: number | null;
  /** Days paid so far and their total. */
  days_paid: number;
  interest_paid: string;
  /** While active: whole days left and the penalty an early redemption now would take. */
  remaining_days: number;
  redeem_penalty: string;
  /** Once ended: what went back to the spot account, and the penalty taken (0 at expiry). */
  returned: string | null;
  penalty: string | null;
  ended_at: number | null;
  /** The latest payouts, newest first (at most MINING_PAYOUTS_SHOWN). */
  payouts: MiningPayoutView[];
  /** Its product is demo data of a development start. */
  demo: boolean;
};
export const MINING_PAYOUTS_SHOWN = 30;

/** Back office: POST /api/admin/mining/products (create without id, edit with it). */
export const miningProductInput = z
  .object({
    id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
    category: z.enum(MINING_CATEGORIES, { error: 'parameter_error' }),
    name_en: zText(80),
    name_zh: zOptionalText(80),
    currency_id: zPositiveInt,
    term_days: zInt(1, WEALTH_DAYS_MAX),
    daily_yield_min: zRate(MINING_DAILY_RATE_MAX),
    daily_yield_max: zRate(MINING_DAILY_RATE_MAX),
    amount_min: zFigure,
    amount_max: z.preprocess(blankToUndefined, zFigure.optional()),
    penalty_ratio: zRate(MINING_DAILY_RATE_MAX),
    enabled: zBool.default(true),
    sort: zInt(0, 100_000).default(0),
  })
  .refine((v) => Number(v.daily_yield_min) <= Number(v.daily_yield_max), { message: 'wrong_number', path: ['daily_yield_max'] })
  .refine((v) => v.amount_max === undefined || Number(v.amount_min) <= Number(v.amount_max), { message: 'wrong_number', path: ['amount_max'] });
export type MiningProductInput = z.infer<typeof miningProductInput>;

/** Back office: POST /api/admin/mining/rates: a product's rate for a day that has not started yet. */
export const miningRateInput = z.object({ product_id: zPositiveInt, day: zDay, rate: zRate(MINING_DAILY_RATE_MAX) });
export type MiningRateInput = z.infer<typeof miningRateInput>;

// ================================================================ IEO

/** GET /project?page=&limit= */
export const ieoListInput = z.object({ page: zPage, limit: zLimit });
/** GET /project/detail?project_id= */
export const ieoDetailInput = z.object({ project_id: zPositiveInt });

export type IeoProjectView = {
  id: number;
  name: string;
  description: string;
  /** The token sold (a coin of the platform) and the coin it is paid in. */
  currency_id: number;
  currency: string;
  currency_decimals: number;
  pay_currency_id: number;
  pay_currency: string;
  pay_decimals: number;
  /** Issue price: pay coin per token. */
  price: string;
  /** Tokens offered in this subscription. */
  total_issuance: string;
  white_paper: string;
  website: string;
  /** Allocated tokens stay locked this many days after the end. */
  lock_days: number;
  start_at: number;
  end_at: number;
  /** Time to market: when the token is expected to list (an announcement, not a promise of a price). */
  listing_at: number | null;
  /** Subscription cycle in whole days (end - start). */
  cycle_days: number;
  state: IeoState;
  /** Applied and passed quantities (applicationsNumber, passesNumber): passed is 0 until allocation. */
  applied: string;
  passed: string;
  remaining: string;
  /** applied / total issuance in percent, capped at 100. */
  progress: string;
  allocated: boolean;
  /** Per user: the smallest order and the most one user may apply for in all (null: no cap). */
  amount_min: string;
  amount_max_per_user: string | null;
  /** The user's own applied total (null when logged out) and spot balance of the pay coin. */
  my_applied: string | null;
  pay_balance: string | null;
};

/** POST /project/order: amount of tokens; pay_currency and price must be the project's (what the screen showed). */
export const ieoOrderInput = z.object({ project_id: zPositiveInt, amount: zFigure, pay_currency: zPositiveInt, price: zFigure });
export type IeoOrderInput = z.infer<typeof ieoOrderInput>;

/** GET /user/project/order?page=&limit= */
export const ieoOrderListInput = z.object({ page: zPage, limit: zLimit });

/** pending until the allocation; allocated while locked; released once unlocked (or at once without a lock). */
export const IEO_ORDER_STATUSES = ['pending', 'allocated', 'released'] as const;
export type IeoOrderStatus = (typeof IEO_ORDER_STATUSES)[number];

export type IeoOrderView = {
  id: string;
  project_id: number;
  project: string;
  currency: string;
  pay_currency: string;
  amount: string;
  price: string;
  /** Frozen at subscription. */
  paid: string;
  status: IeoOrderStatus;
  /** After the allocation: tokens passed, what they cost, the refund of the rest. */
  allocated: string | null;
  charged: string | null;
  refunded: string | null;
  unlock_at: number | null;
  created_at: number;
  state: IeoState;
};

/** Back office: POST /api/admin/ieo/projects (create without id; edit with it, times and figures only before the start). */
export const ieoProjectInput = z
  .object({
    id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
    name: zText(80),
    description: zOptionalText(4000),
    currency_id: zPositiveInt,
    pay_currency_id: zPositiveInt,
    price: zFigure,
    total_issuance: zFigure,
    amount_min: zFigure,
    amount_max_per_user: z.preprocess(blankToUndefined, zFigure.optional()),
    white_paper: zLink,
    website: zLink,
    lock_days: zInt(0, WEALTH_DAYS_MAX),
    start_at: zTime,
    end_at: zTime,
    listing_at: z.preprocess(blankToUndefined, zTime.optional()),
    enabled: zBool.default(true),
  })
  .refine((v) => v.end_at > v.start_at, { message: 'wealth_times_invalid', path: ['end_at'] })
  .refine((v) => v.currency_id !== v.pay_currency_id, { message: 'parameter_error', path: ['pay_currency_id'] });
export type IeoProjectInput = z.infer<typeof ieoProjectInput>;

/**
 * Back office: POST /api/admin/ieo/tokens: a new token coin for a project to sell (symbol 2-10 upper-case
 * letters or digits). Created without networks, so it can be neither deposited nor withdrawn; its
 * reference price (USDT, for valuations) is the issue price. Added with the IEO back office.
 */
export const ieoTokenInput = z.object({
  name: z.string({ error: 'parameter_error' }).trim().regex(/^[A-Z0-9]{2,10}$/, 'parameter_error'),
  full_name: zText(50),
  decimals: zInt(0, 18),
  reference_price: zFigure,
});
export type IeoTokenInput = z.infer<typeof ieoTokenInput>;

// ================================================================ dual investment

/**
 * GET /dual/index: currency_id is the underlying coin (BTC, ETH...); missing, or the quote coin (USDT,
 * id 1, the spec's default), lists every underlying. type call (default) or put.
 */
export const dualIndexInput = z.object({
  currency_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
  type: z.preprocess((v) => (v === '' || v === undefined || v === null ? 'call' : v), z.enum(DUAL_TYPES, { error: 'parameter_error' })),
});
export type DualIndexInput = z.infer<typeof dualIndexInput>;

/** GET /dual/detail?id=&num= (num: shares for the income estimate, 1 by default). */
export const dualDetailInput = z.object({ id: zPositiveInt, num: zInt(1, 1_000_000).default(1) });

export type DualProductView = {
  id: number;
  type: DualType;
  symbol: string;
  /** The underlying (base) coin and the quote coin of its symbol. */
  currency_id: number;
  currency: string;
  quote_currency_id: number;
  quote_currency: string;
  /** The coin invested: base for call, quote for put. */
  invest_currency_id: number;
  invest_currency: string;
  invest_decimals: number;
  /**
   * The decimals of the base and quote coins: the settlement preview rounds each branch's payout to its
   * coin's unit, as the server pays it (added with the invest screens).
   */
  base_decimals: number;
  quote_decimals: number;
  linked_price: string;
  /** APR as a fraction. */
  apr: string;
  /** Amount of the invested coin per share. */
  per_price: string;
  total_shares: number;
  sold_shares: number;
  remaining_shares: number;
  /** sold / total in percent. */
  progress: string;
  maturity_date: string;
  /** The instant it settles: 16:00 on the maturity date, operator time zone. */
  settle_at: number;
  sale_end_at: number;
  /** Holding days for a purchase now (maturity date - today). */
  holding_days: number;
  /** The index price now (null while none is recorded). */
  index_price: string | null;
  /** Income estimate for `num` shares bought now (dual/detail), in the invested coin. */
  estimated_income: string;
  num: number;
  on_sale: boolean;
  /** The user's spot balance of the invested coin (null when logged out). */
  balance: string | null;
  /** Seeded by a development start: the app shows its Demo badge (false on every production row). */
  demo: boolean;
};

/** POST /dual/buyDual: num whole shares (spec section 5: an integer). */
export const dualBuyInput = z.object({
  id: zPositiveInt,
  num: z.coerce.number({ error: 'invest_quantity_integer' }).int('invest_quantity_integer').min(1, 'invest_quantity_integer').max(1_000_000, 'wrong_number'),
});
export type DualBuyInput = z.infer<typeof dualBuyInput>;

/** POST /dual/dual_list: the user's orders, newest first; status filters one state. */
export const DUAL_ORDER_STATUSES = ['purchased', 'settling', 'success', 'fail'] as const;
export type DualOrderStatus = (typeof DUAL_ORDER_STATUSES)[number];
export const dualListInput = z.object({
  page: zPage,
  limit: zLimit,
  status: z.preprocess(blankToUndefined, z.enum(DUAL_ORDER_STATUSES, { error: 'parameter_error' }).optional()),
});

export type DualOrderView = {
  id: string;
  product_id: number;
  type: DualType;
  symbol: string;
  invest_currency: string;
  num: number;
  amount: string;
  linked_price: string;
  apr: string;
  holding_days: number;
  purchased_at: number;
  maturity_date: string;
  settle_at: number;
  /** purchased until settle_at, settling after it until paid, success once paid, fail when refunded. */
  status: DualOrderStatus;
  /** Once settled: the index tick it settled on, and what was paid in which coin. */
  settle_tick: { id: string; price: string; time: number } | null;
  payout_currency: string | null;
  payout: string | null;
  settled_at: number | null;
  /** Its product is demo data of a development start. */
  demo: boolean;
};

/** Back office: POST /api/admin/dual/products (create; an edit may change only sale figures before the first purchase). */
export const dualProductInput = z
  .object({
    id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
    type: z.enum(DUAL_TYPES, { error: 'parameter_error' }),
    symbol_id: zPositiveInt,
    linked_price: zFigure,
    apr: zRate(DUAL_APR_MAX),
    per_price: zFigure,
    total_shares: zInt(1, 100_000_000),
    maturity_date: zDay,
    /** Sales close at this instant (at the latest at settlement). */
    sale_end_at: zTime,
    enabled: zBool.default(true),
  })
  .refine((v) => Number(v.apr) > 0, { message: 'wrong_number', path: ['apr'] });
export type DualProductInput = z.infer<typeof dualProductInput>;

/**
 * Back office: POST /api/admin/dual/products/cancel: cancels a product while it is on sale, refunding
 * every purchase in full (the fail state of spec section 4). Added with the invest back office.
 */
export const dualCancelInput = z.object({ id: zPositiveInt });

/** Back office: POST /api/admin/wealth/settings: the time zone days and settlement hours are read in. */
export const wealthSettingsInput = z.object({ time_zone: z.string({ error: 'parameter_error' }).trim().min(1, 'parameter_error').max(64, 'parameter_error') });

/** Back office lists: GET /api/admin/{mining,ieo,dual}/orders and /api/admin/wealth/runs. */
export const wealthAdminListInput = z.object({
  page: zPage,
  limit: zLimit,
  user_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
  product_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
});
export type WealthAdminListInput = z.infer<typeof wealthAdminListInput>;

/** Back office: GET /api/admin/mining/orders also filters by status (active, redeemed, expired). Added with the mining back office. */
export const miningAdminOrderListInput = wealthAdminListInput.extend({
  status: z.preprocess(blankToUndefined, z.enum(MINING_ORDER_STATUSES, { error: 'parameter_error' }).optional()),
});
export type MiningAdminOrderListInput = z.infer<typeof miningAdminOrderListInput>;

/** POST /api/test/clock (TEST_CLOCK starts only): move the server's clock forward, at most a year a call. */
export const testClockInput = z.object({ advance_ms: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(366 * 86_400_000, 'parameter_error') });

/** Back office: GET /api/admin/wealth/runs?job= */
export const wealthRunsInput = z.object({
  page: zPage,
  limit: zLimit,
  job: z.preprocess(blankToUndefined, z.enum(WEALTH_JOB_NAMES, { error: 'parameter_error' }).optional()),
});
