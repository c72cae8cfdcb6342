/**
 * The one stored form of an email address and of a mobile number, so that "Demo@FairEx.local" and
 * "demo@fairex.local", or "+86 138-1234-5678" and "13812345678" under area code 86, name one account.
 * The server stores and compares only these forms; the database refuses anything else (0007).
 */

/** An email compares without regard to case or surrounding spaces: trimmed and lower-cased. */
export const normaliseEmail = (value: string) => value.trim().toLowerCase();

/** An area code is its digits only: "+86" and "86" are one code. */
export const normaliseAreaCode = (value: string) => value.replace(/\D/g, '');

/**
 * A mobile number is its national digits, the area code kept in its own column: separators go, and a
 * leading international prefix ("+86" or "0086") for the same area code goes too.
 */
export function normaliseMobile(areaCode: string, value: string): string {
  const area = normaliseAreaCode(areaCode);
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') ? digits : trimmed.startsWith('00') ? digits.slice(2) : undefined;
  if (international !== undefined && area && international.startsWith(area)) return international.slice(area.length);
  return digits;
}

/** Only digits, spaces, dashes, dots, brackets and a leading "+": something a person types as a phone number. */
const looksLikePhone = (value: string) => /^\+?[\d\s\-.()]+$/.test(value);

/**
 * What a user types to log in or to reset a password (account name, email or mobile), in the form it
 * is stored in: an email lower-cased, a phone number as its digits, anything else trimmed.
 */
export function normaliseLogin(value: string): string {
  const trimmed = value.trim();
  if (trimmed.includes('@')) return normaliseEmail(trimmed);
  if (looksLikePhone(trimmed)) return trimmed.replace(/\D/g, '');
  return trimmed;
}
