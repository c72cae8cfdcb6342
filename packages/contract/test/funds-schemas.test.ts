// Proves the funds and identity schemas answer with error codes at their edges: amounts that would
// overflow NUMERIC(36,18), the pay password's spec length, and the ID-number helpers.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountTransferInput,
  balanceAdjustInput,
  exchangeInput,
  fundsSettingsInput,
  loginPasswordInput,
  networkConfigInput,
  payPasswordInput,
  rateCurrencyInput,
  rechargeInput,
  withdrawInput,
} from '../src/schemas/funds.ts';
import { idCardCheckDigit, isIdNumber, normaliseIdNumber } from '../src/schemas/identity.ts';

const firstIssue = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const HUGE = '1' + '0'.repeat(25);
const LARGEST = `${'9'.repeat(18)}.${'9'.repeat(18)}`;
const VOUCHER = `/uploads/${'a'.repeat(32)}.png`;

describe('amount bounds', () => {
  const amountInputs: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
    ['transfer', accountTransferInput, { currency_id: 1, from_field: 'change', to_field: 'legal' }, 'number'],
    ['exchange', exchangeInput, { from_currency_id: 1, to_currency_id: 2 }, 'number'],
    ['recharge', rechargeInput, { currency: 1, voucher: VOUCHER }, 'amount'],
    ['withdraw', withdrawInput, { currency: 1, destination: 'bank' }, 'number'],
    ['adjust', balanceAdjustInput, { user_id: 1, currency_id: 1, reason: 'r' }, 'amount'],
    ['network fee', networkConfigInput, {}, 'withdraw_fee'],
    ['network minimum', networkConfigInput, {}, 'withdraw_min'],
  ];

  it('refuses more than 18 whole digits with wrong_number and takes the largest that fits', () => {
    for (const [name, schema, base, field] of amountInputs) {
      expect(firstIssue(schema, { ...base, [field]: HUGE }), name).toBe('wrong_number');
      expect(firstIssue(schema, { ...base, [field]: LARGEST }), name).toBeUndefined();
    }
  });

  it('takes a signed adjustment within the bound, and refuses zero or too long on either side', () => {
    const base = { user_id: 1, currency_id: 1, reason: 'r' };
    expect(balanceAdjustInput.parse({ ...base, amount: `-${LARGEST}` }).amount).toBe(`-${LARGEST}`);
    for (const amount of [`-${HUGE}`, '-0', '0.0', '--1', '1.', `1.${'1'.repeat(19)}`]) {
      expect(firstIssue(balanceAdjustInput, { ...base, amount }), amount).toBe('wrong_number');
    }
  });

  it('keeps the exchange fee rate below 1', () => {
    expect(firstIssue(fundsSettingsInput, { exchange_fee_rate: '1' })).toBe('wrong_number');
    expect(firstIssue(fundsSettingsInput, { exchange_fee_rate: HUGE })).toBe('wrong_number');
    expect(fundsSettingsInput.parse({ exchange_fee_rate: '0.002' }).exchange_fee_rate).toBe('0.002');
  });
});

describe('pay password', () => {
  const form = (password: string) => ({ password, re_password: password, code: '123456' });
  it('must be more than 6 characters like every password of the spec', () => {
    expect(firstIssue(payPasswordInput, form('123456'))).toBe('password_too_short');
    expect(payPasswordInput.parse(form('1234567')).password).toBe('1234567');
    expect(firstIssue(payPasswordInput, form('x'.repeat(64)))).toBeUndefined();
    expect(firstIssue(payPasswordInput, form('x'.repeat(65)))).toBe('password_too_long');
  });

  it('answers password_too_long for a login password when it is over the limit, like the pay password', () => {
    const change = (password: string) => ({ oldpassword: 'old-pass-1', password, re_password: password });
    expect(firstIssue(loginPasswordInput, change('123456'))).toBe('password_too_short');
    expect(firstIssue(loginPasswordInput, change('x'.repeat(70)))).toBe('password_too_long');
  });
});

describe('rate currency input', () => {
  it('takes a positive coin id', () => {
    expect(rateCurrencyInput.parse({ id: '3' })).toEqual({ id: 3 });
    for (const id of [undefined, '0', 'x', '1.5']) expect(firstIssue(rateCurrencyInput, { id })).toBe('parameter_error');
  });
});

describe('ID numbers', () => {
  it('computes the GB 11643 check digit the validator checks', () => {
    expect(idCardCheckDigit('11010519491231002')).toBe('X');
    for (let serial = 100; serial < 130; serial++) {
      const first17 = `1101051949123${serial}0`.slice(0, 17);
      expect(isIdNumber('id_card', first17 + idCardCheckDigit(first17))).toBe(true);
    }
  });

  it('compares numbers trimmed and case-insensitively', () => {
    expect(normaliseIdNumber(' e12345678 ')).toBe('E12345678');
    expect(normaliseIdNumber('11010519491231002x')).toBe('11010519491231002X');
  });
});
