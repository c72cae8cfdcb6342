/**
 * Funds calls (spec section 7, Wallet and User): assets, deposits, withdrawals, transfers between
 * account kinds, exchange, bills, wallet addresses and bank cards, and their back-office reviews.
 * Field names are the spec's; each issue message is an error code the server translates.
 */
import { z } from 'zod';
import { isTransferTarget, toAccountKind, type AccountKind } from '../accounts.ts';
import { cardFieldProblem, cardFieldsOf, normaliseCardField, type CardField, type CardFieldOf, type CardKind } from '../bank-card-rules.ts';
import { PAGE_SIZE } from '../constants.ts';
import { UPLOAD_URL_PREFIX, zUploadReference } from '../uploads.ts';
import { fiatRate } from './config.ts';
import { isAmount, isPlainText, zAmount, zPage, zPassword, zPositiveInt } from '../validators.ts';

export { accountFieldOf, toAccountKind } from '../accounts.ts';

export const zAccountKind = z.unknown().transform((value, context): AccountKind => {
  const kind = toAccountKind(value);
  if (!kind) {
    context.addIssue({ code: 'custom', message: 'parameter_error' });
    return z.NEVER;
  }
  return kind;
});

/** Lists in this domain page by the spec's 10; `limit` may ask for fewer or more up to the maximum. */
const zFundsLimit = z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(100, 'parameter_error').default(PAGE_SIZE);
export const fundsPageInput = z.object({ page: zPage, limit: zFundsLimit });

const zText = (max: number, code: 'parameter_error' | 'name_required' | 'address_invalid' = 'parameter_error') =>
  z.string({ error: code }).trim().min(1, code).max(max, code);
const zOptionalText = (max: number) => z.string().trim().max(max, 'parameter_error').optional();

// ---- assets ----

/** POST /wallet/detail: one account (type defaults to change, the spot account). */
export const walletDetailInput = z.object({ currency: zPositiveInt, type: zAccountKind.default('spot') });

/** POST /wallet/legal_log: the bills, filterable by account kind and currency, 10 a page. */
export const billsInput = z.object({
  currency: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), zPositiveInt.optional()),
  type: z.preprocess((v) => (v === '' ? undefined : v), zAccountKind.optional()),
  page: zPage,
});

/** GET /wallet/getRateCurrency: one coin by id. */
export const rateCurrencyInput = z.object({ id: zPositiveInt });

/**
 * GET /wallet/getRateCurrency's answer: the coin's current index price in USDT (as assets value it),
 * and that price in each kept fiat currency, taking USDT at 1 USD: `price` = price_usdt x `rate`,
 * where `rate` is the fiat rate against USD (GET /apis/US.json).
 */
export const rateCurrencyAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  price_usdt: z.string(),
  rates: z.array(fiatRate.extend({ price: z.string() })),
});
export type RateCurrencyAnswer = z.infer<typeof rateCurrencyAnswer>;

// ---- transfer between account kinds ----

/** POST /wallet/change: into an account a product draws on only; out of any (money left in another can still come back). */
export const accountTransferInput = z
  .object({ currency_id: zPositiveInt, number: zAmount, from_field: zAccountKind, to_field: zAccountKind })
  .refine((v) => v.from_field !== v.to_field, { message: 'transfer_same_account', path: ['to_field'] })
  .refine((v) => isTransferTarget(v.to_field), { message: 'transfer_target_unused', path: ['to_field'] });

// ---- exchange ----

export const exchangeFeeInput = z
  .object({ from_currency_id: zPositiveInt, to_currency_id: zPositiveInt })
  .refine((v) => v.from_currency_id !== v.to_currency_id, { message: 'exchange_same_currency', path: ['to_currency_id'] });

/** POST /user/Transfer. */
export const exchangeInput = z
  .object({ number: zAmount, from_currency_id: zPositiveInt, to_currency_id: zPositiveInt })
  .refine((v) => v.from_currency_id !== v.to_currency_id, { message: 'exchange_same_currency', path: ['to_currency_id'] });

// ---- deposits ----

/**
 * A coin's network: by name (ERC20, TRC20, ...) or, as the legacy client sends it, by `type`, the
 * index of the network in the coin's list (0 = the first).
 */
const networkFields = {
  network: z.string().trim().max(20, 'parameter_error').optional(),
  type: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(20, 'parameter_error').default(0),
};

export const depositInfoInput = z.object({ currency: zPositiveInt, ...networkFields });

/** POST /wallet/withdraw_limit: what is left of the user's 24-hour withdrawal limit, valued in this coin. */
export const withdrawLimitInput = z.object({ currency: zPositiveInt });

/**
 * POST /wallet/charge_req: amount and a payment voucher image (`voucher`; the legacy client puts the
 * uploaded image in `account`, which is accepted when it is an upload reference).
 */
export const rechargeInput = z
  .object({
    currency: zPositiveInt,
    amount: zAmount,
    voucher: z.string().trim().optional(),
    account: z.string().trim().max(200, 'parameter_error').optional(),
    ...networkFields,
  })
  .transform(({ voucher, account, ...rest }) => ({ ...rest, voucher: voucher || (account?.startsWith(UPLOAD_URL_PREFIX) ? account : '') }))
  .pipe(
    z.object({
      currency: z.number(),
      amount: z.string(),
      voucher: zUploadReference('voucher_required'),
      network: z.string().optional(),
      type: z.number(),
    }),
  );

// ---- withdrawals ----

export const WITHDRAW_DESTINATIONS = ['address', 'bank', 'international'] as const;
export type WithdrawDestination = (typeof WITHDRAW_DESTINATIONS)[number];

/**
 * POST /wallet/out: a quantity of a coin to a bound wallet address (`address_id`) or to the user's
 * domestic (`bank`) or international (`international`) bank card; `pay_password` when one is set.
 * The fee and minimum are those of the address's network, or for a card of the coin's first network
 * open for withdrawals (`network` is accepted from older clients and not used).
 */
export const withdrawInput = z
  .object({
    currency: zPositiveInt,
    number: zAmount,
    address_id: z.preprocess((v) => (v === '' ? undefined : v), zPositiveInt.optional()),
    destination: z.enum(WITHDRAW_DESTINATIONS, { error: 'destination_required' }).optional(),
    pay_password: z.string().max(200, 'pay_password_wrong').optional(),
    network: z.string().trim().max(20, 'parameter_error').optional(),
  })
  .transform((v) => ({ ...v, destination: v.destination ?? (v.address_id ? 'address' : undefined) }))
  .refine((v) => v.destination !== undefined && (v.destination !== 'address' || v.address_id !== undefined), {
    message: 'destination_required',
    path: ['destination'],
  });
export type WithdrawInput = z.infer<typeof withdrawInput>;

/** POST /safe/update_password: sets or changes the pay password with a code sent to the user's email or mobile. */
export const payPasswordInput = z
  .object({
    // "More than 6 characters" like every password of the spec.
    password: zPassword,
    re_password: z.string({ error: 'passwords_inconsistent' }),
    code: z.string({ error: 'code_invalid' }).trim().regex(/^\d{6}$/, 'code_invalid'),
  })
  .refine((v) => v.password === v.re_password, { message: 'passwords_inconsistent', path: ['re_password'] });

// ---- wallet addresses ----

/** Adding a wallet address or a bank card is confirmed by the pay password or by a code (scene security). */
export const confirmationFields = {
  pay_password: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200, 'pay_password_wrong').optional()),
  code: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().regex(/^\d{6}$/, 'code_invalid').optional()),
};
export type Confirmation = { pay_password?: string; code?: string };

/** POST /user/wallet/save: currency (id), a plain-text name, address (checked against the coin's network formats), QR image. */
export const walletAddressInput = z.object({
  currency: zPositiveInt,
  name: zText(50).refine(isPlainText, 'text_invalid'),
  address: zText(120, 'address_invalid'),
  qrcode: zUploadReference('qrcode_required'),
  network: z.string().trim().max(20, 'parameter_error').optional(),
  ...confirmationFields,
});

export const idInput = z.object({ id: zPositiveInt });

// ---- bank cards ----

/** A field checked by its format (bank-card-rules.ts: the card forms run the same check), stored normalised. */
const zCardField = (kind: CardKind, field: CardField) =>
  z
    .string({ error: 'bank_card_incomplete' })
    .superRefine((value, context) => {
      const problem = cardFieldProblem(kind, field, value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => normaliseCardField(field, value));

/** A card's fields, every one required; `id`, when sent, names the saved card being edited (it must be the user's). */
const cardInput = <K extends CardKind>(kind: K) =>
  z
    .object(Object.fromEntries(cardFieldsOf(kind).map((field) => [field, zCardField(kind, field)])) as Record<CardFieldOf<K>, ReturnType<typeof zCardField>>)
    .extend({ id: z.preprocess((v) => (v === '' ? undefined : v), zPositiveInt.optional()), ...confirmationFields });

export { BANK_CARD_FIELDS_MAX, INTERNATIONAL_CARD_FIELDS_MAX } from '../accounts.ts';

/** POST /user/cash_save: a domestic bank card; every field required and checked. */
export const bankCardInput = cardInput('bank');
export type BankCardInput = z.infer<typeof bankCardInput>;

/** POST /user/cash_save_international: an international card; every field required and checked. */
export const internationalCardInput = cardInput('international');
export type InternationalCardInput = z.infer<typeof internationalCardInput>;

/** POST /user/cash_delete and /user/cash_delete_international: removes the user's saved card, confirmed like saving it. */
export const cardDeleteInput = z.object({ id: zPositiveInt, ...confirmationFields });

/** POST /safe/update_login_password: changes the login password knowing the old one. */
export const loginPasswordInput = z
  .object({
    oldpassword: z.string({ error: 'old_password_wrong' }).min(1, 'old_password_wrong').max(200, 'old_password_wrong'),
    password: zPassword,
    re_password: z.string({ error: 'passwords_inconsistent' }),
  })
  .refine((v) => v.password === v.re_password, { message: 'passwords_inconsistent', path: ['re_password'] });

// ---- back office ----

export const REVIEW_STATUSES = ['pending', 'confirmed', 'approved', 'rejected'] as const;

export const adminFundsQueueInput = z.object({
  page: zPage,
  limit: zFundsLimit,
  status: z.enum(REVIEW_STATUSES, { error: 'parameter_error' }).optional(),
  user_id: zPositiveInt.optional(),
  currency_id: zPositiveInt.optional(),
});

const zReason = z.string({ error: 'reason_required' }).trim().min(1, 'reason_required').max(500, 'reason_required');

export const reviewRejectInput = z.object({ reason: zReason });
/** Approving a withdrawal records the reference of the outgoing payment (a transaction hash or bank reference). */
export const withdrawApproveInput = z.object({ reference: z.string({ error: 'parameter_error' }).trim().min(1, 'parameter_error').max(200, 'parameter_error') });

/** A signed amount: positive credits the user, negative debits (never below zero). */
export const balanceAdjustInput = z.object({
  user_id: zPositiveInt,
  currency_id: zPositiveInt,
  kind: zAccountKind.default('spot'),
  amount: z
    .string({ error: 'wrong_number' })
    .trim()
    .refine((v) => isAmount(v.replace(/^-/, '')) && /[1-9]/.test(v), 'wrong_number'),
  reason: zReason,
});

const zBool = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ error: 'parameter_error' }));
const zNonNegative = z.string({ error: 'wrong_number' }).trim().refine(isAmount, 'wrong_number');

export const networkConfigInput = z.object({
  deposit_address: z.string().trim().max(200, 'parameter_error').optional(),
  withdraw_fee: zNonNegative.optional(),
  withdraw_min: zNonNegative.optional(),
  deposit_min: zNonNegative.optional(),
  deposit_enabled: zBool.optional(),
  withdraw_enabled: zBool.optional(),
});

export const coinConfigInput = z.object({ enabled: zBool });

/** Funds settings the back office edits: the exchange fee rate (0..1) and the contact-before-recharge switch. */
export const fundsSettingsInput = z.object({
  exchange_fee_rate: zNonNegative.refine((v) => Number(v) < 1, 'wrong_number').optional(),
  recharge_contact_first: zBool.optional(),
});
