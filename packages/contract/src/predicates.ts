import {
  DEFAULT_AREA_CODE,
  NICKNAME_LENGTH,
  PAGE_SIZE,
  PAGE_SIZE_MAX,
  PASSWORD_LENGTH_MAX,
  PASSWORD_LENGTH_MIN,
  SIGNATURE_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from './constants.ts';

/**
 * Spec section 5's generic validators: pure predicates shared by the server and the screens. No zod
 * here: the web app imports this module (`@fairex/contract/validators`) without loading the schemas.
 */

/** Lengths count code points, so an emoji or a rare Han character is one character, not two. */
const codePointLength = (value: string) => [...value].length;

/** RFC 5321 caps an address at 254 characters. */
const EMAIL_LENGTH_MAX = 254;

export const isEmail = (value: string) =>
  value.length <= EMAIL_LENGTH_MAX && /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(value);

export const isMobile = (value: string) => /^1[3-9]\d{9}$/.test(value);
/** The spec's mobile rule is mainland China's (area code 86); other area codes get a plain 5-15 digit check. */
export const isMobileFor = (areaCode: string, mobile: string) => (areaCode === DEFAULT_AREA_CODE ? isMobile(mobile) : /^\d{5,15}$/.test(mobile));

/** The prefix check comes first because the URL parser also accepts "http:example.com". */
export function isUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** A host name with at least one dot (no scheme, port, path or wildcard): what the web view's allow-list and the CSP frame-src hold. */
export const isHostName = (value: string) => HOST_NAME.test(value);

/**
 * The hosts the web view may open in a frame: the operator's allow-list (`webview_hosts`) and the host
 * of the customer-service web chat, lower-cased, valid host names only (the server puts them in the
 * CSP's frame-src, the web view frames nothing else).
 */
export function frameHostsFrom(allowList: unknown, chatUrl: unknown): string[] {
  const hosts = Array.isArray(allowList) ? allowList.filter((h): h is string => typeof h === 'string') : [];
  if (typeof chatUrl === 'string' && isUrl(chatUrl)) hosts.push(new URL(chatUrl).hostname);
  return [...new Set(hosts.map((h) => h.toLowerCase()).filter(isHostName))];
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** YYYY-MM-DD or YYYY/MM/DD (one separator throughout) naming a real calendar day. */
export function isDate(value: string): boolean {
  const match = /^(\d{4})([-/])(\d{2})\2(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[3]), Number(match[4])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Optional sign and an optional fraction; no exponent, no bare "1." or ".5". */
export const isNumber = (value: string) => /^[+-]?\d+(\.\d+)?$/.test(value);
export const isDigits = (value: string) => /^\d+$/.test(value);
/** NUMERIC(36,18) columns hold 18 whole digits and 18 decimals; a longer amount would overflow on insert. */
export const AMOUNT_INTEGER_DIGITS_MAX = 18;
export const AMOUNT_DECIMALS_MAX = 18;
const AMOUNT = new RegExp(`^\\d{1,${AMOUNT_INTEGER_DIGITS_MAX}}(\\.\\d{1,${AMOUNT_DECIMALS_MAX}})?$`);
/** A non-negative plain decimal that fits NUMERIC(36,18); an exponent or a sign would not survive the wire format. */
export const isAmount = (value: string) => AMOUNT.test(value);
export const isLetters = (value: string) => /^[A-Za-z]+$/.test(value);
export const isAlphanumeric = (value: string) => /^[A-Za-z0-9]+$/.test(value);

/** Inclusive; a string must be a plain number (isNumber), so "" or "1e3" is out of range, not 0 or 1000. */
export function inRange(value: string | number, min: number, max: number): boolean {
  if (typeof value === 'string' && !isNumber(value)) return false;
  const n = Number(value);
  return n >= min && n <= max;
}

export const lengthInRange = (value: string, min: number, max: number) => {
  const length = codePointLength(value);
  return length >= min && length <= max;
};

/** Only an object or an array counts: "1" and "\"a\"" are valid JSON but not a JSON document a field expects. */
export function isJsonString(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/** Area code (0 and 2-3 digits), hyphen, 7-8 digits, optional "-extension". */
export const isLandline = (value: string) => /^0\d{2,3}-\d{7,8}(-\d{1,6})?$/.test(value);

export const isNumericCode = (value: string, length = VERIFICATION_CODE_LENGTH) =>
  isDigits(value) && value.length === length;

export const isHexColor = (value: string) => /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);

/** 2-10 characters, each a Chinese character, an English letter or a digit. */
export const isNickname = (value: string) =>
  /^[\p{Script=Han}A-Za-z0-9]+$/u.test(value) && lengthInRange(value, NICKNAME_LENGTH.min, NICKNAME_LENGTH.max);

/** Any text of 2-30 characters once the surrounding blanks are dropped. */
export const isSignature = (value: string) =>
  lengthInRange(value.trim(), SIGNATURE_LENGTH.min, SIGNATURE_LENGTH.max);

/**
 * The one password rule (login and pay passwords alike): "more than 6 characters" (PASSWORD_LENGTH_MIN
 * is 7), and at most PASSWORD_LENGTH_MAX, which bounds hashing work. Answers what is wrong, so the
 * server and the forms give a too-long password its own message instead of the too-short one.
 */
export function passwordProblem(value: string): 'password_too_short' | 'password_too_long' | undefined {
  const length = codePointLength(value);
  if (length < PASSWORD_LENGTH_MIN) return 'password_too_short';
  if (length > PASSWORD_LENGTH_MAX) return 'password_too_long';
  return undefined;
}

export const isPassword = (value: string) => passwordProblem(value) === undefined;

/**
 * Plain text a user names things with (an address's name, a bank's branch, a cardholder's address): any
 * script, digits and punctuation, but no angle brackets (markup), control characters or the invisible
 * direction overrides that make text read other than it is stored.
 *   yes: "Cold wallet 2", "Room 5, No. 8 Xidan St.", "中国银行 北京分行"; no: "<b>x</b>", "a\u202Eb", "a\tb"
 */
export const isPlainText = (value: string) => !/[<>\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(value);

/**
 * Text the database cannot store: PostgreSQL refuses the NUL character in text and jsonb columns
 * ("invalid byte sequence for encoding UTF8: 0x00"), and a lone surrogate (half of a UTF-16 pair, which
 * JSON's "\ud800" can spell but UTF-8 cannot encode) fails in jsonb. Such input is a wrong parameter,
 * refused before it reaches a query, never a 500.
 *   no problem: "Alice", "中国银行", "😀" (a whole pair "\ud83d\ude00"); unstorable: "a\u0000b", "\ud800", "x\udc00", "\ude00\ud83d"
 */
export function hasUnstorableCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return true;
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    }
  }
  return false;
}

/** The most values of one request input the walk looks at; a 1 MB body holds fewer. */
const INPUT_VALUES_MAX = 1_000_000;

/**
 * Whether any string in a parsed request input (its values and its keys, at any depth) has unstorable
 * characters (hasUnstorableCharacters). One check for every route's body, query and path, so a text field
 * no schema refined can still not reach the database with a NUL. The walk is iterative (a body nested
 * 5,000 deep cannot overflow the stack) and looks at most at INPUT_VALUES_MAX values; beyond that the
 * input counts as unstorable.
 *   containsUnstorableText({ a: ['x', { b: 'y\u0000' }] }) = true; containsUnstorableText({ 'k\ud800': 1 }) = true
 */
export function containsUnstorableText(input: unknown): boolean {
  const pending: unknown[] = [input];
  for (let seen = 0; pending.length > 0; seen++) {
    if (seen >= INPUT_VALUES_MAX) return true;
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (hasUnstorableCharacters(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Allowed: English letters, digits, Chinese characters, space, "_", "-", "." and "@"; anything else is special. */
export const hasSpecialCharacters = (value: string) => /[^A-Za-z0-9\p{Script=Han} _.@-]/u.test(value);


/**
 * The largest value of an `integer` / `serial` column (PostgreSQL int4): every id the contract takes is
 * bounded by it, so a larger one is refused as a wrong parameter instead of failing in the database.
 */
export const INT_ID_MAX = 2_147_483_647;
/** The largest id of a `bigserial` column read as a JS number (spot orders, ledger entries). */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;
