import { z } from 'zod';
import { DEFAULT_AREA_CODE } from '../constants.ts';
import { zBool, zCode, zPassword } from '../validators.ts';

/** Scenes a verification code is sent for; a code only works for the scene it was sent for. */
export const CODE_SCENES = ['register', 'forget', 'bind', 'security'] as const;
export const zScene = z.enum(CODE_SCENES, { message: 'parameter_error' });

const zUserString = z.string({ message: 'parameter_error' }).trim().min(1, 'parameter_error').max(100, 'parameter_error');
const zAreaCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'parameter_error')
  .default(DEFAULT_AREA_CODE);

/** POST /sms_mail: a mail code. `type=forget` is the spec's older spelling of the scene. */
export const sendMailCodeInput = z
  .object({ user_string: zUserString, scene: zScene.optional(), type: z.literal('forget').optional() })
  .transform(({ user_string, scene, type }) => ({ user_string, scene: scene ?? type ?? 'register' }));

/** POST /sms_send: an SMS code. */
export const sendSmsCodeInput = z.object({
  area_code: zAreaCode,
  mobile: z.string({ message: 'mobile_invalid' }).trim(),
  scene: zScene.default('register'),
});

/** POST /user/check_email: is this code right (without using it up)? */
export const checkCodeInput = z.object({
  user_string: zUserString,
  email_code: zCode,
  scene: zScene.default('register'),
});

export const registerInput = z
  .object({
    user_string: zUserString,
    code: zCode,
    password: zPassword,
    re_password: z.string({ message: 'passwords_inconsistent' }),
    extension_code: z.string().trim().max(32, 'invite_code_invalid').optional().default(''),
    type: z.enum(['email', 'mobile'], { message: 'parameter_error' }).default('email'),
    area_code: zAreaCode,
  })
  .refine((v) => v.password === v.re_password, { message: 'passwords_inconsistent', path: ['re_password'] });
export type RegisterInput = z.infer<typeof registerInput>;

/**
 * POST /user/login. `remember` is the stay-logged-in option (spec section 3, User): ticked, the session
 * lasts its full lifetime; left out or unticked, it ends after a short time without use.
 */
export const loginInput = z.object({
  user_string: zUserString,
  password: z.string({ message: 'parameter_error' }).min(1, 'parameter_error').max(200, 'parameter_error'),
  remember: zBool.optional().default(false),
});

export const forgetInput = z
  .object({
    account: zUserString,
    code: zCode,
    password: zPassword,
    repassword: z.string({ message: 'passwords_inconsistent' }),
  })
  .refine((v) => v.password === v.repassword, { message: 'passwords_inconsistent', path: ['repassword'] });
