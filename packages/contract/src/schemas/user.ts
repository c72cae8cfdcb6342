import { z } from 'zod';
import { zUploadReference } from '../uploads.ts';
import { zNickname, zSignature } from '../validators.ts';

export const userInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  area_code: z.string(),
  nickname: z.string().nullable(),
  signature: z.string().nullable(),
  head_portrait: z.string().nullable(),
  extension_code: z.string(),
  credit_score: z.number().int(),
  created_at: z.string(),
  /** Whether a pay password is set (named without "password": no secret-looking field leaves the server). */
  pay_pin_set: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** POST /user/editNickname: the nickname, the signature, or both. */
export const editProfileInput = z
  .object({ nickname: zNickname.optional(), signature: zSignature.optional() })
  .refine((v) => v.nickname !== undefined || v.signature !== undefined, { message: 'parameter_error' });

/** POST /user/uploadHeadPortrait: a reference returned by POST /upload. */
export const headPortraitInput = z.object({
  head_portrait: zUploadReference('upload_missing'),
});
