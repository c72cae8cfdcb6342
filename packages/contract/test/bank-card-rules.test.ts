// Proves the bank card rules on their worked examples (Luhn, IBAN, SWIFT/BIC, ABA routing, phones, plain
// text) and the card schemas that apply them: each bad field answers its own code, values are stored
// compacted, and an empty field still answers bank_card_incomplete.
import { describe, expect, it } from 'vitest';
import { cardFieldProblem, isAbaNumber, isAccountNumber, isCardNumber, isCardPhone, isIban, isLuhn, isSwiftCode } from '../src/bank-card-rules.ts';
import { isPlainText } from '../src/predicates.ts';
import { bankCardInput, cardDeleteInput, internationalCardInput } from '../src/schemas/funds.ts';

const BANK = { real_name: 'Li Lei', bank_account: '6222020200112233446', bank_name: 'ICBC', bank_branch: 'Xidan', province: 'Beijing', city: 'Beijing', phone: '13800138000' };
const INTERNATIONAL = {
  real_name: 'Jane Doe', bank_account: '000123456789', bank_name: 'Chase', bank_branch: 'NYC 5th Ave', aba_number: '021000021',
  swift_code: 'CHASUS33', bank_network: 'SWIFT', holder_address: '1 Main St, New York', phone: '+12125550100',
};
const issueOf = (schema: typeof bankCardInput | typeof internationalCardInput, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('card numbers', () => {
  it('checks the Luhn digit', () => {
    expect(isLuhn('4111111111111111')).toBe(true);
    expect(isLuhn('6222020200112233446')).toBe(true);
    expect(isLuhn('6222020200112233445')).toBe(false);
    expect(isLuhn('')).toBe(false);
    expect(isLuhn('12a4')).toBe(false);
  });

  it('takes 12-19 digits with a valid Luhn digit, blanks and hyphens between groups allowed', () => {
    for (const value of ['6222 0202 0011 2233 446', '4111-1111-1111-1111', '4111111111111111', '374245455400126', '000000000000']) expect(isCardNumber(value), value).toBe(true);
    for (const value of ['62220202001122334', '12345678901', '41111111111111111111', '4111x11111111111', '']) expect(isCardNumber(value), value).toBe(false);
  });
});

describe('international accounts', () => {
  it('checks an IBAN by its check digits', () => {
    for (const value of ['GB82 WEST 1234 5698 7654 32', 'DE89370400440532013000', 'gb82west12345698765432']) expect(isIban(value), value).toBe(true);
    for (const value of ['GB82WEST12345698765433', 'GB00WEST12345698765432', 'GB82', '1234567890123456']) expect(isIban(value), value).toBe(false);
  });

  it('takes an IBAN or an account number of 4-34 digits', () => {
    for (const value of ['GB82WEST12345698765432', '000123456789', '1234']) expect(isAccountNumber(value), value).toBe(true);
    for (const value of ['123', '12AB34', 'GB00WEST12345698765432', '1'.repeat(35)]) expect(isAccountNumber(value), value).toBe(false);
  });

  it('checks SWIFT/BIC codes of 8 or 11 characters', () => {
    for (const value of ['CHASUS33', 'chasus33xxx', 'DEUTDEFF500', 'BKCHCNBJ']) expect(isSwiftCode(value), value).toBe(true);
    for (const value of ['CHASUS3', 'CHAS1S33', 'CHASUS33XX', 'CHASUS33XXXX', '']) expect(isSwiftCode(value), value).toBe(false);
  });

  it('checks ABA routing numbers by their 3-7-1 checksum and Federal Reserve range', () => {
    for (const value of ['021000021', '011000015', '121000358', '026009593']) expect(isAbaNumber(value), value).toBe(true);
    for (const value of ['021000022', '991000021', '02100002', '0210000211', '02100002a']) expect(isAbaNumber(value), value).toBe(false);
  });
});

describe('phones and plain text', () => {
  it('takes the project mobile rule for a domestic card and an international number for the other', () => {
    expect(isCardPhone('bank', '13800138000')).toBe(true);
    expect(isCardPhone('bank', '12800138000')).toBe(false);
    expect(isCardPhone('bank', '+12125550100')).toBe(false);
    for (const value of ['+12125550100', '+1 212-555-0100', '12125550100']) expect(isCardPhone('international', value), value).toBe(true);
    for (const value of ['12ab', '+1', '+1--212', '1'.repeat(16), '(212) 555-0100']) expect(isCardPhone('international', value), value).toBe(false);
  });

  it('refuses markup, control characters and direction overrides in plain text', () => {
    for (const value of ['Cold wallet 2', 'Room 5, No. 8 Xidan St.', '中国银行 北京分行', 'A & B #3']) expect(isPlainText(value), value).toBe(true);
    for (const value of ['<b>x</b>', 'a\u202Eb', 'a\tb', 'a\u0000b', '1 > 0']) expect(isPlainText(value), value).toBe(false);
  });
});

describe('card schemas', () => {
  it('take a good card and store it compacted', () => {
    expect(bankCardInput.parse({ ...BANK, bank_account: '6222 0202 0011 2233 446', real_name: ' Li  Lei ' })).toMatchObject({ ...BANK });
    expect(internationalCardInput.parse({ ...INTERNATIONAL, swift_code: 'chas us33', bank_account: 'gb82 west 1234 5698 7654 32' })).toMatchObject({
      swift_code: 'CHASUS33',
      bank_account: 'GB82WEST12345698765432',
    });
  });

  it('answer each bad field with its own code under its own name', () => {
    expect(issueOf(bankCardInput, { ...BANK, bank_account: '6222020200112233445' })).toEqual(['bank_account:card_number_invalid']);
    expect(issueOf(bankCardInput, { ...BANK, real_name: 'Li<script>' })).toEqual(['real_name:name_invalid']);
    expect(issueOf(bankCardInput, { ...BANK, bank_branch: '<b>Xidan</b>' })).toEqual(['bank_branch:text_invalid']);
    expect(issueOf(bankCardInput, { ...BANK, phone: '12345' })).toEqual(['phone:mobile_invalid']);
    expect(issueOf(bankCardInput, { ...BANK, city: ' ' })).toEqual(['city:bank_card_incomplete']);
    expect(issueOf(bankCardInput, { ...BANK, city: 'x'.repeat(51) })).toEqual(['city:bank_card_incomplete']);
    expect(issueOf(internationalCardInput, { ...INTERNATIONAL, swift_code: 'CHASUS3' })).toEqual(['swift_code:swift_code_invalid']);
    expect(issueOf(internationalCardInput, { ...INTERNATIONAL, aba_number: '021000022' })).toEqual(['aba_number:aba_number_invalid']);
    expect(issueOf(internationalCardInput, { ...INTERNATIONAL, bank_account: 'GB00WEST12345698765432' })).toEqual(['bank_account:account_number_invalid']);
    expect(issueOf(internationalCardInput, { ...INTERNATIONAL, holder_address: '1 Main St <img>' })).toEqual(['holder_address:text_invalid']);
    const { aba_number: _dropped, ...noAba } = INTERNATIONAL;
    expect(issueOf(internationalCardInput, noAba)).toEqual(['aba_number:bank_card_incomplete']);
  });

  it('agree with cardFieldProblem, which the forms call', () => {
    expect(cardFieldProblem('bank', 'bank_account', '4111111111111111')).toBeUndefined();
    expect(cardFieldProblem('international', 'bank_account', '000123456789')).toBeUndefined();
    expect(cardFieldProblem('bank', 'aba_number', '021000021')).toBe('bank_card_incomplete');
  });

  it('take an optional card id to edit and require one to delete', () => {
    expect(bankCardInput.parse({ ...BANK, id: '7' }).id).toBe(7);
    expect(bankCardInput.parse({ ...BANK, id: '' }).id).toBeUndefined();
    expect(issueOf(bankCardInput, { ...BANK, id: '0' })).toEqual(['id:parameter_error']);
    expect(cardDeleteInput.safeParse({ pay_password: 'x' }).success).toBe(false);
    expect(cardDeleteInput.parse({ id: '3', pay_password: 'x' })).toEqual({ id: 3, pay_password: 'x' });
  });
});
