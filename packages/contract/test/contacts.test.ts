// Proves the stored form of emails, mobiles and login names with worked examples: two spellings of one
// contact normalise to one string, and different contacts stay different.
import { describe, expect, it } from 'vitest';
import { normaliseAreaCode, normaliseEmail, normaliseLogin, normaliseMobile } from '../src/contacts.ts';

describe('normaliseEmail', () => {
  it('lower-cases and trims an email when it is typed with capitals or spaces', () => {
    expect(normaliseEmail('DEMO@fairex.local')).toBe('demo@fairex.local');
    expect(normaliseEmail('  Demo@FairEx.Local ')).toBe('demo@fairex.local');
    expect(normaliseEmail('demo@fairex.local')).toBe('demo@fairex.local');
  });
});

describe('normaliseMobile', () => {
  it('keeps only the national digits when the number is typed with separators', () => {
    expect(normaliseMobile('86', '138 1234 5678')).toBe('13812345678');
    expect(normaliseMobile('86', '138-1234-5678')).toBe('13812345678');
    expect(normaliseMobile('44', '(7700) 900.123')).toBe('7700900123');
  });

  it('drops an international prefix of the same area code when the number starts with + or 00', () => {
    expect(normaliseMobile('86', '+86 138 1234 5678')).toBe('13812345678');
    expect(normaliseMobile('+86', '008613812345678')).toBe('13812345678');
    expect(normaliseMobile('44', '+44 7700 900123')).toBe('7700900123');
  });

  it('keeps digits that only look like an area code when there is no international prefix', () => {
    expect(normaliseMobile('44', '4477009001')).toBe('4477009001');
    expect(normaliseMobile('1', '+44 7700 900123')).toBe('447700900123');
  });
});

describe('normaliseAreaCode', () => {
  it('keeps the digits of an area code when it is typed with a plus', () => {
    expect(normaliseAreaCode('+86')).toBe('86');
    expect(normaliseAreaCode(' 852 ')).toBe('852');
  });
});

describe('normaliseLogin', () => {
  it('normalises an email, a phone number or an account name when each is typed loosely', () => {
    expect(normaliseLogin(' Demo@FairEx.local')).toBe('demo@fairex.local');
    expect(normaliseLogin('138 1234-5678')).toBe('13812345678');
    expect(normaliseLogin(' market-maker ')).toBe('market-maker');
  });
});
