import { z } from 'zod';
import { NICKNAME_LENGTH, PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN, PAGE_SIZE, PAGE_SIZE_MAX, SIGNATURE_LENGTH, VERIFICATION_CODE_LENGTH } from './constants.ts';

/** Spec section 5's generic validators: pure predicates shared by the server and the screens. */
const codePoints = (value: string) => [...value].length;

export const isEmail = (v: string) => v.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v);
export const isMobile = (v: string) => /^1[3-9]\d{9}$/.test(v);
export const isUrl = (v: string) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v);
export function isDate(v: string): boolean {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export const isNumber = (v: string) => /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v);
export const isDigits = (v: string) => /^\d+$/.test(v);
export const isAmount = (v: string) => /^\d+(\.\d{1,18})?$/.test(v);
export const isLetters = (v: string) => /^[A-Za-z]+$/.test(v);
export const isAlphanumeric = (v: string) => /^[A-Za-z0-9]+$/.test(v);
export function inRange(value: string | number, min: number, max: number): boolean {
  const n = typeof value === 'number' ? value : Number(value);
  return typeof value === 'string' && !isNumber(value) ? false : n >= min && n <= max;
}
export const lengthInRange = (v: string, min: number, max: number) => codePoints(v) >= min && codePoints(v) <= max;
export function isJsonString(v: string): boolean {
  try {
    const parsed = JSON.parse(v);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}
export const isLandline = (v: string) => /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(v);
export const isNumericCode = (v: string, length = VERIFICATION_CODE_LENGTH) => new RegExp(`^\\d{${length}}$`).test(v);
export const isHexColor = (v: string) => /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v);
/** 2-10 characters, each a Chinese character, an English letter or a digit. */
export const isNickname = (v: string) =>
  lengthInRange(v, NICKNAME_LENGTH.min, NICKNAME_LENGTH.max) && /^[\p{Script=Han}A-Za-z0-9]+$/u.test(v);
export const isSignature = (v: string) => v.trim().length > 0 && lengthInRange(v, SIGNATURE_LENGTH.min, SIGNATURE_LENGTH.max);
/** "More than 6 characters". */
export const isPassword = (v: string) => v.length >= PASSWORD_LENGTH_MIN && v.length <= PASSWORD_LENGTH_MAX;
export const hasSpecialCharacters = (v: string) => /[^\p{L}\p{N}\s_.@-]/u.test(v);

/** Zod schemas on the predicates. Each issue message is an error code the server translates. */
const zText = (code: string) => z.string({ message: code }).trim();
export const zEmail = zText('email_invalid').refine(isEmail, 'email_invalid');
export const zMobile = zText('mobile_invalid').refine(isMobile, 'mobile_invalid');
export const zPassword = z.string({ message: 'password_too_short' }).refine(isPassword, 'password_too_short');
export const zNickname = zText('nickname_invalid').refine(isNickname, 'nickname_invalid');
export const zSignature = zText('signature_invalid').refine(isSignature, 'signature_invalid');
export const zCode = zText('code_invalid').refine((v) => isNumericCode(v), 'code_invalid');
export const zAmount = zText('wrong_number').refine((v) => isAmount(v) && /[1-9]/.test(v), 'wrong_number');
export const zPositiveInt = z.coerce.number({ message: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error');
export const zPage = z.coerce.number({ message: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').default(1);
export const zLimit = z.coerce
  .number({ message: 'parameter_error' })
  .int('parameter_error')
  .min(1, 'parameter_error')
  .max(PAGE_SIZE_MAX, 'parameter_error')
  .default(PAGE_SIZE);
