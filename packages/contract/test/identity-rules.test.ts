// Proves the identity rules on their worked examples: legal names of many scripts with the separators
// real names use, and markup, digits and emoji refused; ID numbers by check digit, birth date and shape;
// and the basic-verification schema answering name_required, name_invalid and id_number_invalid.
import { describe, expect, it } from 'vitest';
import { idCardCheckDigit, isIdNumber, isLegalName, normaliseLegalName } from '../src/identity-rules.ts';
import { identityInput } from '../src/schemas/identity.ts';

const firstIssue = (value: unknown) => {
  const result = identityInput.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('legal names', () => {
  it.each(['李雷', 'Li Lei', 'Jean-Luc Picard', "O'Brien", 'D’Angelo', 'J. R. R. Tolkien', 'Martin Luther King Jr.', '阿依古丽·买买提', 'アン・ブラウン', 'Nguyễn Văn An', 'Nguyễn Văn An'.normalize('NFD'), 'สมชาย ใจดี', 'Zoë Saldaña', 'Мария Иванова', ' Li   Lei '])(
    'takes %s',
    (name) => expect(isLegalName(name)).toBe(true),
  );

  it.each(['L', '<b>Li</b>', '<script>alert(1)</script>', 'Li Lei 2', 'Li--Lei', '-Li', "Li'", 'Li_Lei', 'Li @ Lei', '😀 Li', 'Li..Lei', '', 'x'.repeat(101)])('refuses %s', (name) =>
    expect(isLegalName(name)).toBe(false),
  );

  it('takes 100 characters and no more, counting code points', () => {
    expect(isLegalName('李'.repeat(100))).toBe(true);
    expect(isLegalName('𠀀'.repeat(100))).toBe(true);
    expect(isLegalName('李'.repeat(101))).toBe(false);
  });

  it('collapses blanks', () => expect(normaliseLegalName('  Li \t Lei ')).toBe('Li Lei'));
});

describe('ID numbers', () => {
  it('checks an ID card by its check digit and its birth date', () => {
    expect(isIdNumber('id_card', '11010519491231002X')).toBe(true);
    expect(isIdNumber('id_card', '11010519491231002x')).toBe(true);
    expect(isIdNumber('id_card', '110105194912310021')).toBe(false);
    // Month 13 and 30 February, each with its correct check digit, and a year before 1900.
    for (const first17 of ['11010519491331002', '11010519490230002', '11010518991231002']) expect(isIdNumber('id_card', first17 + idCardCheckDigit(first17))).toBe(false);
  });

  it('wants a digit in a passport or licence number and refuses stray separators', () => {
    for (const value of ['E12345678', 'G1234567', 'k1234567']) expect(isIdNumber('passport', value)).toBe(true);
    for (const value of ['ABCDEFGH', 'E123', 'E1234-567', 'E1234567<']) expect(isIdNumber('passport', value)).toBe(false);
    for (const value of ['D1234-56789', '12345']) expect(isIdNumber('driver_licence', value)).toBe(true);
    for (const value of ['-12345', 'D12--345', 'ABCDE', '12345-']) expect(isIdNumber('driver_licence', value)).toBe(false);
  });
});

describe('basic verification input', () => {
  const basic = { real_type: '1', id_type: '2', card_id: 'E12345678' };
  it('answers name_required for no name and name_invalid for markup or digits', () => {
    expect(firstIssue({ ...basic, name: '  ' })).toBe('name_required');
    expect(firstIssue({ ...basic, name: '<img src=x onerror=alert(1)>' })).toBe('name_invalid');
    expect(firstIssue({ ...basic, name: 'Li Lei 2' })).toBe('name_invalid');
    expect(firstIssue({ ...basic, name: 'Li Lei', card_id: 'ABCDEFGH' })).toBe('id_number_invalid');
  });

  it('stores the name with single blanks', () => {
    expect(identityInput.parse({ ...basic, name: ' Jean-Luc   Picard ' })).toMatchObject({ name: 'Jean-Luc Picard', id_type: 'passport' });
  });
});
