/**
 * Bank card fields (spec sections 3 and 5: "all bank card fields are required"), each checked by its
 * format. One function answers what is wrong with a field as an error code, so the server's schema and
 * the card forms refuse the same values with the same message under the same field.
 */
import { BANK_CARD_FIELDS_MAX, INTERNATIONAL_CARD_FIELDS_MAX } from './accounts.ts';
import type { ErrorCode } from './errors.ts';
import { isLegalName, normaliseLegalName } from './identity-rules.ts';
import { isMobile, isPlainText } from './predicates.ts';

export type CardKind = 'bank' | 'international';
export type CardField = keyof typeof BANK_CARD_FIELDS_MAX | keyof typeof INTERNATIONAL_CARD_FIELDS_MAX;
export type CardFieldOf<K extends CardKind> = K extends 'bank' ? keyof typeof BANK_CARD_FIELDS_MAX : keyof typeof INTERNATIONAL_CARD_FIELDS_MAX;

/** Digits and letters as stored: the blanks and hyphens people type between groups are dropped. */
export const compactCardValue = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * Luhn (ISO/IEC 7812): from the right, every second digit doubled (less 9 above 9); the sum ends in 0.
 *   4111111111111111 yes; 6222020200112233446 yes; 6222020200112233445 no
 */
export function isLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** ISO/IEC 7812 card numbers are 12 to 19 digits (UnionPay debit cards 16-19). */
export const CARD_NUMBER_LENGTH = { min: 12, max: 19 } as const;

/**
 * A payment card number: 12-19 digits once blanks and hyphens are dropped, with a valid Luhn digit.
 *   '6222 0202 0011 2233 446' yes; 4111111111111111 yes; 62220202001122334 (Luhn fails) no; 12345678901 (11 digits) no
 */
export function isCardNumber(value: string): boolean {
  const digits = compactCardValue(value);
  return /^\d+$/.test(digits) && digits.length >= CARD_NUMBER_LENGTH.min && digits.length <= CARD_NUMBER_LENGTH.max && isLuhn(digits);
}

/**
 * An IBAN (ISO 13616): country letters, two check digits, 11-30 letters or digits; moved the first four
 * to the end with letters as 10..35, the number is 1 modulo 97.
 *   GB82 WEST 1234 5698 7654 32 yes; DE89370400440532013000 yes; GB82WEST12345698765433 no
 */
export function isIban(value: string): boolean {
  const iban = compactCardValue(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const n = Number.parseInt(char, 36);
    remainder = n > 9 ? (remainder * 100 + n) % 97 : (remainder * 10 + n) % 97;
  }
  return remainder === 1;
}

/**
 * An international account: an IBAN (checked by its check digits) where the bank uses one, otherwise
 * the account number itself, 4-34 digits (US account numbers, which go with an ABA routing number, are
 * 4-17 digits; 34 is the longest account ISO 13616 allows). A plain account number carries no common
 * check digit, so none is asked of it: a Luhn check would refuse most real accounts.
 *   GB82WEST12345698765432 yes; 000123456789 yes; 123 no; GB00WEST12345698765432 no; 12AB34 no
 */
export const isAccountNumber = (value: string) => isIban(value) || /^\d{4,34}$/.test(compactCardValue(value));

/**
 * SWIFT / BIC (ISO 9362): 4 letters of the bank, 2 of the country, 2 letters or digits of the location,
 * then optionally 3 of the branch: 8 or 11 characters, case-insensitive.
 *   CHASUS33 yes; chasus33xxx yes; DEUTDEFF500 yes; CHASUS3 no; CHAS1S33 no; CHASUS33XX no
 */
export const isSwiftCode = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(compactCardValue(value));

/**
 * ABA routing number: 9 digits whose first two are a Federal Reserve range (00-12, 21-32, 61-72, 80)
 * and whose weighted sum 3-7-1 (3·d1 + 7·d2 + d3 + 3·d4 ...) is a multiple of 10.
 *   021000021 yes (3·0+7·2+1+3·0+7·0+0+3·0+7·2+1 = 30); 011000015 yes; 021000022 no (checksum); 991000021 no (range)
 */
export function isAbaNumber(value: string): boolean {
  const digits = value.trim();
  if (!/^\d{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  const inRange = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return inRange && weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0) % 10 === 0;
}

/**
 * The card's phone: a domestic card takes the project's mobile rule (11 digits, 1 then 3-9); an
 * international one a number in international form, an optional + and 5-15 digits (E.164's longest;
 * the same count the other area codes take), with blanks or hyphens between groups.
 *   bank: 13800138000 yes, 12800138000 no; international: +1 212-555-0100 yes, +12125550100 yes, 12ab no
 */
export function isCardPhone(kind: CardKind, value: string): boolean {
  if (kind === 'bank') return isMobile(value.trim());
  const phone = value.trim();
  return /^\+?\d(?:[ -]?\d)*$/.test(phone) && /^\d{5,15}$/.test(phone.replace(/\D/g, ''));
}

const FIELDS_MAX: Record<CardKind, Partial<Record<CardField, number>>> = { bank: BANK_CARD_FIELDS_MAX, international: INTERNATIONAL_CARD_FIELDS_MAX };

/** The fields of a card kind, in form order. */
export const cardFieldsOf = <K extends CardKind>(kind: K) => Object.keys(FIELDS_MAX[kind]) as CardFieldOf<K>[];

/**
 * What is wrong with one field of a card, or undefined. Empty or too long is `bank_card_incomplete`
 * (the forms stop typing at the limit); the name is a legal name; the bank, branch, place, network and
 * address are plain text (no markup or control characters); the rest are checked by their formats above.
 */
export function cardFieldProblem(kind: CardKind, field: CardField, value: string): ErrorCode | undefined {
  const text = value.trim();
  const max = FIELDS_MAX[kind][field];
  if (max === undefined || text === '' || [...text].length > max) return 'bank_card_incomplete';
  switch (field) {
    case 'real_name':
      return isLegalName(text) ? undefined : 'name_invalid';
    case 'bank_account':
      if (kind === 'bank') return isCardNumber(text) ? undefined : 'card_number_invalid';
      return isAccountNumber(text) ? undefined : 'account_number_invalid';
    case 'swift_code':
      return isSwiftCode(text) ? undefined : 'swift_code_invalid';
    case 'aba_number':
      return isAbaNumber(text) ? undefined : 'aba_number_invalid';
    case 'phone':
      return isCardPhone(kind, text) ? undefined : 'mobile_invalid';
    default:
      return isPlainText(text) ? undefined : 'text_invalid';
  }
}

/** A field as stored: numbers and codes compacted (and upper-cased), names with single blanks, the rest trimmed. */
export function normaliseCardField(field: CardField, value: string): string {
  switch (field) {
    case 'bank_account':
    case 'swift_code':
      return compactCardValue(value);
    case 'real_name':
      return normaliseLegalName(value);
    default:
      return value.trim();
  }
}
