// Proves the login and password-reset schemas at their edges: the stay-logged-in flag in every form a
// client sends it, and the one password rule with its two codes.
import { describe, expect, it } from 'vitest';
import { forgetInput, loginInput, registerInput } from '../src/schemas/auth.ts';
import { PASSWORD_LENGTH_MAX } from '../src/constants.ts';

const login = { user_string: 'someone@example.com', password: 'x' };

describe('login', () => {
  it('does not remember the session when remember is left out', () => {
    expect(loginInput.parse(login).remember).toBe(false);
  });

  it('does read remember when it comes as 1, 0, true or false', () => {
    for (const [value, remember] of [['1', true], ['true', true], [true, true], ['0', false], ['false', false], [false, false]] as const) {
      expect(loginInput.parse({ ...login, remember: value }).remember).toBe(remember);
    }
    expect(loginInput.safeParse({ ...login, remember: 'yes' }).error?.issues[0]?.message).toBe('parameter_error');
  });
});

describe('password rule', () => {
  const codeOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('does refuse 6 characters as too short and max+1 as too long when registering or resetting', () => {
    const register = (password: string) => registerInput.safeParse({ user_string: 'a@example.com', code: '123456', password, re_password: password });
    const forget = (password: string) => forgetInput.safeParse({ account: 'a@example.com', code: '123456', password, repassword: password });
    for (const attempt of [register, forget]) {
      expect(codeOf(attempt('123456'))).toBe('password_too_short');
      expect(attempt('1234567').success).toBe(true);
      expect(attempt('x'.repeat(PASSWORD_LENGTH_MAX)).success).toBe(true);
      expect(codeOf(attempt('x'.repeat(PASSWORD_LENGTH_MAX + 1)))).toBe('password_too_long');
    }
  });
});
