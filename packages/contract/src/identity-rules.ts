/** Identity numbers and legal names (spec section 5): the types and their checks, shared by the server and the screens. */
import { isDate } from './predicates.ts';

export const ID_TYPES = ['id_card', 'passport', 'driver_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** GB 11643 check digit (0-9 or X) of the first 17 digits of an ID card number. */
export function idCardCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const total = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return '10X98765432'[total % 11]!;
}

/** The check digit holds and digits 7-14 are a real birth date from 1900 on (a typo there passes the checksum 1 time in 11). */
const idCardHolds = (value: string) =>
  /^\d{17}[\dX]$/.test(value) && idCardCheckDigit(value) === value[17] && value.slice(6, 8) >= '19' && isDate(`${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`);

/**
 * The form an ID number is compared in (one identity, one account): trimmed and upper-cased, since
 * letters in passport numbers and the X check digit are case-insensitive.
 */
export const normaliseIdNumber = (value: string) => value.trim().toUpperCase();

/**
 * "The id number must be correct": an ID card by its check digit and birth date; a passport or licence
 * by its shape, with at least one digit (every issuer numbers its documents, so all letters is a name
 * typed in the wrong field).
 *   id_card         11010519491231002X yes; 110105194912310021 no (check digit); 110105194913310028 no (month 13)
 *   passport        E12345678 yes; G1234567 yes; ABCDEFGH no (no digit); E123 no (under 6); E1234-567 no
 *   driver_licence  D1234-56789 yes; 12345 yes; -12345 no (starts with a hyphen); D12--345 no
 */
export function isIdNumber(idType: IdType, value: string): boolean {
  switch (idType) {
    case 'id_card':
      return idCardHolds(value.toUpperCase());
    case 'passport':
      return /^[A-Za-z0-9]{6,20}$/.test(value) && /\d/.test(value);
    case 'driver_licence':
      return /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(value) && value.length >= 5 && value.length <= 20 && /\d/.test(value);
  }
}

/** A legal name's length in characters (code points), as on identity documents and bank cards. */
export const LEGAL_NAME_LENGTH = { min: 2, max: 100 } as const;

/** Blanks collapsed: "Li  Lei " and "Li Lei" are one name. */
export const normaliseLegalName = (value: string) => value.trim().replace(/\s+/gu, ' ');

/**
 * Letters of any script with their combining marks (Thai, Vietnamese, Devanagari vowels are marks), and
 * the separators real names use between them: a space, an apostrophe (' or ’), a hyphen, a dot and a
 * middle dot (· in Uyghur and other Chinese transcriptions, ・ in Japanese katakana). A name starts with
 * a letter; separators do not repeat, except a dot before a space ("J. R. R. Tolkien").
 */
const LEGAL_NAME = /^\p{L}\p{M}*(?:(?:\. |[ '’.·・-])?\p{L}\p{M}*)*\.?$/u;

/**
 * Spec section 5, "special characters are rejected": the check of a legal name (identity verification
 * and the holder of a bank card), on its normalised form. Digits, markup and emoji are refused.
 *   yes: 李雷, Li Lei, Jean-Luc Picard, O'Brien, D’Angelo, J. R. R. Tolkien, Martin Luther King Jr.,
 *        阿依古丽·买买提, アン・ブラウン, Nguyễn Văn An, สมชาย ใจดี, Zoë Saldaña, Мария Иванова
 *   no:  L (too short), <b>Li</b>, Li Lei 2, Li--Lei, -Li, Li_Lei, Li @ Lei, 😀 Li
 */
export const isLegalName = (value: string) => {
  const name = normaliseLegalName(value);
  const length = [...name].length;
  return length >= LEGAL_NAME_LENGTH.min && length <= LEGAL_NAME_LENGTH.max && LEGAL_NAME.test(name);
};
