/** Identity verification (spec sections 3, 4, 5 and 6): basic (level 1) and advanced (level 2). */
import { z } from 'zod';
import { FIAT_TRADE_LIMIT_PER_ORDER_USDT, WITHDRAW_LIMIT_24H_BTC } from '../constants.ts';
import { zUploadReference } from '../uploads.ts';
import { zPage, zPositiveInt } from '../validators.ts';
import { ID_TYPES, isIdNumber, isLegalName, normaliseLegalName, type IdType } from '../identity-rules.ts';

export * from '../identity-rules.ts';

/** The states the screens show (spec section 4). */
export const IDENTITY_STATES = ['not_authenticated', 'under_review', 'authenticated', 'audit_failed'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];


/** id_type by name or by the client's number (1 ID card, 2 passport, 3 driver licence). */
const zIdType = z.preprocess(
  (v) => (typeof v === 'string' && /^[1-3]$/.test(v.trim()) ? ID_TYPES[Number(v) - 1] : v),
  z.enum(ID_TYPES, { error: 'parameter_error' }),
);
const zPic = zUploadReference('photos_required');

export const basicIdentityInput = z
  .object({
    real_type: z.literal('1'),
    id_type: zIdType,
    // Spec section 5, "special characters are rejected": a legal name (identity-rules.ts), stored with single blanks.
    name: z
      .string({ error: 'name_required' })
      .trim()
      .min(1, 'name_required')
      .refine(isLegalName, 'name_invalid')
      .transform(normaliseLegalName),
    card_id: z.string({ error: 'id_number_invalid' }).trim().max(30, 'id_number_invalid'),
  })
  .refine((v) => isIdNumber(v.id_type, v.card_id), { message: 'id_number_invalid', path: ['card_id'] });

export const advancedIdentityInput = z.object({ real_type: z.literal('2'), front_pic: zPic, reverse_pic: zPic });

/** POST /user/real: real_type 1 (basic) or 2 (advanced). */
export const identityInput = z.preprocess(
  (v) => {
    const body = (v ?? {}) as Record<string, unknown>;
    return { ...body, real_type: String(body.real_type ?? '1') };
  },
  z.discriminatedUnion('real_type', [basicIdentityInput, advancedIdentityInput], { error: 'parameter_error' }),
);
export type IdentityInput = z.infer<typeof identityInput>;

const zBindCode = z.string({ error: 'code_invalid' }).trim().regex(/^\d{6}$/, 'code_invalid');
/**
 * What every binding proves besides the new contact's code: the login password, and where the user
 * already has this kind of contact, a code sent to it (POST /sms_mail or /sms_send, scene security).
 */
const bindingProof = {
  password: z.string({ error: 'login_password_wrong' }).min(1, 'login_password_wrong').max(200, 'login_password_wrong'),
  old_code: z.preprocess((v) => (v === '' ? undefined : v), zBindCode.optional()),
};

/** POST /safe/mobile: binds a mobile number with a code sent by POST /sms_send (scene bind). */
export const bindMobileInput = z.object({
  mobile: z.string({ error: 'mobile_invalid' }).trim().min(5, 'mobile_invalid').max(20, 'mobile_invalid'),
  code: zBindCode,
  area_code: z.string().trim().regex(/^\+?\d{1,4}$/, 'parameter_error').optional(),
  ...bindingProof,
});

/** POST /safe/email: binds an email address with a code sent by POST /sms_mail (scene bind). */
export const bindEmailInput = z.object({
  email: z.string({ error: 'email_invalid' }).trim().max(254, 'email_invalid'),
  code: zBindCode,
  ...bindingProof,
});

export const identityQueueInput = z.object({
  page: zPage,
  limit: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'parameter_error' }).optional(),
  level: z.coerce.number().int().min(1).max(2).optional(),
  user_id: zPositiveInt.optional(),
});

/** Verification level to limits (spec section 6); level 0 may not withdraw and has no fiat allowance. */
export const LEVEL_LIMITS = {
  0: { withdraw_24h_btc: '0', fiat_trade_per_order_usdt: '0' },
  1: { withdraw_24h_btc: WITHDRAW_LIMIT_24H_BTC.lv1, fiat_trade_per_order_usdt: FIAT_TRADE_LIMIT_PER_ORDER_USDT.lv1 },
  2: { withdraw_24h_btc: WITHDRAW_LIMIT_24H_BTC.lv2, fiat_trade_per_order_usdt: FIAT_TRADE_LIMIT_PER_ORDER_USDT.lv2 },
} as const;
export type IdentityLevel = keyof typeof LEVEL_LIMITS;
