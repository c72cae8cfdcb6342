import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import { BIGINT_ID_MAX, INT_ID_MAX, hasUnstorableCharacters, isAmount, isEmail, isMobile, isNickname, isNumericCode, isSignature, passwordProblem } from './predicates.ts';

export * from './predicates.ts';

/**
 * Zod schemas on the predicates. Each issue message is an error code the server translates, so a
 * wrong type and a wrong value answer with the same code.
 */
const zText = (code: ErrorCode) =>
  z
    .string({ error: code })
    .trim()
    // A NUL or a lone surrogate would fail in the database (predicates.ts); the server also refuses it in any field.
    .refine((value) => !hasUnstorableCharacters(value), code);

export const zEmail = zText('email_invalid').refine(isEmail, 'email_invalid');
export const zMobile = zText('mobile_invalid').refine(isMobile, 'mobile_invalid');
/** Not trimmed: blanks are part of a password. A too-short and a too-long password each answer their own code. */
export const zPassword = z.string({ error: 'password_too_short' }).superRefine((value, context) => {
  const problem = passwordProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
export const zNickname = zText('nickname_invalid').refine(isNickname, 'nickname_invalid');
export const zSignature = zText('signature_invalid').refine(isSignature, 'signature_invalid');
export const zCode = zText('code_invalid').refine((value) => isNumericCode(value), 'code_invalid');
/** A non-negative decimal is above zero exactly when one of its digits is not 0. */
export const zAmount = zText('wrong_number').refine((value) => isAmount(value) && /[1-9]/.test(value), 'wrong_number');

/** Form and query values arrive as strings, hence the coercion; zod's int() also refuses unsafe integers. */
const zCoercedInt = (max = INT_ID_MAX) => z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(max, 'parameter_error');

/** A positive integer that fits an `integer` column: every id of a serial table. */
export const zPositiveInt = zCoercedInt();
/** The id of a bigserial table. */
export const zBigId = zCoercedInt(BIGINT_ID_MAX);
export const zPage = zCoercedInt().default(1);
export const zLimit = zCoercedInt().max(PAGE_SIZE_MAX, 'parameter_error').default(PAGE_SIZE);

/** A switch sent as a form value ('true', '1', 'false', '0') or as JSON (true, false, 1, 0). */
export const zBool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: 'parameter_error' }));
