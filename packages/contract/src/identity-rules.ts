/** Identity numbers (spec section 5): the types and their checks, shared by the server and the screens. */
export const ID_TYPES = ['id_card', 'passport', 'driver_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** GB 11643 check digit (0-9 or X) of the first 17 digits of an ID card number. */
export function idCardCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const total = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return '10X98765432'[total % 11]!;
}

const idCardChecksumHolds = (value: string) => /^\d{17}[\dX]$/.test(value) && idCardCheckDigit(value) === value[17];

/**
 * The form an ID number is compared in (one identity, one account): trimmed and upper-cased, since
 * letters in passport numbers and the X check digit are case-insensitive.
 */
export const normaliseIdNumber = (value: string) => value.trim().toUpperCase();

/** "The id number must be correct": an ID card by its check digit, a passport or licence by its shape. */
export function isIdNumber(idType: IdType, value: string): boolean {
  switch (idType) {
    case 'id_card':
      return idCardChecksumHolds(value.toUpperCase());
    case 'passport':
      return /^[A-Za-z0-9]{6,20}$/.test(value);
    case 'driver_licence':
      return /^[A-Za-z0-9-]{5,20}$/.test(value);
  }
}
