// Proves each spec section 5 predicate on its edges, and that each zod schema answers with an error code.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  hasSpecialCharacters,
  inRange,
  isAlphanumeric,
  isAmount,
  isDate,
  isDigits,
  isEmail,
  isHexColor,
  isJsonString,
  isLandline,
  isLetters,
  isMobile,
  isNickname,
  isNumber,
  isNumericCode,
  isPassword,
  isSignature,
  isUrl,
  lengthInRange,
  passwordProblem,
  zAmount,
  zCode,
  zEmail,
  zLimit,
  zMobile,
  zNickname,
  zPage,
  zPassword,
  zPositiveInt,
  zSignature,
} from '../src/validators.ts';
import { ERROR_CODES } from '../src/errors.ts';
import { PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN } from '../src/constants.ts';

function check(predicate: (value: string) => boolean, accepted: string[], refused: string[]) {
  for (const value of accepted) expect(predicate(value), `accepts ${JSON.stringify(value)}`).toBe(true);
  for (const value of refused) expect(predicate(value), `refuses ${JSON.stringify(value)}`).toBe(false);
}

describe('predicates', () => {
  it('isEmail accepts ordinary addresses and refuses malformed ones', () => {
    check(isEmail, ['a@b.co', 'first.last+tag@mail.example.com'], ['', 'a@b', 'a@b.c', 'a b@c.com', 'a@@b.com', '@b.com', `${'a'.repeat(250)}@b.com`]);
  });

  it('isMobile accepts 11 digits starting 1 then 3-9', () => {
    check(isMobile, ['13812345678', '19912345678'], ['12345678901', '12812345678', '1381234567', '138123456789', '+8613812345678', '1381234567a']);
  });

  it('isUrl accepts http and https only', () => {
    check(isUrl, ['http://a', 'https://example.com/path?q=1#x', 'HTTPS://EXAMPLE.COM'], ['', 'ftp://example.com', 'example.com', 'http:example.com', 'http://', 'http://exa mple.com', 'javascript:alert(1)']);
  });

  it('isDate accepts real days with one separator', () => {
    check(isDate, ['2024-02-29', '2000/02/29', '1999-12-31', '2024-04-30'], ['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '2024-01/02', '2024-1-2', '20240102', '']);
  });

  it('isNumber accepts a signed decimal without exponent', () => {
    check(isNumber, ['0', '-1', '+2.5', '007', '123.456'], ['', '1.', '.5', '1e3', '--1', '1,000', ' 1', 'NaN', 'Infinity']);
  });

  it('isDigits, isLetters and isAlphanumeric accept only their class', () => {
    check(isDigits, ['0', '0123'], ['', '1.0', '-1', '١٢']);
    check(isLetters, ['abc', 'ABC'], ['', 'ab1', 'é', '中']);
    check(isAlphanumeric, ['abc123', 'A1'], ['', 'a_1', 'a 1', '中1']);
  });

  it('isAmount accepts non-negative decimals of at most 18 places', () => {
    check(isAmount, ['0', '1', '0.5', `1.${'1'.repeat(18)}`], ['', '-1', '+1', '1.', '.5', '1e3', `1.${'1'.repeat(19)}`, '1,5']);
  });

  it('isAmount bounds the whole part to the 18 digits NUMERIC(36,18) holds', () => {
    check(isAmount, ['9'.repeat(18), `${'9'.repeat(18)}.${'9'.repeat(18)}`], ['1' + '0'.repeat(18), '1' + '0'.repeat(25), `${'9'.repeat(19)}.5`]);
  });

  it('inRange is inclusive and refuses non-numbers', () => {
    expect(inRange(1, 1, 10)).toBe(true);
    expect(inRange('10', 1, 10)).toBe(true);
    expect(inRange('10.01', 1, 10)).toBe(false);
    expect(inRange(0.99, 1, 10)).toBe(false);
    expect(inRange('', 0, 10)).toBe(false);
    expect(inRange('1e3', 0, 10_000)).toBe(false);
    expect(inRange(Number.NaN, 0, 10)).toBe(false);
  });

  it('lengthInRange counts code points, not UTF-16 units', () => {
    expect('😀😀'.length).toBe(4);
    expect(lengthInRange('😀😀', 2, 2)).toBe(true);
    expect(lengthInRange('中文', 1, 2)).toBe(true);
    expect(lengthInRange('abc', 1, 2)).toBe(false);
    expect(lengthInRange('', 0, 0)).toBe(true);
  });

  it('isJsonString accepts objects and arrays only', () => {
    check(isJsonString, ['{}', '{"a":1}', '[1,2]'], ['', '1', '"a"', 'null', 'true', '{a:1}', "{'a':1}"]);
  });

  it('isLandline accepts area code, number and an optional extension', () => {
    check(isLandline, ['0571-87654321', '010-12345678', '021-1234567', '0571-87654321-123'], ['', '87654321', '571-87654321', '0571-876543', '0571-876543210', '057187654321', '0571-87654321-']);
  });

  it('isNumericCode wants exactly the given number of digits, 6 by default', () => {
    check(isNumericCode, ['123456', '000000'], ['12345', '1234567', '12345a', '']);
    expect(isNumericCode('1234', 4)).toBe(true);
    expect(isNumericCode('123456', 4)).toBe(false);
  });

  it('isHexColor accepts 3 or 6 hex digits', () => {
    check(isHexColor, ['#fff', '#FFFFFF', '#a1b2c3'], ['#ffff', 'fff', '#ff', '#fffffff', '#ggg', '']);
  });

  it('isNickname accepts 2-10 Chinese characters, English letters or digits', () => {
    check(
      isNickname,
      ['ab', 'a'.repeat(10), '张三', '小明123', 'Tom2024', '中'.repeat(10)],
      ['a', 'a'.repeat(11), '中'.repeat(11), '', 'a b', 'ab!', 'ab_c', '😀😀', 'ab😀', 'héllo', 'こんにちは'],
    );
  });

  it('isSignature accepts 2-30 characters of any text, blanks trimmed', () => {
    check(isSignature, ['hi', 'x'.repeat(30), '今天 😀!', `  ${'x'.repeat(30)}  `], ['', 'x', ' x ', '      ', 'x'.repeat(31)]);
  });

  it('isPassword wants more than 6 characters', () => {
    check(isPassword, ['1234567', 'a'.repeat(64), 'pass word'], ['123456', '', 'a'.repeat(65)]);
  });

  it('names the problem of a password when it is too short or too long', () => {
    expect(passwordProblem('123456')).toBe('password_too_short');
    expect(passwordProblem('1234567')).toBeUndefined();
    expect(passwordProblem('a'.repeat(PASSWORD_LENGTH_MAX))).toBeUndefined();
    expect(passwordProblem('a'.repeat(PASSWORD_LENGTH_MAX + 1))).toBe('password_too_long');
    // Characters are code points: seven emoji are seven characters.
    expect(passwordProblem('😀'.repeat(PASSWORD_LENGTH_MIN))).toBeUndefined();
  });

  it('hasSpecialCharacters flags anything beyond letters, digits, CJK, space, _ - . @', () => {
    check(hasSpecialCharacters, ['a!b', 'a#', '😀', 'a\tb', '<script>', 'é'], ['', 'abc 123', 'a_b-c.d@e', '中文名']);
  });

  it('isDigits and isNumericCode agree on random digit strings', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}$/), (value) => {
        expect(isDigits(value)).toBe(true);
        expect(isNumericCode(value, value.length)).toBe(true);
      }),
    );
  });
});

/** The first issue's message is what the server translates. */
function firstIssue(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('zod schemas', () => {
  it('answer every refusal with a known error code', () => {
    const cases: Array<[z.ZodType, unknown, string]> = [
      [zEmail, 'nope', 'email_invalid'],
      [zEmail, 42, 'email_invalid'],
      [zMobile, '12812345678', 'mobile_invalid'],
      [zMobile, undefined, 'mobile_invalid'],
      [zPassword, '123456', 'password_too_short'],
      [zPassword, 'a'.repeat(PASSWORD_LENGTH_MAX + 1), 'password_too_long'],
      [zPassword, null, 'password_too_short'],
      [zNickname, 'a', 'nickname_invalid'],
      [zSignature, 'x'.repeat(31), 'signature_invalid'],
      [zCode, '12345', 'code_invalid'],
      [zCode, '1234567', 'code_invalid'],
      [zAmount, '0', 'wrong_number'],
      [zAmount, '-1', 'wrong_number'],
      [zAmount, 1, 'wrong_number'],
      [zAmount, '1' + '0'.repeat(25), 'wrong_number'],
      [zPositiveInt, '0', 'parameter_error'],
      [zPositiveInt, '1.5', 'parameter_error'],
      [zPositiveInt, 'abc', 'parameter_error'],
      [zPage, '0', 'parameter_error'],
      [zLimit, '101', 'parameter_error'],
      [zLimit, '0', 'parameter_error'],
    ];
    for (const [schema, value, code] of cases) {
      const message = firstIssue(schema, value);
      expect(message, `${JSON.stringify(value)}`).toBe(code);
      expect(ERROR_CODES).toContain(message);
    }
  });

  it('trims text fields but keeps blanks in a password', () => {
    expect(zEmail.parse(' a@b.co ')).toBe('a@b.co');
    expect(zMobile.parse(' 13812345678')).toBe('13812345678');
    expect(zCode.parse('123456 ')).toBe('123456');
    expect(zNickname.parse('张三')).toBe('张三');
    expect(zSignature.parse(' hello ')).toBe('hello');
    expect(zPassword.parse(' 123456')).toBe(' 123456');
  });

  it('zAmount accepts positive decimal strings', () => {
    expect(zAmount.parse('0.000000000000000001')).toBe('0.000000000000000001');
    expect(zAmount.parse('10')).toBe('10');
    expect(firstIssue(zAmount, '0.000')).toBe('wrong_number');
  });

  it('coerces form strings for integers, with page and limit defaults', () => {
    expect(zPositiveInt.parse('3')).toBe(3);
    expect(zPositiveInt.parse(7)).toBe(7);
    expect(zPage.parse(undefined)).toBe(1);
    expect(zPage.parse('4')).toBe(4);
    expect(zLimit.parse(undefined)).toBe(10);
    expect(zLimit.parse('100')).toBe(100);
    expect(zLimit.parse('1')).toBe(1);
  });
});
